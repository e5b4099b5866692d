"""Before the deadline: receipts, PMs read into orders (`gm inbox`), forms, reminders.

Only click is imported here: each command imports what it needs when it runs."""

from __future__ import annotations

import sys

import click

from gm.commandline.base import _Path, game_arg, day_opt, json_opt, _emit_json, command_set

cli = command_set()  # this family's commands, added to `gm` by gm/cli.py


# ---- before the deadline: receipts, forms, reminders ---------------------------------------------

now_opt = click.option("--now", default=None, metavar="WHEN",
                       help="Count the time left from this moment ('2026-03-01 20:00' in the game's time zone, or with its zone) "
                            "instead of the clock's.")


@cli.command()
@game_arg
@day_opt
@now_opt
def receipts(game_dir, day, now):
    """Write one private receipt per player, echoing their orders as gm understood them.

    Send them before the deadline, so "that's not what I ordered" is settled while it still can be.
    They go in days/NN/receipts/; the same orders give the same bytes, so whose changed shows.

    \b
    Example:
      gm receipts my-game --day 3
    """
    from gm.gmday.deadline import NothingDue, receipts as run

    try:
        out = run(game_dir, day, now)
    except NothingDue as exc:
        click.echo(str(exc))
        return
    for player, path, how in out.written:
        click.echo(f"{how:<8} {path}")
    for w in out.warnings:  # never in a receipt: for the GM only
        click.echo(w, err=True)
    changed = sum(1 for w in out.written if w[2] != "same")
    click.echo(f"Day {out.day}: {len(out.written)} receipt(s) in {out.folder}, {changed} new or changed since the last run.")


@cli.command()
@game_arg
@click.argument("pms", nargs=-1, type=click.Path(exists=True, path_type=_Path))
@day_opt
@click.option("--from", "sender", default=None, metavar="PLAYER",
              help="Who sent the PMs, for files that do not say (default: each file's name).")
@click.option("--accept", "accept", multiple=True, metavar="PLAYER",
              help="Write a proposal you have edited (days/NN/inbox/proposed-<player>.yaml) into the orders; "
                   "'all' for every one.")
@click.option("--no-ask", is_flag=True, help="Never ask at the terminal: leave every doubt in its proposal.")
@json_opt
def inbox(game_dir, pms, day, sender, accept, no_ask, as_json):
    """Read players' PMs (saved as text) into checked orders.

    Each PM is a filled-in order form or free text ("shoot bruno twice w/ rifle, then move to the
    beach"). What gm reads without doubt is written to days/NN/orders/inbox-<player>.yaml, with the PM
    kept in days/NN/inbox/; every doubt is shown with its choices (asked at a terminal) and left in a
    proposal for you to edit. docs/inbox.md has the details.

    \b
    Examples:
      gm inbox my-game pms.txt                 # many PMs copied from the forum's inbox page
      gm inbox my-game akane.txt bruno.txt     # one PM a file, each from the player it is named after
      gm inbox my-game --accept Akane          # after editing Akane's proposal

    Exit codes: 0 every PM read into orders; 1 something waits for you (a doubt, a PM refused) or a
    problem gm explains (the folder left as it was); 2 a usage error; 3 a bug in gm (GM_DEBUG=1
    shows the traceback).
    """
    from gm.inbox.intake import accept as run_accept, report_json, report_lines, run_inbox

    if accept:
        if pms:
            raise click.UsageError("give PM files or --accept, not both")
        result = run_accept(game_dir, day, [] if "all" in [a.casefold() for a in accept] else list(accept))
    else:
        if not pms:
            raise click.UsageError("give the files of PMs to read (or --accept PLAYER)")
        choose = None if no_ask or as_json or not _at_terminal() else _ask_gm
        result = run_inbox(game_dir, day, list(pms), sender, choose)
    if as_json:
        _emit_json(report_json(result))
    else:
        for line in report_lines(result):
            click.echo(line)
    if any(not p.sure for p in result.players) or result.refused:
        sys.exit(1)


def _at_terminal() -> bool:
    """Is a person at the keyboard to answer gm's questions (not a pipe, a file or a script)?"""
    return sys.stdin.isatty()


def _ask_gm(player, doubt):
    """At a terminal: the GM picks one of a doubt's choices, leaves the phrase out, or keeps it for later."""
    click.echo(f"{player}: {doubt.phrase if doubt.phrase != '*' else 'the whole PM'}: {doubt.why}")
    for n, (words, _) in enumerate(doubt.choices, 1):
        click.echo(f"  {n}. {words}")
    click.echo("  0. leave it out (no order from it)    Enter: decide later (it stays in the proposal)")
    raw = click.prompt("  your choice", default="", show_default=False)
    if not raw.strip():
        return None
    if raw.strip().isdigit() and int(raw) <= len(doubt.choices):
        return int(raw) - 1
    return None


@cli.command()
@game_arg
@day_opt
@click.option("--player", "-p", default=None, help="That player's form: what they may order (send it privately).")
@now_opt
def form(game_dir, day, player, now):
    """Print the day's order form: a blank one for the thread, or one player's.

    \b
    Examples:
      gm form my-game
      gm form my-game --player Akane
    """
    from gm.gmday.deadline import NothingDue, form as run

    notes: list[str] = []
    try:
        _, post = run(game_dir, day, player, now, notes)
    except NothingDue as exc:
        click.echo(str(exc))
        return
    for w in notes:  # on stderr: never copied with the post
        click.echo(w, err=True)
    click.echo(post, nl=False)


@cli.command()
@game_arg
@day_opt
@now_opt
def remind(game_dir, day, now):
    """Print the reminder post: who has not sent orders yet (as @mentions) and the time left.

    \b
    Example:
      gm remind my-game
    """
    from gm.gmday.deadline import NothingDue, remind as run

    try:
        out = run(game_dir, day, now, [])
    except NothingDue as exc:
        click.echo(str(exc))
        return
    for w in out.warnings:  # on stderr: never copied with the post
        click.echo(w, err=True)
    click.echo(out.post, nl=False)
