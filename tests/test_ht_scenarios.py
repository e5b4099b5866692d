"""Scenario fixtures for the Hostile Takeover engine: tests as data (tests/scenarios_ht/README.md).

Each YAML file in tests/scenarios_ht/ pins one rule: a game.yaml (roster, board, house rules),
the state before the day, the orders as a GM writes them, the d12 rolls, and the events and
state expected. The file format, the order checker's problems and the dice follow the Battle
Royale runner (tests/test_scenarios.py), whose helpers this reuses.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from gm.day import CheckedDay, resolve_checked
from gm.dice import DiceScriptError
from gm.engines.hostile_takeover import HostileTakeover, grid
from gm.engines.hostile_takeover.placement import start_play
from gm.engines.hostile_takeover.state import OPENING, PLACEMENT, PLAY, State
from gm.yamlio import load_file, load_text, plain
from test_scenarios import Fixture, FixtureDice, FixtureError, assert_events, assert_problems, assert_quotes, matches

HERE = Path(__file__).resolve().parent
SCENARIOS = sorted((HERE / "scenarios_ht").glob("*.yaml"))
RULEBOOK = HERE.parent.parent / "shared" / "rules" / "hostile-takeover.txt"

TOP_KEYS = {"name", "rule", "ruling", "game", "expect_setup_problems", "stage", "before", "orders", "dice",
            "expect_problems", "expect"}
BEFORE_KEYS = {"round", "players", "buildings"}
PLAYER_KEYS = {"at", "lives", "out_round"}
EXPECT_KEYS = {"events", "no_events", "state"}
STATE_KEYS = {"players", "buildings", "over", "end", "first_player", "stage", "scores", "winners", "tiles"}


def load_fixture(path: Path) -> Fixture:
    return Fixture(path, load_file(path))


# ---- the game and the state before ---------------------------------------------------------------


def setup_game(fx: Fixture):
    text = fx.doc.get("game")
    if not isinstance(text, str):
        fx.fail("game must be a block of YAML text (game: |), as in a game.yaml")
    doc = load_text(text, Path("game.yaml"))  # lines as in the fixture's game block
    engine = HostileTakeover()
    setup = engine.setup(doc, "game.yaml")
    return engine, setup


def build_state(fx: Fixture, setup) -> tuple[State, int]:
    """The state before the day to resolve, and that day's number."""
    state: State = setup.initial_state
    stage = fx.doc.get("stage", PLAY if state.tiles else state.stage)
    before = plain(fx.doc.get("before") or {})
    if set(before) - BEFORE_KEYS:
        fx.fail(f"before: unknown keys {sorted(set(before) - BEFORE_KEYS)}")
    if stage in (OPENING, PLACEMENT):
        if stage != state.stage:
            fx.fail(f"stage {stage} does not follow from the game (it starts at {state.stage})")
        if before:
            fx.fail("`before` is for games in play")
        return state, 0
    if not state.tiles or state.first_player is None:
        fx.fail("a game in play needs a board and a first_player in its game")
    rnd = before.get("round", 1)
    state.day = 0
    start_play(state)  # pawns onto their spawns; Round 1 is Day 1
    state.day = rnd - 1
    for name, spec in (before.get("players") or {}).items():
        p = state.players.get(name)
        if p is None:
            fx.fail(f"before.players: no player {name}")
        if set(spec) - PLAYER_KEYS:
            fx.fail(f"before.players.{name}: unknown keys {sorted(set(spec) - PLAYER_KEYS)}")
        if "at" in spec:
            p.at = grid.parse(spec["at"]) if spec["at"] else None
        if "lives" in spec:
            p.lives = spec["lives"]
        if "out_round" in spec:
            p.out_round = spec["out_round"]
            p.at = None
            p.lives = 0
    for label, spec in (before.get("buildings") or {}).items():
        b = state.find_building(grid.parse(label))
        if b is None:
            fx.fail(f"before.buildings: no building on {label}")
        b.owner = spec.get("owner", b.owner)
        b.points = spec.get("points", b.points)
    pawns = [p.at for p in state.players.values() if p.on_board]
    if len(pawns) != len(set(pawns)):
        fx.fail("before: two pawns on one square")
    return state, rnd


def check(fx: Fixture, engine, rules, state: State, day: int) -> CheckedDay:
    text = fx.doc.get("orders")
    if text is not None and not isinstance(text, str):
        fx.fail("orders must be a block of YAML text (orders: |), as the GM writes it in an orders file")
    doc = load_text(text or "", Path("orders.yaml"))
    orders, problems = engine.check_orders(doc, "orders.yaml", rules, state, day, {})
    due = engine.players_due(state)
    missing = [p for p in due if p not in orders]
    for p in missing:
        orders[p] = engine.default_orders(p, day)
    if not any(p.severity == "error" for p in problems):
        problems += engine.check_all(orders, missing, state, rules, day, "orders")
    return CheckedDay(day, state, dict(sorted(orders.items())), missing, problems, due=due)


# ---- events and state ------------------------------------------------------------------------------


