"""Moments as every gm command and file takes them: a deadline, `--now`, a ruling's new deadline.

One syntax everywhere, so that what one command suggests another accepts: the short form
`2026-03-01 20:00`, in the game's time (UTC), or ISO 8601 with its zone (`2026-03-01T20:00Z`,
`2026-03-01T21:00+01:00`), turned to UTC. Standard library only.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

SYNTAX = "2026-03-01 20:00 (UTC), or with its zone like 2026-03-01T20:00Z or 2026-03-01T21:00+01:00"


def parse_moment(raw: Any) -> datetime | None:
    """The moment in UTC, without its zone (gm keeps every time in UTC); None when `raw` is not a
    date and time in either form."""
    if isinstance(raw, datetime):
        when = raw
    elif isinstance(raw, str) and len(raw) <= 64:
        text = raw.strip()
        if text[-4:].upper() == " UTC":
            text = text[:-4]
        if text[-1:] in ("Z", "z"):
            text = text[:-1] + "+00:00"
        try:
            when = datetime.fromisoformat(text.replace("T", " ").replace("t", " "))
        except ValueError:
            return None
    else:
        return None
    if when.tzinfo is not None:
        when = when.astimezone(timezone.utc)
    return when.replace(tzinfo=None, microsecond=0)


def parse_minute(raw: Any) -> datetime | None:
    """A moment to the minute, as deadlines are written and shown (`2026-03-01 20:00`)."""
    when = parse_moment(raw)
    return when.replace(second=0) if when is not None else None
