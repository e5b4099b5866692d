"""The scenario harness for Battle Royale (tests/scenarios/, README there): how a fixture's `before`
becomes a state, and how `expect.state` is compared."""

from __future__ import annotations

import re

from gm.engines.battle_royale import BattleRoyale
from gm.engines.battle_royale.common import new_item
from gm.engines.battle_royale.rules import load_rules, parse_house_rules
from gm.engines.battle_royale.state import GroundItem, Item, Player, State, Trap, ZoneState
from gm.yamlio import plain
from scenario_harness import Fixture, Harness

PLAYER_KEYS = {"zone", "health", "max_health", "items", "alive", "school", "role", "died_on_day", "rival", "partner",
               "bonuses", "requested_role", "pending_proficiency", "grieving", "avenge", "collar_off_day",
               "painted_day", "megaphone_day", "escaped_on_day"}
PLAYER_FIELDS = PLAYER_KEYS - {"items", "max_health"} | {"max_health", "death", "killed_by"}  # what expect may compare
TRAP_KEYS = {"item", "owner", "zone", "toward", "day", "set_on_day"}
ZONE_KEYS = {"closed", "closing", "hidden", "ground"}
ROLE_NAMES = ("Dedicated Student", "Lone Wolf", "Lover")


def _item(state: State, rules, fx: Fixture, raw, where: str) -> Item:
    if isinstance(raw, str):
        raw = {"name": raw}
    if not isinstance(raw, dict) or "name" not in raw or set(raw) - {"name", "ammo", "contents", "worn", "held_for", "until_day"}:
        fx.fail(f"{where}: an item is a name or {{name: NAME, ammo: N, contents: [...], worn: true}}, not {raw!r}")
    proper = rules.item_named(raw["name"])
    if proper is None:
        fx.fail(f"{where}: no item called {raw['name']!r} in the rules")
    item = new_item(state, rules, proper)
    if raw.get("ammo") is not None:
        item.ammo = raw["ammo"]
    item.worn = bool(raw.get("worn", False))
    item.contents = [_item(state, rules, fx, c, f"{where}.contents") for c in raw.get("contents", [])]
    return item


def build_state(fx: Fixture, rules, day: int) -> State:
    before = plain(fx.doc.get("before") or {})
    unknown = set(before) - {"players", "zones", "marked", "traps"}
    if unknown:
        fx.fail(f"before: unknown keys {sorted(unknown)}")
    state = State(day=day - 1, players={}, zones={z: ZoneState(z) for z in rules.zones})
    hp = rules.house.max_health
    for name, spec in (before.get("players") or {}).items():
        spec = spec or {}
        if set(spec) - PLAYER_KEYS:
            fx.fail(f"before.players.{name}: unknown keys {sorted(set(spec) - PLAYER_KEYS)}")
        zone = spec.get("zone")
        if zone is not None and zone not in rules.zones:
            fx.fail(f"before.players.{name}: no zone called {zone!r}")
        alive = spec.get("alive", True)
        p = Player(
            name, spec.get("role", "Dedicated Student"), spec.get("school", "School A" if day > 0 else None),
            zone, spec.get("health", hp if alive else 0), spec.get("max_health", hp),
        )
        p.alive = alive
        if not alive:
            p.died_on_day = spec.get("died_on_day", day - 1)
        p.items = [_item(state, rules, fx, raw, f"before.players.{name}.items") for raw in spec.get("items", [])]
        for key in PLAYER_KEYS - {"zone", "health", "max_health", "items", "alive", "school", "role", "died_on_day"}:
            if key in spec:
                setattr(p, key, spec[key])
        state.players[name] = p
    state.players = dict(sorted(state.players.items()))
    for zname, spec in (before.get("zones") or {}).items():
        if zname not in state.zones:
            fx.fail(f"before.zones: no zone called {zname!r}")
        spec = spec or {}
        if set(spec) - ZONE_KEYS:
            fx.fail(f"before.zones.{zname}: unknown keys {sorted(set(spec) - ZONE_KEYS)}")
        z = state.zones[zname]
        z.closed = spec.get("closed", False)
        z.closing = spec.get("closing", False)
        z.hidden = [_item(state, rules, fx, raw, f"before.zones.{zname}.hidden") for raw in spec.get("hidden", [])]
        for raw in spec.get("ground", []):
            item = _item(state, rules, fx, raw, f"before.zones.{zname}.ground")
            held = raw.get("held_for") if isinstance(raw, dict) else None
            until = raw.get("until_day", day - 1 if held else None) if isinstance(raw, dict) else None
            z.ground.append(GroundItem(item, held, until))
    state.marked = list(before.get("marked") or [])
    for n, spec in enumerate(before.get("traps") or []):
        if not isinstance(spec, dict) or set(spec) - TRAP_KEYS or not {"item", "owner", "zone"} <= set(spec):
            fx.fail(f"before.traps[{n}]: a trap is {{item, owner, zone, toward or day, set_on_day}}, not {spec!r}")
        item = _item(state, rules, fx, spec["item"], f"before.traps[{n}]")
        kind = rules.items[item.name].get("trap")
        state.traps.append(Trap(item, kind, spec["owner"], spec["zone"], spec.get("set_on_day", day - 1),
                                spec.get("toward"), spec.get("day")))
    return state


