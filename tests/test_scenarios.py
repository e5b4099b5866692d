"""Scenario fixtures for the Battle Royale engine: tests as data (tests/scenarios/README.md).

Each YAML file in tests/scenarios/ pins one rule of the handbook: the state before a day, the
orders as a GM writes them, the dice, and the events and state expected. One parametrised test
runs them all; every failure names the fixture and says what differed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from gm.day import CheckedDay, resolve_checked
from gm.dice import DiceScriptError, ScriptedDice
from gm.engines.battle_royale import BattleRoyale
from gm.engines.battle_royale.common import new_item
from gm.engines.battle_royale.rules import load_rules, parse_house_rules
from gm.engines.battle_royale.state import GroundItem, Item, Player, State, Trap, ZoneState
from gm.yamlio import load_file, load_text, plain

HERE = Path(__file__).resolve().parent
SCENARIOS = sorted((HERE / "scenarios").glob("*.yaml"))
HANDBOOK = HERE.parent.parent / "shared" / "rules" / "battle-royale-handbook.txt"

TOP_KEYS = {"name", "rule", "ruling", "house_rules", "day", "before", "orders", "dice", "expect_problems", "expect"}
PLAYER_KEYS = {"zone", "health", "max_health", "items", "alive", "school", "role", "died_on_day", "rival", "partner",
               "bonuses", "requested_role", "pending_proficiency", "grieving", "avenge", "collar_off_day",
               "painted_day", "megaphone_day", "escaped_on_day"}
PLAYER_FIELDS = PLAYER_KEYS - {"items", "max_health"} | {"max_health", "death", "killed_by"}  # what expect may compare
TRAP_KEYS = {"item", "owner", "zone", "toward", "day", "set_on_day"}
ZONE_KEYS = {"closed", "closing", "hidden", "ground"}
EXPECT_KEYS = {"events", "no_events", "state"}


class FixtureError(AssertionError):
    """A fixture that is malformed, or whose expectations the engine does not meet."""


class FixtureDice(ScriptedDice):
    """ScriptedDice that also lets a fixture

    - choose an item by its name where the engine draws among labelled items ("Knife #4"):
      `{choose: Knife}` picks the first Knife offered, and
    - say what a roll is for: `{roll: 41, for: "Rifle"}` fails unless the roll's purpose contains "Rifle".
    """

    def _draw(self, sides: int, purpose: str, choices: Sequence[Any] | None = None) -> int:
        k = self._next
        want = self.script[k] if k < len(self.script) else None
        if isinstance(want, dict):
            if "for" in want and str(want["for"]) not in purpose:
                raise DiceScriptError(f"roll #{k} is for {purpose!r}, the fixture says it is for {want['for']!r}")
            if "roll" in want:
                self.script[k] = want["roll"]
            elif "choose" in want:
                target = want["choose"]
                options = list(choices or [])
                if target not in options:
                    labelled = [o for o in options if isinstance(o, str) and o.rsplit(" #", 1)[0] == target]
                    target = labelled[0] if labelled else target
                self.script[k] = {"choose": target}
        return super()._draw(sides, purpose, choices)


@dataclass
class Fixture:
    path: Path
    doc: dict

    @property
    def label(self) -> str:
        return f"{self.path.name} ({self.doc.get('name', '?')})"

    def fail(self, message: str) -> None:
        raise FixtureError(f"{self.label}: {message}")


def load_fixture(path: Path) -> Fixture:
    return Fixture(path, load_file(path))


# ---- the state before -------------------------------------------------------------------


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


# ---- orders and their problems ------------------------------------------------------------


def check(fx: Fixture, engine, rules, state: State, day: int) -> CheckedDay:
    """The orders text checked by the engine's real checker; defaults for the players left out."""
    text = fx.doc.get("orders")
    if text is not None and not isinstance(text, str):
        fx.fail("orders must be a block of YAML text (orders: |), as the GM writes it in an orders file")
    doc = load_text(text or "", Path("orders.yaml"))
    orders, problems = engine.check_orders(doc, "orders.yaml", rules, state, day, {})
    due = engine.players_due(state)
    missing = [p for p in due if p not in orders]
    for p in missing:
        orders[p] = engine.default_orders(p, day)
    return CheckedDay(day, state, dict(sorted(orders.items())), missing, problems)


