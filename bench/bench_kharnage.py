"""How long one Kharnage round of a 4-player game takes to resolve (the issue asks for well under
a second), and its worst case: big armies, every choice left to `auto`, splits allowed.

    .venv/bin/python bench/bench_kharnage.py            # the table
    .venv/bin/python bench/bench_kharnage.py --profile  # cProfile of the heaviest round

For each case it builds a 4-player game (the stand-in armies), resolves Day 0 with a fixed seed,
then times what `gm resolve GAME --day N` does in the library for each round in turn: check,
resolve, render, write. `heavy` first lays most of every Reserve into the armies (big lines make
the destruction search and the target choice work hardest). Not a test: figures depend on the
machine. bench/README.md has this machine's.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gm.gamedir import GameDir  # noqa: E402
from gm.pipeline.day import resolve_day  # noqa: E402
from gm.pipeline.record import day_files  # noqa: E402

TARGET_SECONDS = 1.0
GAME = """engine: kharnage
title: Bench
roster:
  - {name: Akane, army: Dwarves}
  - {name: Bruno, army: Goblins}
  - {name: Chiaki, army: Orcs}
  - {name: Dana, army: Humans}
"""


def seed(day: int) -> bytes:
    return bytes([day + 1]) * 32


def play(root: Path, heavy: bool, profile: bool) -> list[float]:
    root.mkdir(parents=True)
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    gd = GameDir(root)
    game = gd.load()
    gd.write_result(0, day_files(game, resolve_day(gd, game, 0, seed(0))))
    if heavy:  # most of each Reserve straight into the army: the Day 0 state, edited
        path = gd.result_dir(0) / "state.json"
        state = json.loads(path.read_text())
        comp = game.rules.components
        for p in state["players"]:
            keep, units = [], []
            for c in p["reserve"]:
                d = comp.unit_of[c]
                if d.large:
                    if c == d.parts[0][0]:
                        units.append({"cards": [pid for pid, _ in d.parts]})
                elif len(keep) < 4:
                    keep.append(c)
                else:
                    units.append({"cards": [c]})
            p["reserve"] = [c for c in keep]
            p["units"] += units
        path.write_text(json.dumps(state))
    times = []
    for day in range(1, 5):
        state = json.loads((gd.result_dir(day - 1) / "state.json").read_text())
        lines = []
        for p in state["players"]:
            lines.append(f"{p['name']}: {{card: {p['hand'][0]}, plan: {{split: best, knights: when_better}}}}")
            if game.rules.components.battle[p["hand"][0]].gm_power:
                lines.append(f"gm: {{{p['name']}: []}}")
        orders = root / "days" / f"{day:02d}" / "orders"
        orders.mkdir(parents=True)
        (orders / "orders.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        prof = cProfile.Profile() if profile and day == 1 else None
        start = time.perf_counter()
        if prof:
            prof.enable()
        files = day_files(game, resolve_day(gd, game, day, seed(day)))
        gd.write_result(day, files)
        if prof:
            prof.disable()
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(15)
            print(out.getvalue())
        times.append(time.perf_counter() - start)
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    worst = 0.0
    print(f"{'case':8} {'round 1':>9} {'round 2':>9} {'round 3':>9} {'round 4':>9}   (seconds: check, resolve, render, write)")
    for name, heavy in (("normal", False), ("heavy", True)):
        with tempfile.TemporaryDirectory() as tmp:
            times = play(Path(tmp) / name, heavy, args.profile and heavy)
        worst = max(worst, *times)
        print(f"{name:8} " + " ".join(f"{t:9.3f}" for t in times))
    ok = worst < TARGET_SECONDS
    print(f"slowest round {worst:.3f} s: {'under' if ok else 'OVER'} the {TARGET_SECONDS:.0f} s target")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