def _match_items(fx: Fixture, where: str, actual: list[dict], expected: list) -> None:
    """Items as a multiset: each expected entry (a name, or a mapping of fields) takes one actual item."""
    wants = [{"name": w} if isinstance(w, str) else dict(w) for w in expected]
    wants.sort(key=lambda w: -len(w))  # the most specific entries first
    left = list(actual)
    for w in wants:
        hit = next((a for a in left if all(a.get(k) == v for k, v in w.items())), None)
        if hit is None:
            fx.fail(f"{where}: expected {w}, found {actual}")
        left.remove(hit)
    if left:
        fx.fail(f"{where}: unexpected {left} (all: {actual})")


def _item_record(i: Item) -> dict:
    return {"name": i.name, "ammo": i.ammo, "worn": i.worn, "contents": sorted(c.name for c in i.contents)}


def assert_state(fx: Fixture, state: State, expected: dict) -> None:
    for name, want in (expected.get("players") or {}).items():
        p = state.players.get(name)
        if p is None:
            fx.fail(f"state: no player {name}")
        for key, value in want.items():
            if key == "items":
                _match_items(fx, f"state: {name}'s items", [_item_record(i) for i in p.items], value)
            elif key in PLAYER_FIELDS:
                if getattr(p, key) != value:
                    fx.fail(f"state: {name}'s {key} is {getattr(p, key)!r}, expected {value!r}")
            else:
                fx.fail(f"expect.state.players.{name}: unknown key {key!r}")
    for zname, want in (expected.get("zones") or {}).items():
        z = state.zones.get(zname)
        if z is None:
            fx.fail(f"state: no zone {zname}")
        for key, value in want.items():
            if key in ("closed", "closing"):
                if getattr(z, key) != value:
                    fx.fail(f"state: the {zname}'s {key} is {getattr(z, key)!r}, expected {value!r}")
            elif key == "ground":
                actual = [{"name": g.item.name, "ammo": g.item.ammo, "held_for": g.held_for, "until_day": g.until_day}
                          for g in z.ground]
                _match_items(fx, f"state: items lying in the {zname}", actual, value)
            elif key == "hidden":
                _match_items(fx, f"state: items hidden in the {zname}", [{"name": i.name} for i in z.hidden], value)
            else:
                fx.fail(f"expect.state.zones.{zname}: unknown key {key!r}")
    if "traps" in expected:
        actual = [{"item": t.item.name, "owner": t.owner, "zone": t.zone, "toward": t.toward, "day": t.day} for t in state.traps]
        _match_items(fx, "state: traps", [dict(a, name=a["item"]) for a in actual],
                     [dict(w, name=w["item"]) if isinstance(w, dict) else w for w in expected["traps"]])
    for key in ("marked", "over", "outcome"):
        if key in expected:
            got = getattr(state, key)
            want = expected[key]
            if key == "marked":
                got, want = sorted(got), sorted(want)
            if got != want:
                fx.fail(f"state: {key} is {got!r}, expected {want!r}")
    unknown = set(expected) - {"players", "zones", "marked", "over", "outcome", "traps"}
    if unknown:
        fx.fail(f"expect.state: unknown keys {sorted(unknown)}")


class BattleRoyaleHarness(Harness):
    engine_name = "battle-royale"
    folder = "scenarios"
    rulebook = "battle-royale-handbook.txt"
    top_keys = frozenset({"house_rules", "day", "before"})
    minimum = 35

    def setup(self, fx: Fixture):
        house, problems = parse_house_rules(fx.doc.get("house_rules"), str(fx.path))
        if problems:
            fx.fail(f"house_rules: {'; '.join(p.message for p in problems)}")
        rules = load_rules(house)
        day = fx.doc.get("day", 1)
        return BattleRoyale(), rules, build_state(fx, rules, day), day

    def assert_state(self, fx: Fixture, state: State, expected: dict) -> None:
        assert_state(fx, state, expected)

    def public_post_problems(self, rules, narration: str) -> list[str]:
        """No role, no item (concealed or not) and no health figure in the public post."""
        found = [f"the role {r}" for r in ROLE_NAMES if r in narration]
        found += [f"the {item}" for item in rules.items if item in narration]
        if re.search(r"\d+ ?/ ?\d+", narration):
            found.append("a health figure")
        return found
