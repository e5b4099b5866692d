"""Kharnage's secrets in every scenario fixture's posts: no card in a hand is named in the public post
or in another player's message, in BBCode or in Markdown (tests/test_scenarios.py runs the fixtures
themselves; the contract test checks the demo)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.engines.kharnage import Kharnage
from gm.forum.render import message_filename, render_day
from gm.gamedir import Game
from gm.pipeline.day import ResolvedDay
from harness_kharnage import KharnageHarness
from scenario_harness import load_fixture

HARNESS = KharnageHarness()
FIXTURES = [p for p in HARNESS.fixtures() if "expect" in load_fixture(p).doc]


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_no_hand_card_in_a_post_it_must_not_reach(path: Path) -> None:
    got = HARNESS.run(load_fixture(path))
    comp = got.rules.components
    for fmt in ("bbcode", "markdown"):
        game = Game(Path("/nonexistent-fixture-game"), Kharnage(), "Fixture", fmt, got.rules, [], None)
        files = render_day(game, ResolvedDay(got.checked.day, b"fixture", got.checked, got.state, got.events, got.dice.log))
        narration = files[f"narration.{game.ext}"]
        for p in got.state.players.values():
            for card in p.hand:
                name = comp.battle[card].name
                assert name not in narration, f"{path.name}: {p.name}'s {name} in the public post"
                for other in got.state.players:
                    text = files[f"messages/{message_filename(other, set())}.{game.ext}"]
                    if other != p.name:
                        assert name not in text, f"{path.name}: {p.name}'s {name} in {other}'s message"
                    elif not got.state.over:
                        assert name in text, f"{path.name}: {p.name}'s own message does not show their {name}"
