"""Smoke Grenades (handbook V.C.4): "This item activates at the start of the Action Phase, before all
other attacks." A catch negates the Action Phase actions of the player caught (and of those in melee
with them, on their own roll) for the night: their attack, Use Item, Heal, Cover, Defend, Search,
Analyze or Set Trap does not happen. Movement and votes are not actions of that phase.
"""

from __future__ import annotations

from gm.engine import Day
from gm.events import Event, public

from .attacks import resolve_step, volleys_in

STEP = "smoke"


def resolve(day: Day) -> list[Event]:
    events: list[Event] = []
    by_zone = day.state.by_zone()
    for zone_name in day.rules.zones:
        players = by_zone.get(zone_name, [])
        volleys = [v for v in volleys_in(day, players) if v.weapon.acts_in == "smoke"]
        if volleys:
            events.append(public("commotion", STEP, zone=zone_name, classes=["smoke"]))
            events += resolve_step(day, zone_name, volleys, players)
    return events
