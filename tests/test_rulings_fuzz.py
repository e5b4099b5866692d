"""A rulings.yaml never crashes gm, whatever it says: every problem is a located line, and what is
accepted applies (hypothesis builds ruling-shaped documents from the real vocabulary).

Every registered engine is fuzzed in the middle of its demo: the state before its `facts.sample_day`
(the demo played once per run, tests/conftest.py), with the names of its own players and places
among the words; Battle Royale also in a state made by hand, with traps and bags in bags.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.engines import REGISTRY, get_engine
from gm.pipeline.day import apply_rulings
from gm.rulings import read_rulings

from test_br_order_fuzz import RULES, _state

KINDS = ["kill", "revive", "health", "give", "take", "move", "replace", "deadline", "say", "why", "player", "to",
         "item", "by", "Nobody", "2030-01-01 20:00"]
BR_WORDS = ["Akane", "Bruno", "Chiaki", "Dana", "Beach", "Forest", "Knife", "Rifle", "Shotgun", "Pistol", "Bomb"]


def documents(words: list[str]):
    scalars = st.one_of(st.sampled_from(words), st.integers(-3, 12), st.booleans(), st.none(), st.text(max_size=4))
    values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                           st.dictionaries(st.sampled_from(words), inner, max_size=3)),
                          max_leaves=8)
    return st.one_of(st.lists(st.dictionaries(st.sampled_from(words), values, max_size=3), max_size=4), values)


def midgame(demo_games, engine_name: str):
    """The engine's demo before its `facts.sample_day`: (state, rules, the day, its own words)."""
    from gm.gamedir import GameDir

    engine = get_engine(engine_name)
    day = engine.facts.sample_day or 1
    gd = GameDir(demo_games.pristine(engine_name))
    game = gd.load()
    data = json.loads((gd.result_dir(day - 1) / "state.json").read_text(encoding="utf-8"))
    state = engine.state_from_json(data)
    words = sorted(set(engine.players_in_state(state)) | set(engine.places(game.rules)))
    return state, game.rules, day, words


def rule_on(engine, state, rules, day: int, doc, folder: Path) -> None:
    """Read `doc` as the day's rulings.yaml and apply what is accepted: every problem is a located
    line, and the state left saves."""
    path = folder / "rulings.yaml"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = read_rulings(path, engine, state, rules, day)
    work, _events, refused = apply_rulings(SimpleNamespace(engine=engine, rules=rules), day, state, out)
    for p in out.problems + refused:
        assert p.where.line is not None, p
        assert "\n" not in p.message
    for r in out.rulings:
        r.record()
    engine.state_from_json(engine.state_to_json(work))  # what the rulings leave is a state that saves


@pytest.mark.parametrize("engine_name", sorted(REGISTRY))
def test_rulings_never_crash(engine_name, demo_games, tmp_path_factory):
    engine = get_engine(engine_name)
    state, rules, day, words = midgame(demo_games, engine_name)

    @settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(doc=documents(KINDS + words[:40]))
    def fuzz(doc):
        rule_on(engine, copy.deepcopy(state), rules, day, doc, tmp_path_factory.mktemp("r"))

    fuzz()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=documents(KINDS + BR_WORDS + sorted(RULES.items)[:20]))
def test_battle_royale_rulings_never_crash_in_a_state_made_by_hand(doc, tmp_path_factory):
    rule_on(get_engine("battle-royale"), _state(2), RULES, 2, doc, tmp_path_factory.mktemp("r"))
