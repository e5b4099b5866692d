"""gm simulate: every engine plays, the figures are right where the answer is known, the report is
the same whatever the number of workers, Ctrl-C keeps what finished, --vs finds real differences
and only those, and every mistake is one located message."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.engines import REGISTRY, get_engine
from gm.simulate import prepare, simulate
from gm.simulate.charts import have_matplotlib, text_chart
from gm.simulate.stats import holm, mean_ci, paired_test, ratio_ci, wilson


def run(args: list[str]):
    return CliRunner().invoke(cli, args, catch_exceptions=False)


def report(target: str, games: int, **kw) -> dict:
    jobs = kw.pop("jobs", 1)
    lab, sim = prepare(target, games, seed=kw.pop("seed", "test"), **kw)
    out, _ = simulate(lab, sim, jobs)
    return out


# ---- every engine, every policy --------------------------------------------------------------


@pytest.mark.parametrize("engine_name", sorted(REGISTRY))
def test_every_registered_engine_simulates_with_every_policy(engine_name):
    """An engine landed later is covered by being registered: its games end, its policies' orders all
    pass its own checker, and the report has the generic figures at least."""
    for policy in sorted(get_engine(engine_name).policies()):
        result = run(["simulate", engine_name, "--games", "3", "--policy", policy, "--seed", "x", "--jobs", "1", "--json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        s = data["summary"]
        assert s["games"] == 3 and not data["stopped"]
        assert s["refused_orders"]["count"] == 0, s["refused_orders"]
        assert s["length"]["min"] >= 0 and s["days"][0]["day"] == 0
        assert s["wins"], "no win categories"
        assert "unfinished" not in s["ended"]


@pytest.mark.parametrize("engine_name", sorted(REGISTRY))
def test_every_engine_simulates_without_a_policy_named(engine_name):
    """The default is players who play as on a forum, else random legal orders; an engine without
    either plays its defaults, and the report says so."""
    out = report(engine_name, 2)
    policies = get_engine(engine_name).policies()
    assert out["policy"] == next((p for p in ("forum", "random") if p in policies), "defaults")
    assert any("no random policy" in n for n in out["notes"]) == ("random" not in policies)


def test_the_terminal_report_shows_tables_and_charts():
    result = run(["simulate", "battle-royale", "-n", "4", "--seed", "t", "-j", "1"])
    assert result.exit_code == 0, result.output
    for text in ("Wins by role", "Lone Wolf", "Day by day", "Weapons", "How often each rule fired",
                 "Players left after each day", "policy forum, seed t"):
        assert text in result.output


# ---- figures whose answer is known -------------------------------------------------------------


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_a_house_rule_that_makes_one_role_always_win(tmp_path):
    """Day 1 is the last, nobody attacks or votes (defaults), and every Lone Wolf request is granted: everyone
    survives, the Lone Wolves cannot win (they must stand alone) and every other student wins."""
    rules = write(tmp_path / "hr.yaml", "last_day: 1\nlone_wolf_chance: 100\n")
    s = report("battle-royale", 30, policy="defaults", house_rules=rules)["summary"]
    roles = s["wins"]["role"]
    assert roles["Lone Wolf"]["players"] == 30 * 4 and roles["Lone Wolf"]["wins"] == 0
    assert roles["Lone Wolf"]["win_rate"] == {"value": 0.0, "low": 0.0, "high": 0.0}
    for role in ("Dedicated Student", "Lover"):
        assert roles[role]["win_rate"] == {"value": 1.0, "low": 1.0, "high": 1.0}
        assert roles[role]["games_won"] == 30
    assert s["length"]["value"] == 1 and s["ended"] == {"last day": 30}
    assert [d["alive"]["value"] for d in s["days"]] == [20, 20]
    assert s["rules"]["Lone Wolf request granted"]["total"] == 120


def test_a_weapon_whose_average_is_known(tmp_path):
    """Every student holds a Knife and every hit attempt is at 100%: the damage per attempt is the Knife's
    table's mean, 1 x 70% + 2 x 30% = 1.3 (the handbook's 0.78 is that times its 60% to hit)."""
    roster = "\n".join(f"  - {{name: S{i:02d}, role: Dedicated Student, items: [Knife]}}" for i in range(12))
    folder = tmp_path / "knives"
    folder.mkdir()
    write(folder / "game.yaml", "engine: battle-royale\ntitle: Knives\nhouse_rules:\n  last_day: 1\n"
          "  hit_chance_min: 100\n  hit_chance_max: 100\n  random_starting_item: false\n  role_bonuses: false\n"
          "  hidden_items_per_zone: 0\n  max_health: 1000\nroster:\n" + roster + "\n")
    s = report(str(folder), 150, policy="aggressive")["summary"]
    knife = s["weapons"]["Knife"]
    assert knife["hit_rate"] == 1.0 and knife["attempts"] > 1000
    sd = math.sqrt(0.7 * 1 + 0.3 * 4 - 1.3 ** 2)
    assert abs(knife["damage_per_attempt"]["value"] - 1.3) < 4.5 * sd / math.sqrt(knife["attempts"])
    assert knife["damage_per_attempt"]["low"] < 1.3 < knife["damage_per_attempt"]["high"]
    assert knife["rulebook"] == 0.78


def test_statistics_against_worked_values():
    assert wilson(0, 10)[2] == pytest.approx(0.2775, abs=1e-4)  # the rule of three's cousin
    p, lo, hi = wilson(50, 100)
    assert (p, round(lo, 4), round(hi, 4)) == (0.5, 0.4038, 0.5962)
    assert mean_ci([1, 2, 3, 4, 5]) == pytest.approx((3, 3 - 1.96 * math.sqrt(2.5 / 5), 3 + 1.96 * math.sqrt(2.5 / 5)), abs=1e-3)
    assert ratio_ci([1, 1, 1], [2, 2, 2]) == (0.5, 0.5, 0.5)
    assert paired_test([0] * 50, [1] * 50) == (1.0, 0.0)
    assert paired_test([1, 2, 3], [1, 2, 3]) == (0.0, 1.0)
    assert holm([0.01, 0.04, 0.03, 0.5]) == [True, False, False, False]
    assert holm([0.001, 0.01, 0.02]) == [True, True, True]


def test_text_chart_scales_bars():
    chart = text_chart("t", [("a", 10.0), ("b", 5.0)], "{:.0f}", width=8).splitlines()
    assert chart[1].count("█") == 8 and chart[2].count("█") == 4


# ---- same report whatever the jobs; Ctrl-C -------------------------------------------------------


def test_the_same_seed_gives_the_same_report_whatever_the_number_of_workers():
    one = report("battle-royale", 12, seed="jobs", jobs=1)
    two = report("battle-royale", 12, seed="jobs", jobs=2)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert report("battle-royale", 12, seed="other", jobs=1) != one


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_and_keeps_the_finished_games(jobs):
    lab, sim = prepare("battle-royale", 400, seed="c")
    seen = []

    def progress(n):
        seen.append(n)
        if len(seen) == 2:
            raise KeyboardInterrupt

    out, _ = simulate(lab, sim, jobs, progress)
    done = out["summary"]["games"]
    assert out["stopped"] and 0 < done < 400 and done == sum(seen)


def test_the_cli_says_when_it_was_stopped(monkeypatch):
    import gm.simulate as lab_mod

    real = lab_mod.run_games

    def interrupted(*args, **kw):
        r = real(args[0], args[1], 2, *args[3:], **kw)
        r.interrupted = True
        return r

    monkeypatch.setattr(lab_mod, "run_games", interrupted)
    result = run(["simulate", "battle-royale", "-n", "5", "--seed", "s", "-j", "1", "--no-charts"])
    assert result.exit_code == 0
    assert "Stopped (Ctrl-C) after 2 of 5 games" in result.output


# ---- --vs ----------------------------------------------------------------------------------------


def test_vs_finds_the_difference_a_house_rule_makes_and_no_other(tmp_path):
    never = write(tmp_path / "never.yaml", "house_rules:\n  lone_wolf_chance: 0\n")
    always = write(tmp_path / "always.yaml", "lone_wolf_chance: 100\n")
    out = report("battle-royale", 40, policy="defaults", house_rules=never, vs=always)
    rows = {r["figure"]: r for r in out["vs"]["comparison"]["figures"]}
    granted = rows["fired: Lone Wolf request granted"]
    assert granted["a"] == 0 and granted["b"] == 4 and granted["significant"]
    same = report("battle-royale", 40, policy="defaults", house_rules=never, vs=never)
    assert not [r for r in same["vs"]["comparison"]["figures"] if r["significant"]]
    assert out["summary"] == same["summary"]  # the first run is the same games either way


def test_vs_in_the_terminal(tmp_path):
    always = write(tmp_path / "always.yaml", "lone_wolf_chance: 100\n")
    result = run(["simulate", "battle-royale", "-n", "20", "--seed", "v", "-j", "1", "--policy", "defaults",
                  "--vs", str(always), "--no-charts"])
    assert result.exit_code == 0, result.output
    assert "Differences larger than chance" in result.output
    assert "fired: Lone Wolf request" in result.output and "granted" in result.output


# ---- mistakes ------------------------------------------------------------------------------------


def test_mistakes_are_one_located_message(tmp_path):
    bad = write(tmp_path / "bad.yaml", "lone_wolf_chance: 100\nlone_wolf_chanse: 5\n")
    result = run(["simulate", "battle-royale", "-n", "2", "--house-rules", str(bad)])
    assert result.exit_code == 1
    assert "bad.yaml:2:1: error: unknown house rule 'lone_wolf_chanse'" in result.output
    assert "Traceback" not in result.output
    result = run(["simulate", "battle-royale", "-n", "2", "--policy", "agressive"])
    assert result.exit_code == 1 and "did you mean 'aggressive'" in result.output
    result = run(["simulate", "battle-royal", "-n", "2"])
    assert result.exit_code == 1 and "unknown engine 'battle-royal'" in result.output
    result = run(["simulate", "hostile-takeover", "-n", "2", "--players", "7"])
    assert result.exit_code == 1 and "the Hostile Takeover rules seat 2 to 4 players, not 7 (--players)" in result.output
    result = run(["simulate", "team-kill", "-n", "2", "--players", "37"])
    assert result.exit_code == 1 and "the Team Kill rules seat 3 to 36 players, not 37" in result.output
    result = run(["simulate", str(tmp_path / "nowhere" / "game"), "-n", "2"])
    assert result.exit_code == 1 and "not a game folder" in result.output


@pytest.mark.parametrize("engine, players", [("hostile-takeover", 2), ("kharnage", 3), ("hashmi-battle-royale", 3),
                                             ("team-kill", 20)])
def test_players_seats_as_many_as_the_rules_allow(engine, players):
    result = run(["simulate", engine, "-n", "2", "--players", str(players), "--seed", "seats", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert f"2 games of {players} players" in result.output


def test_a_game_folder_is_simulated_with_its_roster(tmp_path):
    assert run(["new", str(tmp_path / "g")]).exit_code == 0
    day0 = tmp_path / "g" / "days" / "00" / "orders"  # gm new leaves its example outside days/: put it in, as a GM would
    day0.mkdir(parents=True)
    (day0 / "day0-orders.yaml").write_bytes((tmp_path / "g" / "examples" / "day0-orders.yaml").read_bytes())
    out = report(str(tmp_path / "g"), 3)
    assert out["players"] == 4 and out["game"].endswith("game.yaml")
    # its Day 0 orders are not read, and the report says so
    assert len(out["notes"]) == 1 and "is not read (Day 0): the policy plays every day" in out["notes"][0]
    result = run(["simulate", str(tmp_path / "g"), "-n", "2", "-j", "1", "--no-charts"])
    assert "note: " in result.output and "is not read (Day 0)" in result.output
    assert report("battle-royale", 1)["notes"] == []


def test_players_seats_a_bigger_class():
    out = report("battle-royale", 2, players=40)
    assert out["players"] == 40
    assert out["summary"]["wins"]["role"]["Lover"]["players"] == 2 * 8


# ---- pictures ------------------------------------------------------------------------------------


def test_plots_without_matplotlib_say_how_to_get_it(monkeypatch, tmp_path):
    monkeypatch.setattr("gm.simulate.charts.have_matplotlib", lambda: False)
    result = run(["simulate", "battle-royale", "-n", "2", "--plots", str(tmp_path / "p")])
    assert result.exit_code == 1 and "pip install 'gm[lab]'" in result.output
    assert not (tmp_path / "p").exists()


@pytest.mark.skipif(not have_matplotlib(), reason="matplotlib is not installed (the optional extra gm[lab])")
def test_plots_are_png_files(tmp_path):
    always = write(tmp_path / "always.yaml", "lone_wolf_chance: 100\n")
    result = run(["simulate", "battle-royale", "-n", "6", "--seed", "p", "-j", "1", "--no-charts",
                  "--vs", str(always), "--plots", str(tmp_path / "p")])
    assert result.exit_code == 0, result.output
    for name in ("survival.png", "wins.png", "kills.png"):
        data = (tmp_path / "p" / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000


def test_the_docs_worked_question_has_its_files():
    root = Path(__file__).resolve().parent.parent
    text = (root / "docs" / "simulate.md").read_text(encoding="utf-8")
    for name in ("survival.png", "wins.png", "kills.png"):
        assert f"(simulate/{name})" in text
        assert (root / "docs" / "simulate" / name).read_bytes()[:4] == b"\x89PNG"
    assert "--vs docs/simulate/twelve-days.yaml" in text
    lab, _ = prepare("battle-royale", 1, house_rules=root / "docs" / "simulate" / "twelve-days.yaml", seed="d")
    assert lab.games == 1


def test_a_real_ctrl_c_reports_the_games_that_finished():
    """SIGINT to the whole process group, as a terminal's Ctrl-C sends it: the workers ignore it, the
    parent stops them and prints the report of what finished, exit code 0, no traceback."""
    import os
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen([sys.executable, "-m", "gm", "simulate", "battle-royale", "-n", "100000", "-j", "2",
                             "--seed", "int", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    time.sleep(6)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    data = json.loads(out)
    assert data["stopped"] and data["summary"]["games"] < 100000


@pytest.mark.parametrize("policy", ["aggressive", "cautious", "random", "forum"])
def test_no_policy_favours_a_student_by_name(tmp_path, policy):
    """Ties are drawn, never settled by name: among identical students, the first half of the roster by
    name wins as often as the second (a bias here would pass for a balance finding)."""
    from gm.simulate.game import load_sim_game
    from gm.simulate.play import play_game

    folder = tmp_path / "same"
    folder.mkdir()
    roster = "\n".join(f"  - {{name: S{i:02d}, role: Dedicated Student}}" for i in range(12))
    write(folder / "game.yaml", "engine: battle-royale\ntitle: Same\nhouse_rules:\n"
          "  role_bonuses: false\nroster:\n" + roster + "\n")
    sim = load_sim_game(str(folder))
    first = second = 0
    for i in range(150):  # (targets picked by name made it 170 wins against 339)
        end = play_game(sim, sim.engine.policies()[policy], i, "fair").end
        for name, outcome in end.outcome.items():
            if outcome == "winner":
                first += name < "S06"
                second += name >= "S06"
    total = first + second
    assert total > 100
    assert abs(first - second) < 4 * math.sqrt(total), (first, second)


def test_hostile_takeovers_dice_match_the_rulebook():
    """A claim does a d12 of damage (6.5 on average), an attacker's d12 beats the defender's 11 times in
    24: the report's figures for simulated games agree within their intervals (4.5 standard errors)."""
    s = report("hostile-takeover", 120, policy="aggressive", seed="d12")["summary"]
    claim, attack = s["weapons"]["claim"], s["weapons"]["attack"]
    assert claim["rulebook"] == 6.5 and attack["rulebook"] == round(11 / 24, 4)
    sd_claim = math.sqrt((12 ** 2 - 1) / 12)
    assert abs(claim["damage_per_attempt"]["value"] - 6.5) < 4.5 * sd_claim / math.sqrt(claim["attempts"])
    p = 11 / 24
    assert abs(attack["hit_rate"] - p) < 4.5 * math.sqrt(p * (1 - p) / attack["attempts"])
    assert attack["attempts"] > 300 and claim["attempts"] > 100
