"""Peak memory of `gm simulate`'s parent process against the number of games (#30: memory flat in
the games). Each size runs in a fresh process (`gm simulate ... --json`), and its peak resident set
(ru_maxrss, the parent alone: the pool's workers are its children, counted apart) is read from
/proc/PID/status as it exits.

    .venv/bin/python bench/bench_memory.py        # team-kill, 10,000 and 100,000 games, --jobs 2
    .venv/bin/python bench/bench_memory.py --engine battle-royale --games 1000 10000

Not a test: the figures depend on the machine. bench/LAB.md has this machine's.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import resource, sys, runpy
sys.argv = ["gm"] + sys.argv[1:]
try:
    runpy.run_module("gm", run_name="__main__")
except SystemExit:
    pass
finally:
    kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    sys.stderr.write(f"\\nPEAK_RSS_KIB {kib}\\n")
"""


def measure(engine: str, games: int, jobs: int, seed: str) -> tuple[int, float, int]:
    """(peak RSS of the parent in KiB, seconds, games reported)."""
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", PROBE, "simulate", engine, "--games", str(games), "--jobs", str(jobs),
                           "--seed", seed, "--policy", "random", "--json"], capture_output=True, text=True,
                          cwd=tempfile.gettempdir(),  # not a checkout: PYTHONPATH says which gm is measured
                          env={**os.environ, "PYTHONPATH": os.environ.get("PYTHONPATH", str(ROOT))})
    seconds = time.perf_counter() - started
    if proc.returncode != 0:
        sys.exit(proc.stderr)
    peak = int(proc.stderr.rsplit("PEAK_RSS_KIB", 1)[1].split()[0])
    return peak, seconds, json.loads(proc.stdout)["summary"]["games"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default="team-kill")
    ap.add_argument("--games", type=int, nargs="+", default=[10_000, 100_000])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", default="bench")
    args = ap.parse_args()
    print("| engine | games | --jobs | parent's peak RSS (MiB) | seconds | games/s |")
    print("|---|--:|--:|--:|--:|--:|")
    for games in args.games:
        peak, seconds, played = measure(args.engine, games, args.jobs, args.seed)
        assert played == games, (played, games)
        print(f"| {args.engine} | {games:,} | {args.jobs} | {peak / 1024:.1f} | {seconds:.1f} | {games / seconds:,.0f} |",
              flush=True)


if __name__ == "__main__":
    main()
