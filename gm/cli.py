"""The `gm` command: parse options, call the library, print. No rules here.

A GmError becomes its message and exit code 1; a usage error exits 2; anything else is a bug
and exits 3 with a pointer to where to report it.

Only click (and the standard library it loads) is imported here: `gm --help` and a command's
`--help` load nothing else of gm. Each command imports what it needs when it runs.
"""

from __future__ import annotations

import os
import sys

import click

REPORT = "please report it with the command you ran (set GM_DEBUG=1 for the traceback)"


EXIT_CODES = ("Exit codes: 0 done; 1 a problem gm explains (where it is, and the folder left as it was); "
              "2 a usage error; 3 a bug in gm (GM_DEBUG=1 shows the traceback).")


class GmCommand(click.Command):
    """Every command's help ends with its exit codes (a command whose help names its own keeps them)."""

    def format_epilog(self, ctx, formatter):
        super().format_epilog(ctx, formatter)
        if "Exit code" not in (self.help or ""):
            formatter.write_paragraph()
            formatter.write_text(EXIT_CODES)


class GmGroup(click.Group):
    command_class = GmCommand

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except BrokenPipeError:  # `gm rolls g | head`: the reader has all it wanted
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(141)
        except OSError as exc:  # the machine said no: a full disk, a read-only folder, a permission
            click.echo(f"error: {os_problem(exc)}; nothing was changed.", err=True)
            ctx.exit(1)
        except KeyboardInterrupt:
            click.echo("interrupted; nothing was written.", err=True)
            ctx.exit(130)
        except Exception as exc:
            from gm.errors import GmError, OrderError  # only now: help and usage need neither

            if isinstance(exc, OrderError):
                for p in exc.problems:
                    click.echo(str(p), err=True)
                n = len(exc.errors)
                click.echo(f"{n} error{'s' if n != 1 else ''}; nothing was written.", err=True)
                ctx.exit(exc.exit_code)
            if isinstance(exc, GmError):
                click.echo(f"error: {exc}", err=True)
                ctx.exit(exc.exit_code)
            if os.environ.get("GM_DEBUG"):  # a bug, not the GM's fault
                raise
            click.echo(f"internal error: {type(exc).__name__}: {exc}\nThis is a bug in gm; {REPORT}.", err=True)
            ctx.exit(3)


def os_problem(exc: OSError) -> str:
    """What the system refused, and where, in one line the GM can act on."""
    import errno

    from gm.yamlio import display_path

    name = exc.filename
    where = display_path(_Path(os.fsdecode(name))) if isinstance(name, (str, bytes, os.PathLike)) else "the game folder"
    what = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
            errno.EROFS: "the folder is on a read-only file system", errno.EACCES: "permission denied",
            errno.EPERM: "not permitted"}.get(exc.errno, exc.strerror or str(exc))
    return f"cannot write or read {where}: {what}"


class _Path:
    """click's `path_type`: the command gets a pathlib.Path, and pathlib (with urllib.parse and
    ipaddress) is imported only when a command runs, not for `--help`."""

    def __new__(cls, value):
        from pathlib import Path

        return Path(value)


# one of each, shared by every option (click asks gettext for its words as each is made)
FOLDER = click.Path(file_okay=False, path_type=_Path)
FILE = click.Path(dir_okay=False, path_type=_Path)

game_arg = click.argument("game_dir", type=FOLDER)
day_opt = click.option("--day", "-d", type=click.IntRange(min=0), default=None,
                       help="Day number (default: the first day not yet resolved).")
done_day_opt = click.option("--day", "-d", type=click.IntRange(min=0), default=None,
                            help="Day number (default: the last day resolved).")
json_opt = click.option("--json", "as_json", is_flag=True,
                        help="Print the result as one JSON object (for scripts and bots); the exit code is the same.")


def _emit_json(obj) -> None:
    """One JSON object on standard output: sorted keys, UTF-8 as it is, two-space indents."""
    import json

    click.echo(json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=False))


