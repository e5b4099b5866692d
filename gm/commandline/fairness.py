"""Provable fairness: commit, lock, reveal, verify, the verifier page.

Only click is imported here: each command imports what it needs when it runs."""

from __future__ import annotations

import sys

import click

from gm.commandline.base import FILE, game_arg, day_opt, done_day_opt, json_opt, _emit_json, _echo_parts, command_set

cli = command_set()  # this family's commands, added to `gm` by gm/cli.py


# ---- provable fairness -------------------------------------------------------------------


@cli.command()
@game_arg
@day_opt
@click.option("--deadline", default=None, metavar="WHEN",
              help="The orders deadline, '2026-03-01 20:00' (the game's time zone) or with its zone (2026-03-01T20:00Z): the dice then "
                   "also take the drand quicknet round just after it; check, status, remind and the receipts show it.")
@click.option("--late", is_flag=True, help="Commit although orders are already in (the post says so).")
@click.option("--new-deadline", default=None, metavar="WHEN",
              help="A committed day's deadline moves past its beacon round: announce a new round, after this "
                   "deadline (post it before the old round is out). Needs --reason.")
@click.option("--reason", default=None, metavar="TEXT", help="With --new-deadline: why the deadline moves (said in the post).")
@click.option("--now", default=None, metavar="WHEN", help="Take this as the time now (2026-03-01T18:00Z) instead of the clock's.")
def commit(game_dir, day, deadline, late, new_deadline, reason, now):
    """Fix a day's secret seed; print its SHA-256 commitment post for the thread.

    \b
    Example:
      gm commit my-game --day 3 --deadline 2026-03-01T20:00Z
      gm commit my-game --day 3 --new-deadline 2026-03-02T20:00Z --reason "the forum was down"
    """
    from gm.commands import fairness as commands

    c = commands.commit(game_dir, day, deadline, late, now, new_deadline, reason)
    for w in c.warnings:
        click.echo(w, err=True)
    if new_deadline is not None:
        note = ("Post this in the thread now, before the round it replaces is out" if c.new else
                f"Day {c.day}'s new round was already announced; the same post again")
        click.echo(f"{note} (kept in {c.path}):\n", err=True)
        _echo_parts(c.parts)
        return
    note = "Post this in the thread before the orders deadline" if c.new else \
        f"Day {c.day}'s seed was already committed; the same post again"
    click.echo(f"{note} (kept in {c.path}; the seed itself stays secret in the game folder):\n", err=True)
    _echo_parts(c.parts)


@cli.command()
@game_arg
@day_opt
@click.option("--file-key", default=None, metavar="FILE",
              help="Print only the key of one orders file, for the player whose orders it holds: with it they "
                   "check that file's gm-file line (docs/fairness.md).")
@click.option("--early", is_flag=True, help="Lock before the deadline (the post says it was locked early).")
@click.option("--reason", default=None, metavar="TEXT",
              help="After the beacon round the commitment named is out: why the lock is late (said in the post).")
@click.option("--now", default=None, metavar="WHEN", help="Take this as the time now (2026-03-01T20:00Z) instead of the clock's.")
def lock(game_dir, day, file_key, early, reason, now):
    """At the deadline: post the digest of every orders file and every salt as received.

    \b
    Example:
      gm lock my-game --day 3
      gm lock my-game --day 3 --file-key akane.yaml
    """
    from gm.commands import fairness as commands

    if file_key is not None:
        day, key = commands.lock(game_dir, day, file_key=file_key)
        click.echo(f"Day {day}, {file_key}: give this key only to the player whose orders the file holds", err=True)
        click.echo(key)
        return
    out = commands.lock(game_dir, day, now=now, early=early, reason=reason)
    for w in out.warnings:
        click.echo(w, err=True)
    note = "Post this in the thread now, at the deadline" if out.new else f"Day {out.day} was already locked; the same post again"
    click.echo(f"{note} (kept in {out.path}):\n", err=True)
    _echo_parts(out.parts)


