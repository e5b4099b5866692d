"""`gm simulate` bounded in memory, and stopped cleanly by any number of Ctrl-C (issue 31, item 7).

Found: `gm simulate --games 1000000000000 --jobs 2` was killed for memory at 2.9 GB with no
output; Ctrl-C pressed twice in quick succession left the parent and its workers waiting forever.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.hostile.support import run_gm


def test_more_games_than_a_run_may_play_are_refused():
    """Memory no longer grows with the games (the tally merges as results come), so the bound is the
    games a run may play, refused at once with the way out (other seeds), never a hang or a kill."""
    got = run_gm("simulate", "battle-royale", "--games", 10 ** 12, "--jobs", 2, timeout=60)
    assert got.code == 1, got
    assert "more than 1,000,000,000 games a run" in got.err and "--seed" in got.err, got
    assert "Traceback" not in got.err, got
    assert got.seconds < 30


def _children(pid: int) -> set[int]:
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.add(int(stat.parent.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _cpu_seconds(pid: int) -> float:
    """User and system time the process has used so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("presses", [2, 5])
def test_ctrl_c_any_number_of_times_ends_parent_and_workers(tmp_path, presses):
    proc = subprocess.Popen([sys.executable, "-m", "gm", "simulate", "battle-royale", "--games", "200000", "--jobs", "2",
                             "--no-charts"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONUTF8="1"))
    try:
        deadline = time.monotonic() + 60
        workers: set[int] = set()
        while len(workers) < 2 and time.monotonic() < deadline:
            workers = _children(proc.pid)
            time.sleep(0.1)
        assert len(workers) >= 2, "the workers never started"
        # games under way: each worker has had half a second of CPU (a wait bounded in time, not a
        # fixed sleep, so a loaded machine that is slow to schedule them still gets there)
        while time.monotonic() < deadline and min(_cpu_seconds(w) for w in workers) < 0.5:
            time.sleep(0.05)
        assert proc.poll() is None, ("gm simulate ended before Ctrl-C", proc.returncode)
        for _ in range(presses):
            proc.send_signal(signal.SIGINT)
            time.sleep(0.02)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode in (0, 1, 130), (proc.returncode, err[-2000:])
    assert "Traceback" not in err, err[-2000:]
    gone = time.monotonic() + 30  # the workers end with the parent: give a loaded machine time to reap them
    while [w for w in workers if _alive(w)] and time.monotonic() < gone:
        time.sleep(0.05)
    assert not [w for w in workers if _alive(w)], "workers left running"
