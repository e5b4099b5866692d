"""The game's own commands: set a game up, check and resolve a day, audit it, its rolls and status, the demo.

Only click is imported here: each command imports what it needs when it runs."""

from __future__ import annotations

import sys

import click

from gm.commandline.base import _Path, FOLDER, game_arg, day_opt, done_day_opt, json_opt, _emit_json, _problem, _engine_option, command_set

cli = command_set()  # this family's commands, added to `gm` by gm/cli.py


@cli.command()
@click.argument("game_dir", type=FOLDER)
@_engine_option()
@click.option("--title", default=None, help="The game's title (default: the engine's name).")
def new(game_dir, engine, title):
    """Create a game folder: a commented game.yaml (and, for some engines, an example of Day 0 orders).

    \b
    Example:
      gm new my-game --engine battle-royale --title "Smoke over the Septagon"
    """
    from gm.commands import game as commands

    created, hint = commands.new_game(game_dir, engine, title)
    for path in created:
        click.echo(f"created {path}")
    click.echo(hint)


@cli.command()
@game_arg
@day_opt
@json_opt
def check(game_dir, day, as_json):
    """Check a day's orders, votes, rulings and templates; list every problem at once, and every file not read.

    \b
    Examples:
      gm check my-game
      gm check my-game --day 0
    """
    from gm.commands import game as commands

    report = commands.check(game_dir, day)
    if as_json:
        ruled = report.rulings.rulings if report.rulings is not None else []
        salted = set(report.salt_only)
        _emit_json({"day": report.day, "ok": not report.errors, "due": bool(report.due),
                    "problems": [_problem(p) for p in report.problems], "not_read": list(report.ignored),
                    "files": [str(f) for f in report.files], "players_with_orders": len(report.orders) - len(report.missing),
                    "no_orders": [p for p in report.missing if p not in salted], "salt_only": list(report.salt_only),
                    "unreadable": list(report.unreadable or []), "rulings": [r.source for r in ruled],
                    "votes_file": report.votes_file or None, "deadline": report.deadline or None})
        sys.exit(1 if report.errors else 0)
    for p in report.problems:
        click.echo(str(p))
    for line in report.ignored:
        click.echo(f"warning: {line}")
    if report.votes_file:
        click.echo(f"votes from the thread: {report.votes_file} (laid over the votes in the orders)")
    ruled = report.rulings.rulings if report.rulings is not None else []
    if ruled:
        where = {r.source: 0 for r in ruled}
        for r in ruled:
            where[r.source] += 1
        click.echo(f"rulings ({len(ruled)}): " + ", ".join(f"{n} in {src}" for src, n in where.items())
                   + " (applied in that order, before the orders: `gm rules --rulings`)")
    if report.unreadable:
        click.echo(f"(who sent no orders is unknown until {', '.join(report.unreadable)} can be read)")
    elif report.missing:
        salted = set(report.salt_only)
        silent = [p for p in report.missing if p not in salted]
        if silent:
            click.echo(f"no orders received ({len(silent)}): {', '.join(silent)} ({report.defaults_note})")
        if salted:
            click.echo(f"a salt and no orders ({len(salted)}): {', '.join(report.salt_only)} (the salt goes into the dice)")
    if report.deadline:
        click.echo(report.deadline)
    n = len(report.errors)
    if n:
        click.echo(f"Day {report.day}: {n} error{'s' if n != 1 else ''} in {len(report.files)} file(s).")
        sys.exit(1)
    if not report.due:
        click.echo(f"Day {report.day}: no orders are due; resolve it when you are ready.")
        return
    click.echo(f"Day {report.day}: orders OK ({len(report.orders) - len(report.missing)} players, "
               f"{len(report.files)} file(s), {len(report.warnings) + len(report.ignored)} warning(s)).")


@cli.command()
@game_arg
@day_opt
@click.option("--seed", default=None, help="The day's seed in hex (default: the seed `gm commit` fixed for the day; "
                                           "fresh random bytes, with a warning, only for a day never committed).")
@click.option("--beacon", default=None, metavar="SIGNATURE",
              help="The signature of the drand quicknet round the day's commitment named (hex), or a file "
                   "holding drand's answer for that round.")
@click.option("--late-change", "rulings", multiple=True, metavar="TEXT",
              help="After `gm lock`: what you decided about an orders file changed since, and why (repeat; goes "
                   "into the reveal post). Not the GM's rulings on players: those go in days/NN/rulings.yaml.")
@click.option("--ruling", "old_rulings", multiple=True, metavar="TEXT", hidden=True,
              help="The old name of --late-change (kept so that old scripts still work).")
@click.option("--force", is_flag=True, help="Resolve a day again; the earlier result is kept beside the new one.")
@click.option("--reason", default=None, help="With --force: why the day is resolved again (goes into the correction post).")
@click.option("--name-players", is_flag=True,
              help="With --force: the correction post names the players whose messages changed (by default it "
                   "counts them: who was in the fights is not the thread's business).")
@click.option("--intro", default=None, metavar="TEXT",
              help="Your own prose for the day's post (saved as days/NN/story.md and hashed into the day's record).")
@click.option("--early", is_flag=True, help="Resolve before the committed deadline.")
@click.option("--now", default=None, metavar="WHEN", help="Take this as the time now (2026-03-01T20:00Z) instead of the clock's.")
@click.option("--no-beacon", "no_beacon", default=None, metavar="REASON",
              help="No drand mirror can be reached: resolve without the committed round, saying why (the reveal "
                   "says so in its first line).")
