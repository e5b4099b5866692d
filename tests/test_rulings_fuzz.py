"""A rulings.yaml never crashes gm, whatever it says: every problem is a located line, and what is
accepted applies (hypothesis builds ruling-shaped documents from the real vocabulary)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.engines import get_engine
from gm.gmday.rulings import read_rulings

from test_br_order_fuzz import RULES, _state

WORDS = ["kill", "revive", "health", "give", "take", "move", "replace", "deadline", "say", "why", "player", "to",
         "item", "by", "Akane", "Bruno", "Chiaki", "Dana", "Nobody", "Beach", "Forest", "Knife", "Rifle",
         "2030-01-01 20:00", "Shotgun", "Pistol", "Bomb", "Knife Fight", "Footman", "Charge"]
scalars = st.one_of(st.sampled_from(WORDS), st.integers(-3, 12), st.booleans(), st.none(), st.text(max_size=4))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.sampled_from(WORDS), inner, max_size=3)),
                      max_leaves=8)
documents = st.one_of(st.lists(st.dictionaries(st.sampled_from(WORDS), values, max_size=3), max_size=4), values)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=documents, engine_name=st.sampled_from(["battle-royale", "hostile-takeover", "kharnage", "team-kill",
                                                   "hashmi-battle-royale"]))
def test_rulings_never_crash(doc, engine_name, tmp_path_factory):
    engine = get_engine(engine_name)
    if engine_name in _MIDGAME:
        state, rules = copy.deepcopy(_midgame(engine_name)[0]), _midgame(engine_name)[1]
    else:
        state = _state(2) if engine_name == "battle-royale" else _ht_state()
        rules = RULES if engine_name == "battle-royale" else _ht_rules()
    path = tmp_path_factory.mktemp("r") / "rulings.yaml"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = read_rulings(path, engine, state, rules, 2)
    from types import SimpleNamespace

    from gm.pipeline.day import apply_rulings

    work, _events, refused = apply_rulings(SimpleNamespace(engine=engine, rules=rules), 2, state, out)
    for p in out.problems + refused:
        assert p.where.line is not None, p
        assert "\n" not in p.message
    for r in out.rulings:
        r.record()
    engine.state_from_json(engine.state_to_json(work))  # what the rulings leave is a state that saves


def _load_ht():
    """Hostile Takeover in play: the golden demo's state after Day 5, and the default rules."""
    from gm.engines.hostile_takeover.rules import default_rules

    engine = get_engine("hostile-takeover")
    golden = Path(__file__).parent / "golden" / "hostile-takeover-demo" / "days" / "05" / "result" / "state.json"
    return engine.state_from_json(json.loads(golden.read_text(encoding="utf-8"))), default_rules()


_HT = _load_ht()


def _ht_state():
    return copy.deepcopy(_HT[0])


def _ht_rules():
    return _HT[1]


# engine -> (golden demo, a day in the middle of the game): its state after that day, and the rules
_MIDGAME = {"kharnage": ("kharnage-demo", 2), "team-kill": ("team-kill-demo", 2), "hashmi-battle-royale": ("hashmi-demo", 6)}
_LOADED: dict = {}


def _midgame(engine_name: str):
    if engine_name not in _LOADED:
        from gm.yamlio import load_text

        engine = get_engine(engine_name)
        folder, day = _MIDGAME[engine_name]
        golden = Path(__file__).parent / "golden" / folder
        game_yaml = engine.example_dir() / "game.yaml"  # the demo the golden files were played from
        doc = load_text(game_yaml.read_text(encoding="utf-8"), game_yaml)
        rules = engine.setup(doc, "game.yaml").rules
        data = json.loads((golden / "days" / f"{day:02d}" / "result" / "state.json").read_text(encoding="utf-8"))
        _LOADED[engine_name] = (engine.state_from_json(data), rules)
    return _LOADED[engine_name]
