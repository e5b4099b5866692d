"""The scenario harness for Hostile Takeover (tests/scenarios_ht/, README there): a fixture carries its
game.yaml (roster, board, house rules); `before` moves pawns and sets lives and buildings."""

from __future__ import annotations

from pathlib import Path

from gm.engines.hostile_takeover import HostileTakeover, grid
from gm.engines.hostile_takeover.placement import start_play
from gm.engines.hostile_takeover.state import OPENING, PLACEMENT, PLAY, State
from gm.yamlio import load_text, plain
from scenario_harness import Fixture, Harness, assert_problems, matches

BEFORE_KEYS = {"round", "players", "buildings"}
PLAYER_KEYS = {"at", "lives", "out_round"}
STATE_KEYS = {"players", "buildings", "over", "end", "first_player", "stage", "scores", "winners", "tiles"}


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


class HostileTakeoverHarness(Harness):
    engine_name = "hostile-takeover"
    folder = "scenarios_ht"
    rulebook = "hostile-takeover.txt"
    top_keys = frozenset({"game", "expect_setup_problems", "stage", "before"})
    minimum = 20

    def setup(self, fx: Fixture):
        doc = fx.doc
        text = doc.get("game")
        if not isinstance(text, str):
            fx.fail("game must be a block of YAML text (game: |), as in a game.yaml")
        engine = HostileTakeover()
        setup = engine.setup(load_text(text, Path("game.yaml")), "game.yaml")  # lines as in the fixture's game block
        if "expect_setup_problems" in doc:
            assert_problems(Fixture(fx.path, {**doc, "expect_problems": doc["expect_setup_problems"]}), setup.problems)
            if any(p.severity == "error" for p in setup.problems) == bool(doc.get("dice") or doc.get("expect")):
                fx.fail("a fixture expecting set-up errors stops there (no dice, no expect); one expecting only warnings goes on")
            if setup.initial_state is None:
                return None
        elif [p for p in setup.problems if p.severity == "error"]:
            fx.fail("the game has errors: " + "; ".join(f"{p.where.line}:{p.where.column}: {p.message}" for p in setup.problems))
        state, day = build_state(fx, setup)
        return engine, setup.rules, state, day

    def assert_state(self, fx: Fixture, state: State, expected: dict) -> None:
        assert_state(fx, state, expected)