def assert_problems(fx: Fixture, problems) -> None:
    expected = plain(fx.doc.get("expect_problems") or [])
    shown = "\n    ".join(f"{p.where.line}:{p.where.column}: {p.severity}: {p.message}" for p in problems) or "(none)"
    unmatched = list(problems)
    for want in expected:
        severity = want.get("severity", "error")
        hit = next((p for p in unmatched if p.where.line == want.get("line") and p.where.column == want.get("column")
                    and p.severity == severity and str(want.get("message_contains", "")) in p.message), None)
        if hit is None:
            fx.fail(f"expected the {severity} {want} from the order checker; it reported:\n    {shown}")
        unmatched.remove(hit)
    errors = [p for p in unmatched if p.severity == "error"]
    if errors:
        fx.fail(f"the order checker reported errors the fixture does not expect:\n    {shown}")


# ---- events -------------------------------------------------------------------------------


def _visibility(event) -> Any:
    return event.visibility if isinstance(event.visibility, str) else sorted(event.visibility)


def matches(got, want) -> bool:
    """Equality, except that a mapping in the fixture need only list some of the fields."""
    if isinstance(want, dict) and isinstance(got, dict):
        return all(k in got and matches(got[k], v) for k, v in want.items())
    if isinstance(want, list) and isinstance(got, (list, tuple)):
        return len(want) == len(got) and all(matches(g, w) for g, w in zip(got, want))
    return got == want


def event_matches(event, pattern: dict) -> bool:
    if event.kind != pattern.get("kind"):
        return False
    for key, want in pattern.items():
        if key == "kind":
            continue
        if key == "step":
            got = event.step
        elif key == "about":
            got = list(event.about)
        elif key == "visibility":
            got = _visibility(event)
            want = want if isinstance(want, str) else sorted(want)
        elif key in event.data:
            got = event.data[key]
        else:
            return False
        if not matches(got, want):
            return False
    return True


def _show(event) -> str:
    data = ", ".join(f"{k}={v!r}" for k, v in event.data.items() if k != "why")
    return f"{event.kind} [{event.step}] {data}"


def assert_events(fx: Fixture, events, expected: list, forbidden: list) -> None:
    """The expected events must occur in that order (a subsequence: others may come between)."""
    log = "\n    ".join(f"#{i} {_show(e)}" for i, e in enumerate(events))
    pos = 0
    for n, pattern in enumerate(expected):
        if "kind" not in pattern:
            fx.fail(f"expect.events[{n}] has no kind")
        found = next((i for i in range(pos, len(events)) if event_matches(events[i], pattern)), None)
        if found is None:
            anywhere = next((i for i in range(len(events)) if event_matches(events[i], pattern)), None)
            where = f" (it happened at #{anywhere}, before the previous expected event)" if anywhere is not None else ""
            fx.fail(f"expected event #{n} {pattern} did not happen after event #{pos - 1}{where}; the events were:\n    {log}")
        pos = found + 1
    for pattern in forbidden:
        pattern = {"kind": pattern} if isinstance(pattern, str) else pattern
        bad = [i for i, e in enumerate(events) if event_matches(e, pattern)]
        if bad:
            fx.fail(f"event {pattern} must not happen, but it did (#{bad[0]}); the events were:\n    {log}")


# ---- the state after ------------------------------------------------------------------------


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


# ---- the runner -----------------------------------------------------------------------------


def run_fixture(fx: Fixture) -> None:
    resolve_fixture(fx)


def resolve_fixture(fx: Fixture):
    """Check and resolve the fixture's day, asserting what it expects; returns (rules, checked, state, events,
    dice), or None for a fixture that stops at the order checker's errors."""
    doc = fx.doc
    if set(doc) - TOP_KEYS:
        fx.fail(f"unknown top-level keys {sorted(set(doc) - TOP_KEYS)}")
    for key in ("name", "rule"):
        if not doc.get(key):
            fx.fail(f"every fixture needs a {key}")
    house, problems = parse_house_rules(doc.get("house_rules"), str(fx.path))
    if problems:
        fx.fail(f"house_rules: {'; '.join(p.message for p in problems)}")
    rules = load_rules(house)
    engine = BattleRoyale()
    day = doc.get("day", 1)
    state = build_state(fx, rules, day)
    checked = check(fx, engine, rules, state, day)
    assert_problems(fx, checked.problems)
    expect = plain(doc.get("expect") or {})
    if checked.errors:
        if expect or doc.get("dice"):
            fx.fail("a fixture whose orders have errors cannot also expect a resolved day")
        return None
    if not expect:
        fx.fail("a fixture must expect events or a state (or order problems)")
    if set(expect) - EXPECT_KEYS:
        fx.fail(f"expect: unknown keys {sorted(set(expect) - EXPECT_KEYS)}")
    dice = FixtureDice(script=plain(doc.get("dice") or []))
    game = SimpleNamespace(engine=engine, rules=rules)
    try:
        after, events = resolve_checked(game, checked, dice)
        dice.finish()
    except DiceScriptError as exc:
        fx.fail(f"dice: {exc}")
    assert_events(fx, events, expect.get("events") or [], expect.get("no_events") or [])
    assert_state(fx, after, expect.get("state") or {})
    return rules, checked, after, events, dice


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    run_fixture(load_fixture(path))


