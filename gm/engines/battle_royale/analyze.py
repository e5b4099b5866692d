"""Analyze (handbook III.C.8): "The specified target's role and school will be learned, though specifics
about their health and special abilities will remain hidden. You will also learn what concealed items
that player may be carrying." Only a student in the same zone that night; the target is not told.
(The Analyze dodge bonus against the target's attacks is in hit_chance.py.)
"""

from __future__ import annotations

from gm.engine import Day
from gm.events import Event, private

from .rules import Rules
from .today import acting

STEP = "analyze"


def concealed(rules: Rules, p) -> list[str]:
    """What a player carries out of sight: concealed items in hand (Switchblade, Poison Vial), and a Backpack's contents."""
    hidden = [i.name for i in sorted(p.items, key=lambda i: i.id) if rules.items.get(i.name) and rules.items[i.name].concealed]
    return hidden + [i.name for i in p.stored()]


def resolve(day: Day) -> list[Event]:
    state, rules = day.state, day.rules
    events: list[Event] = []
    for p in state.alive():
        o = acting(day, p.name)
        if o is None or o.action != "analyze":
            continue
        target = state.players[o.target]
        if not target.on_island or target.zone != p.zone:
            events.append(private("analysis", [p.name], STEP, player=p.name, target=o.target, found=False))
            continue
        events.append(private("analysis", [p.name], STEP, player=p.name, target=target.name, found=True,
                              role=target.role, school=target.school, concealed=concealed(rules, target)))
    return events
