"""Day 0 (handbook II.A and the sign-up post): Lone Wolf requests granted on a chance, schools at random,
starting zones and role bonuses chosen, starting items."""

from __future__ import annotations

from gm.dice import DiceBase
from gm.engine import Day
from gm.events import Event, gm_only, private, public
from gm.text import the

from .common import new_item, random_item_name, take_or_leave
from .orders import PlayerOrders
from .rules import Rules
from .state import State

STEP = "day 0"


def grant_roles(state: State, rules: Rules, dice: DiceBase) -> list[Event]:
    """Lone Wolf: "These requests are granted on a percentage chance. If you are not granted the request,
    you will be given a Dedicated Student role." (lone_wolf_chance)"""
    events = []
    chance = rules.house.lone_wolf_chance
    for name in sorted(state.players):
        p = state.players[name]
        roll = None
        if p.role == "Lone Wolf":
            p.requested_role = "Lone Wolf"
            granted, roll = dice.chance(chance, f"{name} asks to be a Lone Wolf: granted?", about=(name,))
            if not granted:
                p.role = "Dedicated Student"
        events.append(private("role", [name], STEP, player=name, requested=p.requested_role, role=p.role,
                              chance=chance if roll is not None else None, roll=roll, partner=p.partner, rival=p.rival))
    return events


def choose_bonuses(state: State, rules: Rules, dice: DiceBase, orders: dict[str, PlayerOrders]) -> list[Event]:
    """Each student's Day 0 bonus from their role's menu (roles.yaml); one drawn at random if none was named."""
    events = []
    if not rules.house.role_bonuses:
        return events
    for name in sorted(state.players):
        p = state.players[name]
        o = orders.get(name)
        chosen = o.bonus.get(p.role) if o else None
        drawn = chosen is None
        if drawn:
            chosen = dice.pick(sorted(rules.bonuses[p.role]), f"{name} named no {p.role} bonus: which one", about=(name,))
        p.bonuses.append(chosen)
        extra = rules.effect(chosen, "max_health")
        p.max_health += extra
        p.health += extra
        events.append(private("bonus", [name], STEP, player=name, bonus=chosen, role=p.role, drawn=drawn,
                              effects=dict(sorted(rules.bonuses[p.role][chosen].items()))))
    return events


def assign_schools(state: State, rules: Rules, dice: DiceBase) -> list[Event]:
    """Players the roster leaves without a school are dealt evenly and at random into the schools."""
    schools = rules.house.schools
    counts = {s: 0 for s in schools}
    for p in state.players.values():
        if p.school in counts:
            counts[p.school] += 1
    unassigned = [n for n in sorted(state.players) if state.players[n].school is None]
    events = []
    for name in dice.shuffled(unassigned, "school assignment: order of the draw"):
        fewest = min(counts.values())
        school = next(s for s in schools if counts[s] == fewest)
        counts[school] += 1
        state.players[name].school = school
        events.append(private("school", [name], STEP, player=name, school=school))
    return events


def place_players(state: State, rules: Rules, dice: DiceBase, orders: dict[str, PlayerOrders]) -> list[Event]:
    events = []
    zones = list(rules.zones)
    for name in sorted(state.players):
        o = orders.get(name)
        start = o.start if o and o.start else None
        chosen = start is not None
        if not chosen:
            start = dice.pick(zones, f"{name} sent no starting zone: where they wake up", about=(name,))
        state.players[name].zone = start
        events.append(private("start", [name], STEP, player=name, zone=start, chosen=chosen))
    return events


def deal_items(state: State, rules: Rules, dice: DiceBase) -> list[Event]:
    """The backpack of the original story: one random item each, when the house rules say so."""
    events = []
    if not rules.house.random_starting_item:
        return events
    day = state.day
    for p in state.alive():
        name = random_item_name(rules, dice, f"{p.name}'s starting item", (p.name,))
        kept = take_or_leave(state, rules, p, new_item(state, rules, name), day)
        events.append(private("dealt", [p.name], STEP, player=p.name, item=name, kept=kept))
    return events


def hide_items(state: State, rules: Rules, dice: DiceBase) -> list[Event]:
    """Each zone starts with items a Search can find (RULINGS.md, Search)."""
    events = []
    for zone in rules.zones:
        names = [random_item_name(rules, dice, f"item hidden in {the(zone)}")
                 for _ in range(rules.house.hidden_items_per_zone)]
        state.zones[zone].hidden = [new_item(state, rules, n) for n in names]
        if names:
            events.append(gm_only("hidden", STEP, zone=zone, hidden_items=names))
    return events


def resolve(day: Day) -> list[Event]:
    state, orders, dice, rules = day.state, day.orders, day.dice, day.rules
    events = grant_roles(state, rules, dice)
    events += assign_schools(state, rules, dice)
    events += place_players(state, rules, dice, orders)
    events += choose_bonuses(state, rules, dice, orders)
    events += deal_items(state, rules, dice)
    events += hide_items(state, rules, dice)
    events.append(public("game_start", STEP, players=len(state.players), schools=list(rules.house.schools)))
    return events
