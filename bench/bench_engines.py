"""Days of every engine at the fewest, a middle and the most players its rules seat: time and
output per player (issue 17, "linear days").

    .venv/bin/python bench/bench_engines.py                       # every engine but Battle Royale
    .venv/bin/python bench/bench_engines.py --engines team-kill --sizes 3 12 36

For each engine and size it plays Day 0 and the days after it (tests/helpers_scale.py: the
engine's simulation game and its `random` policy, checked, resolved, rendered and written through
the library as `gm resolve` does), and prints per size: the slowest day's seconds and ms per player,
the longest private message, the longest GM summary and narration, each also per player. Not a
test: times depend on the machine (tests/test_engine_scaling.py holds the sizes).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import helpers_scale  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    from gm.engines import REGISTRY, get_engine

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engines", nargs="+", default=[n for n in sorted(REGISTRY) if n != "battle-royale"])
    ap.add_argument("--sizes", type=int, nargs="+", default=None, help="(default: fewest, middle, most; 10 40 160 without a maximum)")
    ap.add_argument("--days", type=int, default=4)
    ap.add_argument("--policy", default="random")
    args = ap.parse_args(argv)
    print(f"{'engine':22} {'players':>7} {'days':>4} {'worst s':>8} {'ms/pl':>7} {'message':>8} {'/pl':>6} "
          f"{'summary':>8} {'/pl':>6} {'post':>8} {'/pl':>6}")
    for name in args.engines:
        low, high = get_engine(name).facts.players
        sizes = args.sizes or ([low, (low + high) // 2, high] if high is not None else [10, 40, 160])
        with tempfile.TemporaryDirectory() as tmp:  # a warm-up: the engine's modules and templates compiled
            helpers_scale.play(name, sizes[0], Path(tmp) / "warm-up", 1, args.policy)
        for n in dict.fromkeys(sizes):
            with tempfile.TemporaryDirectory() as tmp:
                days = helpers_scale.play(name, n, Path(tmp) / "game", args.days, args.policy)
            worst = max(d.seconds for d in days)
            msg = max(d.longest_message for d in days)
            summ = max(d.summary for d in days)
            post = max(d.narration for d in days)
            print(f"{name:22} {n:>7} {len(days):>4} {worst:>8.3f} {worst / n * 1000:>7.1f} {msg:>8} {msg / n:>6.0f} "
                  f"{summ:>8} {summ / n:>6.0f} {post:>8} {post / n:>6.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
