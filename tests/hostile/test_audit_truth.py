"""The audit tells the truth (issue #15).

Found: a git clone of an honest game failed `gm audit --all` (the replay depended on
seed.secret, which the game's .gitignore leaves out); the next day resolved from an edited
state.json without a word; deleting the last day went unnoticed; editing Day 3's link field
blamed Day 2; a roll with "sides": 2**256+1 made verify and audit loop forever.
"""

from __future__ import annotations

import json
import shutil
import time

from click.testing import CliRunner

from gm.cli import cli


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_a_clone_without_seed_secrets_audits_clean(game_copy):
    for secret in game_copy.glob("days/*/seed.secret"):
        secret.unlink()
    result = run("audit", game_copy, "--all")
    assert result.exit_code == 0, result.output
    assert "All 4 day(s) check out" in result.output


def test_the_next_day_refuses_an_edited_state(game_copy):
    path = game_copy / "days" / "03" / "result" / "state.json"
    state = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(state, indent=1) + "\n", encoding="utf-8")  # any change at all
    for command in ("check", "resolve"):
        result = run(command, game_copy, "--day", "4")
        assert result.exit_code == 1
        assert "days/03/result/state.json: changed after Day 3 was resolved" in result.output, result.output
    assert not (game_copy / "days" / "04" / "result").exists()


def test_deleting_the_last_day_is_named(game_copy):
    shutil.rmtree(game_copy / "days" / "03" / "result")
    result = run("audit", game_copy, "--all")
    assert result.exit_code == 1
    assert "Day 3: missing (its result folder is gone), yet chain-head.json records it as resolved" in result.output


def test_an_edited_link_is_blamed_on_its_own_day(game_copy):
    path = game_copy / "days" / "03" / "result" / "day.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    record["chain"]["previous_record"] = "0" * 64
    path.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    result = run("audit", game_copy, "--all")
    assert result.exit_code == 1
    assert "Day 2: OK" in result.output
    assert "First change: Day 3 (days/03/result/day.json)" in result.output, result.output


def test_a_forged_die_of_2_256_plus_1_sides_does_not_loop(game_copy):
    path = game_copy / "days" / "03" / "result" / "rolls.jsonl"
    lines = path.read_text(encoding="utf-8").split("\n")
    first = json.loads(lines[0])
    first["sides"] = 2 ** 256 + 1
    lines[0] = json.dumps(first, sort_keys=True, separators=(",", ":"))
    path.write_text("\n".join(lines), encoding="utf-8")
    start = time.monotonic()
    result = run("audit", game_copy, "--day", "3")
    assert time.monotonic() - start < 20
    # named either as a die of no whole-number sides or as a line gm never writes (not canonical JSON)
    assert result.exit_code == 1 and ("no whole-number sides" in result.output
                                      or "not in the canonical encoding" in result.output), result.output
    record = json.loads((game_copy / "days" / "03" / "result" / "day.json").read_text(encoding="utf-8"))
    commit = game_copy / "days" / "03" / "commit.txt"
    verdict = run("verify", "--commit", commit, "--rolls", path, "--seed", record["seed"], "--engine", "battle-royale",
                  "--day", "3")
    assert verdict.exit_code in (1, 2) and ("no whole-number sides" in verdict.output
                                            or "not in the canonical encoding" in verdict.output), verdict.output


def test_a_record_of_the_wrong_types_is_named_not_a_crash(game_copy):
    path = game_copy / "days" / "02" / "result" / "day.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    record["orders_files"] = ["not", "a", "mapping"]
    record["rolls"] = "many"
    path.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    result = run("audit", game_copy, "--all")
    assert result.exit_code == 1
    assert "days/02/result/day.json: changed after Day 2 was resolved (orders_files, rolls: not of the type" in result.output


def test_json_lines_survive_any_character():
    from gm.fairness.roll_check import read_rolls

    from gm.canonical import canonical

    rec = {"index": 0, "purpose": "Ann\u2028Bo\x85x\u2029 attacks", "sides": 6, "value": 2, "outcome": 2}
    text = canonical(rec) + "\n"
    assert read_rolls(text, "rolls.jsonl") == [rec]


def test_verify_refuses_a_reveal_of_the_wrong_types(game_copy):
    reveal = game_copy / "days" / "03" / "result" / "reveal.bbcode"
    rolls = game_copy / "days" / "03" / "result" / "rolls.jsonl"
    commit = game_copy / "days" / "03" / "commit.txt"
    text = reveal.read_text(encoding="utf-8")
    for field, forged in (('"seed":"', '"seed":12,"x":"'), ('"day":3', '"day":"3"')):
        assert field in text
        bad = game_copy / "bad-reveal.txt"
        bad.write_text(text.replace(field, forged, 1), encoding="utf-8")
        result = run("verify", "--commit", commit, "--reveal", bad, "--rolls", rolls)
        # not verified (1) or not a reveal gm wrote (2): either way named, never a crash
        assert result.exit_code in (1, 2), (field, result.output)
        assert "internal error" not in result.output and ("altered" in result.output or "canonical" in result.output), result.output
