"""How long resolving one Battle Royale day takes, at 20, 200 and 2,000 players.

    .venv/bin/python bench/bench_resolve.py                 # the table
    .venv/bin/python bench/bench_resolve.py --sizes 2000 --profile   # cProfile of the largest day

For each size it builds a synthetic game folder in a temporary directory (roster with house rules
in game.yaml, Day 0 resolved, then a realistic Day 1: most players attack someone in their zone,
some search or defend, some move or run, a few trade, drop and pick up, most vote), then times
what `gm resolve GAME --day 1 --seed HEX` does in the library: load game.yaml, check the orders,
resolve, render, write the result folder. Best of `--repeat` runs (the result folder is removed
between runs). Not a test: figures depend on the machine. bench/README.md has this machine's.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import helpers_synth  # noqa: E402

SEED_HEX = "5eed" * 16
TARGET_SECONDS = 2.0  # the 2,000-player day
TARGET_RATIO = 1.5  # per-player time at 2,000 over that at 200
STAGES = ("load", "check", "resolve", "render", "write")


def build(root: Path, players: int) -> Path:
    return helpers_synth.build_game(root, players, label=f"bench-{players}", days=1, resolve_last=False)


def resolve_once(root: Path, stages: dict[str, float] | None = None) -> float:
    """One `gm resolve --day 1`, through the library: load, check, resolve, render, write.

    The same calls as gm.commands.game.resolve (resolve_day + day_files + GameDir.write_result, the
    cycle collector paused through resolving and rendering), timed one by one.
    """
    import gc

    from gm.pipeline.day import ResolvedDay, check_day, resolve_checked
    from gm.dice import AuditedDice, parse_seed
    from gm.errors import OrderError
    from gm.gamedir import GameDir
    from gm.pipeline.record import day_files

    result = root / "days" / "01" / "result"
    if result.exists():  # moved aside, not deleted: bench/README.md, "The disk, measured as a GM meets it"
        aside = root.parent / "set-aside"
        aside.mkdir(exist_ok=True)
        os.rename(result, aside / str(time.time_ns()))
        os.sync()
    seed = parse_seed(SEED_HEX)
    t0 = time.perf_counter()
    gd = GameDir(root)
    game = gd.load()
    t1 = time.perf_counter()
    checked = check_day(gd, game, 1)
    if checked.errors:
        raise OrderError(checked.problems)
    t2 = time.perf_counter()
    gc.disable()
    dice = AuditedDice(seed, game.engine.facts.name, 1)
    state, events = resolve_checked(game, checked, dice)
    rd = ResolvedDay(1, seed, checked, state, events, dice.log)
    t3 = time.perf_counter()
    files = day_files(game, rd)
    gc.enable()
    t4 = time.perf_counter()
    gd.write_result(1, files)
    t5 = time.perf_counter()
    if stages is not None:
        for k, v in zip(STAGES, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)):
            stages[k] = min(stages.get(k, v), v)
        stages["bytes"] = sum(len(t.encode("utf-8")) for t in files.values())
        stages["files"] = len(files)
    return t5 - t0


def yaml_seconds(root: Path) -> float:
    """How long ruamel.yaml alone takes to read game.yaml and the Day 1 orders (included in load + check)."""
    from gm.gamedir import GameDir
    from gm.yamlio import load_file

    gd = GameDir(root)
    limits = gd.load().limits  # a 10,000-player orders file needs the game's raised yaml_nodes
    paths = [root / "game.yaml", *gd.orders_files(1)]
    best = None
    for _ in range(2):
        t = time.perf_counter()
        for p in paths:
            load_file(p, limits)
        took = time.perf_counter() - t
        best = took if best is None else min(best, took)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[20, 200, 2000])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="cProfile one resolve of the largest size")
    ap.add_argument("--dir", type=Path, default=None,
                    help="make the temporary games under this folder (e.g. /dev/shm to leave the disk out)")
    ap.add_argument("--keep", type=Path, default=None, help="build the games here and keep them (reused if present)")
    args = ap.parse_args(argv)

    if args.keep is None:
        tmp = Path(tempfile.mkdtemp(prefix="gm-bench-", dir=args.dir))
    else:
        tmp = args.keep
    tmp.mkdir(parents=True, exist_ok=True)
    rows = []
    try:
        for n in args.sizes:
            root = tmp / f"game-{n}"
            if not (root / "days" / "01" / "orders").is_dir():
                shutil.rmtree(root, ignore_errors=True)
                t = time.perf_counter()
                build(root, n)
                print(f"built {n} players in {time.perf_counter() - t:.1f} s", file=sys.stderr)
            stages: dict[str, float] = {}
            best = min(resolve_once(root, stages) for _ in range(args.repeat))
            stages["yaml"] = yaml_seconds(root)
            rows.append((n, best, stages))
        if args.profile:
            n = max(args.sizes)
            prof = cProfile.Profile()
            prof.enable()
            resolve_once(tmp / f"game-{n}")
            prof.disable()
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(40)
            pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(25)
            print(out.getvalue())
    finally:
        shutil.rmtree(tmp / "set-aside", ignore_errors=True)
        if args.keep is None:
            shutil.rmtree(tmp, ignore_errors=True)

    per = {n: best / n * 1000 for n, best, _ in rows}
    print(f"Resolving Day 1 (load + check + resolve + render + write), best of {args.repeat}, "
          f"Python {sys.version.split()[0]}, games in {tmp.parent}")
    print(f"{'players':>8} {'seconds':>8} {'ms/player':>10}   " + " / ".join(STAGES)
          + " (s)   of which YAML (s)   output")
    for n, best, st in rows:
        parts = " / ".join(f"{st[k]:.3f}" for k in STAGES)
        print(f"{n:>8} {best:>8.3f} {per[n]:>10.3f}   {parts}   {st['yaml']:.3f}   "
              f"{st['files']} files, {st['bytes'] / 1e6:.1f} MB")
    verdict = 0
    if 200 in per and 2000 in per:
        ratio = per[2000] / per[200]
        print(f"per-player time at 2,000 / at 200: {ratio:.2f}x (target <= {TARGET_RATIO}x)")
        big = next(best for n, best, _ in rows if n == 2000)
        ok = big < TARGET_SECONDS and ratio <= TARGET_RATIO
        print(f"2,000-player day: {big:.2f} s (target < {TARGET_SECONDS} s): {'met' if ok else 'MISSED'}")
        verdict = 0 if ok else 1
    return verdict


if __name__ == "__main__":
    sys.exit(main())
