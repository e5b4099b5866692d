"""Who may know what. Templates see only these views, never the state itself."""

from __future__ import annotations

from .rules import Rules
from .state import Player, State


def _item(rules: Rules, item) -> dict:
    spec = rules.items.get(item.name)
    return {"name": item.name, "ammo": item.ammo, "concealed": bool(spec and spec.concealed)}


def _dead(p: Player) -> dict:
    return {"name": p.name, "school": p.school, "day": p.died_on_day, "zone": p.zone, "cause": p.death}


def public_view(state: State, rules: Rules) -> dict:
    """What the whole thread may know: who lives, who fell, which zones are shut, who is marked."""
    alive = state.alive()
    dead = sorted((p for p in state.players.values() if not p.alive), key=lambda p: (p.died_on_day, p.name))
    return {
        "day": state.day,
        "alive": [p.name for p in alive],
        "alive_count": len(alive),
        "dead": [_dead(p) for p in dead],
        "zones": [{"name": z, "number": rules.zones[z].number, "closed": state.zones[z].closed,
                   "closing": state.zones[z].closing} for z in rules.zones],
        "closed_zones": [z for z in rules.zones if state.zones[z].closed],
        "closing_zones": [z for z in rules.zones if state.zones[z].closing],
        "marked": list(state.marked),
        "over": state.over,
        "outcome": dict(sorted(state.outcome.items())) if state.over else {},
        "last_day": rules.house.last_day,
    }


def player_view(state: State, rules: Rules, name: str) -> dict:
    """One player's own sheet, plus what they can see around them (visible items of those beside them)."""
    view = public_view(state, rules)
    p = state.players[name]
    me = {
        "name": p.name, "role": p.role, "school": p.school, "zone": p.zone, "alive": p.alive,
        "health": p.health, "max_health": p.max_health, "died_on_day": p.died_on_day,
        "items": [_item(rules, i) for i in sorted(p.items, key=lambda i: i.id)],
        "carrying_limit": rules.house.carrying_limit,
    }
    nearby = []
    lying = []
    moves = []
    if p.alive and p.zone:
        for other in state.by_zone().get(p.zone, []):
            if other.name != name:
                visible = [i.name for i in sorted(other.items, key=lambda i: i.id)
                           if not (rules.items.get(i.name) and rules.items[i.name].concealed)]
                nearby.append({"name": other.name, "items": visible})
        lying = sorted(g.item.name for g in state.zones[p.zone].ground)
        moves = [z for z in rules.zones[p.zone].adjacent]
    view.update(me=me, nearby=nearby, lying=lying, adjacent=moves)
    return view


def gm_view(state: State, rules: Rules) -> dict:
    view = public_view(state, rules)
    view["players"] = [player_view(state, rules, n)["me"] for n in sorted(state.players)]
    view["ground"] = {z: [g.item.name for g in state.zones[z].ground] for z in rules.zones}
    view["hidden"] = {z: [i.name for i in state.zones[z].hidden] for z in rules.zones}
    return view


def status_rows(state: State, rules: Rules) -> tuple[list[str], list[list[str]]]:
    head = ["player", "school", "role", "zone", "health", "items", "status"]
    rows = []
    for n in sorted(state.players):
        p = state.players[n]
        items = ", ".join(i.name + (f" ({i.ammo})" if i.ammo is not None else "") for i in sorted(p.items, key=lambda i: i.id))
        status = "alive" if p.alive else f"died Day {p.died_on_day} ({p.death})"
        if n in state.marked:
            status += ", marked"
        rows.append([n, p.school or "-", p.role, p.zone or "-", f"{p.health}/{p.max_health}", items or "-", status])
    return head, rows
