"""What every simulated student's choice reads (gm/simulate/): the day's facts indexed once, the
weapons in hand, walks through open zones, ties drawn. policies.py and forum_policy.py build on it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gm.balance import Chooser

from .common import carried
from .rules import Rules, Weapon
from .state import Player, State


class Island:
    """The day's facts every student's choice reads, indexed once (no scan of all players per player)."""

    def __init__(self, state: State, rules: Rules, day: int):
        self.state, self.rules, self.day = state, rules, day
        self.by_zone = state.by_zone()
        self.shut = {z for z, zs in state.zones.items() if zs.closed or zs.closing}
        self.open = [z for z in rules.zones if z not in self.shut]
        self.alive = state.alive()

    def company(self, p: Player) -> list[Player]:
        return [x for x in self.by_zone.get(p.zone, []) if x.name != p.name]

    def exits(self, zone: str) -> list[str]:
        """Open zones next to `zone`."""
        return [z for z in self.rules.zones[zone].adjacent if z not in self.shut]

    def crowd(self, zone: str) -> int:
        return len(self.by_zone.get(zone, []))


def weapons_of(island: Island, p: Player) -> list[tuple[str, Weapon, int]]:
    """(name, weapon, hit attempts it can make today) for each weapon in hand with ammunition, by name."""
    out = []
    for name in sorted({i.name for i in p.items}):
        spec = island.rules.items.get(name)
        if spec is None or not spec.supported or spec.weapon is None:
            continue
        w = spec.weapon
        most = w.hits
        if w.ammo is not None:
            most = min(most, p.loaded(name).ammo or 0)
        if most > 0:
            out.append((name, w, most))
    return out


def expected_damage(w: Weapon, attempts: int) -> float:
    total = sum(weight for _, weight in w.damage) or 1
    return attempts * w.hit_chance / 100 * sum(d * weight for d, weight in w.damage) / total


def attack_order(island: Island, p: Player, weapon: tuple[str, Weapon, int] | None, targets: list[str],
                 all_out: bool = False) -> dict:
    attack: dict[str, Any] = {"targets": targets}
    if weapon is not None:
        attack["weapon"] = weapon[0]
    return {"all_out_attack" if all_out else "attack": attack}


def unarmed_allowed(island: Island, p: Player) -> bool:
    """Fists are allowed to the unarmed, and to everyone when the house rules say so."""
    items = island.rules.items
    return island.rules.house.unarmed_while_armed or not any(items.get(i.name) and items[i.name].weapon for i in p.items)


def route(island: Island, p: Player, choose: Chooser, longest: int, prefer=None) -> list[str]:
    """A walk of 1..longest zones through open zones only (empty: boxed in); `prefer` ranks each step."""
    path: list[str] = []
    here = p.zone
    for _ in range(longest):
        nxt = [z for z in island.exits(here) if z not in path and z != p.zone]
        if not nxt:
            break
        here = prefer(nxt) if prefer else choose.pick(nxt)
        path.append(here)
    return path


def escape_move(island: Island, p: Player, choose: Chooser, prefer=None) -> dict | None:
    """Out of a zone that is closed or closes at dawn, when an open zone is next to it."""
    if p.zone not in island.shut:
        return None
    exits = island.exits(p.zone)
    if not exits:
        return None
    return {"move": [prefer(exits) if prefer else choose.pick(exits)]}


def most(options: list, score, choose: Chooser):
    """The option with the highest score; a tie is drawn (never settled by name or number, which would
    favour some students or zones in every game)."""
    top = max(score(o) for o in options)
    return choose.pick([o for o in options if score(o) == top])


def votes(island: Island, p: Player, choose: Chooser, close_where_crowded: bool = False) -> dict:
    others = [x.name for x in island.alive if x.name != p.name] or [p.name]
    out = {"mark": choose.pick(others)}
    candidates = [z for z in island.open if z != p.zone] or island.open
    if candidates:
        if close_where_crowded:
            out["close"] = most(candidates, island.crowd, choose)
        else:
            out["close"] = choose.pick(candidates)
        out["reward"] = p.zone if p.zone in island.open else choose.pick(island.open)
    return out


def day0(island: Island, p: Player, choose: Chooser, prefer: str | None) -> dict:
    """A starting zone and the role's bonus (`prefer`: the effect to favour, e.g. "hit")."""
    order: dict[str, Any] = {"start": choose.pick(list(island.rules.zones))}
    if not island.rules.house.role_bonuses:
        return order

    def one(role: str) -> str:
        menu = island.rules.bonuses[role]
        names = sorted(menu)
        if prefer is None:
            return choose.pick(names)
        return max(names, key=lambda b: (menu[b].get(prefer, 0), b))

    if p.role == "Lone Wolf":
        order["bonus"] = {"Lone Wolf": one("Lone Wolf"), "Dedicated Student": one("Dedicated Student")}
    else:
        order["bonus"] = one(p.role)
    return order


def pick_up_weapon(island: Island, p: Player) -> list[dict]:
    """Pick up the first weapon lying here that this student may take, if their hands have room."""
    if carried(island.rules, p) >= island.rules.house.carrying_limit:
        return []
    zone = island.state.zones[p.zone]
    for g in sorted(zone.ground, key=lambda g: g.item.id):
        spec = island.rules.items.get(g.item.name)
        mine = g.held_for in (None, p.name) or (g.until_day or -1) < island.day
        if mine and spec is not None and spec.supported and spec.weapon is not None:
            return [{"pick_up": g.item.name}]
    return []
