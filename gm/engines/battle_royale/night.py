"""What a student learns with the night's results (handbook V.F.2 and V.F.5): free, no action needed.

- Binoculars: the students in each zone next to yours; in a crowd the first `nearby_listed` of a zone
  by name, and how many more (`unlisted`), as "Around you" does (RULINGS.md). A closed zone is said
  to be closed: no one can be there at night, so "no one" would tell nothing. `closed` lists every
  zone closed by then (the thread was told each), so "What you have learned" drops every sighting
  of a zone closed since.
- Tracking Unit: how many students are in each zone, or, with `track: NAME` in the free actions, where
  that student is ("no signal" for the dead and the escaped).
Both report where everyone stands at the end of the day, after movement. Items in a Backpack do not work.
"""

from __future__ import annotations

from gm.engine import Day
from gm.events import Event, private


STEP = "night"


def resolve(day: Day) -> list[Event]:
    state, orders, rules = day.state, day.orders, day.rules
    events: list[Event] = []
    by_zone = state.by_zone()
    limit = rules.house.nearby_listed
    closed = [z for z, zone in state.zones.items() if zone.closed]
    for p in state.alive():
        if p.holding("Binoculars"):
            seen = {z: [o.name for o in by_zone.get(z, [])[:limit]] for z in rules.zones[p.zone].adjacent}
            unlisted = {z: len(by_zone[z]) - limit for z in seen if len(by_zone.get(z, [])) > limit}
            more = {"unlisted": unlisted} if unlisted else {}  # only in a crowd: forum-size days read as before
            more.update({"closed": closed} if closed else {})
            events.append(private("binoculars", [p.name], STEP, player=p.name, zone=p.zone, seen=seen, **more))
        o = orders.get(p.name)
        tracked = o.free_of("track") if o else []
        if tracked and not p.holding("Tracking Unit"):
            # accepted by gm check, but the unit left their hands during the day: say so, never drop it in silence
            events.append(private("tracking_failed", [p.name], STEP, player=p.name, target=tracked[0].target,
                                  stored=any(i.name == "Tracking Unit" for i in p.stored())))
        if p.holding("Tracking Unit"):
            if tracked:
                t = state.players[tracked[0].target]
                events.append(private("tracking", [p.name], STEP, player=p.name, target=t.name,
                                      zone=t.zone if t.on_island else None, counts=None))
            else:
                counts = {z: len(by_zone.get(z, [])) for z in rules.zones}
                events.append(private("tracking", [p.name], STEP, player=p.name, target=None, zone=None, counts=counts))
    return events
