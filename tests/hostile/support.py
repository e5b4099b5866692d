"""Shared by the hostile-input tests: fresh games of every registered engine, and `gm` run in a
child process under a memory cap and a time limit (so a regression fails, it does not hang CI)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from gm.engines import REGISTRY

ENGINES = sorted(REGISTRY)
MEMORY_CAP = 400 * 1024 * 1024  # bytes of address space a child `gm` may use beyond the interpreter's start


@dataclass
class Run:
    code: int
    out: str
    err: str
    seconds: float


def run_gm(*args: str, cwd: Path | None = None, timeout: float = 20, memory: int | None = MEMORY_CAP) -> Run:
    """`python -m gm ARGS` in a child process with its address space capped; killed after `timeout`."""

    def cap():
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory + 200 * 1024 * 1024,) * 2)

    start = time.monotonic()
    env = dict(os.environ, PYTHONUTF8="1")
    env.pop("GM_DEBUG", None)
    proc = subprocess.run([sys.executable, "-m", "gm", *map(str, args)], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, preexec_fn=cap, env=env)
    return Run(proc.returncode, proc.stdout, proc.stderr, time.monotonic() - start)


def new_game(root: Path, engine: str) -> Path:
    from gm.commands.game import new_game as make

    make(root, engine, None)
    return root
