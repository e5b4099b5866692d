"""How fast `gm simulate` plays: games per second for every registered engine and policy, the
issue's target (1,000 complete 20-player Battle Royale games in under 30 s with both cores) and
how the cost of a Battle Royale game grows with its players.

    .venv/bin/python bench/bench_simulate.py                  # everything (a few minutes)
    .venv/bin/python bench/bench_simulate.py --only target    # the 1,000-game target alone
    .venv/bin/python bench/bench_simulate.py --only engines --games 100
    .venv/bin/python bench/bench_simulate.py --profile battle-royale   # cProfile of 50 games

Not a test: the figures depend on the machine (and on what else runs on it). bench/README.md has
this machine's. The exit code is 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gm.engines import REGISTRY  # noqa: E402
from gm.simulate import prepare, simulate  # noqa: E402
from gm.simulate.runner import default_jobs  # noqa: E402

TARGET_GAMES, TARGET_SECONDS = 1000, 30.0
SIZES = (20, 40, 80, 160)
TARGET_GROWTH = 1.5
LOAD_BEFORE = os.getloadavg()[0]  # time per player-game at the largest size over that at 20


def timed(target: str, games: int, policy: str, jobs: int, players: int | None = None) -> tuple[float, dict]:
    lab, sim = prepare(target, games, players, policy, seed="bench")
    t = time.perf_counter()
    report, _ = simulate(lab, sim, jobs)
    return time.perf_counter() - t, report


def engines(games: int) -> None:
    print(f"\nGames per second, one worker ({games} games each, default game of each engine):\n")
    print("| engine | policy | players | games/s | ms/game | mean length (days) |")
    print("|---|---|--:|--:|--:|--:|")
    for name in sorted(REGISTRY):
        _, sim = prepare(name, 1, seed="x")
        for policy in sorted(sim.engine.policies()):
            seconds, report = timed(name, games, policy, 1)
            s = report["summary"]
            print(f"| {name} | {policy} | {report['players']} | {games / seconds:.1f} | {seconds / games * 1000:.1f} "
                  f"| {s['length']['value']:.1f} |", flush=True)


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (the workers)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def target() -> bool:
    jobs = default_jobs()
    cpu = cpu_seconds()
    seconds, report = timed("battle-royale", TARGET_GAMES, "random", jobs)
    cpu = cpu_seconds() - cpu
    ok = seconds < TARGET_SECONDS
    print(f"\n{TARGET_GAMES:,} Battle Royale games of 20 players, policy random, {jobs} workers: {seconds:.1f} s "
          f"({TARGET_GAMES / seconds:.1f} games/s; target under {TARGET_SECONDS:.0f} s: {'met' if ok else 'MISSED'})")
    print(f"CPU time {cpu:.1f} s in all (with {jobs} idle cores: about {cpu / jobs:.1f} s); "
          f"load average before the run {LOAD_BEFORE:.1f}: other programs share the cores")
    return ok


def growth(games: int) -> bool:
    print(f"\nCost per game as the class grows (Battle Royale, policy random, one worker, {games} games each):\n")
    print("| players | ms/game | ms per player-game |")
    print("|--:|--:|--:|")
    per_player = {}
    for n in SIZES:
        seconds, _ = timed("battle-royale", games, "random", 1, n)
        per_player[n] = seconds / games / n * 1000
        print(f"| {n} | {seconds / games * 1000:.1f} | {per_player[n]:.2f} |", flush=True)
    ratio = per_player[SIZES[-1]] / per_player[SIZES[0]]
    ok = ratio <= TARGET_GROWTH
    print(f"\nPer player-game at {SIZES[-1]} over {SIZES[0]}: {ratio:.2f}x (target at most {TARGET_GROWTH}x: "
          f"{'met' if ok else 'MISSED'})")
    return ok


def profile(name: str) -> None:
    lab, sim = prepare(name, 50, None, "random", seed="profile")
    cProfile.runctx("simulate(lab, sim, 1)", globals(), {"lab": lab, "sim": sim, "simulate": simulate}, "/tmp/gm-sim.prof")
    pstats.Stats("/tmp/gm-sim.prof").sort_stats("tottime").print_stats(25)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=("engines", "target", "growth"), default=None)
    ap.add_argument("--games", type=int, default=100, help="games per row of the engine and growth tables")
    ap.add_argument("--profile", metavar="ENGINE", default=None)
    args = ap.parse_args()
    if args.profile:
        profile(args.profile)
        return 0
    ok = True
    if args.only in (None, "engines"):
        engines(args.games)
    if args.only in (None, "target"):
        ok &= target()
    if args.only in (None, "growth"):
        ok &= growth(max(10, args.games // 4))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
