"""Days or results swapped (issue 31, item 6): `gm audit --all` caught them, but blamed the day
before ("Day 1: CHANGED", its link from Day 2 broken). Now the days swapped are named, by the day
each record and each commitment says it is."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.hostile.support import run_gm


def _swap(a: Path, b: Path) -> None:
    tmp = a.with_name(a.name + ".swap")
    a.rename(tmp)
    b.rename(a)
    tmp.rename(b)


def _audit(root: Path):
    got = run_gm("audit", root, "--all", timeout=120)
    assert got.code == 1, got
    return got.out


def test_two_days_swapped_are_named(game_copy):
    days = game_copy / "days"
    _swap(days / "02", days / "03")
    out = _audit(game_copy)
    assert "Days 2 and 3 are swapped (days/02 holds Day 3, days/03 holds Day 2)" in out, out
    assert "First change: Days 2 and 3 (swapped)." in out
    assert "Day 1: CHANGED" not in out


def test_two_results_swapped_are_named(game_copy):
    days = game_copy / "days"
    _swap(days / "01" / "result", days / "03" / "result")
    out = _audit(game_copy)
    assert "Day 1's and Day 3's results are swapped (days/01/result holds Day 3's result" in out, out
    assert "First change: Days 1 and 3 (results swapped)." in out
    assert "Day 0: CHANGED" not in out


def test_a_result_copied_over_the_next_day_is_blamed_on_that_day(game_copy):
    days = game_copy / "days"
    shutil.rmtree(days / "03" / "result")
    shutil.copytree(days / "02" / "result", days / "03" / "result")
    out = _audit(game_copy)
    assert "days/03/result: holds Day 2's result, not Day 3's result" in out, out
    assert "First change: Day 3 (it holds Day 2's result)." in out
    assert "Day 2: CHANGED" not in out
