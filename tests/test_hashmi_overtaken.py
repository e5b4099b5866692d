"""Hashmi with `turns_per_day` > 1 (ruling T-1): the stale-orders check (S-12, stale.py) runs before
the day, on the board as it stood, so a square that an earlier turn of the same day puts next to an
enemy was told to no one (stop 33's closing note). The day now tells the GM as the later turn begins,
in the GM summary, once, and not what `gm check` already said. The scenario
tests/scenarios_hashmi/turns-per-day-stale-square.yaml pins the event; this reads the summary."""

from __future__ import annotations

from pathlib import Path

from gm.engines import get_engine
from gm.forum.render import render_day
from gm.gamedir import Game
from gm.pipeline.day import ResolvedDay

from harness_hashmi import HashmiHarness
from scenario_harness import load_fixture

SCENARIOS = Path(__file__).parent / "scenarios_hashmi"
LINE = "Bruno's action 1 moves Bruno.1 to M14 (next to Akane.1) with shootout: avoid"


def _summary(fixture: Path, edit=None) -> str:
    fx = load_fixture(fixture)
    if edit:
        fx.doc.update(edit(fx.doc))
    got = HashmiHarness().run(fx)
    game = Game(Path("/nonexistent-fixture-game"), get_engine("hashmi-battle-royale"), "Fixture", "bbcode", got.rules, [], None)
    files = render_day(game, ResolvedDay(got.checked.day, b"fixture", got.checked, got.state, got.events, got.dice.log))
    return files["gm-summary.txt"]


def test_the_gm_summary_warns_of_a_square_an_earlier_turn_of_the_day_put_next_to_an_enemy():
    summary = _summary(SCENARIOS / "turns-per-day-stale-square.yaml")
    warned = [x for x in summary.splitlines() if LINE in x and x.startswith("Day ")]
    assert warned == [f"Day 6, as Bruno's turn began (after the day's earlier turns): warning: {LINE}, but a listed "
                      "square is taken as written (S-12), so ending there starts a shootout."], summary[:1500]


def test_what_gm_check_already_said_is_not_said_again():
    """Akane.1 already stands on L14 before the day and Akane's turn moves another agent: the
    check before the day warns of Bruno's M14, and the day does not repeat it."""
    def edit(doc):
        agents = dict(doc["before"]["agents"]) | {"Akane.1": {"at": "L14", "weapons": ["Sword"]}, "Akane.2": {"at": "C5"}}
        orders = doc["orders"].replace("move: {agent: 1, to: [L14]}", "move: {agent: 2, to: [C8]}")
        expect = {"events": [{"kind": "moved", "agent": "Bruno.1", "end": "M14"}],
                  "no_events": [{"kind": "overtaken"}]}
        problems = [{"line": None, "column": None, "severity": "warning", "message_contains": LINE}]
        return {"before": {**doc["before"], "agents": agents}, "orders": orders, "expect": expect,
                "expect_problems": problems}
    summary = _summary(SCENARIOS / "turns-per-day-stale-square.yaml", edit)
    assert sum(LINE in x for x in summary.splitlines()) == 1, summary[:1500]
