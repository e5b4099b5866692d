"""game.yaml for Hostile Takeover: house rules, the roster (seat order and colours), the first
player if the table already knows it, and the board if the GM describes it. Checked like orders."""

from __future__ import annotations

from gm.errors import Problem
from gm.names import Alike
from gm.roster import alike_problem, roster_entry
from gm.suggest import did_you_mean
from gm.yamlio import item_loc, key_loc, node_loc, value_loc

from . import grid
from .board import BoardBuilder
from .rules import COLOURS, Rules, colour_named, parse_rules
from .state import OPENING, PLACEMENT, Player, State

ROSTER_KEYS = ("name", "colour", "color")
BOARD_KEYS = ("tiles", "holes", "buildings", "spawns")
BUILDING_KEYS = ("at", "owner", "points")


def player_named(players: dict[str, Player], raw) -> str | None:
    """A player by name or by colour ('Akane', 'akane', 'Red', 'R'); None if no one."""
    if not isinstance(raw, str) or not raw.strip():
        return None
    key = raw.strip().casefold()
    for p in players.values():
        if p.name.casefold() == key:
            return p.name
    colour = colour_named(raw)
    return next((p.name for p in players.values() if p.colour == colour), None) if colour else None


def building_squares(raw) -> tuple[list | None, str | None]:
    """C3 (small), [D4, E4] or 'D4-E4' (large) -> the squares, or an explanation of what is wrong."""
    if isinstance(raw, str) and "-" in raw:
        raw = [s for s in raw.split("-")]
    if isinstance(raw, str):
        sq = grid.parse(raw)
        return ([sq], None) if sq else (None, f"{raw!r} is not a square (squares are written like C4)")
    if isinstance(raw, list) and len(raw) in (1, 2):
        squares = [grid.parse(s) for s in raw]
        bad = [s for s, p in zip(raw, squares) if p is None]
        if bad:
            return None, f"{bad[0]!r} is not a square (squares are written like C4)"
        if len(squares) == 2 and squares[0] == squares[1]:
            return None, "a large building needs two different squares"
        return squares, None
    return None, "a building is one square (small, e.g. C3) or two squares side by side (large, e.g. [D4, E4])"


def read_roster(doc: dict, path: str, problems: list[Problem]) -> list[tuple[str, str]]:
    """(name, colour) in seat order."""
    node = doc.get("roster")
    if not isinstance(node, list) or not node:
        where = value_loc(path, doc, "roster") if "roster" in doc else node_loc(path, doc)
        problems.append(Problem(where, "roster must list the players in seat order, e.g. `- {name: Akane, colour: Red}`"))
        return []
    out: list[tuple[str, str]] = []
    before = len(problems)
    names = Alike()  # the names so far -> (entry, name) (gm/names.py)
    free = [c for c in COLOURS]
    for i in range(len(node)):
        got = roster_entry(node, i, path, ROSTER_KEYS, "{name: NAME, colour: COLOUR}", problems)
        if got is None:
            continue
        entry, name, loc, at = got
        if colour_named(name):
            problems.append(Problem(loc("name"), f"a player cannot be called {name!r}: orders name players by name "
                                                 "or by colour, and that is a colour"))
            continue
        key = name
        if key in names:
            problems.append(Problem(loc("name"), alike_problem(name, names[key][1], names[key][0], i)))
            continue
        names[key] = (i, name)
        raw = entry.get("colour", entry.get("color"))
        key = "colour" if "colour" in entry else "color"
        colour = colour_named(raw) if raw is not None else None
        if raw is not None and colour is None:
            problems.append(Problem(loc(key), f"unknown colour {raw!r}{did_you_mean(str(raw), COLOURS)} "
                                              f"(colours: {', '.join(COLOURS)})"))
            continue
        if colour is not None and colour not in free:
            problems.append(Problem(loc(key), f"{colour} is already taken by another player"))
            continue
        out.append((name, colour))  # type: ignore[arg-type]
        if colour:
            free.remove(colour)
    if len(node) > len(COLOURS) or (len(problems) == before and len(out) < 2):
        problems.append(Problem(value_loc(path, doc, "roster"),
                                f"Hostile Takeover is for 2 to 4 players (one per colour), not {len(node)}"))
        return []
    # players who named no colour take the free ones in the rulebook's order
    return [(n, c if c else free.pop(0)) for n, c in out]


