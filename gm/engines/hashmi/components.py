"""The component data (board, dice, weapons, cards) read from components.yaml: the shipped
stand-in set, or the GM's own file named by `components:` in game.yaml. Every mistake is a
located problem; nothing unknown is ignored in silence."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gm.errors import Location, Problem
from gm.suggest import did_you_mean
from gm.yamlio import item_loc, key_loc, node_loc, value_loc

from .board import Board, Square

TOP = ("board", "dice", "weapons", "ammunition", "action_cards", "agents", "missions")
BOARD_KEYS = ("columns", "zones", "walls", "portkeys", "seedo_home", "storm_zones", "chests")
DICE_KEYS = ("move", "shootout", "shootout_shots", "wizard", "charm", "counter", "go")
WEAPON_KEYS = ("cards", "actions", "ammo", "fire", "misfire", "backfire", "damage", "min", "range", "accuracy",
               "group", "area", "through_walls", "multi", "turns")
CARD_NAMES = ("Call Seedo", "Cancel Ceasefire", "Ceasefire", "Chameleon", "Charm", "Disarm", "Electrify", "Freeze",
              "Go", "Hitchhike", "Hypnotise", "Invisible", "Miss a Turn", "Portkey", "Russian Roulette",
              "See Me Outside", "Shield", "Switch", "Take Your Time", "You Too", "Zap'em", "Zombie", "Zombie Control")
MISSIONS = ("Destroy Left", "Opposite Destruction", "One a Side", "Peace for All", "Know it All")
SPECIALS = ("Sonic", "Invisible", "Strong", "Accurate", "Wizard", "Wanted", "Doomed", "Healer")


@dataclass(frozen=True)
class Weapon:
    name: str
    cards: int
    actions: int
    ammo: int
    fire: int
    misfire: int
    backfire: int
    damage: int
    min: int
    range: tuple[int, int]
    accuracy: int
    group: int
    area: str | None = None  # blast (3x3) | zone (gas)
    through_walls: bool = False
    multi: bool = False
    turns: int = 0

    @property
    def always_fires(self) -> bool:
        return self.misfire == 0 and self.backfire == 0

    @property
    def thrown(self) -> bool:
        return self.area is not None


@dataclass(frozen=True)
class Components:
    board: Board
    move_die: dict[str, int]
    shootout: dict[str, dict[str, int]]
    shootout_shots: int
    wizard: dict[str, int]
    charm: dict[str, int]
    counter: tuple[int, ...]
    go: tuple[tuple[Square, ...], ...]
    weapons: dict[str, Weapon]
    ammunition: dict[int, int]
    action_cards: dict[str, tuple[int, int]]  # name -> (copies, actions)
    specials: tuple[str, ...]
    ordinary: int
    missions: tuple[str, ...]
    source: str

    def card_cost(self, card: str) -> int:
        return self.action_cards[card][1]


class _Reader:
    def __init__(self, path: str):
        self.path = path
        self.problems: list[Problem] = []

    def error(self, where: Location, msg: str) -> None:
        self.problems.append(Problem(where, msg))

    def mapping(self, node, key: str, keys: tuple[str, ...], at: Location) -> dict | None:
        if not isinstance(node, dict):
            self.error(at, f"{key} must be a mapping")
            return None
        for k in node:
            if k not in keys:
                self.error(key_loc(self.path, node, k), f"unknown {key} field '{k}'{did_you_mean(str(k), keys)}")
        return node

    def whole(self, node, key, lo: int, hi: int, at: Location) -> int | None:
        v = node.get(key) if isinstance(node, dict) else None
        where = value_loc(self.path, node, key) if isinstance(node, dict) and key in node else at
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            self.error(where, f"{key} must be a whole number from {lo} to {hi}, not {v!r}")
            return None
        return v


def read_components(doc, path: str) -> tuple[Components | None, list[Problem]]:
    r = _Reader(path)
    top = node_loc(path, doc)
    if r.mapping(doc, "components", TOP, top) is None:
        return None, r.problems
    for k in TOP:
        if k not in doc:
            r.error(top, f"components need `{k}:`")
    if r.problems:
        return None, r.problems
    board = _board(r, doc["board"], value_loc(path, doc, "board"))
    dice = _dice(r, doc["dice"], value_loc(path, doc, "dice"), board)
    weapons = _weapons(r, doc["weapons"], value_loc(path, doc, "weapons"))
    ammo = _ammo(r, doc["ammunition"], value_loc(path, doc, "ammunition"))
    cards = _cards(r, doc["action_cards"], value_loc(path, doc, "action_cards"))
    specials, ordinary = _agents(r, doc["agents"], value_loc(path, doc, "agents"))
    missions = _missions(r, doc["missions"], value_loc(path, doc, "missions"))
    if r.problems or board is None or dice is None:
        return None, r.problems
    return Components(board, dice["move"], dice["shootout"], dice["shootout_shots"], dice["wizard"], dice["charm"],
                      dice["counter"], dice["go"], weapons, ammo, cards, specials, ordinary, missions, path), []


def _board(r: _Reader, node, at: Location) -> Board | None:
    if r.mapping(node, "board", BOARD_KEYS, at) is None:
        return None
    p = r.path
    cols = node.get("columns")
    if not isinstance(cols, str) or not cols.isalpha() or len(set(cols.upper())) != len(cols) or not 2 <= len(cols) <= 26:
        r.error(value_loc(p, node, "columns") if "columns" in node else at, "columns is a string of distinct letters, e.g. ABCDEFGHIJKLMNOPQRST")
        return None
    cols = cols.upper()
    zones_text = node.get("zones")
    zat = value_loc(p, node, "zones") if "zones" in node else at
    if not isinstance(zones_text, str):
        r.error(zat, "zones is a block of text (zones: |), one line a row, one letter a square, '#' black")
        return None
    lines = [ln.strip() for ln in zones_text.strip("\n").splitlines()]
    zone_of: dict[Square, str] = {}
    black = set()
    if not 2 <= len(lines) <= 99:
        r.error(zat, f"zones has {len(lines)} rows (2 to 99)")
        return None
    for row, ln in enumerate(lines):
        where = Location(p, zat.line + 1 + row, None) if zat.line else zat  # a block scalar starts on the next line
        if len(ln) != len(cols):
            r.error(where, f"zones row {row + 1} has {len(ln)} squares, the board has {len(cols)} columns")
            continue
        for c, ch in enumerate(ln):
            if ch == "#":
                black.add((c, row))
            elif ch.isalpha() and ch.isupper():
                zone_of[(c, row)] = ch
            else:
                r.error(where, f"zones row {row + 1}, column {cols[c]}: {ch!r} is neither a zone letter (A-Z) nor '#'")
    if r.problems:
        return None
    proto = Board(cols, len(lines), zone_of, frozenset(black), frozenset(), (), (0, 0), (), 4)

    def square(raw, where) -> Square | None:
        sq = proto.parse(raw) if isinstance(raw, str) else None
        if sq is None:
            r.error(where, f"{raw!r} is not a playable square of this board (squares are written like K14)")
        return sq

    walls = set()
    wnode = node.get("walls") or []
    if not isinstance(wnode, list):
        r.error(value_loc(p, node, "walls"), "walls is a list of edges written like F8|F9")
        wnode = []
    for i, raw in enumerate(wnode):
        where = item_loc(p, wnode, i)
        parts = str(raw).split("|")
        if len(parts) != 2:
            r.error(where, f"{raw!r}: a wall is written between two squares side by side, like F8|F9")
            continue
        a, b = square(parts[0], where), square(parts[1], where)
        if a and b:
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                r.error(where, f"{raw!r}: the two squares of a wall must be side by side")
            walls.add(frozenset((a, b)))
    ports = []
    pnode = node.get("portkeys") or []
    for i, raw in enumerate(pnode if isinstance(pnode, list) else []):
        sq = square(raw, item_loc(p, pnode, i))
        if sq is not None:
            if sq in ports:
                r.error(item_loc(p, pnode, i), f"{raw} is a portkey twice")
            ports.append(sq)
    home = square(node.get("seedo_home"), value_loc(p, node, "seedo_home") if "seedo_home" in node else at)
    storm = node.get("storm_zones") or []
    snode_at = value_loc(p, node, "storm_zones") if "storm_zones" in node else at
    if not isinstance(storm, list) or any(z not in set(zone_of.values()) for z in storm):
        r.error(snode_at, f"storm_zones lists zones of the board ({''.join(sorted(set(zone_of.values())))})")
        storm = []
    chests = r.whole(node, "chests", 1, 20, at)
    if r.problems or home is None or chests is None:
        return None
    return Board(cols, len(lines), zone_of, frozenset(black), frozenset(walls), tuple(ports), home,
                 tuple(str(z) for z in storm), chests)


def _weights(r: _Reader, node, key: str, faces: tuple[str, ...], at: Location) -> dict[str, int] | None:
    m = r.mapping(node, key, faces, at)
    if m is None:
        return None
    out = {}
    for f in faces:
        v = r.whole(m, f, 0, 1000, at)
        if v is not None:
            out[f] = v
    if len(out) == len(faces) and sum(out.values()) == 0:
        r.error(at, f"{key}: the faces cannot all weigh 0")
    return out


def _dice(r: _Reader, node, at: Location, board: Board | None) -> dict | None:
    if r.mapping(node, "dice", DICE_KEYS, at) is None:
        return None
    p = r.path
    for k in DICE_KEYS:
        if k not in node:
            r.error(at, f"dice need `{k}:`")
    if r.problems:
        return None
    move = {}
    mnode = node["move"]
    if r.mapping(mnode, "dice.move", ("default", "Sonic", "zombie"), value_loc(p, node, "move")) is not None:
        for k in ("default", "Sonic", "zombie"):
            v = r.whole(mnode, k, 1, 40, value_loc(p, node, "move"))
            move[k] = v or 1
    so = node["shootout"]
    shootout = {}
    if r.mapping(so, "dice.shootout", ("cowgirl", "cowboy"), value_loc(p, node, "shootout")) is not None:
        for role in ("cowgirl", "cowboy"):
            shootout[role] = _weights(r, so.get(role), role, ("hit", "miss"), value_loc(p, so, role) if role in so else at) or {}
    shots = r.whole(node, "shootout_shots", 1, 50, at)
    wizard = _weights(r, node["wizard"], "wizard", ("wizard_only", "assassin_only", "both"), value_loc(p, node, "wizard"))
    charm = _weights(r, node["charm"], "charm", ("survive", "eliminated"), value_loc(p, node, "charm"))
    counter = node["counter"]
    if not isinstance(counter, list) or not counter or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 9 for v in counter):
        r.error(value_loc(p, node, "counter"), "counter lists the counter die's faces, whole numbers 0-9, e.g. [0, 1, 2]")
        counter = [0]
    faces = []
    gnode = node["go"]
    if not isinstance(gnode, list) or not gnode:
        r.error(value_loc(p, node, "go"), "go lists the GO die's faces, each a list of 4 squares")
        gnode = []
    for i, face in enumerate(gnode):
        where = item_loc(p, gnode, i)
        if not isinstance(face, list) or len(face) != 4:
            r.error(where, "a GO face is a list of 4 squares")
            continue
        sqs = []
        for j, raw in enumerate(face):
            sq = board.parse(raw) if board else None
            if sq is None and board is not None:
                r.error(item_loc(p, face, j), f"{raw!r} is not a playable square of this board")
            sqs.append(sq)
        faces.append(tuple(sqs))
    if r.problems:
        return None
    return {"move": move, "shootout": shootout, "shootout_shots": shots, "wizard": wizard, "charm": charm,
            "counter": tuple(counter), "go": tuple(faces)}


def _weapons(r: _Reader, node, at: Location) -> dict[str, Weapon]:
    out: dict[str, Weapon] = {}
    if not isinstance(node, dict) or not node:
        r.error(at, "weapons maps each weapon's name to its row of the weapons table")
        return out
    p = r.path
    for name in node:
        w = node[name]
        wat = value_loc(p, node, name)
        if r.mapping(w, f"weapons.{name}", WEAPON_KEYS, wat) is None:
            continue
        vals: dict[str, Any] = {}
        for k, lo, hi in (("cards", 0, 99), ("actions", 1, 9), ("ammo", 0, 999), ("fire", 0, 6), ("misfire", 0, 6),
                          ("backfire", 0, 6), ("damage", 0, 99), ("min", 1, 40), ("accuracy", 0, 6), ("group", 1, 2)):
            vals[k] = r.whole(w, k, lo, hi, wat)
        if None in vals.values():
            continue
        if vals["fire"] + vals["misfire"] + vals["backfire"] != 6:
            r.error(wat, f"{name}: fire + misfire + backfire must be 6 (the SHOOT die's faces)")
            continue
        rng = w.get("range")
        if not (isinstance(rng, list) and len(rng) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in rng)
                and 1 <= rng[0] <= rng[1] <= 40):
            r.error(value_loc(p, w, "range") if "range" in w else wat, f"{name}: range is [low, high], e.g. [3, 5]")
            continue
        area = w.get("area")
        if area not in (None, "blast", "zone"):
            r.error(value_loc(p, w, "area"), f"{name}: area is blast (3x3) or zone (gas), not {area!r}")
            continue
        out[str(name)] = Weapon(str(name), vals["cards"], vals["actions"], vals["ammo"], vals["fire"], vals["misfire"],
                                vals["backfire"], vals["damage"], vals["min"], (rng[0], rng[1]), vals["accuracy"],
                                vals["group"], area, bool(w.get("through_walls", False)), bool(w.get("multi", False)),
                                int(w.get("turns", 0) or 0))
    return out


def _ammo(r: _Reader, node, at: Location) -> dict[int, int]:
    if not isinstance(node, dict):
        r.error(at, "ammunition maps each card's value to its number of cards, e.g. {5: 6, 10: 4}")
        return {}
    out = {}
    for k in node:
        v = node[k]
        if isinstance(k, bool) or not isinstance(k, int) or k < 1 or isinstance(v, bool) or not isinstance(v, int) or v < 0:
            r.error(key_loc(r.path, node, k), f"ammunition: {k}: {v} must be a positive value and a number of cards")
            continue
        out[k] = v
    return dict(sorted(out.items()))


def _cards(r: _Reader, node, at: Location) -> dict[str, tuple[int, int]]:
    if not isinstance(node, dict):
        r.error(at, "action_cards maps each card to [copies, actions]")
        return {}
    out = {}
    for k in node:
        v = node[k]
        where = key_loc(r.path, node, k)
        if k not in CARD_NAMES:
            r.error(where, f"unknown action card '{k}'{did_you_mean(str(k), CARD_NAMES)}")
            continue
        if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 20 for x in v)):
            r.error(value_loc(r.path, node, k), f"{k}: write [copies, actions], e.g. [2, 1]")
            continue
        out[str(k)] = (v[0], v[1])
    return out


def _agents(r: _Reader, node, at: Location) -> tuple[tuple[str, ...], int]:
    if r.mapping(node, "agents", ("special", "ordinary"), at) is None:
        return (), 0
    sp = node.get("special") or []
    if not isinstance(sp, list) or any(s not in SPECIALS for s in sp) or len(set(sp)) != len(sp):
        r.error(value_loc(r.path, node, "special") if "special" in node else at,
                f"agents.special lists distinct special agents among {', '.join(SPECIALS)}")
        sp = []
    return tuple(sp), r.whole(node, "ordinary", 0, 20, at) or 0


def _missions(r: _Reader, node, at: Location) -> tuple[str, ...]:
    if not isinstance(node, list) or any(m not in MISSIONS for m in node) or len(set(node)) != len(node):
        r.error(at, f"missions lists distinct missions among {', '.join(MISSIONS)}")
        return ()
    return tuple(node)


def load_components(path: Path, shown: str) -> tuple[Components | None, list[Problem]]:
    from gm.yamlio import load_file

    return read_components(load_file(path), shown)