def resolve(game_dir, day, seed, beacon, rulings, old_rulings, force, reason, name_players, intro, early, now,
            no_beacon):
    """Resolve a day with its committed seed: narration, private messages, GM summary, roll log, new state.

    \b
    Examples:
      gm resolve my-game
      gm resolve my-game --day 3 --force --reason "Bruno's orders were misread"
      gm resolve my-game --intro "Rain fell on the island all night."
      gm resolve my-game --late-change "Dana's file was re-saved with the same orders"
    """
    from gm.commands import game as commands

    if old_rulings:
        click.echo("note: --ruling is now called --late-change (the GM's rulings on players, such as a mod-kill, "
                   "go in days/NN/rulings.yaml: `gm rules --rulings`)", err=True)
    out = commands.resolve(game_dir, day, seed, force, beacon, tuple(rulings) + tuple(old_rulings), reason, intro,
                           name_players, now=now, early=early, no_beacon=no_beacon)
    for w in out.warnings:
        click.echo(str(w), err=True)
    click.echo(f"Day {out.day} resolved ({out.rolls} rolls). Written to {out.result}:")
    for rel in out.files:
        click.echo(f"  {rel}")
    if out.over:
        click.echo("The game is over.")


@cli.command()
@game_arg
@done_day_opt
@click.option("--all", "all_days", is_flag=True, help="Walk the hash chain of every resolved day from Day 0.")
@json_opt
def audit(game_dir, day, all_days, as_json):
    """Replay a resolved day from its seed and orders and compare it byte for byte; --all walks the hash chain.

    \b
    Examples:
      gm audit my-game --all
      gm audit my-game --day 3
    """
    from gm.commands import game as commands

    report = commands.audit_all(game_dir) if all_days else commands.audit(game_dir, day)
    if as_json:
        _emit_json({"ok": bool(report.ok), "lines": list(report.lines)})
    else:
        for line in report.lines:
            click.echo(line)
    sys.exit(0 if report.ok else 1)


@cli.command()
@game_arg
@done_day_opt
@json_opt
def rolls(game_dir, day, as_json):
    """Show a resolved day's roll log as a table (tab-separated when piped).

    \b
    Example:
      gm rolls my-game --day 3
    """
    from gm.commands import game as commands

    day, records = commands.rolls(game_dir, day)
    if as_json:
        _emit_json({"day": day, "rolls": records})
        return
    head = ("#", "purpose", "odds", "value", "outcome")
    rows = [(str(r["index"]), r["purpose"], r["odds"], str(r["value"]), str(r["outcome"])) for r in records]
    _table(f"Day {day}: {len(records)} rolls", head, rows)


def _table(title: str, head, rows) -> None:
    """A rich table on a terminal; tab-separated lines when piped, so nothing is wrapped or cut."""
    if not sys.stdout.isatty():
        click.echo(title)
        for row in [head, *rows]:
            click.echo("\t".join(row))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    for col in head:
        table.add_column(col, overflow="fold")
    for row in rows:
        table.add_row(*row)
    Console().print(table, markup=False)


@cli.command()
@game_arg
@click.option("--player", "-p", default=None, help="Show what this player knows instead of the GM view.")
@click.option("--public", is_flag=True, help="Only what the thread may see (the table to post): the engine's secrets left out.")
@json_opt
def status(game_dir, player, public, as_json):
    """Who is alive, where, with what, who still owes orders and the deadline; or what one player knows.

    \b
    Examples:
      gm status my-game
      gm status my-game --public
      gm status my-game --player Akane
    """
    from gm.commands import status as game_status

    st = game_status.status(game_dir, player, public)
    if as_json:
        rows = [dict(zip(st.head, row)) for row in st.rows] if player is None else []
        _emit_json({"title": st.title, "player": player, "players": rows, "lines": list(st.lines),
                    "warnings": list(st.warnings)})
        return
    for w in st.warnings:  # on stderr: never in the table a GM posts
        click.echo(w, err=True)
    if player is None:
        _table(st.title, st.head, st.rows)
    for line in st.lines:
        click.echo(line)
    if player is None:
        click.echo(f"What to do next, and the exact command: gm next {game_dir}")


@cli.command()
@click.argument("target", required=False, type=FOLDER)
@_engine_option()
def demo(target, engine):
    """Create and resolve an engine's bundled example game, print its liveliest narration and what to try next.

    \b
    Example:
      gm demo my-demo --engine hostile-takeover
    """
    from gm.commands import game as commands

    target = target or _Path("gm-demo")
    result = commands.demo(target, engine)
    click.echo(f"Demo game created in {target} and resolved through Day {result.last_day}.\n"
               f"Here is the Day {result.shown_day} narration ({result.narration_path}):\n")
    click.echo(result.narration)
    day = result.shown_day
    tries = [
        (f"gm status {target}", "who is where, with what"),
        (f"gm preview {target} --day {day}", f"every post and private message of Day {day}, as HTML"),
        (f"gm rolls {target} --day {day}", f"each die roll of Day {day}, with its odds"),
        (f"gm audit {target} --all", "replay every day and check the hash chain"),
        (f"gm rules {result.engine}", "the rulings where the rulebook is silent"),
        (f"gm new my-game --engine {result.engine}", "your own game"),
    ]
    width = max(len(command) for command, _ in tries)
    click.echo("Next, try:\n" + "\n".join(f"  {command:<{width}}   # {why}" for command, why in tries))