@cli.command()
@game_arg
@done_day_opt
@click.option("--rolls", is_flag=True, help="Print the public roll log as posts instead (for gm verify).")
@click.option("--purposes", is_flag=True, help="Once the game has ended: every roll of every day opened, as posts.")
def reveal(game_dir, day, rolls, purposes):
    """Print a resolved day's reveal post: its seed, its beacon round and every player's salt.

    \b
    Examples:
      gm reveal my-game --day 3
      gm reveal my-game --day 3 --rolls
    """
    from gm.commands import fairness as commands

    day, posts = commands.reveal(game_dir, day, rolls, purposes)
    for i, post in enumerate(posts, 1):
        if len(posts) > 1:
            click.echo(f"----- post {i} of {len(posts)} -----", err=True)
        click.echo(post, nl=False)


@cli.command()
@click.option("--commit", "commit_arg", required=True, metavar="FILE|SHA256",
              help="The commitment post (a saved copy), or the SHA-256 it showed.")
@click.option("--reveal", "reveal_path", type=FILE, default=None,
              help="The reveal post (a saved copy): the seed, the salts, the roll count.")
@click.option("--rolls", "rolls_path", required=True, type=FILE,
              help="The roll log: rolls.jsonl, or the posts of `gm reveal --rolls`.")
@click.option("--seed", default=None, help="Without --reveal: the revealed seed, in hex.")
@click.option("--engine", default=None, help="Without --reveal: the game's engine, e.g. battle-royale.")
@click.option("--day", "-d", type=click.IntRange(min=0), default=None, help="Without --reveal: the day.")
@click.option("--salt", "salts", multiple=True, metavar="NAME=SALT", help="Without --reveal: a player's salt (repeat).")
@click.option("--lock", "lock_path", type=FILE, default=None,
              help="The lock post (a saved copy): the salts and orders as received at the deadline.")
@click.option("--open", "open_paths", multiple=True, type=FILE,
              help="Openings sent with a player's message: check them against the public roll log (repeat).")
@click.option("--round", "round_paths", multiple=True, type=FILE,
              help="An announcement of a new round (a saved copy), when the day's deadline moved past its round (repeat, in order).")
@json_opt
def verify(commit_arg, reveal_path, rolls_path, seed, engine, day, salts, lock_path, open_paths, round_paths, as_json):
    """Check every roll of a day from the published posts alone (no game folder needed).

    Exit code 0: verified; 1: not verified (each reason is named); 2: an input cannot be read.

    \b
    Example:
      gm verify --commit commit.txt --reveal reveal.txt --rolls rolls.jsonl
    """
    from gm.commands import fairness as commands

    verdict = commands.verify(commit_arg, reveal_path, rolls_path, seed, engine, day, list(salts), lock_path, tuple(open_paths),
                              tuple(round_paths))
    if as_json:
        _emit_json({"ok": bool(verdict.ok), "lines": list(verdict.lines)})
    else:
        for line in verdict.lines:
            click.echo(line)
    sys.exit(0 if verdict.ok else 1)


@cli.command()
@click.argument("old_out", metavar="", type=FILE, required=False)
@click.option("--out", type=FILE, default=None, help="Where to write the page (default: gm-verifier.html).")
def verifier(old_out, out):
    """Write the static HTML page on which players check a day's dice in their browser.

    \b
    Example:
      gm verifier --out gm-verifier.html
    """
    from pathlib import Path

    from gm.fairness.verifier_page import write_verifier

    if old_out is not None and out is not None:
        raise click.UsageError("name the page once: --out FILE")
    where = write_verifier(out or old_out or Path("gm-verifier.html"))
    click.echo(f"Wrote {where}: open it in a browser, paste a day's posts, and press Check. It needs no server; "
               "you may post the file for your players.")
