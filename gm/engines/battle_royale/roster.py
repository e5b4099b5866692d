"""The roster and house rules of game.yaml, checked like orders, and the state before Day 0."""

from __future__ import annotations

from gm.errors import Problem
from gm.names import Alike
from gm.roster import alike_problem, roster_entry
from gm.suggest import did_you_mean
from gm.yamlio import item_loc, node_loc, value_loc

from .common import new_item
from .rules import ROLES, Rules, load_rules, parse_house_rules
from .state import Player, State, ZoneState

ROSTER_KEYS = ("name", "role", "school", "items", "partner", "rival")


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
    seen = Alike()  # the names so far -> (entry, name)
    for i in range(len(roster_node)):
        got = roster_entry(roster_node, i, path, ROSTER_KEYS, "{name: NAME, role: ROLE}", problems)
        if got is None:
            continue
        node, name, loc, at = got
        folded = name
        if folded in seen:
            problems.append(Problem(loc("name"), alike_problem(name, seen[folded][1], seen[folded][0], i)))
            continue
        seen[folded] = (i, name)
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
        entries.append({"name": name, "role": role, "school": school, "items": proper, "at": i,
                        "partner": node.get("partner"), "rival": node.get("rival"), "loc": loc})
    problems += _pairs(entries)
    for e in entries:
        del e["loc"], e["at"]
    return rules, entries, problems


def _pairs(entries: list[dict]) -> list[Problem]:
    """Lovers by mutual agreement (both name each other), and Rivals: names of other players on the roster."""
    problems = []
    names = {e["name"].casefold(): e["name"] for e in entries}
    by_name = {e["name"]: e for e in entries}
    for e in entries:
        for key in ("partner", "rival"):
            raw = e[key]
            if raw is None:
                continue
            other = names.get(str(raw).strip().casefold()) if isinstance(raw, str) else None
            if other is None:
                problems.append(Problem(e["loc"](key), f"{e['name']}'s {key} {raw!r} is not on the roster"
                                                       f"{did_you_mean(str(raw), list(names.values()))}"))
                e[key] = None
            elif other == e["name"]:
                problems.append(Problem(e["loc"](key), f"{e['name']} cannot be their own {key}"))
                e[key] = None
            else:
                e[key] = other
    for e in entries:
        partner = e["partner"]
        if e["role"] == "Lover" and partner is None and not any(p.where == e["loc"]("partner") for p in problems):
            problems.append(Problem(e["loc"]("role"), f"{e['name']} is a Lover: name the partner who agreed "
                                                      "(`partner: NAME`; both must name each other)"))
        elif partner is not None and e["role"] != "Lover":
            problems.append(Problem(e["loc"]("partner"), f"{e['name']} has a partner but is not a Lover (role: Lover)"))
        elif partner is not None and (by_name[partner]["partner"] != e["name"] or by_name[partner]["role"] != "Lover"):
            problems.append(Problem(e["loc"]("partner"), f"Lovers need both to agree: {partner}'s entry must say "
                                                         f"`role: Lover, partner: {e['name']}`"))
    return problems


def initial_state(rules: Rules, entries: list[dict]) -> State:
    zones = {z: ZoneState(z) for z in rules.zones}
    state = State(day=-1, players={}, zones=zones)
    hp = rules.house.max_health
    for e in sorted(entries, key=lambda e: e["name"]):
        p = Player(e["name"], e["role"], e["school"], None, hp, hp)
        p.partner, p.rival = e.get("partner"), e.get("rival")
        p.items = [new_item(state, rules, n) for n in e["items"]]
        state.players[p.name] = p
    return state
