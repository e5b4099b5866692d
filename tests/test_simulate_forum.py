"""The `forum` policy (gm/engines/battle_royale/forum_policy.py) as small scenarios: what a player in
a given spot writes, read back through the engine's own checker; and the undecided warning."""

from __future__ import annotations

import copy
import json
import random

import pytest

from gm.balance import Chooser
from gm.engines.battle_royale.common import new_item
from gm.engines.battle_royale.forum_policy import betrayal_point, forum_orders
from gm.simulate import prepare, simulate
from gm.simulate.game import load_sim_game
from gm.simulate.play import check_policy_orders

DAY = 2


@pytest.fixture(scope="module")
def sim():
    return load_sim_game("battle-royale", players=10)


def scene(sim, where: dict[str, str], items: dict[str, list[str]] | None = None, health: dict[str, int] | None = None,
          closing: tuple[str, ...] = ()):
    """The simulated class on Day 2: the students named in `where` stand there (the others are dead),
    holding `items`."""
    state = copy.deepcopy(sim.initial_state)
    state.day = DAY - 1
    names = sorted(state.players)
    for n in names:
        p = state.players[n]
        p.items, p.partner, p.rival, p.role = [], None, None, "Dedicated Student"
        if n in where:
            p.zone = where[n]
        else:
            p.alive, p.zone, p.died_on_day = False, "Beach", 1
    for n, held in (items or {}).items():
        state.players[n].items = [new_item(state, sim.rules, i) for i in held]
    for n, h in (health or {}).items():
        state.players[n].health = h
    for z in closing:
        state.zones[z].closing = True
    return state, names


def orders(sim, state, key="k", seed=1):
    due = sim.engine.players_due(state)
    doc = forum_orders(state, sim.rules, DAY, due, Chooser(random.Random(seed), key))
    _, refused = check_policy_orders(sim, state, DAY, doc)
    assert refused == []  # every order the policy writes is one the engine's checker accepts
    return doc


def targets(order) -> list[str]:
    act = order["action"]
    if isinstance(act, dict):
        for kind in ("attack", "all_out_attack"):
            if kind in act:
                return act[kind]["targets"]
    return []


def game_key(willing=(), unwilling=()) -> str:
    """A game (its key for `Chooser.lasting`) whose pairs in `willing` would team up and in `unwilling` would not."""
    bond = lambda key, pair: Chooser(random.Random(0), key).lasting("ally", *sorted(pair))  # noqa: E731
    for k in range(1000):
        key = f"g{k}"
        if all(bond(key, p) < 0.5 for p in willing) and all(bond(key, p) >= 0.5 for p in unwilling):
            return key
    raise AssertionError("no such game")


def unwilling_key(a: str, b: str) -> str:
    return game_key(unwilling=[(a, b)])


def test_an_armed_student_with_someone_to_attack_attacks(sim):
    state, names = scene(sim, {}, {})
    a, b = names[0], names[1]
    others = {n: "Beach" for n in names[2:6]}  # six left: no All-Out Attack yet
    state, _ = scene(sim, {a: "Forest", b: "Forest"} | others, {a: ["Knife"]})
    doc = orders(sim, state, unwilling_key(a, b))
    assert doc[a]["action"] == {"attack": {"weapon": "Knife", "targets": [b, b, b]}}
    state, _ = scene(sim, {a: "Forest", b: "Forest"}, {a: ["Knife"]})  # two left: All-Out
    doc = orders(sim, state, unwilling_key(a, b))
    assert doc[a]["action"] == {"all_out_attack": {"weapon": "Knife", "targets": [b] * 5}}


def test_an_armed_student_alone_walks_toward_the_others(sim):
    state, names = scene(sim, {}, {})
    a, b, c = names[:3]
    state, _ = scene(sim, {a: "Field", b: "Landing Strip", c: "Landing Strip"}, {a: ["Rifle"]})
    doc = orders(sim, state)
    assert doc[a]["movement"] == {"move": ["Landing Strip"]}


def test_an_unarmed_student_searches_and_leaves_an_armed_stranger(sim):
    state, names = scene(sim, {}, {})
    a, b = names[:2]
    others = {n: "Beach" for n in names[2:8]}  # early in the game, with something still hidden here
    state, _ = scene(sim, {a: "Forest", b: "Forest"} | others, {b: ["Shotgun"]})
    state.zones["Forest"].hidden = [new_item(state, sim.rules, "Rifle")]
    doc = orders(sim, state, unwilling_key(a, b))
    assert doc[a]["action"] == "search"
    assert doc[a]["movement"] != "stay" and doc[a]["movement"]["move"][0] != "Forest"


