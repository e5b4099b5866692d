"""gm simulate on Hashmi Battle Royale: the policies' orders all pass Hashmi's own checker, games end
within max_rounds, the policies play as they say, and the counts add up where the answer is known.
(tests/test_simulate_replay.py replays every Hashmi policy's days through the real pipeline.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.simulate import prepare, simulate
from gm.simulate.game import load_sim_game
from gm.simulate.play import play_game

ENGINE = "hashmi-battle-royale"
POLICIES = ["aggressive", "cautious", "random"]


def report(games: int, policy: str, seed: str = "t", **kw) -> dict:
    lab, sim = prepare(ENGINE, games, policy=policy, seed=seed, **kw)
    return simulate(lab, sim, 1)[0]


@pytest.fixture(scope="module")
def sim():
    return load_sim_game(ENGINE)


@pytest.mark.parametrize("policy", POLICIES)
def test_every_order_passes_the_checker_and_every_game_ends(sim, policy):
    """Seed "x", game 7 of `random` once had the storm put the player whose turn it was out at the
    start of it; the game asked them for orders (ruling S-58)."""
    rounds = sim.rules.max_rounds
    for i in range(12):
        days = []
        game = play_game(sim, sim.engine.policies()[policy], i, "x", keep_days=days)
        assert game.refused == [], game.refused[:3]
        assert game.finished and game.end.over
        assert game.end.round <= rounds
        turns = [d for d in days if d.doc and d.checked.state.stage != "placement"]
        for d in days:  # every turn's orders are a real turn: actions with at least one MOVE
            for name, o in d.doc.items():
                if "actions" in o and o["actions"] != ["pass"]:
                    assert any("move" in a for a in o["actions"] if isinstance(a, dict)), o
        assert turns or policy == "defaults"


def test_policies_play_as_they_say(sim):
    """Aggressive seeks shootouts with two MOVEs and fires; cautious moves once, avoiding them."""
    seen = {p: {"moves": 0, "turns": 0, "seek": 0, "avoid": 0, "shots": 0, "storm": 0} for p in POLICIES}
    for policy in ("aggressive", "cautious"):
        days = []
        play_game(sim, sim.engine.policies()[policy], 0, "p", keep_days=days)
        for d in days:
            for o in d.doc.values():
                acts = [a for a in o.get("actions", []) if isinstance(a, dict)]
                if "actions" not in o:
                    continue
                s = seen[policy]
                s["turns"] += 1
                moves = [a["move"] for a in acts if "move" in a]
                s["moves"] += len(moves)
                s["seek"] += sum(m["shootout"] == "seek" for m in moves)
                s["avoid"] += sum(m["shootout"] == "avoid" for m in moves)
                s["shots"] += sum("shoot" in a for a in acts)
                s["storm"] += "declare_storm" in o["actions"]
    a, c = seen["aggressive"], seen["cautious"]
    assert a["turns"] and c["turns"]
    assert a["seek"] == a["moves"] and a["moves"] > a["turns"]  # two MOVEs a turn while two agents can move
    assert c["avoid"] == c["moves"] == c["turns"]  # exactly one MOVE a turn
    assert a["shots"] / a["turns"] > c["shots"] / c["turns"]
    assert a["storm"] == 1 and c["storm"] == 0


def test_aggressive_games_are_bloodier_and_shorter_than_cautious():
    agg = report(30, "aggressive")["summary"]
    cau = report(30, "cautious")["summary"]
    assert agg["length"]["value"] < cau["length"]["value"]
    assert agg["rules"]["shootout"]["per_game"] > cau["rules"].get("shootout", {"per_game": 0})["per_game"]


def test_kills_add_up_and_seats_missions_kinds_are_counted(sim):
    for i in range(6):
        game = play_game(sim, sim.engine.policies()["aggressive"], i, "k")
        record = sim.engine.sim_stats(game)
        eliminated = sum(1 for events in game.days for e in events if e.kind == "eliminated")
        by_cause = sum(v for k, v in record["rules"].items() if k.startswith("eliminated by "))
        assert by_cause == eliminated
        shot_kills = sum(w["kills"] for name, w in record["weapons"].items() if name != "shootout")
        assert shot_kills == sum(v for k, v in record["rules"].items()
                                 if k.startswith("eliminated by ") and k[len("eliminated by "):] in sim.rules.comp.weapons)
        shots = sum(1 for events in game.days for e in events if e.kind == "shot")
        assert sum(w["attempts"] for n, w in record["weapons"].items() if n != "shootout") == shots
        assert record["entrants"]["seat"] == {f"seat {n}": 1 for n in range(1, 5)}
        assert sum(record["entrants"]["agent kind"].values()) == 12
        assert sum(record["entrants"]["mission"].values()) == 4
        winners = set(game.end.winners)
        assert sum(record["wins"]["seat"].values()) == len(winners)
        assert record["alive"][0] == 4 and record["alive"][-1] == sum(not p.out for p in game.end.players.values())
        assert record["length"] == len(game.days) - 1


def test_a_one_round_game_ends_in_the_boring_victory(tmp_path: Path):
    """Known answer: with max_rounds 1 and cautious players (no storm before round 4), every game
    is Day 0, the set-up day and four turns, and ends in the Boring Victory (or a tie for it)."""
    rules = tmp_path / "short.yaml"
    rules.write_text("max_rounds: 1\n", encoding="utf-8")
    s = report(10, "cautious", house_rules=rules)["summary"]
    assert s["length"]["value"] == 5 and s["length"]["max"] == 5
    assert set(s["ended"]) <= {"boring", "nobody"} and sum(s["ended"].values()) == 10  # nobody: a tie
    assert "storm declared" not in s["rules"]


def test_the_rulebook_figures():
    ref = report(1, "defaults")["summary"]["weapons"]
    out = report(20, "aggressive")["summary"]
    # Pistol: fires 5 in 6, hits 5 in 6; the shootout: one agent, or both after ten misses
    assert out["weapons"]["Pistol"]["rulebook"] == round(25 / 36, 3)
    assert out["weapons"]["shootout"]["rulebook"] == round(1 + 1 / 32, 3)
    assert "fire/6 x accuracy/6" in out["weapons_note"]
    assert ref == {}  # defaults never shoot: nothing to compare
    sh = out["weapons"]["shootout"]
    assert 0.6 < sh["kills"] / sh["attempts"] <= 1 + 1 / 32 + 0.05
    assert 0 < sh["hits"] <= min(sh["attempts"], sh["kills"])  # a shootout that ends at the limit kills two


def test_the_same_seed_gives_the_same_report():
    a, b = report(4, "random", seed="same"), report(4, "random", seed="same")
    for r in (a, b):
        r.pop("seconds", None)
        r.pop("elapsed", None)
    assert a["summary"] == b["summary"]


@pytest.mark.parametrize("policy", POLICIES)
def test_a_turn_stopped_by_house_rule_ask_is_resumed_and_replays(tmp_path: Path, policy):
    """House rule `ask` stops a turn at a choice; the policy answers with `decide:` the next day,
    the checker accepts it, and the days replay through the real pipeline to the same state."""
    import json

    from gm.pipeline.day import CheckedDay, resolve_checked
    from gm.dice import ScriptedDice
    from gm.yamlio import load_text

    rules = tmp_path / "ask.yaml"
    rules.write_text("ask: [move, aim, go]\n", encoding="utf-8")
    sim = load_sim_game(ENGINE, house_rules=rules)
    engine = sim.engine
    decided = 0
    for i in range(3):
        days = []
        game = play_game(sim, engine.policies()[policy], i, "ask", keep_days=days)
        assert game.refused == [] and game.finished
        decided += sum(1 for d in days for o in d.doc.values() if "decide" in o)
        before = engine.state_to_json(sim.initial_state)
        for kept, sim_events in zip(days, game.days):
            state = engine.state_from_json(json.loads(json.dumps(before)))
            doc = load_text(json.dumps(kept.doc), tmp_path / f"day{kept.number}.yaml")
            orders, problems = engine.check_orders(doc, "orders.yaml", sim.rules, state, kept.number, {})
            assert not [p for p in problems if p.severity == "error"], problems
            for p in engine.players_due(state):
                orders.setdefault(p, engine.default_orders(p, kept.number))
            dice = ScriptedDice(kept.values)
            checked = CheckedDay(kept.number, state, dict(sorted(orders.items())), [], problems)
            after, events = resolve_checked(sim, checked, dice)
            dice.finish()
            assert engine.state_to_json(after) == kept.state_after, f"Day {kept.number} differs"
            assert [e.record() for e in events] == [e.record() for e in sim_events]
            before = kept.state_after
    assert decided  # turns did stop, and were resumed


@pytest.mark.parametrize("policy", POLICIES)
def test_a_whole_round_a_day_passes_the_checker_and_is_shorter(tmp_path: Path, policy):
    """House rule turns_per_day (T-1): each policy writes every turn of the day by its own player,
    the checker accepts them all, and a game of four players takes about a quarter of the days."""
    rules = tmp_path / "round.yaml"
    rules.write_text("turns_per_day: 4\n", encoding="utf-8")
    sim = load_sim_game(ENGINE, house_rules=rules)
    one = load_sim_game(ENGINE)
    for i in range(4):
        days: list = []
        game = play_game(sim, sim.engine.policies()[policy], i, "r", keep_days=days)
        assert game.refused == [], game.refused[:3]
        assert game.finished and game.end.over
        assert any(len([n for n, o in d.doc.items() if "actions" in o]) > 1 for d in days), "never two turns a day"
        slow = play_game(one, one.engine.policies()[policy], i, "r")
        assert len(game.days) < len(slow.days) or len(slow.days) <= 4
