"""game.yaml for Team Kill: the roster (seat order, clockwise), the first player if the table
already knows it, the GM's own card file (`components:`) and the house rules. Checked like orders."""

from __future__ import annotations

from pathlib import Path

from gm.errors import Problem
from gm.names import Alike
from gm.roster import alike_problem, roster_entry
from gm.suggest import did_you_mean
from gm.yamlio import node_loc, value_loc

from .cards import read_deck
from .rules import Rules, parse_rules
from .setup import first_teams, seat
from .state import DEAL, State

ROSTER_KEYS = ("name",)
MIN_PLAYERS = 3


def read_game(doc, path: str) -> tuple[Rules, list[str], list[Problem], State | None]:
    problems: list[Problem] = []
    deck = None
    if doc.get("components") is not None:
        raw = doc["components"]
        where = value_loc(path, doc, "components")
        if not isinstance(raw, str) or not raw.strip():
            problems.append(Problem(where, "components is the path of your card file, e.g. cards.yaml"))
        else:
            file = Path(path).parent / raw.strip()
            if not file.is_file():
                problems.append(Problem(where, f"no card file {raw!r} beside game.yaml"))
            else:
                deck, found = read_deck(file, raw.strip())
                problems += found
    rules, found = parse_rules(doc.get("house_rules"), path, deck)
    problems += found
    players = read_roster(doc, path, rules, problems)
    first = None
    if doc.get("first_player") is not None:
        raw = doc["first_player"]
        first = next((p for p in players if isinstance(raw, str) and p.casefold() == raw.strip().casefold()), None)
        if first is None:
            problems.append(Problem(value_loc(path, doc, "first_player"),
                                    f"no player called '{raw}'{did_you_mean(str(raw), players)}"))
    if any(p.severity == "error" for p in problems):
        return rules, players, problems, None
    variant = rules.variant_for(len(players))
    state = State(day=-1, stage=DEAL, players=players, variant=variant, persons=seat(players, variant))
    state.first_player = first
    first_teams(state)
    return rules, players, problems, state


def read_roster(doc, path: str, rules: Rules, problems: list[Problem]) -> list[str]:
    node = doc.get("roster")
    if not isinstance(node, list) or not node:
        where = value_loc(path, doc, "roster") if "roster" in doc else node_loc(path, doc)
        problems.append(Problem(where, "roster must list the players in seat order (clockwise), e.g. `- Akane`"))
        return []
    names = Alike()  # the names so far -> (entry, name) (gm/names.py)
    out: list[str] = []
    for i in range(len(node)):
        got = roster_entry(node, i, path, ROSTER_KEYS, "{name: NAME}", problems)
        if got is None:
            continue
        _, name, loc, _ = got
        key = name
        if key in names:
            problems.append(Problem(loc("name"), alike_problem(name, names[key][1], names[key][0], i)))
            continue
        if name.casefold() in ("left", "right", "pass", "default", "split", "me", "rest"):
            problems.append(Problem(loc("name"), f"a player cannot be called {name!r}: orders use that word"))
            continue
        names[key] = (i, name)
        out.append(name)
    persons = {f"{n} {k}".casefold(): n for n in out for k in (1, 2)}
    for n in out:
        if n.casefold() in persons:
            problems.append(Problem(value_loc(path, doc, "roster"),
                                    f"{n!r} is also the name of {persons[n.casefold()]}'s second person in the "
                                    "4/5-player game: pick another name"))
    variant = rules.variant_for(len(out))
    need = len(out) * (2 if variant else 1)
    where = value_loc(path, doc, "roster")
    if len(out) < MIN_PLAYERS and len(out) == len(node):
        problems.append(Problem(where, f"Team Kill needs at least {MIN_PLAYERS} players, not {len(out)}"))
    elif need > len(rules.deck):
        problems.append(Problem(where, f"{len(out)} players need {need} cards, and the deck ({rules.deck.source}) "
                                       f"has {len(rules.deck)}"))
    elif len(out) < 4 and len(out) == len(node):
        problems.append(Problem(where, "the game is published for 4 to 36 players", "warning"))
    return out