def test_a_student_in_a_closing_zone_leaves_it(sim):
    state, names = scene(sim, {}, {})
    a = names[0]
    state, _ = scene(sim, {a: "Crevasse", names[1]: "Beach"}, closing=("Crevasse",))
    for seed in range(5):
        move = orders(sim, state, seed=seed)[a]["movement"]
        assert isinstance(move, dict) and move["move"][0] in ("Landing Strip", "Forest", "The Septagon")


def test_a_hurt_student_with_a_kit_heals(sim):
    state, names = scene(sim, {}, {})
    a, b = names[:2]
    state, _ = scene(sim, {a: "Forest", b: "Forest"}, {a: ["Knife", "First Aid Kit"]}, {a: 4})
    assert orders(sim, state, unwilling_key(a, b))[a]["action"] == {"heal": {"target": a, "item": "First Aid Kit"}}


def test_allies_spare_each_other_and_aim_together_until_the_betrayal_point(sim):
    state, names = scene(sim, {}, {})
    a, b, c = names[:3]
    key = game_key(willing=[(a, b)], unwilling=[(a, c), (b, c)])
    # five students left of ten (more than the betrayal point): a and b team up against c
    where = {n: "Forest" for n in (a, b, c)} | {names[3]: "Beach", names[4]: "Beach"}
    armed = {a: ["Knife"], b: ["Knife"], c: ["Knife"]}
    state, _ = scene(sim, where, armed)
    assert len(where) > betrayal_point(10)
    doc = orders(sim, state, key)
    assert set(targets(doc[a])) == {c} and set(targets(doc[b])) == {c}
    assert doc[a]["movement"] == doc[b]["movement"]
    # three left (the betrayal point): every alliance but the Lovers' is over
    state, _ = scene(sim, {a: "Forest", b: "Forest", c: "Beach"}, armed)
    assert 3 <= betrayal_point(10)
    doc = orders(sim, state, key)
    assert targets(doc[a]) == [b] * len(targets(doc[a])) and targets(doc[b]) and set(targets(doc[b])) == {a}


def test_lovers_never_turn_on_each_other(sim):
    state, names = scene(sim, {}, {})
    a, b, c = names[:3]
    state, _ = scene(sim, {a: "Forest", b: "Forest", c: "Forest"}, {a: ["Knife"], b: ["Knife"], c: ["Knife"]})
    state.players[a].partner, state.players[b].partner = b, a
    state.players[a].role = state.players[b].role = "Lover"
    doc = orders(sim, state)
    assert set(targets(doc[a])) == {c} and set(targets(doc[b])) == {c}


def test_a_lone_wolf_turns_on_its_ally_before_the_others_do(sim):
    state, names = scene(sim, {}, {})
    a, b = names[:2]
    key = game_key(willing=[(a, b)])
    point = betrayal_point(10)
    where = {a: "Forest", b: "Forest"} | {n: "Beach" for n in names[2:2 * point]}  # 2 x point left
    state, _ = scene(sim, where, {a: ["Knife"], b: ["Knife"]})
    state.players[a].role = "Lone Wolf"
    doc = orders(sim, state, key)
    assert set(targets(doc[a])) == {b}  # the Lone Wolf strikes
    assert targets(doc[b]) == []  # its ally still trusts it


def test_a_rival_is_attacked_first_and_hunted(sim):
    state, names = scene(sim, {}, {})
    a, b, c = names[:3]
    state, _ = scene(sim, {a: "Forest", b: "Forest", c: "Forest"}, {a: ["Fire Axe"]}, {c: 1})
    state.players[a].rival, state.players[b].rival = b, a
    assert set(targets(orders(sim, state, unwilling_key(a, c))[a])) == {b}  # not the weakest (c), the Rival
    state, _ = scene(sim, {a: "Field", b: "Beach", c: "Field"}, {a: ["Fire Axe"]})
    state.players[a].rival = b
    move = orders(sim, state, unwilling_key(a, c))[a]["movement"]  # Field to Beach: by Cliffs or The Septagon
    assert move in ({"move": ["The Septagon"]}, {"move": ["Cliffs"]})


