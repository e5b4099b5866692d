"""Local tampering `gm audit --all` used to miss (issue 31, item 6).

Found (audit said all was well): fairness.log truncated; the last day and chain-head.json
deleted, the log lines kept; chain-head.json edited. Each is now named. The last day deleted with
its log lines and the head leaves nothing in the folder to know it by: docs/fairness.md says so,
and what in the thread catches it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.hostile.support import run_gm


def audit(root: Path):
    return run_gm("audit", root, "--all", timeout=120)


def _lines(root: Path) -> list[str]:
    return (root / "fairness.log").read_text(encoding="utf-8").splitlines()


def test_the_untouched_game_checks_out(game_copy):
    got = audit(game_copy)
    assert got.code == 0, got


def test_a_truncated_log_is_named(game_copy):
    lines = _lines(game_copy)
    cut = [line for line in lines if not (json.loads(line)["event"] == "resolve" and json.loads(line)["day"] == 3)]
    assert len(cut) < len(lines)
    (game_copy / "fairness.log").write_text("".join(line + "\n" for line in cut), encoding="utf-8")
    got = audit(game_copy)
    assert got.code != 0 and "fairness.log: has no line for this result of Day 3" in got.out, got


def test_a_deleted_log_is_named(game_copy):
    (game_copy / "fairness.log").unlink()
    got = audit(game_copy)
    assert got.code != 0 and "fairness.log: missing" in got.out, got


def test_the_last_day_and_the_head_deleted_are_named_by_the_log(game_copy):
    shutil.rmtree(game_copy / "days" / "03")
    (game_copy / "chain-head.json").unlink()
    got = audit(game_copy)
    assert got.code != 0 and "Day 3 is logged as resolved, but its result is gone" in got.out, got


def test_a_deleted_head_is_named(game_copy):
    (game_copy / "chain-head.json").unlink()
    got = audit(game_copy)
    assert got.code != 0 and "chain-head.json: missing" in got.out, got


def test_an_edited_head_is_named(game_copy):
    head = json.loads((game_copy / "chain-head.json").read_text(encoding="utf-8"))
    head["record_sha256"] = "0" * 64
    (game_copy / "chain-head.json").write_text(json.dumps(head), encoding="utf-8")
    got = audit(game_copy)
    assert got.code != 0 and "chain-head.json: names record 000000000000... for Day 3" in got.out, got
    assert ": edited" in got.out
    head["day"] = 2
    (game_copy / "chain-head.json").write_text(json.dumps(head), encoding="utf-8")
    got = audit(game_copy)
    assert got.code != 0 and "chain-head.json: names Day 2, but Day 3 is resolved" in got.out, got


def test_a_day_resolved_again_without_force_is_named(game_copy):
    shutil.rmtree(game_copy / "days" / "03" / "result")
    orders = game_copy / "days" / "03" / "orders" / "orders.yaml"
    orders.write_text(orders.read_text(encoding="utf-8") + "\n# edited after the lock\n", encoding="utf-8")
    again = run_gm("resolve", game_copy, "--day", 3, "--late-change", "a comment", timeout=120)
    assert again.code == 0, again
    got = audit(game_copy)
    assert got.code != 0 and "replaced without a correction" in got.out, got


def test_what_the_folder_cannot_know_is_documented():
    text = (Path(__file__).resolve().parents[2] / "docs" / "fairness.md").read_text(encoding="utf-8")
    assert "## What the folder cannot know" in text