ROLE_NAMES = ("Dedicated Student", "Lone Wolf", "Lover")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_posts(path: Path) -> None:
    """Every fixture's day renders (BBCode and Markdown) with balanced tags, and its public post names no
    role, no item (concealed or not), no health figure and no analysis result."""
    import re

    from gm.day import ResolvedDay
    from gm.gamedir import Game
    from gm.render import bbcode_problems, render_day

    fx = load_fixture(path)
    got = resolve_fixture(fx)
    if got is None:
        return
    rules, checked, after, events, dice = got
    for fmt in ("bbcode", "markdown"):
        game = Game(Path("/nonexistent-fixture-game"), BattleRoyale(), "Fixture", fmt, rules, [], None)
        files = render_day(game, ResolvedDay(checked.day, b"fixture", checked, after, events, dice.log))
        narration = files[f"narration.{game.ext}"]
        for name, text in files.items():
            if fmt == "bbcode" and name.endswith(".bbcode"):
                assert bbcode_problems(text) == [], f"{fx.label}: {name}"
        for role in ROLE_NAMES:
            assert role not in narration, f"{fx.label}: a role in the public post"
        for item in rules.items:
            assert item not in narration, f"{fx.label}: the {item} in the public post"
        assert not re.search(r"\d+ ?/ ?\d+", narration), f"{fx.label}: a health figure in the public post"
        assert len([n for n in files if n.startswith("messages/")]) == len(checked.orders)


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 35, f"only {len(SCENARIOS)} scenario fixtures found in {HERE / 'scenarios'}"


@pytest.mark.skipif(not HANDBOOK.exists(), reason="the handbook text is not beside this checkout")
@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_rule_is_quoted_verbatim(path: Path) -> None:
    """The `rule` a fixture quotes is the handbook's own words."""
    assert_quotes(load_fixture(path), HANDBOOK)


def assert_quotes(fx: Fixture, rulebook: Path) -> None:
    """Every {section, text} of the fixture's `rule` is word for word in the rulebook (spacing aside)."""
    rule = plain(fx.doc.get("rule"))
    text = " ".join(rulebook.read_text(encoding="utf-8").split())
    for quote in rule if isinstance(rule, list) else [rule]:
        if not isinstance(quote, dict) or not quote.get("section") or not quote.get("text"):
            fx.fail("rule must be {section: ..., text: ...} or a list of them")
        if " ".join(str(quote["text"]).split()) not in text:
            fx.fail(f"rule.text is not a verbatim quote of {rulebook.name}: {quote['text']!r}")


# ---- the runner itself must be able to fail -----------------------------------------------------

_PROBE = """\
name: probe
rule: {section: V.A.1, text: "x"}
before:
  players:
    Akane: {zone: Field}
    Bruno: {zone: Field}
orders: |
  Akane:
    action: {attack: {targets: [Bruno]}}
  Bruno:
    action: search
dice: [50, 1]
expect:
  events:
    - {kind: attack, attacker: Akane, target: Bruno, hit: true, damage: 1}
  state:
    players:
      Bruno: {health: 9}
"""


def _probe(edit=None) -> Fixture:
    doc = load_text(_PROBE, Path("probe.yaml"))
    if edit:
        edit(doc)
    return Fixture(Path("probe.yaml"), doc)


def test_runner_accepts_the_probe() -> None:
    run_fixture(_probe())


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["expect"]["events"].append({"kind": "death", "player": "Bruno"}), "did not happen"),
    (lambda d: d["expect"]["events"].insert(0, {"kind": "search", "player": "Bruno"}), "before the previous"),
    (lambda d: d["expect"].__setitem__("no_events", ["attack"]), "must not happen"),
    (lambda d: d["expect"]["state"]["players"]["Bruno"].__setitem__("health", 8), "health is 9, expected 8"),
    (lambda d: d["dice"].append(7), "never used"),
    (lambda d: d["dice"].pop(), "unscripted roll"),
    (lambda d: d["dice"].__setitem__(0, {"roll": 50, "for": "Bruno attacks"}), "the fixture says"),
    (lambda d: d.__setitem__("orders", "Akane:\n  action: {attack: {weapon: Rifel, targets: [Bruno]}}\n"), "errors the fixture does not expect"),
])
def test_runner_fails_when_the_engine_differs(edit, message) -> None:
    with pytest.raises(FixtureError, match="probe.yaml") as info:
        run_fixture(_probe(edit))
    assert message in str(info.value)
