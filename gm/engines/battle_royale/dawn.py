"""The start of a day: last night's closures take effect (handbook III.E.2, 'shut down the following day')."""

from __future__ import annotations

from gm.dice import DiceBase
from gm.events import Event, public

from .orders import PlayerOrders
from .rules import Rules
from .state import State
from .today import Today

STEP = "dawn"


def resolve(state: State, orders: dict[str, PlayerOrders], dice: DiceBase, rules: Rules) -> list[Event]:
    state.today = Today()  # the day's working notes start empty
    closed = []
    for name, zone in state.zones.items():
        if zone.closing:
            zone.closing = False
            zone.closed = True
            closed.append(name)
    return [public("zones_closed", STEP, zones=closed)] if closed else []