def _problem(p) -> dict:
    w = p.where
    return {"file": w.path, "line": w.line, "column": w.column, "severity": p.severity, "message": p.message}


@click.group(cls=GmGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="gm")
def cli():
    """gm: a game master's assistant for play-by-forum games.

    Write each day's orders as YAML, then check, resolve, and post.
    """


class EngineOption(click.Option):
    """`--engine`: its help names the registered engines, so the registry is loaded only when
    that help is shown (the default, None, means the registry's default engine)."""

    def get_help_record(self, ctx):
        from gm.engines import DEFAULT_ENGINE, REGISTRY

        self.help = f"Which game: {', '.join(sorted(REGISTRY))}."
        self.default, self.show_default = DEFAULT_ENGINE, True
        return super().get_help_record(ctx)

    def shell_complete(self, ctx, incomplete):
        return _engine_names(ctx, None, incomplete)


def _engine_names(ctx, param, incomplete: str):
    """Shell completion of an engine's name (the registry is read only when completing)."""
    from click.shell_completion import CompletionItem

    from gm.engines import REGISTRY

    return [CompletionItem(name) for name in sorted(REGISTRY) if name.startswith(incomplete)]


def _engine_or_folder(ctx, param, incomplete: str):
    """Completion of an argument that is an engine's name or a game folder: both are offered."""
    from click.shell_completion import CompletionItem

    return [*_engine_names(ctx, param, incomplete), CompletionItem(incomplete, type="dir")]


def _engine_option():
    return click.option("--engine", "-e", cls=EngineOption, default=None)


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
    from gm import commands

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
    from gm import commands

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
    from gm import commands

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
    from gm import commands

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
    from gm import commands

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
    from gm import commands

    st = commands.status(game_dir, player, public)
    if as_json:
        rows = [dict(zip(st.head, row)) for row in st.rows] if player is None else []
        _emit_json({"title": st.title, "player": player, "players": rows, "lines": list(st.lines)})
        return
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
    from gm import commands

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


# ---- provable fairness -------------------------------------------------------------------


@cli.command()
@game_arg
@day_opt
@click.option("--deadline", default=None, metavar="WHEN",
              help="The orders deadline, '2026-03-01 20:00' (the game's time zone) or with its zone (2026-03-01T20:00Z): the dice then "
                   "also take the drand quicknet round just after it; check, status, remind and the receipts show it.")
@click.option("--late", is_flag=True, help="Commit although orders are already in (the post says so).")
@click.option("--now", default=None, metavar="WHEN", help="Take this as the time now (2026-03-01T18:00Z) instead of the clock's.")
def commit(game_dir, day, deadline, late, now):
    """Fix a day's secret seed; print its SHA-256 commitment post for the thread.

    \b
    Example:
      gm commit my-game --day 3 --deadline 2026-03-01T20:00Z
    """
    from gm import commands

    c = commands.commit(game_dir, day, deadline, late, now)
    for w in c.warnings:
        click.echo(w, err=True)
    note = "Post this in the thread before the orders deadline" if c.new else \
        f"Day {c.day}'s seed was already committed; the same post again"
    click.echo(f"{note} (kept in {c.path}; the seed itself stays secret in the game folder):\n", err=True)
    _echo_parts(c.parts)


