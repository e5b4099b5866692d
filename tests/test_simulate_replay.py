"""A simulated game is a real game: each of its days, replayed through the real pipeline (orders
written as YAML and read by the engine's checker, the state read back from its JSON, the phases run
by gm.pipeline.day.resolve_checked on a copy) with the simulation's dice values scripted, gives the same state
and the same events, for every registered engine and every policy it has."""

from __future__ import annotations

import copy
import json

import pytest

from gm.dice import ScriptedDice
from gm.engines import REGISTRY, get_engine
from gm.paths import games_dir
from gm.pipeline.day import CheckedDay, resolve_checked
from gm.simulate.game import load_sim_game
from gm.simulate.play import play_game
from gm.yamlio import load_text

CASES = [(name, policy) for name in sorted(REGISTRY) for policy in sorted(get_engine(name).policies())]
# a game folder whose players place the board on a set-up day (Hostile Takeover's demo has no `board:`)
CASES.append((str(games_dir("hostile-takeover") / "examples" / "demo"), "forum"))


@pytest.mark.parametrize("engine_name,policy", CASES)
def test_simulated_days_replay_through_the_real_pipeline(engine_name, policy, tmp_path):
    sim = load_sim_game(engine_name)
    engine = sim.engine
    days = []
    game = play_game(sim, engine.policies()[policy], 3, "replay", keep_days=days)
    assert days and len(days) == len(game.days)
    before = engine.state_to_json(sim.initial_state)
    for kept, sim_events in zip(days, game.days):
        state = engine.state_from_json(json.loads(json.dumps(before)))
        text = json.dumps(kept.doc, ensure_ascii=False)  # JSON is YAML: what a GM could have written
        doc = load_text(text, tmp_path / f"day{kept.number}.yaml")
        orders, problems = engine.check_orders(doc, "orders.yaml", sim.rules, state, kept.number, {})
        assert not [p for p in problems if p.severity == "error"], problems
        for p in engine.players_due(state):
            orders.setdefault(p, engine.default_orders(p, kept.number))
        checked = CheckedDay(kept.number, state, dict(sorted(orders.items())), [], problems)
        dice = ScriptedDice(kept.values)
        after, events = resolve_checked(sim, checked, dice)
        dice.finish()
        assert engine.state_to_json(after) == kept.state_after, f"Day {kept.number} differs"
        assert [e.record() for e in events] == [e.record() for e in sim_events]
        assert engine.state_to_json(state) == before  # the real pipeline worked on a copy
        before = kept.state_after
    assert engine.ended(engine.state_from_json(before))


def test_a_game_is_the_same_whatever_else_ran_before():
    sim = load_sim_game("battle-royale")
    policy = sim.engine.policies()["random"]
    first = play_game(sim, policy, 5, "s")
    play_game(sim, policy, 6, "s")
    again = play_game(copy.deepcopy(sim), policy, 5, "s")
    assert sim.engine.state_to_json(first.end) == sim.engine.state_to_json(again.end)
