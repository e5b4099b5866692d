"""The roster and house rules of game.yaml, checked like orders, and the state before Day 0."""

from __future__ import annotations

from gm.errors import Problem
from gm.suggest import did_you_mean
from gm.yamlio import item_loc, key_loc, node_loc, value_loc

from .common import new_item
from .rules import Rules, load_rules, parse_house_rules
from .state import Player, State, ZoneState

ROLES = ("Dedicated Student", "Lover", "Lone Wolf")
ROSTER_KEYS = ("name", "role", "school", "items")


def _role(raw) -> str | None:
    if not isinstance(raw, str):
        return None
    for role in ROLES:
        if role.casefold() == raw.strip().casefold():
            return role
    return None


def read_game(doc: dict, path: str) -> tuple[Rules, list[dict], list[Problem]]:
    """House rules and roster entries ({name, role, school, items}) with every problem found."""
    problems: list[Problem] = []
    house, hp = parse_house_rules(doc.get("house_rules"), path)
    problems += hp
    rules = load_rules(house)
    roster_node = doc.get("roster")
    entries: list[dict] = []
    if not isinstance(roster_node, list) or not roster_node:
        where = value_loc(path, doc, "roster") if "roster" in doc else node_loc(path, doc)
        problems.append(Problem(where, "roster must list the players, e.g. `- {name: Akane, role: Dedicated Student}`"))
        return rules, entries, problems
    seen: dict[str, int] = {}
    for i, node in enumerate(roster_node):
        at = item_loc(path, roster_node, i)
        if isinstance(node, str):
            node = {"name": node}
            fields = None
        elif isinstance(node, dict):
            fields = node
        else:
            problems.append(Problem(at, "a roster entry is `{name: NAME, role: ROLE}`"))
            continue
        loc = (lambda k: value_loc(path, fields, k)) if fields is not None else (lambda k: at)
        for key in node:
            if key not in ROSTER_KEYS:
                problems.append(Problem(key_loc(path, fields, key) if fields is not None else at,
                                        f"unknown roster field '{key}'{did_you_mean(str(key), ROSTER_KEYS)}"))
        name = node.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.append(Problem(at, "every roster entry needs a name"))
            continue
        name = name.strip()
        if len(name) > 40:
            problems.append(Problem(loc("name"), f"the name '{name[:40]}...' is longer than 40 characters"))
            continue
        folded = name.casefold()
        if folded in seen:
            problems.append(Problem(loc("name"), f"{name} is on the roster twice (entry {seen[folded] + 1} and {i + 1})"))
            continue
        seen[folded] = i
        role = _role(node.get("role", "Dedicated Student"))
        if role is None:
            problems.append(Problem(loc("role"), f"unknown role {node.get('role')!r}"
                                    f"{did_you_mean(str(node.get('role')), ROLES)} (roles: {', '.join(ROLES)})"))
            continue
        school = node.get("school")
        if school is not None and school not in house.schools:
            problems.append(Problem(loc("school"), f"unknown school {school!r}{did_you_mean(str(school), house.schools)}"
                                    f" (schools: {', '.join(house.schools)})"))
            continue
        items = node.get("items") or []
        if not isinstance(items, list):
            problems.append(Problem(loc("items"), "items must be a list, e.g. [Rifle]"))
            continue
        proper = []
        for j, raw in enumerate(items):
            item = rules.item_named(str(raw))
            if item is None:
                problems.append(Problem(item_loc(path, items, j), f"no item called '{raw}'{did_you_mean(str(raw), rules.items)}"))
            else:
                proper.append(item)
        counted = sum(1 for n in proper if rules.counts_against_limit(n))
        if counted > house.carrying_limit:
            problems.append(Problem(loc("items"), f"{name} starts with {counted} items; the carrying limit is {house.carrying_limit}"))
        entries.append({"name": name, "role": role, "school": school, "items": proper})
    return rules, entries, problems


def initial_state(rules: Rules, entries: list[dict]) -> State:
    zones = {z: ZoneState(z) for z in rules.zones}
    state = State(day=-1, players={}, zones=zones)
    hp = rules.house.max_health
    for e in sorted(entries, key=lambda e: e["name"]):
        p = Player(e["name"], e["role"], e["school"], None, hp, hp)
        p.items = [new_item(state, rules, n) for n in e["items"]]
        state.players[p.name] = p
    return state
