"""Who may know what. Templates see only these views, never the state itself."""

from __future__ import annotations

from gm.text import the

from .rules import Rules
from .state import Player, State


def _item(rules: Rules, item) -> dict:
    spec = rules.items.get(item.name)
    return {"name": item.name, "ammo": item.ammo, "ammo_word": spec.ammo_word if spec else "shot",
            "concealed": bool(spec and spec.concealed), "worn": item.worn,
            "contents": [c.name for c in sorted(item.contents, key=lambda c: c.id)]}


def _dead(p: Player) -> dict:
    return {"name": p.name, "school": p.school, "day": p.died_on_day, "zone": p.zone, "cause": p.death}


def _visible(rules: Rules, p: Player, worn: bool | None = None) -> list[str]:
    """What others see a player carry: not concealed items, not what is inside a Backpack (with
    `worn`, only what they wear, or only what they hold in hand)."""
    items = rules.items
    return [i.name for i in sorted(p.items, key=lambda i: i.id) if not (items.get(i.name) and items[i.name].concealed)
            and (worn is None or bool(i.worn) == worn)]


def public_view(state: State, rules: Rules) -> dict:
    """What the whole thread may know: who lives, who fell, which zones are shut, who is marked."""
    alive = state.alive()
    dead = sorted((p for p in state.players.values() if not p.alive), key=lambda p: (p.died_on_day, p.name))
    escaped = sorted((p for p in state.players.values() if p.escaped_on_day is not None), key=lambda p: (p.escaped_on_day, p.name))
    return {
        "day": state.day,
        "alive": [p.name for p in alive],
        "alive_count": len(alive),
        "dead": [_dead(p) for p in dead],
        "escaped": [{"name": p.name, "day": p.escaped_on_day} for p in escaped],
        "zones": [{"name": z, "number": rules.zones[z].number, "closed": state.zones[z].closed,
                   "closing": state.zones[z].closing} for z in rules.zones],
        "closed_zones": [z for z in rules.zones if state.zones[z].closed],
        "closing_zones": [z for z in rules.zones if state.zones[z].closing],
        "marked": list(state.marked),
        "over": state.over,
        "outcome": dict(sorted(state.outcome.items())) if state.over else {},
        "last_day": rules.house.last_day,
    }


def _traps_by_owner(state: State) -> dict[str, list[dict]]:
    """Each player's own traps, in the order they were set: one pass for every player's sheet."""
    out: dict[str, list[dict]] = {}
    for t in sorted(state.traps, key=lambda t: t.item.id):
        out.setdefault(t.owner, []).append({"item": t.item.name, "zone": t.zone, "toward": t.toward, "day": t.day})
    return out


def _me(state: State, rules: Rules, p: Player, traps: dict[str, list[dict]] | None = None) -> dict:
    traps = (_traps_by_owner(state) if traps is None else traps).get(p.name, [])
    traps = [dict(t) for t in traps]
    return {
        "name": p.name, "role": p.role, "school": p.school, "zone": p.zone, "alive": p.alive,
        "health": p.health, "max_health": p.max_health, "died_on_day": p.died_on_day,
        "escaped_on_day": p.escaped_on_day, "on_island": p.on_island,
        "items": [_item(rules, i) for i in sorted(p.items, key=lambda i: i.id)],
        "carrying_limit": rules.house.carrying_limit,
        "partner": p.partner, "rival": p.rival, "requested_role": p.requested_role,
        "bonuses": list(p.bonuses), "pending_proficiency": p.pending_proficiency, "grieving": p.grieving,
        # vengeance only on a killer still alive: a dead one is no one to avenge
        "avenge": p.avenge if p.avenge and state.players[p.avenge].alive else None, "painted_tomorrow": p.painted_day == state.day + 1, "traps": traps,
    }


class _Around:
    """What can be seen in each zone, worked out once for all players (keeps a day's views linear)."""

    def __init__(self, state: State, rules: Rules):
        self.state = state
        self.rules = rules
        self.by_zone = state.by_zone()
        self.traps = _traps_by_owner(state)
        self._seen: dict[str, list[tuple[str, dict]]] = {}
        self._lying: dict[str, list[str]] = {}

    def seen_in(self, zone: str) -> list[tuple[str, dict]]:
        """(name, what others see of them) for every living player in the zone, sorted by name."""
        if zone not in self._seen:
            self._seen[zone] = [(o.name, {"name": o.name, "items": _visible(self.rules, o, worn=False),
                                          "worn": _visible(self.rules, o, worn=True)})
                                for o in self.by_zone.get(zone, [])]
        return self._seen[zone]

    def lying_in(self, zone: str) -> list[str]:
        if zone not in self._lying:
            self._lying[zone] = ground_list(sorted(g.item.name for g in self.state.zones[zone].ground),
                                            self.rules.house.nearby_listed)
        return self._lying[zone]


def ground_list(names: list[str], limit: int) -> list[str]:
    """What lies in a zone, as a player reads it: every item by name, in name order; past `limit`
    items, each kind once with how many lie there ("Baseball Bat (5)"). A ruling (RULINGS.md,
    "The ground in a crowd"): the list is then as long as the item catalogue, not the crowd."""
    if len(names) <= limit:
        return names
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return [f"{name} ({n})" if n > 1 else name for name, n in counts.items()]


