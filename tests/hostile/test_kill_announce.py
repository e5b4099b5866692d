"""`gm commit --new-deadline` (an announcement of a new round, issue 23 item 1) killed at every
write: the log line comes before the post, so a re-run finishes the job with the logged post,
and the day has exactly one announcement, logged once, as an unkilled run makes it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

from tests.hostile.test_kills import gm_killed_at
from tests.test_fairness_rounds import ANNOUNCED, BEFORE, FIRST, ISO, MOVED


def _gm(*args):
    return subprocess.run([sys.executable, "-m", "gm", *map(str, args)], capture_output=True, text=True, timeout=120)


def test_an_announcement_killed_at_every_write_is_whole_after_a_rerun(game_copy, tmp_path):
    assert _gm("commit", game_copy, "--deadline", FIRST.strftime(ISO), "--now", BEFORE).returncode == 0
    pristine = tmp_path / "pristine"
    shutil.copytree(game_copy, pristine)
    args = ("commit", game_copy, "--day", "4", "--new-deadline", MOVED.strftime(ISO), "--reason", "the forum was down",
            "--now", ANNOUNCED)
    clean = _gm(*args)
    assert clean.returncode == 0, clean.stderr
    want = (game_copy / "days" / "04" / "round.1.txt").read_text(encoding="utf-8")
    shutil.rmtree(game_copy)
    shutil.copytree(pristine, game_copy)
    total = int(gm_killed_at(10**6, *args).stderr.rsplit("writes:", 1)[1])
    assert total >= 2
    for n in range(1, total + 1):
        shutil.rmtree(game_copy)
        shutil.copytree(pristine, game_copy)
        killed = gm_killed_at(n, *args)
        assert killed.returncode == -9, (n, killed.stderr)
        again = _gm(*args)
        assert again.returncode == 0, (n, again.stderr)
        assert (game_copy / "days" / "04" / "round.1.txt").read_text(encoding="utf-8") == want, n
        logged = [e for e in map(json.loads, (game_copy / "fairness.log").read_text().splitlines())
                  if e.get("event") == "round"]
        assert len(logged) == 1, (n, logged)
