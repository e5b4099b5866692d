"""What goes back to the players before the deadline: receipts, the order form, the reminder, and
the deadline itself. The same for every engine: the engine gives the lines (Engine.receipt_lines,
Engine.order_form), common templates word them in the forum's markup.

The deadline of a day is, first found: a `deadline:` ruling in days/NN/rulings.yaml (a later one
extends it), days/NN/deadline.txt (`gm commit --deadline`), or game.yaml's daily time
(`deadline: "20:00"`, UTC). All times are UTC.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from gm.channels import Guard, release
from gm.errors import GmError, StateError
from gm.gamedir import Game, GameDir, default_day
from gm.paths import display_path
from gm.storage.atomic import replace_file_atomically

DEADLINE_FILE = "deadline.txt"


@dataclass(eq=False, repr=False)
class Deadline:
    """A day's deadline, and where it was set."""

    when: datetime | None  # None: no deadline set for the day
    source: str  # where it was set, as the GM would look for it

    def text(self) -> str | None:
        return self.when.strftime("%Y-%m-%d %H:%M") if self.when else None

    def told(self, zone=None) -> dict:
        """The template context that tells it in a post: `deadline` (in the game's zone) and
        `deadline_zone` (`UTC`, or the zone with the time in UTC beside it)."""
        from gm.moments import told_parts

        local, words = told_parts(self.when, zone) if self.when else (None, "UTC")
        return {"deadline": local, "deadline_zone": words}


def parse_when(raw: str, what: str, zone=None) -> datetime:
    """A moment a GM wrote (the short form in `zone`, the game's); gm's own files are UTC (no zone)."""
    from gm.rulings import parse_deadline

    when = parse_deadline(raw, zone)
    if when is None:
        from gm.moments import SYNTAX

        raise GmError(f"{what} must be a date and time: {SYNTAX}; not {raw!r}")
    return when


def deadline_of(gd: GameDir, game: Game, day: int, rulings_deadline: str | None, now: datetime,
                source: str | None = None) -> Deadline:
    """`source`: the file the deadline ruling stands in (Rulings.deadline_source; rulings.yaml if not given)."""
    if rulings_deadline:
        return Deadline(datetime.strptime(rulings_deadline, "%Y-%m-%d %H:%M"), f"days/{day:02d}/{source or 'rulings.yaml'}")
    path = gd.day_dir(day) / DEADLINE_FILE
    if os.path.lexists(path):  # a FIFO or a folder: refused below, not passed over
        try:
            from gm.safefile import Refused, read_regular

            text = read_regular(path, 200, None).decode("utf-8")  # a date and time: a longer file is not one
            return Deadline(parse_when(text, display_path(path)), display_path(path))
        except (GmError, UnicodeDecodeError, OSError, Refused):
            raise StateError(f"{display_path(path)} is not a date and time: set it again with "
                             f"`gm commit {display_path(gd.root)} --day {day} --deadline '2026-03-01 20:00'`") from None
    if game.daily_deadline is not None:
        from gm.moments import next_daily, zone_name

        h, m = game.daily_deadline
        return Deadline(next_daily(now, h, m, game.zone), f"game.yaml (every day at {h:02d}:{m:02d} {zone_name(game.zone)})")
    return Deadline(None, "none set")


def set_deadline(gd: GameDir, day: int, when: datetime) -> str:
    """`gm commit --deadline` (a time with its zone): the day's deadline in UTC, in
    days/NN/deadline.txt (gm's file: check, status, remind and the receipts read it)."""
    from datetime import timezone

    if when.tzinfo is not None:
        when = when.astimezone(timezone.utc).replace(tzinfo=None)
    path = gd.day_dir(day) / DEADLINE_FILE
    replace_file_atomically(path, when.strftime("%Y-%m-%d %H:%M") + "\n")
    return display_path(path)


