"""game.yaml for Hashmi: the roster (3 or 4 players in seat order: "Player 1" first, clockwise),
house rules, and `components:` pointing at the GM's own board/dice/cards file."""

from __future__ import annotations

from pathlib import Path

from gm.errors import LocatedError, Problem
from gm.names import Alike
from gm.paths import display_path
from gm.roster import alike_problem, roster_entry
from gm.yamlio import node_loc, value_loc

from .components import load_components
from .rules import Rules, parse_rules
from .state import OPENING, Player, State

MAX_COMPONENTS_BYTES = 256 * 1024


def read_components_setting(doc, path: str, problems: list[Problem]):
    if doc.get("components") is None:
        return None
    raw = doc["components"]
    where = value_loc(path, doc, "components")
    if not isinstance(raw, str) or not raw.strip():
        problems.append(Problem(where, "components names a file beside game.yaml, e.g. components: my-board.yaml"))
        return None
    file = (Path(path).parent / raw).resolve()
    if not file.is_file():
        problems.append(Problem(where, f"no file {display_path(file)} (components: a file beside game.yaml)"))
        return None
    if file.stat().st_size > MAX_COMPONENTS_BYTES:
        problems.append(Problem(where, f"{display_path(file)} is over {MAX_COMPONENTS_BYTES // 1024} KB"))
        return None
    try:
        comp, found = load_components(file, display_path(file))
    except LocatedError as exc:
        problems.extend(exc.problems)
        return None
    problems.extend(found)
    return comp


def read_game(doc: dict, path: str) -> tuple[Rules, list[str], list[Problem], State | None]:
    problems: list[Problem] = []
    comp = read_components_setting(doc, path, problems)
    rules, found = parse_rules(doc.get("house_rules"), path, comp)
    problems += found
    node = doc.get("roster")
    names: list[str] = []
    seen = Alike()  # the names so far -> (entry, name) (gm/names.py)
    if not isinstance(node, list) or not node:
        where = value_loc(path, doc, "roster") if "roster" in doc else node_loc(path, doc)
        problems.append(Problem(where, "roster lists the players in seat order (Player 1 first, clockwise), e.g. `- Akane`"))
    else:
        for i in range(len(node)):
            got = roster_entry(node, i, path, ("name",), "{name: NAME}", problems)
            if got is None:
                continue
            _, name, loc, _ = got
            if "." in name:
                problems.append(Problem(loc("name"), f"a player's name cannot hold a '.' (agents are written {name.split('.')[0]}.1)"))
                continue
            key = name
            if key in seen:
                problems.append(Problem(loc("name"), alike_problem(name, seen[key][1], seen[key][0], i)))
                continue
            seen[key] = (i, name)
            names.append(name)
        if not 3 <= len(node) <= 4:
            problems.append(Problem(value_loc(path, doc, "roster"), f"Hashmi Battle Royale is for 3 or 4 players, not {len(node)}"))
    if any(p.severity == "error" for p in problems):
        return rules, names, problems, None
    players = {n: Player(n, i + 1) for i, n in enumerate(names)}
    return rules, names, problems, State(day=-1, stage=OPENING, players=players, turns_per_day=rules.turns_per_day)