# ---- the report: which policy, and a warning when most games are undecided ---------------------


def test_the_report_warns_when_the_policy_leaves_most_games_undecided():
    lab, sim = prepare("battle-royale", 12, policy="random", seed="u")
    out, _ = simulate(lab, sim, 1)
    u = out["summary"]["undecided"]
    assert u["warning"] and u["games"] > 6 and "half the class" in u["means"]
    assert len(out["warnings"]) == 1 and "policy 'random' left" in out["warnings"][0]
    lab, sim = prepare("battle-royale", 12, seed="u")  # the default: forum
    out, _ = simulate(lab, sim, 1)
    assert out["policy"] == "forum" and not out["summary"]["undecided"]["warning"] and out["warnings"] == []


def test_the_warning_is_a_line_of_the_terminal_report_and_a_field_of_the_json():
    from click.testing import CliRunner

    from gm.cli import cli

    result = CliRunner().invoke(cli, ["simulate", "battle-royale", "-n", "6", "--seed", "u", "-j", "1",
                                      "--policy", "random", "--no-charts"], catch_exceptions=False)
    assert result.exit_code == 0
    assert "warning: policy 'random' left" in result.output and "policy random, seed u" in result.output
    result = CliRunner().invoke(cli, ["simulate", "team-kill", "-n", "6", "--seed", "u", "-j", "1", "--json",
                                      "--policy", "defaults"], catch_exceptions=False)
    data = json.loads(result.output)
    assert data["policy"] == "defaults" and "warnings" in data and "passed" in data["summary"]["undecided"]["means"]


def test_forum_games_are_the_same_bytes_for_the_same_seed_whatever_the_workers():
    lab, sim = prepare("battle-royale", 6, seed="same")
    one, _ = simulate(lab, sim, 1)
    lab, sim = prepare("battle-royale", 6, seed="same")
    two, _ = simulate(lab, sim, 2)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert one["policy"] == "forum"


def test_the_plots_name_the_policy(tmp_path, monkeypatch):
    """The pictures say which policy played (a chart read alone must not pass for the rules' own answer)."""
    from click.testing import CliRunner

    import gm.simulate.charts as charts
    from gm.cli import cli

    titles = []
    monkeypatch.setattr(charts, "write_pngs", lambda summary, folder, title, *rest: titles.append(title) or [])
    monkeypatch.setattr(charts, "write_sweep_png", lambda report, folder, title: titles.append(title) or folder)
    base = ["simulate", "battle-royale", "-n", "2", "--seed", "p", "-j", "1", "--no-charts", "--plots", str(tmp_path)]
    assert CliRunner().invoke(cli, base + ["--policy", "cautious"], catch_exceptions=False).exit_code == 0
    assert CliRunner().invoke(cli, base + ["--sweep", "last_day=3,4"], catch_exceptions=False).exit_code == 0
    assert titles == ["Battle Royale (cautious players)", "Battle Royale (forum players)"]


def test_a_sweep_warns_for_each_combination_left_undecided():
    from click.testing import CliRunner

    from gm.cli import cli

    result = CliRunner().invoke(cli, ["simulate", "battle-royale", "-n", "3", "--seed", "w", "-j", "1", "--json",
                                      "--policy", "random", "--sweep", "last_day=2,3"], catch_exceptions=False)
    data = json.loads(result.output)
    assert [w.split(":")[0] for w in data["warnings"]] == ["last_day=2", "last_day=3"]
    assert all(c["summary"]["undecided"]["warning"] for c in data["combinations"])
    result = CliRunner().invoke(cli, ["simulate", "battle-royale", "-n", "3", "--seed", "w", "-j", "1",
                                      "--policy", "random", "--sweep", "last_day=2,3"], catch_exceptions=False)
    assert "warning: last_day=2: policy 'random' left 3 of 3 games" in result.output
    assert "undecided" in result.output  # the table's column


@pytest.mark.parametrize("engine_name,games", [("team-kill", 40), ("hostile-takeover", 8), ("kharnage", 8),
                                               ("hashmi-battle-royale", 8)])
