"""The rules and the players' guide, for an engine or a game.

Only click is imported here: each command imports what it needs when it runs."""

from __future__ import annotations

import click

from gm.commandline.base import FOLDER, _engine_or_folder, command_set

cli = command_set()  # this family's commands, added to `gm` by gm/cli.py


@cli.command()
@click.argument("target", metavar="[ENGINE_OR_GAME]", required=False, shell_complete=_engine_or_folder)
@click.option("--game", "game_dir", type=FOLDER, default=None, hidden=True,
              help="The old way to name a game folder (it is now the argument, as in every command).")
@click.option("--rulings", "show_rulings", is_flag=True, help="How to write the GM's rulings (rulings.yaml) instead.")
def rules(target, game_dir, show_rulings):
    """Print an engine's RULINGS.md: where its rulebook is silent or unclear, and what gm decided.

    ENGINE_OR_GAME is an engine's name or a game folder (its engine, with the game's own RULINGS.md).

    \b
    Examples:
      gm rules battle-royale
      gm rules my-game
      gm rules --rulings
    """
    from gm.commands import forum as commands

    engine = target
    if target is not None and game_dir is None:
        from pathlib import Path

        from gm.engines import REGISTRY

        if target not in REGISTRY and (Path(target) / "game.yaml").is_file():
            engine, game_dir = None, Path(target)

    if show_rulings:
        from gm import rulings

        click.echo(rulings.__doc__.strip())
        return
    text, _ = commands.rules_text(engine, game_dir)
    click.echo(text, nl=False)


@cli.command()
@click.argument("target", metavar="[ENGINE_OR_GAME]", required=False, shell_complete=_engine_or_folder)
@click.option("--format", "fmt", type=click.Choice(["markdown", "bbcode"]), default=None,
              help="The markup to print it in (default: Markdown, or a game folder's own format).")
def guide(target, fmt):
    """Print the players' guide of a game: every order with its syntax and one example.

    Post it in the sign-up thread. ENGINE_OR_GAME is an engine's name or a game folder (its engine,
    in its forum's markup). The same pages are docs/guides/ENGINE.md.

    \b
    Examples:
      gm guide battle-royale
      gm guide my-game
      gm guide kharnage --format bbcode
    """
    from gm.commands import forum as commands

    engine, game_dir = target, None
    if target is not None:
        from pathlib import Path

        from gm.engines import REGISTRY

        if target not in REGISTRY and (Path(target) / "game.yaml").is_file():
            engine, game_dir = None, Path(target)
    click.echo(commands.guide_text(engine, game_dir, fmt), nl=False)
