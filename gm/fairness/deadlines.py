"""A day's committed deadline held against the clock: a ruled deadline past the committed
round is refused, and a day resolved before its deadline needs `--early` (docs/fairness.md)."""

from __future__ import annotations

from datetime import datetime

from gm.errors import StateError
from gm.fairness.commitment import clock, commit_path, committed_record
from gm.gamedir import GameDir
from gm.paths import display_path


def committed_deadline(rec: dict) -> datetime | None:
    """The orders deadline a gm-commit line names (None: none, or a commitment older than the field)."""
    from gm.fairness.beacon import parse_utc_text

    return parse_utc_text(rec.get("deadline")) if isinstance(rec.get("deadline"), str) else None


def check_ruled_deadline(gd: GameDir, day: int, ruled: str | None) -> None:
    """A `deadline:` ruling that moves the deadline to or past the committed beacon round cannot keep
    that round: its randomness would be out while orders and salts still come in."""
    from datetime import timezone

    from gm.fairness.beacon import round_time, utc_words
    from gm.rulings import parse_deadline

    from gm.fairness.rounds import current_of

    if not ruled or not commit_path(gd, day).is_file():
        return
    round_ = current_of(gd, day)[0]  # the last round announced, else the committed one
    when = parse_deadline(ruled)
    if round_ is None or when is None:
        return
    when = when.replace(tzinfo=timezone.utc)
    if when >= round_time(round_):
        raise StateError(f"a deadline ruling moves Day {day}'s deadline to {utc_words(when)}, after drand quicknet round "
                         f"{round_} that its dice are to take (published {utc_words(round_time(round_))}): that round "
                         "would be known while orders still come in. Before it is out, announce a new round: "
                         f"`gm commit {display_path(gd.root)} --day {day} --new-deadline '{ruled}' --reason \"...\"` "
                         "(post what it prints); or keep a deadline before it (edit the ruling); or, once it is out, "
                         "resolve with --no-beacon \"the deadline was extended\" (the reveal says so in its first line)")


def check_resolve_time(gd: GameDir, day: int, now: datetime | None, early: bool) -> list[str]:
    """`gm resolve` before the committed deadline is refused unless `early`: orders could still come."""
    from gm.fairness.beacon import utc_words

    from gm.fairness.rounds import current_of

    if not commit_path(gd, day).is_file():
        return []
    deadline = current_of(gd, day)[1]  # the last one announced, else the committed one
    if deadline is None or clock(now) >= deadline:
        return []
    if not early:
        raise StateError(f"Day {day}'s deadline is {utc_words(deadline)}, still to come (it is {utc_words(clock(now))}): "
                         "orders and salts may still come in. Resolve after the deadline, or with --early to do it now")
    return [f"note: Day {day} resolved early, before its deadline ({utc_words(deadline)})"]
