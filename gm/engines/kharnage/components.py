"""The cards of a Kharnage game read from their file: armies of Unit cards, Generals and Battle
cards, and the token supply (games/kharnage/components.yaml, or the GM's own file named by
`components:`), into the data of cards.py.

Every field is checked with its line and column: a GM typing in the real cards gets one located
message per mistake, never a traceback. The schema is written at the top of the shipped file.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from gm.errors import Location, Problem
from gm.paths import games_dir
from gm.suggest import did_you_mean
from gm.yamlio import item_loc, key_loc, node_loc, value_loc

from .cards import Army, BattleCard, Components, UnitDef

DATA = games_dir("kharnage")
SHIPPED = DATA / "components.yaml"

COUNT_SKILLS = ("sword", "bow", "magic", "chief", "veteran")  # a number on the card
FLAG_SKILLS = ("flight", "kamikaze", "knight", "powder", "stomp", "web")  # present or not
SKILLS = COUNT_SKILLS + FLAG_SKILLS
ELITE = ("sword", "bow", "magic")
ATTACKS = ("assault", "shooting")
TOKENS = ("skull_1", "skull_3", "skull_5", "kharnage", "web")
UNIT_KEYS = ("id", "name", "copies", "line", "armor", "shields", "skills", "elite", "large")
CARD_KEYS = ("id", "name", "initiative", "flags", "bicolor", "attacks", "power")
ARMY_KEYS = ("zero_card", "generals", "battle_cards", "units")
POWER_KINDS = ("reinforce", "attack", "text")
MAX_COPIES = 40
MAX_CARDS = 400  # Unit cards in one army


def _int(c: "_Reader", node, key: str, lo: int, hi: int, default: int | None = None) -> int | None:
    if key not in node:
        if default is None:
            c.error(node_loc(c.path, node), f"missing `{key}` (a whole number from {lo} to {hi})")
        return default
    v = node[key]
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        c.error(value_loc(c.path, node, key), f"{key} must be a whole number from {lo} to {hi}, not {v!r}")
        return None
    return v


class _Reader:
    def __init__(self, path: str):
        self.path = path
        self.problems: list[Problem] = []
        self.ids: dict[str, Location] = {}

    def error(self, where: Location, message: str) -> None:
        self.problems.append(Problem(where, message))

    def unknown_keys(self, node, known: tuple[str, ...], what: str) -> None:
        for key in node:
            if key not in known:
                self.error(key_loc(self.path, node, key), f"unknown {what} field '{key}'{did_you_mean(str(key), known)}")

    def new_id(self, raw, where: Location) -> str | None:
        if not isinstance(raw, str) or not raw.strip() or len(raw) > 40 or any(ch.isspace() for ch in raw):
            self.error(where, f"an id is a short word without spaces (like DW-U01), not {raw!r}")
            return None
        if raw in self.ids:
            self.error(where, f"the id {raw} is already used at line {self.ids[raw].line}")
            return None
        self.ids[raw] = where
        return raw

    def name(self, node, where: Location) -> str | None:
        raw = node.get("name")
        if not isinstance(raw, str) or not raw.strip() or len(raw) > 40:
            self.error(value_loc(self.path, node, "name") if "name" in node else where,
                       f"a name is text of 1 to 40 characters, not {raw!r}")
            return None
        return raw.strip()


def _symbols(c: _Reader, node, key: str, allowed: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    raw = node.get(key)
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        c.error(value_loc(c.path, node, key), f"{key} is a mapping like {{sword: 2, stomp: true}}")
        return ()
    out = []
    for k in raw:
        v = raw[k]
        at = value_loc(c.path, raw, k)
        if k not in allowed:
            c.error(key_loc(c.path, raw, k), f"unknown {key[:-1] if key == 'skills' else key} symbol '{k}'"
                                             f"{did_you_mean(str(k), allowed)} (known: {', '.join(allowed)})")
        elif k in FLAG_SKILLS:
            if v is not True:
                c.error(at, f"{k} is written `{k}: true` (or left out)")
            else:
                out.append((k, 1))
        elif isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 20:
            c.error(at, f"{k} must be a whole number from 1 to 20, not {v!r}")
        else:
            out.append((k, v))
    return tuple(out)


def _unit(c: _Reader, army: str, node, where: Location, general: bool) -> tuple[UnitDef, int] | None:
    if not isinstance(node, dict):
        c.error(where, "a Unit is a mapping: {id, name, line, armor, ...}")
        return None
    c.unknown_keys(node, UNIT_KEYS, "Unit")
    uid = c.new_id(node.get("id"), value_loc(c.path, node, "id") if "id" in node else where)
    name = c.name(node, where)
    armor = _int(c, node, "armor", 0, 99)
    shields = _int(c, node, "shields", 0, 20, 0)
    copies = _int(c, node, "copies", 1, MAX_COPIES, 1)
    if general and "copies" in node:
        c.error(key_loc(c.path, node, "copies"), "a General is one card: no copies")
    skills = _symbols(c, node, "skills", SKILLS)
    elite = _symbols(c, node, "elite", ELITE)
    parts: list[tuple[str, int]] = []
    large = node.get("large")
    if large is not None:
        lat = value_loc(c.path, node, "large")
        if "line" in node:
            c.error(key_loc(c.path, node, "line"), "a Large unit has no `line` of its own: each part has one")
        if general:
            c.error(lat, "a General cannot be a Large unit here")
        if copies not in (None, 1):
            c.error(value_loc(c.path, node, "copies"), "a Large unit is one copy (its parts are the cards)")
        seq = large.get("parts") if isinstance(large, dict) else None
        if not isinstance(seq, list) or len(seq) < 2:
            c.error(lat, "large is {parts: [{id: ..., line: 1}, {id: ..., line: 2}]} with two parts or more")
        else:
            for i, part in enumerate(seq):
                pat = item_loc(c.path, seq, i)
                if not isinstance(part, dict):
                    c.error(pat, "a part is {id: ..., line: N}")
                    continue
                c.unknown_keys(part, ("id", "line"), "part")
                pid = c.new_id(part.get("id"), value_loc(c.path, part, "id") if "id" in part else pat)
                line = _int(c, part, "line", 1, 3)
                if pid and line:
                    parts.append((pid, line))
    else:
        line = _int(c, node, "line", 1, 3)
        if uid and line:
            parts.append((uid, line))
    if None in (uid, name, armor, shields, copies) or not parts:
        return None
    return UnitDef(uid, name, army, armor, shields, skills, elite, tuple(parts), general), copies


def _power(c: _Reader, node, where: Location) -> tuple[bool, Any]:
    if node is None:
        return True, None
    if not isinstance(node, dict) or len([k for k in node if k != "gm"]) != 1:
        c.error(where, "power is null, {reinforce: N}, {attack: {type: assault, points: N}} or "
                       "{text: \"...\", gm: true}")
        return False, None
    kind = next(k for k in node if k != "gm")
    if kind not in POWER_KINDS:
        c.error(key_loc(c.path, node, kind), f"unknown Power '{kind}'{did_you_mean(str(kind), POWER_KINDS)}: "
                                             "write a Power the engine does not know as {text: \"...\", gm: true}")
        return False, None
    if kind == "text":
        if node.get("gm") is not True or not isinstance(node["text"], str):
            c.error(where, "a Power the engine does not know is {text: \"what the card says\", gm: true}")
            return False, None
        return True, {"text": str(node["text"]), "gm": True}
    if "gm" in node:
        c.error(key_loc(c.path, node, "gm"), "`gm: true` goes with `text:` only")
        return False, None
    if kind == "reinforce":
        n = _int(c, node, "reinforce", 1, 10)
        return n is not None, {"reinforce": n}
    at = node["attack"]
    if not isinstance(at, dict) or at.get("type") not in ATTACKS:
        c.error(value_loc(c.path, node, "attack"), "attack is {type: assault | shooting, points: N}")
        return False, None
    c.unknown_keys(at, ("type", "points"), "attack")
    pts = _int(c, at, "points", 1, 50)
    return pts is not None, {"attack": {"type": str(at["type"]), "points": pts}}


def _battle_card(c: _Reader, army: str, node, where: Location) -> BattleCard | None:
    if not isinstance(node, dict):
        c.error(where, "a Battle card is a mapping: {id, name, initiative, flags, attacks, ...}")
        return None
    c.unknown_keys(node, CARD_KEYS, "Battle card")
    cid = c.new_id(node.get("id"), value_loc(c.path, node, "id") if "id" in node else where)
    name = c.name(node, where)
    ini = _int(c, node, "initiative", 0, 9999)
    flags = _int(c, node, "flags", 0, 20)
    bicolor = node.get("bicolor", False)
    if not isinstance(bicolor, bool):
        c.error(value_loc(c.path, node, "bicolor"), f"bicolor must be true or false, not {bicolor!r}")
        return None
    if bicolor and flags == 0:
        c.error(value_loc(c.path, node, "bicolor"), "a bicolor flag needs at least one flag")
    attacks = node.get("attacks", [])
    if attacks is None:
        attacks = []
    if not isinstance(attacks, list) or any(a not in ATTACKS for a in attacks) or len(attacks) > 4:
        c.error(value_loc(c.path, node, "attacks") if "attacks" in node else where,
                "attacks is a list of assault | shooting, left to right (at most 4)")
        return None
    ok, power = _power(c, node.get("power"), value_loc(c.path, node, "power") if "power" in node else where)
    if not ok or None in (cid, name, ini, flags):
        return None
    return BattleCard(cid, name, army, ini, flags, bicolor, tuple(str(a) for a in attacks), power)


def _army(c: _Reader, name: str, node, where: Location) -> Army | None:
    if not isinstance(node, dict):
        c.error(where, f"the army {name} is a mapping with {', '.join(ARMY_KEYS)}")
        return None
    c.unknown_keys(node, ARMY_KEYS, "army")
    before = len(c.problems)
    zero = node.get("zero_card")
    flags = None
    if not isinstance(zero, dict):
        c.error(value_loc(c.path, node, "zero_card") if "zero_card" in node else where, "zero_card is {flags: N}")
    else:
        c.unknown_keys(zero, ("flags",), "zero_card")
        flags = _int(c, zero, "flags", 0, 20)
    lists: dict[str, list] = {}
    for key in ("generals", "battle_cards", "units"):
        seq = node.get(key)
        if not isinstance(seq, list) or (key != "generals" and not seq):
            c.error(value_loc(c.path, node, key) if key in node else where, f"{key} is a list" +
                    ("" if key == "generals" else " of at least one card"))
            seq = []
        lists[key] = seq
    generals = [g for i, raw in enumerate(lists["generals"])
                if (g := _unit(c, name, raw, item_loc(c.path, lists["generals"], i), True))]
    units = [u for i, raw in enumerate(lists["units"])
             if (u := _unit(c, name, raw, item_loc(c.path, lists["units"], i), False))]
    cards = [b for i, raw in enumerate(lists["battle_cards"])
             if (b := _battle_card(c, name, raw, item_loc(c.path, lists["battle_cards"], i)))]
    names: dict[str, str] = {}
    for u, _ in generals + units:
        if u.name.casefold() in names:
            c.error(where, f"two Units of {name} are called {u.name!r}: plans name Units, so names must differ")
        names[u.name.casefold()] = u.id
    bnames = [b.name.casefold() for b in cards]
    if len(set(bnames)) != len(bnames):
        c.error(where, f"two Battle cards of {name} have the same name: orders name them")
    reserve: list[str] = []
    for u, copies in units:
        if u.large:
            reserve += [pid for pid, _ in u.parts]
        else:
            reserve += [u.id if copies == 1 else f"{u.id}.{k}" for k in range(1, copies + 1)]
    if len(reserve) > MAX_CARDS:
        c.error(where, f"{name} has {len(reserve)} Unit cards; at most {MAX_CARDS}")
    if len(c.problems) > before or flags is None:
        return None
    return Army(name, flags, tuple(g for g, _ in generals), tuple(cards),
                tuple(u for u, _ in units), tuple(reserve))


def read_components(doc, path: str) -> tuple[Components | None, list[Problem]]:
    c = _Reader(path)
    if not isinstance(doc, dict):
        c.error(node_loc(path, doc), "a components file is a mapping with `tokens` and `armies`")
        return None, c.problems
    c.unknown_keys(doc, ("tokens", "armies"), "components")
    tokens = {"skull_1": 4, "skull_3": 4, "skull_5": 4, "kharnage": 12, "web": 6}
    raw = doc.get("tokens")
    if raw is not None:
        if not isinstance(raw, dict):
            c.error(value_loc(path, doc, "tokens"), "tokens is a mapping like {skull_5: 4, kharnage: 12}")
        else:
            c.unknown_keys(raw, TOKENS, "tokens")
            for k in TOKENS:
                if k in raw:
                    v = _int(c, raw, k, 0, 999)
                    if v is not None:
                        tokens[k] = v
    armies_node = doc.get("armies")
    armies: dict[str, Army] = {}
    if not isinstance(armies_node, dict) or not armies_node:
        c.error(value_loc(path, doc, "armies") if "armies" in doc else node_loc(path, doc),
                "armies maps each army's name to its cards")
    else:
        for name in armies_node:
            at = key_loc(path, armies_node, name)
            if not isinstance(name, str) or not name.strip() or len(name) > 40:
                c.error(at, f"an army's name is text of 1 to 40 characters, not {name!r}")
                continue
            army = _army(c, str(name), armies_node[name], value_loc(path, armies_node, name))
            if army:
                armies[army.name] = army
    if c.problems:
        return None, c.problems
    comp = Components(path, tokens, armies)
    for army in armies.values():
        for u in army.generals + army.units:
            for pid, line in u.parts:
                comp.unit_of[pid] = u
                comp.line_of[pid] = line
        for card in army.reserve:
            base = card.rsplit(".", 1)[0] if card not in comp.unit_of else card
            comp.unit_of[card] = comp.unit_of[base]
            comp.line_of[card] = comp.line_of[base]
        for b in army.battle_cards:
            comp.battle[b.id] = b
    return comp, []


@lru_cache(maxsize=1)
def shipped() -> Components:
    """The stand-in armies (a shipping mistake here is a bug, so it raises)."""
    from gm.yamlio import load_file

    comp, problems = read_components(load_file(SHIPPED), "games/kharnage/components.yaml")
    if comp is None:
        raise ValueError("; ".join(str(p) for p in problems))
    return comp


def load_components(path: Path, shown: str) -> tuple[Components | None, list[Problem]]:
    """A GM's own components file (errors located in that file)."""
    from gm.errors import LocatedError
    from gm.yamlio import load_file

    if not path.is_file():
        return None, [Problem(Location(shown), "no such components file")]
    if path.stat().st_size > 2_000_000:
        return None, [Problem(Location(shown), "a components file may be at most 2 MB")]
    try:
        doc = load_file(path)
    except LocatedError as exc:
        return None, [exc.problem]
    return read_components(doc, shown)
