"""A day's committed deadline held against the clock: a ruled deadline past the committed
round is refused, and a day resolved before its deadline needs `--early` (docs/fairness.md)."""

from __future__ import annotations

from datetime import datetime

from gm.errors import StateError
from gm.fairness.commitment import clock, commit_path, committed_record
from gm.storage.gamedir import GameDir


def committed_deadline(rec: dict) -> datetime | None:
    """The orders deadline a gm-commit line names (None: none, or a commitment older than the field)."""
    from gm.fairness.beacon import parse_utc_text

    return parse_utc_text(rec.get("deadline")) if isinstance(rec.get("deadline"), str) else None


def check_ruled_deadline(gd: GameDir, day: int, ruled: str | None) -> None:
    """A `deadline:` ruling that moves the deadline to or past the committed beacon round cannot keep
    that round: its randomness would be out while orders and salts still come in."""
    from datetime import timezone

    from gm.fairness.beacon import round_time, utc_words
    from gm.gmday.rulings import parse_deadline

    if not ruled or not commit_path(gd, day).is_file():
        return
    round_ = (committed_record(gd, day).get("beacon") or {}).get("round")
    when = parse_deadline(ruled)
    if round_ is None or when is None:
        return
    when = when.replace(tzinfo=timezone.utc)
    if when >= round_time(round_):
        raise StateError(f"a deadline ruling moves Day {day}'s deadline to {utc_words(when)}, after drand quicknet round "
                         f"{round_} that its commitment named (published {utc_words(round_time(round_))}): that round "
                         "would be known while orders still come in. Keep a deadline before it (edit the ruling), or "
                         "announce in the thread that the day goes without its round and resolve it with --no-beacon "
                         "\"the deadline was extended\" (the reveal says so in its first line)")


def check_resolve_time(gd: GameDir, day: int, now: datetime | None, early: bool) -> list[str]:
    """`gm resolve` before the committed deadline is refused unless `early`: orders could still come."""
    from gm.fairness.beacon import utc_words

    if not commit_path(gd, day).is_file():
        return []
    deadline = committed_deadline(committed_record(gd, day))
    if deadline is None or clock(now) >= deadline:
        return []
    if not early:
        raise StateError(f"Day {day}'s deadline is {utc_words(deadline)}, still to come (it is {utc_words(clock(now))}): "
                         "orders and salts may still come in. Resolve after the deadline, or with --early to do it now")
    return [f"note: Day {day} resolved early, before its deadline ({utc_words(deadline)})"]
