"""`gm commit` and `gm resolve --force` killed at every write call (issue 31, item 5).

Found: `gm resolve --force` killed at write 100 of 112 left a day that `gm audit --all` reported
"CHANGED after the fact" (the earlier result was lost in a scratch folder); `gm commit` killed
after its last writes left a commitment never logged in fairness.log, even after a re-run.

Now the old result is kept (result.N/) before the new one is swapped in, and a commitment's log
line is written before its post (a re-run makes the post again from the seed). After a kill at
any write, `gm audit --all` passes, or names the log line a stopped run wrote before its result;
and running the command again finishes the job, after which it passes.

The kills of tests/hostile/test_kills.py (a child that SIGKILLs itself at its n-th write). By
default every write of the last 12 (where the old result is kept, the new one swapped in, the
head and the log written) and every 29th before them; KILL_EVERY=1 kills at every one.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

from tests.hostile.test_kills import day3, gm_killed_at  # noqa: F401 (day3: a fixture)

EVERY = os.environ.get("KILL_EVERY") == "1"


def points(total: int) -> list[int]:
    if EVERY:
        return list(range(1, total + 1))
    return sorted(set(range(1, total + 1, 29)) | set(range(max(1, total - 12), total + 1)))


def gm(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gm", *map(str, args)], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONUTF8="1"))


def commits_logged(root, day: int) -> list[dict]:
    lines = (root / "fairness.log").read_text(encoding="utf-8").splitlines()
    return [e for e in map(json.loads, lines) if e.get("event") == "commit" and e.get("day") == day]


def test_commit_killed_at_every_write_is_logged_once_after_a_rerun(day3, tmp_path):  # noqa: F811
    import hashlib

    pristine = tmp_path / "pristine"
    shutil.copytree(day3, pristine, symlinks=True)
    args = ("commit", day3, "--day", "3", "--late")
    total = int(gm_killed_at(10**6, *args).stderr.rsplit("writes:", 1)[1])
    assert total > 3
    for n in points(total):
        shutil.rmtree(day3)
        shutil.copytree(pristine, day3, symlinks=True)
        killed = gm_killed_at(n, *args)
        assert killed.returncode == -9, (n, killed.stderr)
        again = gm(*args)
        assert again.returncode == 0, (n, again.stderr)
        post = (day3 / "days" / "03" / "commit.txt").read_bytes()
        logged = commits_logged(day3, 3)
        assert [e["commit_sha256"] for e in logged] == [hashlib.sha256(post).hexdigest()], (n, logged)


def test_resolve_force_killed_at_every_write_keeps_the_day_whole(day3, tmp_path):  # noqa: F811
    for args in (("commit", day3, "--day", "3", "--late"), ("resolve", day3, "--day", "3")):
        assert gm(*args).returncode == 0
    pristine = tmp_path / "pristine"
    shutil.copytree(day3, pristine, symlinks=True)
    args = ("resolve", day3, "--day", "3", "--force", "--reason", "a kill test")
    assert gm("audit", day3, "--all").returncode == 0
    total = int(gm_killed_at(10**6, *args).stderr.rsplit("writes:", 1)[1])
    for n in points(total):
        shutil.rmtree(day3)
        shutil.copytree(pristine, day3, symlinks=True)
        killed = gm_killed_at(n, *args)
        assert killed.returncode == -9, (n, killed.stderr)
        audit = gm("audit", day3, "--all")
        # stopped between its log line and its result, the audit names the line until a re-run
        assert audit.returncode == 0 or "stopped before" in audit.stdout, (n, audit.stdout)
        if audit.returncode == 0 and (day3 / "days" / "03" / "result.1").is_dir() and (day3 / "days" / "03" / "result" / "changes.diff").is_file():
            continue  # the new result is in place, the old one kept: done
        again = gm(*args)
        assert again.returncode == 0, (n, again.stderr)
        audit = gm("audit", day3, "--all")
        assert audit.returncode == 0, (n, audit.stdout, audit.stderr)
