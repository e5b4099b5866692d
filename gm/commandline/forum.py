"""The forum toolkit: votes, the preview, the desk, `gm next`, posts for another forum, templates.

Only click is imported here: each command imports what it needs when it runs."""

from __future__ import annotations

import click

from gm.commandline.base import FILE, game_arg, day_opt, done_day_opt, json_opt, _emit_json, _problem, _echo_parts, command_set

cli = command_set()  # this family's commands, added to `gm` by gm/cli.py


# ---- the forum toolkit ------------------------------------------------------------------------


@cli.command()
@game_arg
@day_opt
@click.option("--thread", "thread_path", required=True, type=FILE,
              help="The thread saved as text: a `--- thread key: KEY ---` line, then BBCode posts after `--- KEY post by NAME ---` lines (docs/votes.md).")
@click.option("--deadline", default=None, metavar="WHEN",
              help="Posts stamped later than this ('2026-03-01 20:00' in the game's time zone, or with its zone) do not count "
                   "(besides a `--- deadline ---` line).")
@click.option("--dry-run", is_flag=True, help="Print the count; write no votes.yaml.")
@json_opt
def votes(game_dir, day, thread_path, deadline, dry_run, as_json):
    """Count the day's bold coloured votes from the thread; write days/NN/votes.yaml and a vote-count post.

    \b
    Example:
      gm votes my-game --thread day3-thread.txt --deadline "2026-03-01 20:00"
    """
    from gm.commands import forum as commands

    out = commands.votes(game_dir, day, thread_path, deadline, dry_run)
    if as_json:
        _emit_json({"day": out.day, "voters": out.voters, "written": out.written or None,
                    "problems": [_problem(p) for p in out.problems], "posts": list(out.posts),
                    "warnings": list(out.warnings)})
        return
    for p in out.problems:
        click.echo(str(p), err=True)
    for w in out.warnings:
        click.echo(w, err=True)
    if out.written:
        click.echo(f"Day {out.day}: votes of {out.voters} player(s) written to {out.written}; gm resolve lays them "
                   "over the votes in the orders. The vote-count post:\n", err=True)
    _echo_parts(out.posts)


@cli.command()
@game_arg
@done_day_opt
@click.option("--out", type=FILE, default=None,
              help="Where to write the page (default: days/NN/preview.html).")
@click.option("--forum", default=None, metavar="FORUM",
              help="Show the posts as this forum takes them (default: game.yaml's forum).")
@click.option("--max-length", type=click.IntRange(min=500), default=None, help="That forum's post length, if not its stock one.")
def preview(game_dir, day, out, forum, max_length):
    """Write an HTML page showing a day's posts and messages as the forum would (opens nothing).

    When game.yaml's forum is not the one the day was resolved for, the page shows the day's
    posts rendered again for it, and says so (`gm render` writes them to paste).

    \b
    Example:
      gm preview my-game --day 3
      gm preview my-game --day 3 --forum discord
    """
    from gm.commands import forum as commands

    path, note = commands.preview(game_dir, day, out, forum, max_length)
    if note:
        click.echo(f"note: {note}", err=True)
    click.echo(f"Preview written to {path}: open it in a browser to check the posts before you paste them.")


@cli.command()
@game_arg
@click.option("--day", "-d", type=click.IntRange(min=0), default=None,
              help="Day number (default: the day just resolved until the next is committed, else the day under way).")
