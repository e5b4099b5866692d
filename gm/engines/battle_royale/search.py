"""Search (handbook III.C.7) and the items left lying about (III.B.1).

A searcher rolls to find one of the items hidden in the zone. Then every item lying in a zone and
no longer under anyone's exclusive control goes to a random student there with room for it,
searchers counting as two students (RULINGS.md, Search and dropped items).
"""

from __future__ import annotations

from gm.engine import Day
from gm.events import Event, private
from gm.text import the

from .common import has_room, item_label, take_or_leave
from .today import acting

STEP = "search"


def lottery_weights(day: Day, players) -> list[tuple[str, int]]:
    """Who may come away with a loose item: searchers count as two students (not if smoke stopped the search)."""
    return [(p.name, 2 if ((o := acting(day, p.name)) and o.action == "search") else 1) for p in players]


def _search(day: Day, players) -> list[Event]:
    state, rules, dice = day.state, day.rules, day.dice
    events = []
    for p in players:
        o = acting(day, p.name)
        if o is None or o.action != "search" or not p.alive:
            continue
        zone = state.zones[p.zone]
        if not zone.hidden:
            events.append(private("search", [p.name], STEP, player=p.name, zone=p.zone, found=None, roll=None,
                                  chance=None, kept=None))
            continue
        chance = min(100, rules.house.search_find_chance + sum(rules.effect(b, "search") for b in p.bonuses))
        ok, roll = dice.chance(chance, f"{p.name} searches {the(p.zone)}: finds something?", about=(p.name,),
                               hides=rules.house.seal_hidden_rolls)
        found = None
        kept = None
        if ok:
            labels = {item_label(i): i for i in sorted(zone.hidden, key=lambda i: i.id)}
            item = labels[dice.pick(list(labels), f"{p.name} searches {the(p.zone)}: what is found", about=(p.name,),
                                    hides=rules.house.seal_hidden_rolls)]
            zone.hidden.remove(item)
            found = item.name
            kept = take_or_leave(state, rules, p, item, state.day)
        events.append(private("search", [p.name], STEP, player=p.name, zone=p.zone, found=found, roll=roll,
                              chance=chance, kept=kept))
    return events


def _loose_items(day: Day, zone_name: str, players) -> list[Event]:
    state, rules, dice = day.state, day.rules, day.dice
    events = []
    zone = state.zones[zone_name]
    loose = sorted((g for g in zone.ground if g.held_for is None or (g.until_day or -1) < state.day),
                   key=lambda g: g.item.id)
    for g in loose:
        takers = [p for p in players if has_room(rules, p, g.item)]
        if not takers:
            continue
        table = lottery_weights(day, takers)
        winner, _ = dice.weighted(table, f"{g.item.name} lying in {the(zone_name)}: who comes away with it",
                                  hides=rules.house.seal_hidden_rolls)
        zone.ground.remove(g)
        state.players[winner].items.append(g.item)
        events.append(private("found_lying", [winner], STEP, player=winner, item=g.item.name, zone=zone_name))
    return events


def resolve(day: Day) -> list[Event]:
    events: list[Event] = []
    by_zone = day.state.by_zone()
    for zone_name in day.rules.zones:
        players = by_zone.get(zone_name, [])
        if not players:
            continue
        events += _search(day, players)
        events += _loose_items(day, zone_name, [p for p in players if p.alive])
    return events
