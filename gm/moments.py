"""Moments as every gm command and file takes them: a deadline, `--now`, a ruling's new deadline.

One syntax everywhere, so that what one command suggests another accepts: the short form
`2026-03-01 20:00`, in the game's time zone (game.yaml `timezone:`, an IANA name such as
Europe/Paris; UTC without it), or ISO 8601 with its zone (`2026-03-01T20:00Z`,
`2026-03-01T21:00+01:00`), turned to UTC. gm keeps and writes every time in UTC (its files and
machine lines); posts tell a deadline in the game's zone with UTC beside it (`told`).
Standard library only (zoneinfo; on Windows it reads the `tzdata` package).
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone, tzinfo
from typing import Any

from gm.errors import GmError

SYNTAX = ("2026-03-01 20:00 (in the game's time zone, game.yaml `timezone:`; UTC without it), or with its zone "
          "like 2026-03-01T20:00Z or 2026-03-01T21:00+01:00")


def read_zone(name: Any) -> tuple[tzinfo | None, str | None]:
    """game.yaml's `timezone:` as a zone, or (None, why it is not one)."""
    if not isinstance(name, str) or not name.strip() or len(name) > 64:
        return None, "timezone is an IANA time zone name, e.g. `timezone: Europe/Paris` (or UTC)"
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    key = name.strip()
    try:
        return ZoneInfo(key), None
    except (ZoneInfoNotFoundError, ValueError, OSError):
        pass
    from zoneinfo import available_timezones

    from gm.suggest import did_you_mean

    known = sorted(available_timezones())
    hint = did_you_mean(key, known) if known else " (this system has no time zone data: pip install tzdata)"
    return None, f"unknown time zone {key!r}{hint}: an IANA name such as Europe/Paris, America/New_York or UTC"


class UnclearMoment(GmError):
    """A short-form time the game's zone skips or passes twice (the clocks changing): never guessed."""


def parse_moment(raw: Any, zone: tzinfo | None = None, strict: bool = True) -> datetime | None:
    """The moment in UTC, without its zone (gm keeps every time in UTC); None when `raw` is not a
    date and time in either form. The short form is a time in `zone` (UTC when None); one that
    zone skips or passes twice is refused (UnclearMoment), or with `strict=False` read as `_in_zone` says."""
    if isinstance(raw, datetime):
        when = raw
    elif isinstance(raw, str) and len(raw) <= 64:
        text = raw.strip()
        if text[-4:].upper() == " UTC":
            text, zone = text[:-4], timezone.utc
        if text[-1:] in ("Z", "z"):
            text = text[:-1] + "+00:00"
        try:
            when = datetime.fromisoformat(text.replace("T", " ").replace("t", " "))
        except ValueError:
            return None
    else:
        return None
    if when.tzinfo is None and zone is not None:
        why = _unclear(when, zone) if strict else None
        if why:
            offsets = [when.replace(tzinfo=zone, fold=f).strftime("%z") for f in (0, 1)]
            iso = [f"{when:%Y-%m-%dT%H:%M}{o[:3]}:{o[3:]}" for o in offsets]
            raise UnclearMoment(f"{when:%Y-%m-%d %H:%M} {why} in {zone_name(zone)}, as the clocks change: "
                                + (f"write another time, or the time with its zone (e.g. {iso[0]})" if why == "does not exist"
                                   else f"write it with its zone: {iso[0]} (the first) or {iso[1]} (the second)"))
        when = _in_zone(when, zone)
    if when.tzinfo is not None:
        when = when.astimezone(timezone.utc)
    return when.replace(tzinfo=None, microsecond=0)


def _unclear(local: datetime, zone: tzinfo) -> str | None:
    """'does not exist' (the clocks skip it) or 'comes twice' (they go back over it), or None."""
    first, second = local.replace(tzinfo=zone, fold=0), local.replace(tzinfo=zone, fold=1)
    if first.utcoffset() == second.utcoffset():
        return None
    back = first.astimezone(timezone.utc).astimezone(zone).replace(tzinfo=None)
    return "does not exist" if back != local else "comes twice"


def _in_zone(local: datetime, zone: tzinfo) -> datetime:
    """A wall-clock time in `zone`. A time the clocks skip (spring forward) is read as the same time
    before the change, moved on by the gap (02:30 becomes 03:30); a time they repeat (autumn) is
    the first of the two, as zoneinfo's `fold=0` reads it."""
    when = local.replace(tzinfo=zone)
    back = when.astimezone(timezone.utc).astimezone(zone)
    if back.replace(tzinfo=None) != local:  # in a gap: shift by the gap
        gap = (when.replace(fold=1).utcoffset() or timedelta()) - (when.utcoffset() or timedelta())
        when = (local + abs(gap)).replace(tzinfo=zone) if gap else when
    return when


def parse_minute(raw: Any, zone: tzinfo | None = None) -> datetime | None:
    """A moment to the minute, as deadlines are written and shown (`2026-03-01 20:00`)."""
    when = parse_moment(raw, zone)  # a time the clocks skip or repeat: UnclearMoment
    return when.replace(second=0) if when is not None else None


def zone_name(zone: tzinfo | None) -> str:
    return "UTC" if zone is None else getattr(zone, "key", None) or str(zone)


def told(when: datetime, zone: tzinfo | None = None, seconds: bool = False) -> str:
    """A UTC moment as a post tells it: `2026-03-01 20:00 UTC`, or in the game's zone with UTC
    beside it, `2026-03-01 21:00 Europe/Paris = 2026-03-01 20:00 UTC` (no parentheses: posts tell a
    time inside their own, "the deadline (...)", and one parenthesis in another reads badly)."""
    return " ".join(told_parts(when, zone, seconds))


def told_parts(when: datetime, zone: tzinfo | None = None, seconds: bool = False) -> tuple[str, str]:
    """`told` in two: the time in the game's zone, and the zone's words (`UTC`, or
    `Europe/Paris = 2026-03-01 20:00 UTC`), for templates that bold the time alone."""
    fmt = "%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M"
    utc = (when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)
    if zone is None or zone_name(zone) in ("UTC", "Etc/UTC"):
        return utc.strftime(fmt), "UTC"
    return utc.astimezone(zone).strftime(fmt), f"{zone_name(zone)} = {utc.strftime(fmt)} UTC"


def next_daily(now: datetime, hour: int, minute: int, zone: tzinfo | None = None) -> datetime:
    """The next `hour:minute` of the game's zone after `now` (UTC, without a zone), in UTC without a zone."""
    if zone is None:
        when = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
        return when if when > now else when + timedelta(days=1)
    local = now.replace(tzinfo=timezone.utc).astimezone(zone).replace(tzinfo=None)
    for add in (0, 1, 2):
        day = (local + timedelta(days=add)).replace(hour=hour, minute=minute, second=0, microsecond=0)
        when = _in_zone(day, zone).astimezone(timezone.utc).replace(tzinfo=None)
        if when > now:
            return when
    raise AssertionError("a time of day comes again within two days")  # pragma: no cover