def _echo_parts(parts: list[str]) -> None:
    """A post on standard output; in numbered parts, each announced on standard error, when the
    forum takes it in more than one."""
    for i, part in enumerate(parts, 1):
        if len(parts) > 1:
            click.echo(f"----- post {i} of {len(parts)} -----", err=True)
        click.echo(part, nl=False)


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
    from gm import commands

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
    from gm import commands

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
@json_opt
def verify(commit_arg, reveal_path, rolls_path, seed, engine, day, salts, lock_path, open_paths, as_json):
    """Check every roll of a day from the published posts alone (no game folder needed).

    Exit code 0: verified; 1: not verified (each reason is named); 2: an input cannot be read.

    \b
    Example:
      gm verify --commit commit.txt --reveal reveal.txt --rolls rolls.jsonl
    """
    from gm import commands

    verdict = commands.verify(commit_arg, reveal_path, rolls_path, seed, engine, day, list(salts), lock_path, tuple(open_paths))
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
    from gm import commands

    out = commands.votes(game_dir, day, thread_path, deadline, dry_run)
    if as_json:
        _emit_json({"day": out.day, "voters": out.voters, "written": out.written or None,
                    "problems": [_problem(p) for p in out.problems], "posts": list(out.posts)})
        return
    for p in out.problems:
        click.echo(str(p), err=True)
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
    from gm import commands

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
    from gm.storage.gamedir import GameDir

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
    from gm import commands

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
    from gm import commands

    out = commands.templates(game_dir, name)
    if name is not None:
        click.echo(out, nl=False)
        return
    for tname, blocks, overridden in out:
        where = f"  (overridden by {game_dir / 'templates' / tname})" if overridden else ""
        click.echo(f"{tname}: blocks {', '.join(blocks) or '-'}{where}")
    click.echo(f"Put your own in {game_dir / 'templates'}/: a whole template, or one that starts with "
               '{% extends "shipped/NAME" %} and replaces some blocks (docs/templates.md).')


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
    from gm.inbox import accept as run_accept, report_json, report_lines, run_inbox

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

    try:
        _, post = run(game_dir, day, player, now)
    except NothingDue as exc:
        click.echo(str(exc))
        return
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
        out = run(game_dir, day, now)
    except NothingDue as exc:
        click.echo(str(exc))
        return
    click.echo(out.post, nl=False)


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
    from gm import commands

    engine = target
    if target is not None and game_dir is None:
        from pathlib import Path

        from gm.engines import REGISTRY

        if target not in REGISTRY and (Path(target) / "game.yaml").is_file():
            engine, game_dir = None, Path(target)

    if show_rulings:
        from gm.gmday import rulings

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
    from gm import commands

    engine, game_dir = target, None
    if target is not None:
        from pathlib import Path

        from gm.engines import REGISTRY

        if target not in REGISTRY and (Path(target) / "game.yaml").is_file():
            engine, game_dir = None, Path(target)
    click.echo(commands.guide_text(engine, game_dir, fmt), nl=False)


@cli.command()
@click.argument("target", metavar="GAME_OR_ENGINE", shell_complete=_engine_or_folder)
@click.option("--games", "-n", type=click.IntRange(min=1), default=1000, show_default=True, help="Games to play.")
@click.option("--players", type=int, default=None,
              help="Players in an engine's own game, as many as its rules seat (default: the engine's; a game folder has its roster).")
@click.option("--policy", default=None,
              help="How the simulated players write orders: random (the default where the engine has it, "
                   "else defaults), aggressive, cautious, defaults, and the engine's own.")
@click.option("--house-rules", "house_rules", type=FILE, default=None,
              help="A YAML file of house rules laid over the game's.")
@click.option("--vs", "vs", type=FILE, default=None,
              help="Other house rules to compare, played on the same seeds.")