@click.option("--serve", is_flag=True, help="Serve the desk on 127.0.0.1 until Ctrl-C; ticks are kept in the day's folder.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="With --serve: the port (default: any free one).")
@click.option("--now", default=None, metavar="WHEN",
              help="Count the reminder's time left from this moment ('2026-03-01 20:00' in the game's time zone, or with its zone) "
                   "instead of the clock's.")
def desk(game_dir, day, serve, port, now):
    """The day's desk: every post and private message in the order you send them, each with a Copy
    button and a "sent" tick (days/NN/desk.html, or served on loopback with --serve).

    \b
    Examples:
      gm desk my-game --day 3
      gm desk my-game --serve
    """
    from gm.gmday.desk import default_day, write_desk
    from gm.gamedir import GameDir

    gd = GameDir(game_dir)
    game = gd.load()
    day = default_day(gd, day)
    if not serve:
        path, d = write_desk(gd, game, day, now)
        click.echo(f"Desk for Day {day} written to {path} ({len(d.items())} text(s) to copy): open it in a browser; "
                   "its ticks are kept by that browser.")
        return
    from gm.gmday.desk_serve import serve as run

    def ready(server):
        click.echo(f"Desk for Day {day}: {server.url}\n(only this computer can open it; ticks are kept in "
                   f"{game_dir / 'days' / f'{day:02d}' / 'desk-sent.json'}; Ctrl-C stops it)")

    run(gd, game, day, port, now, ready)
    click.echo("desk stopped.")


@cli.command(name="next")
@game_arg
@click.option("--now", default=None, metavar="WHEN",
              help="Judge what is overdue from this moment ('2026-03-01 20:00' in the game's time zone, or with its zone) instead of "
                   "the clock's.")
@json_opt
def next_cmd(game_dir, now, as_json):
    """Where the game stands in the day's cycle, what is overdue, and the exact next command.

    \b
    Example:
      gm next my-game
    """
    from gm.gmday.nextstep import next_step

    out = next_step(game_dir, now)
    if as_json:
        _emit_json(out.as_json())
        return
    click.echo(f"{out.title}, Day {out.day}" + (" (the game is over)" if out.over else ""))
    for s in out.steps:
        click.echo(f"  {s.step:<10} {s.status:<11} {s.detail}".rstrip())
    late = [s.step for s in out.steps if s.status == "overdue"]
    if late:
        click.echo(f"overdue: {', '.join(late)}")
    for w in out.warnings:
        click.echo(w)
    click.echo(f"next: {out.command}\n  ({out.why})")


@cli.command()
@game_arg
@done_day_opt
@click.option("--forum", default=None, metavar="FORUM",
              help="The forum to render for: phpbb, vbulletin, xenforo, smf, mybb, discourse, discord, bbcode or "
                   "markdown (default: game.yaml's forum).")
@click.option("--max-length", type=click.IntRange(min=500), default=None, help="That forum's post length, if not its stock one.")
def render(game_dir, day, forum, max_length):
    """Render a resolved day's posts again for another forum, without touching its record.

    The day is replayed from its record (as `gm audit` does) and checked against it; only the
    posts and messages are rendered, into days/NN/render/FORUM/. Nothing is posted or corrected:
    use it when the game moves to another board, or `forum:` was wrong when the day was resolved.

    \b
    Example:
      gm render my-game --day 3 --forum discord
    """
    from gm.commands import forum as commands

    out = commands.render(game_dir, day, forum, max_length)
    click.echo(f"Day {out.day}: {len(out.files)} post file(s) for {out.forum} written to {out.folder}/ "
               "(the result folder and the record are unchanged).")


@cli.command()
@game_arg
@click.argument("name", required=False)
def templates(game_dir, name):
    """List the post templates and their blocks, or print one shipped template to copy or extend.

    \b
    Examples:
      gm templates my-game
      gm templates my-game narration.j2
    """
    from gm.commands import forum as commands

    out = commands.templates(game_dir, name)
    if name is not None:
        click.echo(out, nl=False)
        return
    for tname, blocks, overridden in out:
        where = f"  (overridden by {game_dir / 'templates' / tname})" if overridden else ""
        click.echo(f"{tname}: blocks {', '.join(blocks) or '-'}{where}")
    click.echo(f"Put your own in {game_dir / 'templates'}/: a whole template, or one that starts with "
               '{% extends "shipped/NAME" %} and replaces some blocks (docs/templates.md).')
