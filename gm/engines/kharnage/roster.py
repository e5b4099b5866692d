"""game.yaml for Kharnage: house rules, the components (stand-ins, or the GM's file), and the roster
(seat order, clockwise, and each player's army). Checked like orders, every mistake located."""

from __future__ import annotations

from pathlib import Path

from gm.errors import Problem
from gm.names import Alike
from gm.roster import alike_problem, roster_entry
from gm.suggest import did_you_mean
from gm.yamlio import node_loc, value_loc

from .cards import Components
from .components import load_components
from .orders import DEFAULT_PLAN
from .rules import Rules, parse_rules
from .state import SETUP, Player, State

ROSTER_KEYS = ("name", "army")


def read_components(doc, path: str, problems: list[Problem]) -> Components | None:
    raw = doc.get("components")
    if raw is None:
        return None
    at = value_loc(path, doc, "components")
    if not isinstance(raw, str) or not raw.strip():
        problems.append(Problem(at, "components is the path of your own cards file, relative to game.yaml"))
        return None
    target = Path(path).parent / raw.strip()
    shown = str(Path(path).parent / raw.strip()) if Path(path).parent != Path(".") else raw.strip()
    comp, found = load_components(target, shown)
    if comp is not None:  # named as game.yaml names it, so the posts do not depend on where gm was run from
        from dataclasses import replace

        comp = replace(comp, source=raw.strip())
    if comp is None and found and found[0].where.line is None:
        problems.append(Problem(at, f"{raw}: {found[0].message}"))
    else:
        problems.extend(found)
    return comp


def read_roster(doc, path: str, comp: Components, problems: list[Problem]) -> list[tuple[str, str]]:
    node = doc.get("roster")
    if not isinstance(node, list) or not node:
        where = value_loc(path, doc, "roster") if "roster" in doc else node_loc(path, doc)
        problems.append(Problem(where, "roster lists the players in seat order (clockwise), e.g. "
                                       "`- {name: Akane, army: Dwarves}`"))
        return []
    out: list[tuple[str, str | None]] = []
    names = Alike()  # the names so far -> (entry, name) (gm/names.py)
    taken: set[str] = set()
    armies = list(comp.armies)
    before = len(problems)
    for i in range(len(node)):
        got = roster_entry(node, i, path, ROSTER_KEYS, "{name: NAME, army: ARMY}", problems)
        if got is None:
            continue
        entry, name, loc, _ = got
        folded = name.casefold()
        if folded in ("gm", "no_yeah", "left", "right", "auto") or folded in {a.casefold() for a in armies}:
            problems.append(Problem(loc("name"), f"a player cannot be called {name!r}: orders use that word "
                                                 "for something else"))
            continue
        key = name
        if key in names:
            problems.append(Problem(loc("name"), alike_problem(name, names[key][1], names[key][0], i)))
            continue
        names[key] = (i, name)
        raw = entry.get("army")
        army = None
        if raw is not None:
            army = next((a for a in armies if isinstance(raw, str) and a.casefold() == raw.strip().casefold()), None)
            if army is None:
                problems.append(Problem(loc("army"), f"no army {raw!r}{did_you_mean(str(raw), armies)} "
                                                     f"(armies: {', '.join(armies)})"))
                continue
            if army in taken:
                problems.append(Problem(loc("army"), f"{army} are already led by another player: each army once"))
                continue
            taken.add(army)
        out.append((name, army))
    free = [a for a in armies if a not in taken]
    if len(problems) == before and not 2 <= len(out) <= len(armies):
        problems.append(Problem(value_loc(path, doc, "roster"),
                                f"Kharnage is for 2 to {len(armies)} players (one army each), not {len(out)}"))
        return []
    return [(n, a if a else free.pop(0)) for n, a in out]


def read_game(doc, path: str) -> tuple[Rules, list[str], list[Problem], State | None]:
    problems: list[Problem] = []
    comp = read_components(doc, path, problems)
    rules, found = parse_rules(doc.get("house_rules"), path, comp)
    problems += found
    seats = read_roster(doc, path, rules.components, problems)
    if any(p.severity == "error" for p in problems):
        return rules, [n for n, _ in seats], problems, None
    players = {}
    for name, army_name in seats:
        army = rules.components.armies[army_name]
        players[name] = Player(name, army_name, reserve=list(army.reserve), deck=[b.id for b in army.battle_cards],
                               generals=[g.id for g in army.generals], plan=dict(DEFAULT_PLAN))
    supply = dict(rules.components.tokens)
    if len(players) == 2:
        supply["skull_1"] = 0  # "In 2-players game, the 1 skull Domination tokens are not used."
    return rules, list(players), problems, State(-1, SETUP, players, supply=supply, pace=rules.pace)