@click.option("--seed", default=None, help="Any text; the same seed gives the same report (default: a fresh one, printed).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, help="Worker processes (default: every core).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON instead of tables.")
@click.option("--plots", type=FOLDER, default=None,
              help="Write survival.png, wins.png and kills.png here (needs the extra: pip install 'gm[lab]').")
@click.option("--no-charts", is_flag=True, help="Leave out the text charts.")
@click.option("--sweep", "sweeps", multiple=True, metavar="SETTING=V1,V2",
              help="Play the same games under each value of a house rule (repeat: every combination).")
@click.option("--target", "target_text", default=None, metavar="'GROUP wins LOW-HIGH%'",
              help="With --sweep: which combinations give GROUP that share of games won.")
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="Play on a Dask cluster (its scheduler, e.g. tcp://10.0.0.5:8786) instead of here: pip install 'gm[cluster]'.")
def simulate(target, games, players, policy, house_rules, vs, seed, jobs, as_json, plots, no_charts, sweeps, target_text,
             cluster):
    """Play many complete games with the engine's own rules, and report who wins, how long games
    last, who dies when, what each weapon does and how often each rule fires (docs/simulate.md).

    \b
    Examples:
      gm simulate battle-royale --games 500 --seed test
      gm simulate my-game --house-rules more-health.yaml --vs game-rules.yaml
    """
    from gm import simulate as lab_mod
    from gm.simulate.runner import default_jobs

    if plots is not None:
        from gm.errors import GmError
        from gm.simulate.charts import have_matplotlib

        if not have_matplotlib():
            raise GmError("--plots draws with matplotlib, which is not installed: pip install 'gm[lab]' "
                          "(the terminal report has text charts without it)")
    lab, sim = lab_mod.prepare(target, games, players, policy, house_rules, vs, seed)
    jobs = jobs or default_jobs()
    if sweeps or target_text:
        if cluster:
            raise click.UsageError("--sweep plays here: leave out --cluster (or sweep one value per cluster run)")
        return _sweep(lab, sim, sweeps, target_text, vs, jobs, as_json, plots)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    err = Console(stderr=True)
    total = games * (2 if vs is not None else 1)
    import signal
    import threading

    def stop_once(signum, frame):  # one Ctrl-C stops the games; more are ignored until the report of those played is out
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise KeyboardInterrupt

    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, stop_once) if main_thread else None
    try:
        with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("left:"),
                      TimeRemainingColumn(), console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task("games", total=total)
            report, timing = lab_mod.simulate(lab, sim, jobs, lambda n: bar.advance(task, n), cluster)
        if as_json:
            import json

            click.echo(json.dumps({**report, "timing": timing}, indent=2, sort_keys=True))
        else:
            from gm.simulate.report import render

            render(Console(), report, timing, charts=not no_charts)
        if plots is not None and report["summary"]["games"]:
            from gm.simulate.charts import write_pngs

            other = report["vs"]["summary"] if "vs" in report else None
            for path in write_pngs(report["summary"], plots, sim.engine.facts.title, other,
                                   (str(house_rules or "these rules"), str(vs or ""))):
                click.echo(f"wrote {path}", err=as_json)
    finally:
        if main_thread and signal.getsignal(signal.SIGINT) is stop_once:
            signal.signal(signal.SIGINT, previous)


def _sweep(lab, sim, sweeps, target_text, vs, jobs, as_json, plots) -> None:
    """`gm simulate --sweep`: every combination on the same seed, one table (gm/simulate/sweep.py)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from gm.errors import GmError
    from gm.simulate.sweep import combinations, parse_sweeps, parse_target, run_sweep

    if not sweeps:
        raise GmError("--target answers a sweep: give the settings to try with --sweep SETTING=V1,V2,...")
    if vs is not None:
        raise GmError("--sweep and --vs are two ways to compare rules: use one (a --vs file's settings can be swept)")
    parsed = parse_sweeps(sweeps)
    goal = parse_target(target_text) if target_text else None
    err = Console(stderr=True)
    total = lab.games * len(combinations(parsed))
    with Progress(TextColumn("sweeping"), BarColumn(), MofNCompleteColumn(), TextColumn("left:"),
                  TimeRemainingColumn(), console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task("games", total=total)
        report, timing = run_sweep(lab, sim, parsed, goal, jobs, lambda n: bar.advance(task, n))
    if as_json:
        _emit_json({**report, "timing": timing})
    else:
        from gm.simulate.report import render_sweep

        render_sweep(Console(), report, timing)
    if plots is not None and report["combinations"]:
        from gm.simulate.charts import write_sweep_png

        click.echo(f"wrote {write_sweep_png(report, plots, sim.engine.facts.title)}", err=as_json)


def main():
    cli(prog_name="gm")
