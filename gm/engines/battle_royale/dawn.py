"""The start of a day: last night's closures take effect (handbook III.E.2, 'shut down the following day')."""

from __future__ import annotations

from gm.engine import Day
from gm.events import Event, public


STEP = "dawn"


def resolve(day: Day) -> list[Event]:
    state = day.state
    closed = []
    for name, zone in state.zones.items():
        if zone.closing:
            zone.closing = False
            zone.closed = True
            closed.append(name)
    return [public("zones_closed", STEP, zones=closed)] if closed else []