def time_left(deadline: Deadline, now: datetime) -> str | None:
    """'1 d 3 h', '5 h 20 min', '12 min'; None when the deadline has passed or there is none."""
    if deadline.when is None or deadline.when <= now:
        return None
    minutes = int((deadline.when - now).total_seconds() // 60)
    d, rest = divmod(minutes, 24 * 60)
    h, m = divmod(rest, 60)
    if d:
        return f"{d} d {h} h"
    return f"{h} h {m} min" if h else f"{m} min"


def now_utc(raw: str | None = None, zone=None) -> datetime:
    """The time now, in UTC without a zone (or `--now`, for a post prepared in advance, and tests;
    its short form in `zone`, the game's)."""
    if raw is not None:
        return parse_when(raw, "--now", zone)
    from datetime import timezone

    return datetime.now(timezone.utc).replace(tzinfo=None, second=0, microsecond=0)


# ---- receipts, forms, reminders ----------------------------------------------------------------


@dataclass(eq=False, repr=False)
class Receipts:
    """The receipts `gm receipts` wrote for a day."""

    day: int
    folder: str
    written: list[tuple[str, str, str]] = field(default_factory=list)  # (player, file, new | changed | same)
    warnings: list[str] = field(default_factory=list)  # for the GM: a receipt the secrets' filter could not check


class NothingDue(GmError):
    """No player owes orders on the day (a set-up day, a turn that passed on): no receipt, form or
    reminder to post. Not a mistake: the CLI says so and exits 0."""


def _context(gd: GameDir, game: Game, day: int | None, now: datetime):
    from gm.pipeline.day import check_day

    day = default_day(gd, day, resolved=False)
    if gd.is_resolved(day):
        raise StateError(f"Day {day} is already resolved: its results are in {display_path(gd.result_dir(day))}")
    checked = check_day(gd, game, day)
    if not checked.due and not checked.errors and not game.engine.may_send(checked.state):
        raise NothingDue(f"Day {day}: no player owes orders, so there is nothing to send or post; resolve it when "
                         f"you are ready (`gm resolve {display_path(gd.root)} --day {day}`)")
    rulings = checked.rulings.deadline if checked.rulings is not None else None
    source = checked.rulings.deadline_source if checked.rulings is not None else None
    return day, checked, deadline_of(gd, game, day, rulings, now, source)


def receipts(root: Path, day: int | None, now_raw: str | None = None) -> Receipts:
    """One private message per player owing orders, echoing them as the engine understood them,
    written to days/NN/receipts/ (gm's own folder: written again each time; the same orders give
    the same bytes, so a GM sees whose changed)."""
    gd = GameDir(root)
    game = gd.load()
    with gd.lock():  # a writing command, like resolve: one at a time
        return _write_receipts(gd, game, day, now_raw)


def _write_receipts(gd: GameDir, game: Game, day: int | None, now_raw: str | None) -> Receipts:
    from gm.errors import OrderError
    from gm.forum.render import message_filename

    day, checked, deadline = _context(gd, game, day, now_utc(now_raw, game.zone))
    if checked.errors:
        raise OrderError(checked.problems)
    folder = gd.day_dir(day) / "receipts"
    out = Receipts(day, display_path(folder))
    taken: set[str] = set()
    engine = game.engine
    # everyone who owes orders, and everyone else who sent any (standing orders on another player's
    # turn, a salt): a receipt is the proof that what they sent arrived
    # (players only: the GM's own steps, Kharnage's `gm:` block, get no receipt)
    players = set(engine.players_in_state(checked.state))
    senders = checked.due + [p for p in sorted(set(checked.orders) | set(checked.salts)) if p not in checked.due and p in players]
    guard = Guard(engine, checked.state, out.warnings)  # one for every receipt: the changed states made once
    for player in senders:
        text = receipt_post(game, checked, day, player, deadline.told(game.zone), guard)
        path = folder / f"{message_filename(player, taken)}.{game.ext}"
        before = path.read_text(encoding="utf-8") if path.is_file() else None
        if before != text:
            replace_file_atomically(path, text)
        out.written.append((player, display_path(path), "new" if before is None else "same" if before == text else "changed"))
    return out


def receipt_post(game: Game, checked, day: int, player: str, told: dict | None, guard: Guard | None = None) -> str:
    """One player's receipt: their orders as the engine understood them, from the day's checked
    orders and state; through the secrets' filter for them (gm/channels.py)."""
    from gm.forum.render import render_post

    engine = game.engine
    sent = checked.orders.get(player)
    warned = checked.warnings_of.get(player, [])

    def made_of(s) -> tuple:  # all a receipt reads from the state
        return (engine.receipt_lines(sent, s, game.rules, player) if sent is not None else [],
                engine.defaults_note(s), engine.day_name(s, day))

    def receipt(parts: tuple) -> str:
        lines, defaults_note, day_name = parts
        return render_post(game, "receipt.j2", day=day, player=player, lines=lines,
                           received=player not in checked.missing and sent is not None,
                           defaults_note=defaults_note, salt=checked.salts.get(player),
                           **_told(told), warnings=receipt_warnings(warned, player), day_name=day_name)

    return (guard or Guard(engine, checked.state)).release(player, "receipt", made_of, receipt)


def _told(told: dict | None) -> dict:
    """A deadline as a template tells it (Deadline.told): none, or the time with its zone."""
    return told if told is not None else {"deadline": None, "deadline_zone": "UTC"}


# a file of the game folder, or a `file:line:col`, in a warning's words: the GM's, never a receipt's
_GM_PLACE = re.compile(r"days/\d+/|\.ya?ml\b|\.txt\b|\w:\d+:\d+")

UNTOLD = ("Part of your orders may not happen as written, for a reason the GM may not tell you before the "
          "day is resolved: your results will say what happened.")


def receipt_warnings(warned: list, player: str | None = None) -> list[str]:
    """The checker's warnings on a player's orders, for their receipt, in the order they stand:
    quoted when they reveal nothing the player may not know, else one neutral line (Problem.secret:
    where someone else stands, a ruling not yet announced). Never a file name or line number: the
    player did not write the GM's files."""
    said = [w.message if player is None else _to_reader(w.message, player) for w in warned
            if not w.secret and not _GM_PLACE.search(w.message)]
    out = [m[:1].upper() + m[1:] for m in said]
    if len(said) < len(warned):  # a secret one, or one naming the GM's files: the neutral line
        out.append(UNTOLD)
    return list(dict.fromkeys(out))


def _to_reader(message: str, player: str) -> str:
    """A warning written for the GM ("... not next to Kestrel's pawn"), as its reader hears it
    ("... not next to your pawn"): said to Kestrel himself, his name would read as someone else."""
    return re.sub(rf"(?<![\w']){re.escape(player)}'s\b", "your", message)


def form(root: Path, day: int | None, player: str | None, now_raw: str | None = None,
         notes: list[str] | None = None) -> tuple[int, str]:
    """The order form of the day: blank for the thread, or one player's (what they may order).
    `notes`: where a warning for the GM goes (gm/channels.py Guard); without it such a form is refused."""
    gd = GameDir(root)
    game = gd.load()
    day, checked, deadline = _context(gd, game, day, now_utc(now_raw, game.zone))
    if player is not None:
        senders = checked.due + [p for p in game.engine.may_send(checked.state) if p not in checked.due]
        player = find_player(game, player, senders)
    return day, form_post(game, checked.state, day, player, deadline.told(game.zone), notes)


def form_post(game: Game, state: Any, day: int, player: str | None, told: dict | None,
              notes: list[str] | None = None) -> str:
    """`gm form`'s post: the blank form for the thread (player None), or one player's, from the
    state of the day; through the secrets' filter for its reader (gm/channels.py)."""
    from gm.forum.render import render_post

    def post(s) -> str:
        lines = game.engine.order_form(s, game.rules, player)
        text = game.engine.form_text(s, game.rules, player) if player is not None else None
        return render_post(game, "form.j2", day=day, player=player, lines=lines, text=text, **_told(told))

    return release(game.engine, state, player, "order form", post, notes)


def find_player(game: Game, raw: str, due: list[str] | None = None) -> str:
    """A player named on the command line, in any case and with or without accents."""
    from gm.checker import find_name
    from gm.suggest import did_you_mean

    name = find_name(raw, game.roster)
    if name is None:  # a forum handle (game.yaml's, or a replacement's) names its character
        name = {h.casefold(): p for h, p in game.handles.items()}.get(raw.strip().casefold())
    if name is None:
        hint = did_you_mean(raw, game.roster + list(game.handles))
        if not hint:  # nothing close: say whom the game has
            shown = ", ".join(game.roster[:3]) + (f" and {len(game.roster) - 3} more" if len(game.roster) > 3 else "")
            hint = f" (the players: {shown}; or a forum handle)"
        raise GmError(f"no player called '{raw}' on the roster of game.yaml{hint}")
    if due is not None and name not in due:
        raise GmError(f"{name} owes no orders this day")
    return name


@dataclass(eq=False, repr=False)
class Reminder:
    """The reminder post for a day, and who still owes orders."""

    day: int
    post: str
    waiting: list[str]
    deadline: Deadline
    warnings: list[str] = field(default_factory=list)  # for the GM (gm/channels.py Guard), never posted


def remind(root: Path, day: int | None, now_raw: str | None = None, notes: list[str] | None = None) -> Reminder:
    """The thread post naming who has not sent orders yet, in the forum's mention syntax, with the time left.
    `notes`: where a warning for the GM goes (gm/channels.py Guard); without it such a reminder is refused."""
    gd = GameDir(root)
    game = gd.load()
    now = now_utc(now_raw, game.zone)
    day, checked, deadline = _context(gd, game, day, now)
    if checked.unreadable:  # who sent nothing is unknown until every file can be read
        from gm.errors import OrderError

        raise OrderError([p for p in checked.problems if p.severity == "error"])
    from gm.rulings import replacements, with_replacements

    game = with_replacements(game, replacements(gd, game, day))  # a replaced character's new player is named
    waiting = list(checked.missing)
    post = reminder_post(game, checked.state, day, waiting, len(checked.due), deadline.told(game.zone),
                         time_left(deadline, now), notes)
    return Reminder(day, post, waiting, deadline, list(notes or []))


def reminder_post(game: Game, state: Any, day: int, waiting: list[str], due: int, told: dict | None,
                  left: str | None, notes: list[str] | None = None) -> str:
    """`gm remind`'s post for the thread, through the secrets' filter (gm/channels.py)."""
    from gm.forum.render import render_post

    handle_of = {player: handle for handle, player in sorted(game.handles.items())}
    mentions = [handle_of.get(p, p) for p in waiting]  # remind.j2 writes the "@"
    return release(game.engine, state, None, "reminder", lambda s: render_post(
        game, "remind.j2", day=day, waiting=mentions, due=due, **_told(told), left=left,
        defaults_note=game.engine.defaults_note(s)), notes)