def read_board(doc, path: str, rules: Rules, players: dict[str, Player], problems: list[Problem]) -> BoardBuilder | None:
    node = doc.get("board")
    if node is None:
        return None
    where = value_loc(path, doc, "board")
    if not isinstance(node, dict):
        problems.append(Problem(where, "board must be a mapping with tiles, buildings and spawns"))
        return None
    for key in node:
        if key not in BOARD_KEYS:
            problems.append(Problem(key_loc(path, node, key), f"unknown board field '{key}'{did_you_mean(str(key), BOARD_KEYS)}"))
    b = BoardBuilder(rules, sequence=False)
    tiles = node.get("tiles")
    if not isinstance(tiles, list) or not tiles:
        problems.append(Problem(value_loc(path, node, "tiles") if "tiles" in node else where,
                                "board.tiles lists the top-left square of each 2x2 tile, e.g. [A1, C1, A3]"))
        return None
    for i, raw in enumerate(tiles):
        sq = grid.parse(raw)
        if sq is None:
            b.error(item_loc(path, tiles, i), f"{raw!r} is not a square (squares are written like C4)")
        else:
            b.tile(sq, item_loc(path, tiles, i))
    holes = node.get("holes") or []
    for i, raw in enumerate(holes if isinstance(holes, list) else []):
        sq = grid.parse(raw)
        if sq is None:
            b.error(item_loc(path, holes, i), f"{raw!r} is not a square (squares are written like C4)")
        else:
            b.hole(sq, item_loc(path, holes, i))
    if not isinstance(holes, list):
        b.error(value_loc(path, node, "holes"), "board.holes is a list of squares")
    buildings = node.get("buildings") or []
    if not isinstance(buildings, list):
        b.error(value_loc(path, node, "buildings"), "board.buildings is a list: C3 (small), [D4, E4] (large), "
                                                    "or {at: C3, owner: NAME, points: N}")
        buildings = []
    supply = {"small": rules.unclaimed_small, "large": rules.unclaimed_large}
    for i, raw in enumerate(buildings):
        size = _read_building(b, path, buildings, i, raw, players)
        if size is None:
            continue
        supply[size] -= 1
        if supply[size] == -1:  # named once, at the first building beyond the supply
            total = rules.unclaimed_large if size == "large" else rules.unclaimed_small
            b.error(item_loc(path, buildings, i), f"the supply has only {total} {size} unclaimed building"
                    f"{'s' if total != 1 else ''} (unclaimed_{size} in house_rules), and this is one more")
    spawns = node.get("spawns") or {}
    if not isinstance(spawns, dict):
        b.error(value_loc(path, node, "spawns"), "board.spawns maps each player to a square, e.g. {Akane: B2}")
        spawns = {}
    for raw_name in spawns:
        at = key_loc(path, spawns, raw_name)
        name = player_named(players, raw_name)
        if name is None:
            b.error(at, f"no player called '{raw_name}'{did_you_mean(str(raw_name), players)}")
            continue
        if name in b.spawns_tried:
            b.error(at, f"{name} has two spawns")
            continue
        sq = grid.parse(spawns[raw_name])
        if sq is None:
            b.error(value_loc(path, spawns, raw_name), f"{spawns[raw_name]!r} is not a square (squares are written like C4)")
            continue
        b.spawn(name, sq, value_loc(path, spawns, raw_name))
    b.finish(value_loc(path, node, "tiles"), list(players))
    problems += b.problems
    return b


def _read_building(b: BoardBuilder, path: str, seq, i: int, raw, players) -> str | None:
    """Lay one building of a described board; its size when it is an unclaimed one (None otherwise)."""
    at = item_loc(path, seq, i)
    owner = None
    points = None
    if isinstance(raw, dict):
        for key in raw:
            if key not in BUILDING_KEYS:
                b.error(key_loc(path, raw, key), f"unknown building field '{key}'{did_you_mean(str(key), BUILDING_KEYS)}")
                return
        if "at" not in raw:
            b.error(at, "a building written as a mapping needs `at:` (C3, or [D4, E4] for a large one)")
            return
        if raw.get("owner") is not None:
            owner = player_named(players, raw["owner"])
            if owner is None:
                b.error(value_loc(path, raw, "owner"), f"no player called '{raw['owner']}'{did_you_mean(str(raw['owner']), players)}")
                return
        points = raw.get("points")
        at = value_loc(path, raw, "at")
        raw = raw["at"]
    squares, why = building_squares(raw)
    if squares is None:
        b.error(at, why or "not a building")
        return
    size = "large" if len(squares) == 2 else "small"
    if points is not None:
        full = b.rules.full_points(size)
        if isinstance(points, bool) or not isinstance(points, int) or not 1 <= points <= full:
            b.error(at, f"points must be a whole number from 1 to {full}, not {points!r}")
            return None
    return size if b.building(squares, owner, points, at) and owner is None else None


def read_game(doc: dict, path: str) -> tuple[Rules, list[str], list[Problem], State | None]:
    problems: list[Problem] = []
    rules, found = parse_rules(doc.get("house_rules"), path)
    problems += found
    seats = read_roster(doc, path, problems)
    players = {n: Player(n, c, rules.lives) for n, c in seats}
    first = None
    if doc.get("first_player") is not None:
        first = player_named(players, doc["first_player"])
        if first is None:
            raw = doc["first_player"]
            problems.append(Problem(value_loc(path, doc, "first_player"),
                                    f"no player called '{raw}'{did_you_mean(str(raw), players)}"))
    board = read_board(doc, path, rules, players, problems) if players else None
    if any(p.severity == "error" for p in problems):
        return rules, list(players), problems, None
    stage = PLACEMENT if first is not None and board is None else OPENING
    state = State(day=-1, stage=stage, players=players, first_player=first)
    if board is not None:
        state.tiles, state.holes = list(board.tiles), list(board.holes)
        state.buildings = sorted(board.buildings, key=lambda b: grid.reading_order(b.squares[0]))
        for name, sq in board.spawns.items():
            players[name].spawn = sq
    return rules, list(players), problems, state
