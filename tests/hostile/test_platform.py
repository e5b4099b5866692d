"""gm on a system without fcntl (Windows), and the game's write lock (issue 28, item 5)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

# Runs in a child process: fcntl made unavailable before anything is imported, then the writing
# commands of a whole cycle, in order; prints each command's exit code.
CYCLE = textwrap.dedent("""
    import sys
    sys.modules["fcntl"] = None  # `import fcntl` now raises ImportError, as on Windows
    import warnings
    warnings.simplefilter("ignore")  # filelock says it falls back on its soft lock
    from click.testing import CliRunner
    from gm.cli import cli
    game = sys.argv[1]
    for args in (["new", game, "--engine", "battle-royale"], ["commit", game, "--day", "0"],
                 ["check", game, "--day", "0"], ["lock", game, "--day", "0"],
                 ["resolve", game, "--day", "0"],
                 ["commit", game, "--day", "1"], ["lock", game, "--day", "1"],
                 ["resolve", game, "--day", "1"], ["resolve", game, "--day", "1", "--force", "--reason", "again"],
                 ["reveal", game, "--day", "1"],  # Day 0 is sealed until the game ends (issue 23)
                 ["audit", game, "--all"]):
        done = CliRunner().invoke(cli, args)
        print(done.output, flush=True)
        print("EXIT", args[0], done.exit_code, flush=True)
    print("fcntl loaded:", sys.modules.get("fcntl") is not None)
""")


def test_the_full_cycle_runs_without_fcntl(tmp_path):
    game = tmp_path / "game"
    env = dict(os.environ, PYTHONUTF8="1")
    proc = subprocess.run([sys.executable, "-c", CYCLE, str(game)], capture_output=True, text=True, timeout=300,
                          env=env, cwd=tmp_path)
    exits = [line.split()[1:] for line in proc.stdout.splitlines() if line.startswith("EXIT ")]
    assert exits and all(code == "0" for _, code in exits), proc.stdout + proc.stderr
    assert len(exits) == 11, proc.stdout + proc.stderr
    assert "fcntl loaded: False" in proc.stdout
    assert "Traceback" not in proc.stderr, proc.stderr
    assert (game / "days" / "01" / "result" / "state.json").is_file()
    assert (game / "days" / "01" / "result.1" / "state.json").is_file()


HOLD = textwrap.dedent("""
    import sys, time
    from gm.gamedir import GameDir
    with GameDir(sys.argv[1]).lock():
        print("held", flush=True)
        time.sleep(60)
""")


def test_a_second_writer_is_told_and_stops(tmp_path):
    from tests.hostile.support import new_game, run_gm

    root = new_game(tmp_path / "game", "battle-royale")
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(root)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        before = sorted(p.relative_to(root) for p in root.rglob("*"))
        got = run_gm("commit", root, "--day", 0)
        assert got.code == 1, got
        assert "another gm command is writing" in got.err
        assert sorted(p.relative_to(root) for p in root.rglob("*")) == before
    finally:
        holder.kill()
        holder.wait()
    # the lock goes with the process that held it, killed or not
    deadline = time.monotonic() + 10
    got = run_gm("commit", root, "--day", 0)
    assert got.code == 0 and time.monotonic() < deadline, got


def test_the_lock_file_is_ignored_by_git(tmp_path):
    from gm.gamedir import GameDir
    from tests.hostile.support import new_game

    root = new_game(tmp_path / "game", "battle-royale")
    ignored = (root / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert any(Path(GameDir.LOCK).match(pattern) for pattern in ignored if pattern and not pattern.startswith("#"))