def test_every_engines_forum_players_decide_most_games(engine_name, games):
    """Each engine's `forum` (its policies.py) is the default and leaves most games decided, as that
    engine defines it; its orders all pass the engine's checker."""
    lab, sim = prepare(engine_name, games, seed="decide")
    out, _ = simulate(lab, sim, 1)
    s = out["summary"]
    assert out["policy"] == "forum" and s["refused_orders"]["count"] == 0
    assert s["undecided"]["share"]["value"] <= 0.5 and out["warnings"] == []


def test_hostile_takeovers_random_players_leave_every_game_to_max_rounds():
    """The warning's other side: random orders in Hostile Takeover almost never put anyone out, and every
    game is cut off by max_rounds."""
    lab, sim = prepare("hostile-takeover", 4, policy="random", seed="decide")
    out, _ = simulate(lab, sim, 1)
    assert out["summary"]["undecided"]["games"] == 4 and "max_rounds" in out["warnings"][0]


def test_a_badly_hurt_student_strikes_then_runs_from_two_armed_strangers(sim):
    state, names = scene(sim, {}, {})
    a, b, c = names[:3]
    others = {n: "Beach" for n in names[3:8]}
    state, _ = scene(sim, {a: "Forest", b: "Forest", c: "Forest"} | others,
                     {a: ["Knife"], b: ["Knife"], c: ["Knife"]}, {a: 3})
    doc = orders(sim, state, game_key(unwilling=[(a, b), (a, c), (b, c)]))
    assert set(targets(doc[a])) <= {b, c} and targets(doc[a])
    assert doc[a]["movement"] != "stay" and doc[a]["movement"]["move"][0] != "Forest"
    state.players[a].health = 4  # not so hurt: a hunter with prey here stays
    assert orders(sim, state, game_key(unwilling=[(a, b), (a, c), (b, c)]))[a]["movement"] == "stay"


def test_memory_no_longer_bounds_the_games_only_a_slip_does():
    """A million games (docs/simulate.md's cluster example) is accepted, whatever this machine's memory:
    no record is kept. A billion and one is refused before any game is played."""
    from gm.errors import StateError

    lab, _ = prepare("battle-royale", 5_000_000, seed="big")
    assert lab.games == 5_000_000
    with pytest.raises(StateError, match="more than 1,000,000,000 games a run"):
        prepare("battle-royale", 1_000_000_001, seed="big")


def test_both_sides_of_vs_name_their_policy_and_are_warned_about(tmp_path):
    from click.testing import CliRunner

    from gm.cli import cli

    always = tmp_path / "always.yaml"
    always.write_text("lone_wolf_chance: 100\n", encoding="utf-8")
    args = ["simulate", "battle-royale", "-n", "4", "--seed", "v", "-j", "1", "--policy", "defaults", "--vs", str(always)]
    data = json.loads(CliRunner().invoke(cli, args + ["--json"], catch_exceptions=False).output)
    assert data["policy"] == data["vs"]["policy"] == "defaults"
    assert len(data["warnings"]) == 2 and data["warnings"][1].startswith(f"with {always}: policy 'defaults' left")
    text = CliRunner().invoke(cli, args + ["--no-charts"], catch_exceptions=False).output
    assert "policy defaults on both sides" in text and text.count("warning: ") == 2


def test_a_day_no_policy_can_play_is_one_clear_error(tmp_path):
    """Hostile Takeover's demo has no board: its players place it on Day 1. With `defaults` no one
    sends set-up orders and no default stands in for them: one line and exit 1 (it was an
    AttributeError deep in the phases). The other policies draw a legal board (policy_setup.py)."""
    import shutil

    from click.testing import CliRunner

    from gm.cli import cli
    from gm.paths import games_dir

    shutil.copytree(games_dir("hostile-takeover") / "examples" / "demo", tmp_path / "ht")
    args = ["simulate", str(tmp_path / "ht"), "-n", "3", "--seed", "e", "-j", "1"]
    result = CliRunner().invoke(cli, args + ["--policy", "defaults"])
    assert result.exit_code == 1, result.output
    assert "cannot play Day 1 of this game: Akane sent no set-up orders" in result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    result = CliRunner().invoke(cli, args + ["--json"], catch_exceptions=False)  # forum
    assert result.exit_code == 0, result.output
    s = json.loads(result.output)["summary"]
    assert s["games"] == 3 and s["refused_orders"]["count"] == 0 and s["events"]["building_placed"]["total"] == 3 * 15
