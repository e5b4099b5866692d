"""`gm next` (issue 27, item 2): where the game stands in the cycle, what is overdue against the
deadline, the exact next command, a warning when a step would run before the deadline; and a whole
day of every engine run by doing what `gm next` says."""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import _head_at
from gm.cli import cli
from gm.gamedir import GameDir
from gm.gmday.desk import build_desk, write_sent


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def nxt(game: Path, now: str = "2030-01-01 10:00") -> dict:
    out = run("next", game, "--now", now, "--json")
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


def tick_everything(game: Path, day: int) -> None:
    """What a GM does on a served desk: every text sent."""
    gd = GameDir(game)
    write_sent(gd, day, {i.id: i.sha for i in build_desk(gd, gd.load(), day).items()})


def test_the_cycle_of_a_day_step_by_step(game_copy):
    g = str(game_copy)
    first = nxt(game_copy)
    assert first["day"] == 3 and first["next"]["command"] == f"gm preview {g} --day 3"
    assert "then `gm commit" in first["next"]["why"]
    assert run("preview", game_copy, "--day", 3).exit_code == 0
    assert nxt(game_copy)["next"]["command"] == f"gm desk {g} --day 3 --serve"
    tick_everything(game_copy, 3)
    step = nxt(game_copy)
    assert step["day"] == 4 and step["next"]["command"] == f"gm commit {g} --day 4 --deadline WHEN"
    assert run("commit", game_copy, "--day", 4, "--deadline", "2030-01-01T20:00Z").exit_code == 0
    step = nxt(game_copy)
    assert step["deadline"] == "2030-01-01 20:00" and step["next"]["command"] == f"gm desk {g} --day 4"
    assert "10 h 0 min left" in step["next"]["why"] and step["warnings"] == []
    statuses = {s["step"]: s["status"] for s in step["steps"]}
    assert statuses["commit"] == "done" and statuses["lock"] == "waiting" and statuses["reminders"] == "to do"
    assert statuses["forms"] == "to do" and statuses["votes"] == "optional"
    gd = GameDir(game_copy)
    form = next(i for i in build_desk(gd, gd.load(), 4, "2030-01-01 10:00").items() if i.id == "form.1")
    write_sent(gd, 4, {form.id: form.sha})  # ticked on the served desk
    assert {s["step"]: s["status"] for s in nxt(game_copy)["steps"]}["forms"] == "done"
    assert "overdue: lock\n" in run("next", game_copy, "--now", "2030-01-01 21:30").output
    late = nxt(game_copy, "2030-01-01 21:30")
    assert late["next"]["command"] == f"gm lock {g} --day 4"
    lock = next(s for s in late["steps"] if s["step"] == "lock")
    assert lock["status"] == "overdue" and "passed 1 h 30 min ago" in lock["detail"]


def test_a_step_before_the_deadline_is_warned_and_receipts_come_first(game_copy):
    g = str(game_copy)
    tick_everything(game_copy, 3)
    assert run("commit", game_copy, "--day", 4, "--deadline", "2030-01-01T20:00Z").exit_code == 0
    from gm.pipeline.day import check_day

    gd = GameDir(game_copy)
    alive = check_day(gd, gd.load(), 4).due
    orders = game_copy / "days" / "04" / "orders"
    orders.mkdir(parents=True, exist_ok=True)
    (orders / "all.yaml").write_text("".join(f"{p}:\n  action: search\n" for p in alive), encoding="utf-8")
    assert nxt(game_copy)["next"]["command"] == f"gm receipts {g} --day 4"
    assert run("receipts", game_copy, "--day", 4, "--now", "2030-01-01 10:00").exit_code == 0
    step = nxt(game_copy)
    assert step["next"]["command"] == f"gm lock {g} --day 4"
    assert step["warnings"] == [f"warning: Day 4's deadline has not passed (deadline 2030-01-01 20:00 UTC, 10 h 0 min "
                                "left): `gm lock` now would shut out orders still allowed"]
    assert {s["step"]: s["status"] for s in step["steps"]}["receipts"] == "done"
    text = run("next", game_copy, "--now", "2030-01-01 10:00").output
    assert text.splitlines()[-2] == f"next: gm lock {g} --day 4" and "warning: Day 4's deadline has not passed" in text
    assert nxt(game_copy, "2030-01-01 20:00")["warnings"] == []
    assert run("lock", game_copy, "--day", 4).exit_code == 1  # before the deadline, gm lock says so too (issue 23)
    assert run("lock", game_copy, "--day", 4, "--now", "2030-01-01 20:00").exit_code == 0
    assert nxt(game_copy, "2030-01-01 20:05")["next"]["command"] == f"gm resolve {g} --day 4 --beacon SIGNATURE"


def test_status_points_to_next_and_the_end_of_the_game(demo_dir, tmp_path):
    game = tmp_path / "game"
    shutil.copytree(demo_dir, game)
    assert f"gm next {game}" in run("status", game).output
    over = nxt(game)
    assert over["game_over"] and over["day"] == 7
    tick_everything(game, 7)
    assert run("preview", game, "--day", 7).exit_code == 0
    assert nxt(game)["next"]["command"] == f"gm reveal {game} --purposes"


ENGINES = ["battle-royale", "hostile-takeover", "team-kill", "kharnage", "hashmi-battle-royale"]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_whole_day_of_every_engine_run_from_gm_next(engine, tmp_path, demo_games):
    """Day 2 of each demo again, from its commitment to the next one, doing what `gm next` says (offline:
    the commitment takes no beacon round; the deadline is set as `gm commit --deadline` would)."""
    from gm.gmday.deadline import set_deadline
    from datetime import datetime

    game = demo_games.copy(engine, tmp_path / "game")
    orders = tmp_path / "orders"
    shutil.copytree(game / "days" / "02" / "orders", orders)
    for d in (game / "days").iterdir():
        if int(d.name) >= 2:
            shutil.rmtree(d)
    _head_at(game, 1)
    log = game / "fairness.log"
    log.write_text("".join(x + "\n" for x in log.read_text().splitlines() if json.loads(x)["day"] <= 1))
    tick_everything(game, 1)
    ran = []
    for _ in range(12):
        step = nxt(game, "2030-01-02 08:00")
        args = shlex.split(step["next"]["command"])
        if args[1] == "commit" and step["day"] == 3:
            break
        assert args[0] == "gm" and "WHEN" not in args[2:] or args[1] == "commit", step
        if args[1] == "commit":
            args = args[:args.index("--deadline")] if "--deadline" in args else args
        if args[1] == "desk" and "--serve" in args:
            tick_everything(game, step["day"])
        else:
            out = run(*args[1:], *(["--now", "2030-01-02 08:00"] if args[1] in ("receipts", "desk") else []))
            assert out.exit_code == 0, (args, out.output)
        ran.append(args[1])
        if args[1] == "commit":
            set_deadline(GameDir(game), 2, datetime(2030, 1, 1, 20, 0))
            shutil.copytree(orders, game / "days" / "02" / "orders", dirs_exist_ok=True)
    else:
        pytest.fail(f"gm next did not reach Day 3's commitment: {ran}")
    assert ran[0] == "commit" and ran[-1] == "desk" and "lock" in ran and "resolve" in ran and "preview" in ran
    assert run("audit", game, "--all").exit_code == 0
