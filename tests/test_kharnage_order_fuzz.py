"""The Kharnage order checker never crashes, whatever an orders file says: every problem is a
located line (hypothesis builds order-shaped documents from the real vocabulary and random values),
and the whole-day check that follows it does not crash either."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.engines.kharnage import Kharnage
from gm.yamlio import load_text
from tests.helpers_synth import yaml_json

ENGINE = Kharnage()
GAME = load_text("roster:\n  - {name: Akane, army: Dwarves}\n  - {name: Bruno, army: Goblins}\n"
                 "  - {name: Chiaki, army: Humans}\n", Path("game.yaml"))
WORDS = ["card", "plan", "general", "assault", "shooting", "elite", "split", "destroy", "knights", "web", "stomp",
         "left", "right", "auto", "never", "always", "best", "kharnage_first", "most_cards", "toughest_first",
         "cheapest_first", "when_better", "most_symbols", "toughest", "first", "no", "Akane", "Bruno", "Chiaki",
         "Dwarves", "Goblins", "Hammerfall", "Shield Wall", "Endless Horde", "Goblin Rush", "Thane Grimbeard",
         "Ironshield", "Footman", "reinforce", "attack", "destroy", "discard", "note", "army", "unit", "type",
         "points", "assault", "shooting", "gm"]
scalars = st.one_of(st.sampled_from(WORDS), st.integers(-3, 600), st.booleans(), st.none(), st.text(max_size=4))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.sampled_from(WORDS), inner, max_size=3)),
                      max_leaves=12)
documents = st.dictionaries(st.sampled_from(["Akane", "Bruno", "Chiaki", "gm", "Nobody", "dwarves"]), values, max_size=4)


def _state(pace: str):
    from gm.dice import AuditedDice
    from gm.engine import Day

    setup = ENGINE.setup(GAME, "game.yaml")
    state = setup.initial_state
    state.pace = pace
    for phase in ENGINE.phases(0, state):
        phase.resolve(Day(0, state, {}, AuditedDice(b"fuzz", "kharnage", 0), setup.rules))
    return setup.rules, state


RULES, STATE = _state("round")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, st.booleans())
def test_the_checker_never_crashes(doc, pending):
    import copy

    state = copy.deepcopy(STATE)
    if pending:  # pace activation, in the middle of a round
        state.pace = "activation"
        state.pending = ["Bruno", "Akane"]
        p = state.players["Bruno"]
        p.played.append(p.hand.pop(0))
    parsed = load_text(yaml_json(doc), Path("orders.yaml"))
    orders, problems = ENGINE.check_orders(parsed, "orders.yaml", RULES, state, 1, {})
    problems += ENGINE.check_all(orders, [], state, RULES, 1, "orders")
    for p in problems:
        assert p.where.path in ("orders.yaml", "orders") and "\n" not in p.message, p
        if p.where.path == "orders.yaml":
            assert p.where.line is not None, p
    for o in orders.values():
        o.record()