def assert_state(fx: Fixture, state: State, expected: dict) -> None:
    if set(expected) - STATE_KEYS:
        fx.fail(f"expect.state: unknown keys {sorted(set(expected) - STATE_KEYS)}")
    got = state.to_json()
    players = {p["name"]: p for p in got["players"]}
    for name, want in (expected.get("players") or {}).items():
        if name not in players:
            fx.fail(f"state: no player {name}")
        for key, value in want.items():
            if key not in players[name]:
                fx.fail(f"expect.state.players.{name}: unknown key {key!r}")
            if players[name][key] != value:
                fx.fail(f"state: {name}'s {key} is {players[name][key]!r}, expected {value!r}")
    buildings = {b["squares"][0]: b for b in got["buildings"]}
    for label, want in (expected.get("buildings") or {}).items():
        if label not in buildings:
            fx.fail(f"state: no building labelled {label} (buildings: {sorted(buildings)})")
        if not matches(buildings[label], want):
            fx.fail(f"state: the building at {label} is {buildings[label]}, expected {want}")
    for key in ("over", "end", "first_player", "stage", "tiles"):
        if key in expected and got[key] != expected[key]:
            fx.fail(f"state: {key} is {got[key]!r}, expected {expected[key]!r}")
    if "scores" in expected and not matches(got["scores"], expected["scores"]):
        fx.fail(f"state: the scores are {got['scores']}, expected {expected['scores']}")
    if "winners" in expected:
        winners = [r["player"] for r in got["scores"] if r["place"] == 1]
        if winners != expected["winners"]:
            fx.fail(f"state: the winners are {winners}, expected {expected['winners']}")


# ---- the runner -------------------------------------------------------------------------------------


def run_fixture(fx: Fixture) -> None:
    doc = fx.doc
    if set(doc) - TOP_KEYS:
        fx.fail(f"unknown top-level keys {sorted(set(doc) - TOP_KEYS)}")
    for key in ("name", "rule"):
        if not doc.get(key):
            fx.fail(f"every fixture needs a {key}")
    engine, setup = setup_game(fx)
    if "expect_setup_problems" in doc:
        assert_problems(Fixture(fx.path, {**doc, "expect_problems": doc["expect_setup_problems"]}), setup.problems)
        if any(p.severity == "error" for p in setup.problems) == bool(doc.get("dice") or doc.get("expect")):
            fx.fail("a fixture expecting set-up errors stops there (no dice, no expect); one expecting only warnings goes on")
        if setup.initial_state is None:
            return
    elif [p for p in setup.problems if p.severity == "error"]:
        fx.fail("the game has errors: " + "; ".join(f"{p.where.line}:{p.where.column}: {p.message}" for p in setup.problems))
    state, day = build_state(fx, setup)
    checked = check(fx, engine, setup.rules, state, day)
    assert_problems(fx, checked.problems)
    expect = plain(doc.get("expect") or {})
    if checked.errors:
        if expect or doc.get("dice"):
            fx.fail("a fixture whose orders have errors cannot also expect a resolved day")
        return
    if not expect:
        fx.fail("a fixture must expect events or a state (or order problems)")
    if set(expect) - EXPECT_KEYS:
        fx.fail(f"expect: unknown keys {sorted(set(expect) - EXPECT_KEYS)}")
    dice = FixtureDice(script=plain(doc.get("dice") or []))
    game = SimpleNamespace(engine=engine, rules=setup.rules)
    try:
        after, events = resolve_checked(game, checked, dice)
        dice.finish()
    except DiceScriptError as exc:
        fx.fail(f"dice: {exc}")
    assert_events(fx, events, expect.get("events") or [], expect.get("no_events") or [])
    assert_state(fx, after, expect.get("state") or {})
    # every fixture's state survives a save and a load
    assert State.from_json(after.to_json()).to_json() == after.to_json()


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    run_fixture(load_fixture(path))


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 20, f"only {len(SCENARIOS)} scenario fixtures found in {HERE / 'scenarios_ht'}"


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook text is not beside this checkout")
@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_rule_is_quoted_verbatim(path: Path) -> None:
    """The `rule` a fixture quotes is the rulebook's own words."""
    assert_quotes(load_fixture(path), RULEBOOK)


# ---- the runner itself must be able to fail ---------------------------------------------------------

_PROBE = """\
name: probe
rule: {section: Combat, text: "x"}
game: |
  roster: [{name: Akane, colour: Red}, {name: Bruno, colour: Blue}]
  first_player: Akane
  house_rules: {tiles: 2}
  board: {tiles: [A1, C1], spawns: {Akane: A1, Bruno: D2}}
before:
  players: {Bruno: {at: B2}}
orders: |
  Akane: {attack: Blue}
  Bruno: pass
dice: [9, 4]
expect:
  events:
    - {kind: combat, attacker: Akane, defender: Bruno, winner: Akane, taken: B2}
  state:
    players:
      Bruno: {lives: 2, at: D2}
"""


def _probe(edit=None) -> Fixture:
    doc = load_text(_PROBE, Path("probe.yaml"))
    if edit:
        edit(doc)
    return Fixture(Path("probe.yaml"), doc)


def test_runner_accepts_the_probe() -> None:
    run_fixture(_probe())


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["expect"]["events"].append({"kind": "pushed"}), "did not happen"),
    (lambda d: d["expect"].__setitem__("no_events", ["combat"]), "must not happen"),
    (lambda d: d["expect"]["state"]["players"]["Bruno"].__setitem__("lives", 3), "lives is 2, expected 3"),
    (lambda d: d["dice"].append(7), "never used"),
    (lambda d: d["dice"].pop(), "unscripted roll"),
    (lambda d: d["dice"].__setitem__(0, {"roll": 9, "for": "Bruno's roll"}), "the fixture says"),
    (lambda d: d.__setitem__("orders", "Akane: {atack: Blue}\n"), "errors the fixture does not expect"),
])
def test_runner_fails_when_the_engine_differs(edit, message) -> None:
    with pytest.raises(FixtureError, match="probe.yaml") as info:
        run_fixture(_probe(edit))
    assert message in str(info.value)