def player_view(state: State, rules: Rules, name: str, *, _public: dict | None = None,
                _around: _Around | None = None) -> dict:
    """One player's own sheet, plus what they can see around them (visible items of those beside them)."""
    view = dict(_public) if _public is not None else public_view(state, rules)
    p = state.players[name]
    me = _me(state, rules, p, _around.traps if _around is not None else None)
    nearby: list[dict] = []
    more = 0
    lying = []
    moves = []
    if p.on_island and p.zone:
        around = _around or _Around(state, rules)
        company = around.seen_in(p.zone)
        limit = rules.house.nearby_listed
        for other, seen in company:
            if len(nearby) == limit:
                break
            if other != name:
                nearby.append(seen)
        more = len(company) - 1 - len(nearby)
        lying = list(around.lying_in(p.zone))
        moves = [z for z in rules.zones[p.zone].adjacent if not state.zones[z].closed]
    view.update(me=me, nearby=nearby, nearby_more=more, lying=lying, adjacent=moves)
    return view


def player_views(state: State, rules: Rules, names) -> dict[str, dict]:
    """player_view for many players at once: the public part and each zone's company worked out once."""
    public = public_view(state, rules)
    around = _Around(state, rules)
    return {n: player_view(state, rules, n, _public=public, _around=around) for n in names}


def gm_view(state: State, rules: Rules) -> dict:
    view = public_view(state, rules)
    traps = _traps_by_owner(state)
    view["players"] = [_me(state, rules, state.players[n], traps) for n in sorted(state.players)]
    view["traps"] = [t.to_json() for t in sorted(state.traps, key=lambda t: t.item.id)]
    view["ground"] = {z: [g.item.name for g in state.zones[z].ground] for z in rules.zones}
    view["hidden"] = {z: [i.name for i in state.zones[z].hidden] for z in rules.zones}
    return view


def status_rows(state: State, rules: Rules) -> tuple[list[str], list[list[str]]]:
    head = ["player", "school", "role", "zone", "health", "items", "status"]
    rows = []
    for n in sorted(state.players):
        p = state.players[n]
        items = ", ".join(_label(i) for i in sorted(p.items, key=lambda i: i.id))
        status = "alive" if p.alive else f"died Day {p.died_on_day} ({p.death})"
        if p.escaped_on_day is not None:
            status = f"escaped Day {p.escaped_on_day}"
        if n in state.marked:
            status += ", marked"
        rows.append([n, p.school or "-", p.role, p.zone or "-", f"{p.health}/{p.max_health}", items or "-", status])
    return head, rows


def _label(i) -> str:
    text = i.name + (f" ({i.ammo})" if i.ammo is not None else "") + (" (worn)" if i.worn else "")
    return text + (f" [{', '.join(c.name for c in i.contents)}]" if i.contents else "")


def player_status(state: State, rules: Rules, name: str) -> list[str]:
    """`gm status --player`: the player's own sheet and what they can see, as a GM reads it out."""
    view = player_view(state, rules, name)
    me = view["me"]
    role = me["role"] + (f" (partner: {me['partner']})" if me.get("partner") else "")
    if me.get("rival"):
        role += f", rival of {me['rival']}"
    lines = [f"  {role}, {me['school'] or 'no school yet'}"]
    if me.get("escaped_on_day") is not None:
        lines.append(f"  escaped the island on Day {me['escaped_on_day']}")
    elif not me["alive"]:
        lines.append(f"  died on Day {me['died_on_day']} in {the(me['zone'])}")
    else:
        lines.append(f"  health {me['health']}/{me['max_health']}, in {the(me['zone']) if me['zone'] else 'no zone yet'}")
    held = [i["name"] + (f" ({i['ammo']} shots)" if i.get("ammo") is not None else "") for i in me["items"]]
    lines.append("  items: " + (", ".join(held) or "none"))
    if me.get("bonuses"):
        lines.append("  bonuses: " + ", ".join(me["bonuses"]))
    if me.get("traps"):
        lines.append("  traps set: " + ", ".join(
            f"{t['item']} in {the(t['zone'])}" + (f" toward {the(t['toward'])}" if t.get("toward") else "")
            + (f" for Day {t['day']}" if t.get("day") is not None else "") for t in me["traps"]))
    notes = [text for key, text in (("pending_proficiency", "owes a proficiency choice"), ("grieving", "grieving"),
                                    ("painted_tomorrow", "paint-marked for tomorrow")) if me.get(key)]
    if me.get("avenge") and state.players[me["avenge"]].alive:
        notes.append(f"avenging {me['avenge']}")
    if notes:
        lines.append("  " + "; ".join(notes))
    if me["alive"]:
        lines.append("  nearby: " + (", ".join(n["name"] for n in view["nearby"]) or "no one")
                     + (f" and {view['nearby_more']} more" if view.get("nearby_more") else ""))
    lines.append(f"  alive: {view['alive_count']}; closed zones: {', '.join(view['closed_zones']) or 'none'}")
    return lines
