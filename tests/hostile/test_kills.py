"""Killed at any point, gm leaves the game at the old day or the new one (issue #15).

Found: a kill during `--force` could leave the day with no result; a kill during `gm commit`
left `days/NN/.seed.secret-XXXX`, which `git add -A` stages, revealing the dice.

Each run is a child `gm` that kills itself (SIGKILL) at its n-th write (opening a file to write,
making a folder, renaming, linking): files are killed just after they are created, before a
byte is in them. Afterwards the day is either untouched or exactly as a run that was not killed
makes it, rerunning gives the same bytes, and nothing git would stage holds the seed of a day not
yet resolved.
"""

from __future__ import annotations

import hashlib
import os
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

POINTS = int(os.environ.get("KILL_POINTS", "4"))  # kill points per command; raise it to look harder

CHILD = r"""
import builtins, io, os, signal, sys
n = int(sys.argv[1])
calls = [0]
def tick():
    calls[0] += 1
    if calls[0] == n:
        os.kill(os.getpid(), signal.SIGKILL)
def before(real):
    def wrapped(*a, **k):
        tick()
        return real(*a, **k)
    return wrapped
for name in ("mkdir", "rename", "replace", "link"):
    setattr(os, name, before(getattr(os, name)))
def after_open(real):
    def wrapped(file, mode="r", *a, **k):
        f = real(file, mode, *a, **k)
        if any(c in mode for c in "wax+"):
            tick()
        return f
    return wrapped
builtins.open = after_open(builtins.open)
io.open = after_open(io.open)
real_os_open = os.open
def os_open(path, flags, *a, **k):
    fd = real_os_open(path, flags, *a, **k)
    if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
        tick()
    return fd
os.open = os_open
from gm.cli import main
sys.argv = ["gm"] + sys.argv[2:]
try:
    main()
finally:
    sys.stderr.write(f"\nwrites: {calls[0]}\n")
"""


def gm_killed_at(n: int, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CHILD, str(n), *map(str, args)], capture_output=True, text=True,
                          timeout=60, env=dict(os.environ, PYTHONUTF8="1", GM_NO_CACHE="1"))
    # GM_NO_CACHE: the user's cache (gm/storage/cache.py) is written on a first run only, which would make the
    # number of writes differ from run to run; its writes are outside the game folder, and atomic


def tree(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file() and ".git" not in p.relative_to(root).parts}


def day_files(root: Path, day: str) -> dict[str, str]:
    return {k: v for k, v in tree(root).items() if k.startswith(f"days/{day}/result/")}


def staged_texts(root: Path) -> list[tuple[str, str]]:
    """What `git add -A` would take: every file git does not ignore, with its text."""
    out = subprocess.run(["git", "ls-files", "--others", "--cached", "--exclude-standard"], cwd=root,
                         capture_output=True, text=True, check=True).stdout.split("\n")
    return [(p, (root / p).read_text(encoding="utf-8", errors="replace")) for p in out if p and (root / p).is_file()]


@pytest.fixture
def day3(game_copy):
    """The demo before Day 3 was committed or resolved, in a git repository."""
    shutil.rmtree(game_copy / "days" / "03" / "result")
    (game_copy / "days" / "03" / "seed.secret").unlink()
    (game_copy / "days" / "03" / "commit.txt").unlink()
    (game_copy / "days" / "03" / "lock.txt").unlink(missing_ok=True)
    log = game_copy / "fairness.log"  # the game as it was before Day 3 was committed
    log.write_text("".join(line + "\n" for line in log.read_text().splitlines() if json.loads(line)["day"] <= 2))
    from gm.commands.game import GITIGNORE

    (game_copy / ".gitignore").write_text(GITIGNORE, encoding="utf-8")  # as `gm new` writes it
    subprocess.run(["git", "init", "-q"], cwd=game_copy, check=True)
    return game_copy


def sample(total: int, k: int = 7) -> list[int]:
    """k kill points spread over 1..total, the first and the last among them."""
    return sorted({1, total} | {1 + (total - 1) * i // (k - 1) for i in range(k)})


def test_commit_killed_anywhere_leaves_no_staged_secret(day3, tmp_path):
    log = (day3 / "fairness.log").read_text(encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "gm", "commit", day3, "--day", "3", "--late"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    seed = (day3 / "days" / "03" / "seed.secret").read_text().strip()
    (day3 / "days" / "03" / "seed.secret").unlink()
    (day3 / "days" / "03" / "commit.txt").unlink()
    (day3 / "fairness.log").write_text(log, encoding="utf-8")  # as if that commitment had never been made
    total = int(gm_killed_at(10**6, "commit", day3, "--day", "3", "--late").stderr.rsplit("writes:", 1)[1])
    for name in ("seed.secret", "commit.txt"):
        (day3 / "days" / "03" / name).unlink()
    (day3 / "fairness.log").write_text(log, encoding="utf-8")
    pristine = tmp_path / "pristine"
    shutil.copytree(day3, pristine, symlinks=True)
    for n in sample(total, POINTS + 1):
        shutil.rmtree(day3)
        shutil.copytree(pristine, day3, symlinks=True)
        r = gm_killed_at(n, "commit", day3, "--day", "3", "--late")
        assert r.returncode == -9, (n, r.stderr)
        secret = day3 / "days" / "03" / "seed.secret"
        for path, text in staged_texts(day3):
            if secret.is_file():
                assert secret.read_text().strip() not in text, (n, path)
        again = subprocess.run([sys.executable, "-m", "gm", "commit", day3, "--day", "3", "--late"], capture_output=True, text=True)
        assert again.returncode == 0, (n, again.stderr)
    assert seed  # the commit made without a kill had a seed


@pytest.mark.parametrize("force", [False, True])
def test_resolve_killed_anywhere_is_at_the_old_day_or_the_new(day3, tmp_path, force):
    def gm(*args):
        r = subprocess.run([sys.executable, "-m", "gm", *map(str, args)], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
    gm("commit", day3, "--day", "3", "--late")
    seed = (day3 / "days" / "03" / "seed.secret").read_text().strip()
    args = ["resolve", day3, "--day", "3"] + (["--force", "--reason", "a kill test"] if force else [])
    if force:
        gm("resolve", day3, "--day", "3")
        (day3 / "days" / "03" / "orders" / "orders.yaml").write_text(
            (day3 / "days" / "03" / "orders" / "orders.yaml").read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    pristine = tmp_path / "pristine"
    shutil.copytree(day3, pristine, symlinks=True)
    old = day_files(day3, "03")
    reference = tmp_path / "reference"
    shutil.copytree(pristine, reference, symlinks=True)
    full = gm_killed_at(10**6, *[reference if a == day3 else a for a in args])
    assert full.returncode == 0, full.stderr
    total = int(full.stderr.rsplit("writes:", 1)[1])
    new = day_files(reference, "03")
    for n in sample(total, POINTS):
        shutil.rmtree(day3)
        shutil.copytree(pristine, day3, symlinks=True)
        r = gm_killed_at(n, *args)
        assert r.returncode == -9, (n, r.stderr)
        now = day_files(day3, "03")
        assert now in (old, new), (n, set(now) ^ set(old), set(now) ^ set(new))
        if not force and now == old:  # not resolved: the seed is still a secret
            for path, text in staged_texts(day3):
                assert seed not in text, (n, path)
        # a rerun finishes the job, with the same bytes as a run never killed
        rerun = subprocess.run([sys.executable, "-m", "gm", *map(str, args)], capture_output=True, text=True)
        if now == old:
            assert rerun.returncode == 0, (n, rerun.stderr)
        assert day_files(day3, "03") == new or (force and now == new), n
