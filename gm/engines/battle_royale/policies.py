"""Simulated students for `gm simulate` (gm/simulate/): each policy writes a day's orders as a GM
would (the vocabulary of orders.py), and the engine's own checker reads them like any other.

They see the whole state, which a real player would not: they stand in for players to measure the
rules, they do not play well. Every choice goes through `choose` (gm/simulate/dice.py).

- forum (the default): students who play as forum players do: hunt, search, heal, flee, ally and
  betray, and use their role (forum_policy.py);
- random: any legal action, movement and votes, equally likely among those that make sense;
- aggressive: the best weapon held, every hit attempt at the weakest student in the zone; goes
  where the crowd is; picks weapons up;
- cautious: heals when hurt, searches when alone, defends in company, and leaves crowded zones;
- defaults: sends nothing (Defend, no movement; Day 0 at random).

Everyone but `defaults` leaves a zone that is closed or closing, when an open zone is next to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gm.balance import Chooser

from .forum_policy import forum_orders
from .order_actions import hit_attempts
from .policy_kit import (Island, attack_order, day0, escape_move, expected_damage, most, pick_up_weapon, route,
                         unarmed_allowed, votes, weapons_of)
from .rules import Rules
from .state import Player, State


# ---- the policies ------------------------------------------------------------------------------


def random_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    island = Island(state, rules, day)
    if day == 0:
        return {n: day0(island, state.players[n], choose, None) for n in due}
    return {n: _random_one(island, state.players[n], choose) for n in due}


def _random_one(island: Island, p: Player, choose: Chooser) -> dict:
    rules = island.rules
    company = island.company(p)
    order: dict[str, Any] = {}
    kinds = ["defend", "search"]
    weapons = weapons_of(island, p)
    if company:
        if weapons or unarmed_allowed(island, p):
            kinds += ["attack", "attack", "all_out_attack"]
        kinds += ["cover", "analyze"]
    held = {i.name for i in p.items}
    if "First Aid Kit" in held and p.health < p.max_health:
        kinds.append("heal")
    traps = [n for n in ("Poison Vial", "Land Mine", "C-4") if n in held]
    if traps and (company or "Poison Vial" not in traps or len(traps) > 1):
        kinds.append("set_trap")
    kind = choose.pick(kinds)
    if kind in ("attack", "all_out_attack"):
        armed = list(weapons) + ([None] if unarmed_allowed(island, p) else [])
        if kind == "all_out_attack":
            armed = [w for w in armed if w is None or not w[1].one_use]
        weapon = choose.pick(armed) if armed else None
        w = weapon[1] if weapon else rules.unarmed
        most = hit_attempts(w, kind == "all_out_attack")
        if weapon is not None and w.ammo is not None:
            most = min(most, p.loaded(weapon[0]).ammo or 0)
        k = choose.number(1, max(1, most))
        names = [x.name for x in company]
        targets = [choose.pick(names)] * k if w.single_target else [choose.pick(names) for _ in range(k)]
        order["action"] = attack_order(island, p, weapon, targets, kind == "all_out_attack")
    elif kind in ("cover", "analyze"):
        order["action"] = {kind: choose.pick([x.name for x in company])}
    elif kind == "heal":
        order["action"] = {"heal": {"target": p.name, "item": "First Aid Kit"}}
    elif kind == "set_trap":
        order["action"] = _trap(island, p, choose, traps, company)
    else:
        order["action"] = kind
    action = order["action"]
    all_out = isinstance(action, dict) and "all_out_attack" in action
    no_run = isinstance(action, dict) and ("all_out_attack" in action or "heal" in action or "set_trap" in action)
    move = escape_move(island, p, choose)
    if move is None:
        moves = ["stay", "move"] + ([] if all_out else ["hold"]) + ([] if no_run else ["run"])
        how = choose.pick(moves)
        if how in ("move", "run"):
            path = route(island, p, choose, choose.number(1, 2 if how == "move" else 5))
            move = {how: path} if path else "stay"
        else:
            move = how
    order["movement"] = move
    order["votes"] = votes(island, p, choose)
    return order


def _trap(island: Island, p: Player, choose: Chooser, traps: list[str], company: list[Player]) -> dict:
    options = [t for t in traps if t != "Poison Vial" or company]
    item = choose.pick(options)
    if item == "Poison Vial":
        return {"set_trap": {"item": item, "target": choose.pick([x.name for x in company])}}
    if item == "Land Mine":
        return {"set_trap": {"item": item, "path": [p.zone, choose.pick(list(island.rules.zones[p.zone].adjacent))]}}
    return {"set_trap": {"item": item, "day": min(island.day + 1, island.rules.house.last_day)}}


def aggressive_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    island = Island(state, rules, day)
    if day == 0:
        return {n: day0(island, state.players[n], choose, "hit") for n in due}
    return {n: _aggressive_one(island, state.players[n], choose) for n in due}


def _aggressive_one(island: Island, p: Player, choose: Chooser) -> dict:
    order: dict[str, Any] = {}
    free = pick_up_weapon(island, p)
    if free:
        order["free"] = free
    company = island.company(p)
    if company:
        weakest = min(x.health for x in company)
        target = choose.pick([x.name for x in company if x.health == weakest])  # never by name: no seat is picked on
        options = [(w, n, expected_damage(w[1], n)) for w in weapons_of(island, p) for n in [w[2]]]
        if unarmed_allowed(island, p) or not options:
            options.append((None, island.rules.unarmed.hits, expected_damage(island.rules.unarmed, island.rules.unarmed.hits)))
        weapon, attempts, _ = max(options, key=lambda o: (o[2], o[0][0] if o[0] else ""))
        order["action"] = attack_order(island, p, weapon, [target] * attempts)
        order["movement"] = escape_move(island, p, choose) or "stay"
    else:
        order["action"] = "search"
        crowded = lambda zones: most(zones, island.crowd, choose)  # noqa: E731
        move = escape_move(island, p, choose, crowded)
        if move is None:
            exits = island.exits(p.zone)
            move = {"move": [crowded(exits)]} if exits and any(island.crowd(z) for z in exits) else "stay"
        order["movement"] = move
    order["votes"] = votes(island, p, choose)
    return order


def cautious_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    island = Island(state, rules, day)
    if day == 0:
        return {n: day0(island, state.players[n], choose, "dodge") for n in due}
    return {n: _cautious_one(island, state.players[n], choose) for n in due}


def _cautious_one(island: Island, p: Player, choose: Chooser) -> dict:
    order: dict[str, Any] = {}
    company = island.company(p)
    kit = p.holding("First Aid Kit") is not None
    if kit and p.health < p.max_health:
        order["action"] = {"heal": {"target": p.name, "item": "First Aid Kit"}}
    else:
        order["action"] = "defend" if company else "search"
    quiet = lambda zones: most(zones, lambda z: -island.crowd(z), choose)  # noqa: E731
    move = escape_move(island, p, choose, quiet)
    if move is None and company:
        exits = [z for z in island.exits(p.zone) if island.crowd(z) < len(company) + 1]
        move = {"move": [quiet(exits)]} if exits else "hold"
    order["movement"] = move or "stay"
    order["votes"] = votes(island, p, choose, close_where_crowded=True)
    return order


POLICIES = {
    "forum": forum_orders,  # players who play as forum players do (forum_policy.py)
    "random": random_orders,
    "aggressive": aggressive_orders,
    "cautious": cautious_orders,
}
