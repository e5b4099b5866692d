"""How fast gm is on this machine, as a GM runs it: whole `gm` processes, medians, ratios.

    .venv/bin/python bench/bench.py                       # everything; figures to bench/FIGURES.md
    .venv/bin/python bench/bench.py --sizes 20 200 2000   # leave the 10,000-player day out
    .venv/bin/python bench/bench.py --keep bench/.games   # keep the synthetic games for the next run

What it times, each as a median of `--runs` runs of a whole process taken in turn with its
comparison, so that a busy machine slows both alike:

- start-up: `gm --help` against `python -c "import click"` (the floor: gm's command line is click);
- the bundled 20-player demo: `gm check --day 1`, `gm resolve --day 1` and `gm audit --all`
  (all eight days replayed), plus `gm check` and `gm resolve` with the user's cache off
  (GM_NO_CACHE=1: every YAML file parsed, every template compiled again);
- synthetic Battle Royale days of 20, 200, 2,000 and 10,000 players (tests/helpers_synth.py):
  `gm resolve --day 1`, with the peak memory of the process.

The games live under `--dir` (default: bench/.work in this checkout, so on the disk the game
would live on, not a RAM disk). Each resolve starts with no result folder (moved aside, not
deleted, before the timer starts: see `unresolve`). Child processes run with Python's bytecode written as usual (as in an installed
gm), after one warm-up run that also fills gm's cache. The figures, the machine and its load
go to `--out` (default bench/FIGURES.md), which docs/speed.md and bench/README.md quote. The exit
code is 0 when every goal of issue 17 is met, 1 when one is not.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SEED = "5eed" * 16
GOALS = {  # issue 17
    "help_ratio": 1.3,  # gm --help / python -c "import click"
    "check_ms": 120, "resolve_ms": 250, "audit_ms": 400,  # the demo
    "day2000_s": 2.0,  # the 2,000-player day, on disk
    "per_player_ratio": 1.2,  # ms per player at 10,000 over that at 2,000
}


def gm_command() -> list[str]:
    script = Path(sys.executable).parent / "gm"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "gm"]


def child_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "GM_NO_CACHE")}
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.update(extra)
    return env


def run(cmd: list[str], cwd: Path, env: dict[str, str], before=None) -> tuple[float, float, float]:
    """One process: (seconds, CPU seconds, peak resident memory in MiB). `before` runs first, off the clock."""
    if before is not None:
        before()
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    took = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(cmd)}\n{err}")
    return took, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # Linux reports KiB


def in_turn(cases: dict[str, tuple], runs: int) -> dict[str, dict[str, float]]:
    """Each case (cmd, cwd, env, before) run `runs` times, the cases taken in turn each round."""
    times: dict[str, list[float]] = {k: [] for k in cases}
    cpu: dict[str, list[float]] = {k: [] for k in cases}
    mem: dict[str, float] = {k: 0.0 for k in cases}
    for _ in range(runs):
        for name, (cmd, cwd, env, before) in cases.items():
            t, c, m = run(cmd, cwd, env, before)
            times[name].append(t)
            cpu[name].append(c)
            mem[name] = max(mem[name], m)
    return {k: {"median": statistics.median(v), "min": min(v), "max": max(v), "cpu": statistics.median(cpu[k]),
                "mib": mem[k]} for k, v in times.items()}


def unresolve(game: Path, day: int):
    """Off the clock: the day's result moved out of the game (to `set_aside`), and the disk left to
    settle. Moved, not deleted: on this machine's disk (ext4 without a journal) the kernel will
    not reuse an inode for a minute or more after it is freed, and skips over every such inode
    each time it makes a file, so a resolve right after deleting 3,400 files spent 0.5 ms making
    each of its own (perf: `recently_deleted` in `find_inode_bit`), five times a GM's resolve.
    A GM's resolve does not follow the deletion of thousands of files; the benchmark must not either."""
    def remove():
        result = game / "days" / f"{day:02d}" / "result"
        if result.exists():
            set_aside(result)
            for extra in result.parent.glob("result.*"):
                set_aside(extra)
            os.sync()
    return remove


ASIDE: list[Path] = []  # where set_aside puts things: under the work folder, deleted at the end


def set_aside(path: Path) -> None:
    ASIDE[0].mkdir(parents=True, exist_ok=True)
    os.rename(path, ASIDE[0] / f"{time.time_ns()}")


def demo_game(work: Path, gm: list[str], env) -> tuple[Path, Path]:
    """The bundled demo resolved to the end (for audit --all), and a copy with Day 1 not yet resolved."""
    full = work / "demo"  # always made anew by this gm (a second or so)
    if full.exists():
        set_aside(full)
    subprocess.run(gm + ["demo", str(full)], env=env, check=True, stdout=subprocess.DEVNULL)
    day1 = work / "demo-day1"
    if day1.exists():
        set_aside(day1)
    shutil.copytree(full, day1)
    for d in (day1 / "days").iterdir():
        if int(d.name) >= 1:
            if (d / "result").exists():
                set_aside(d / "result")
            (d / "seed.secret").unlink(missing_ok=True)
            (d / "commit.txt").unlink(missing_ok=True)
    return full, day1


class DiskFloor:
    """What the disk alone costs a day: a process that makes the day's result files (same folders,
    names and bytes) one after another, as plainly as Python can (open, write, close), in a
    fresh folder beside the games. Taken in turn with the resolves, so it sees the disk as they
    do: on this machine the time to make a file moves tenfold within minutes."""

    def __init__(self, files: dict[Path, bytes], work: Path):
        self.source = work / "disk-floor.source"
        self.target = work / "disk-floor"
        if self.source.exists():
            set_aside(self.source)
        for rel, data in files.items():
            (self.source / rel).parent.mkdir(parents=True, exist_ok=True)
            (self.source / rel).write_bytes(data)
        code = ("import os, sys\n"
                "src, dst = sys.argv[1], sys.argv[2]\n"
                "files = []\n"
                "for d, _, names in sorted(os.walk(src)):\n"
                "    for n in sorted(names):\n"
                "        p = os.path.join(d, n)\n"
                "        with open(p, 'rb') as fh:\n"
                "            files.append((os.path.join(dst, os.path.relpath(p, src)), fh.read()))\n"
                "made = set()\n"
                "for path, data in files:\n"
                "    folder = os.path.dirname(path)\n"
                "    if folder not in made:\n"
                "        os.makedirs(folder, exist_ok=True)\n"
                "        made.add(folder)\n"
                "    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)\n"
                "    os.write(fd, data)\n"
                "    os.close(fd)\n")
        self.command = [sys.executable, "-c", code, str(self.source), str(self.target)]

    def before(self) -> None:
        if self.target.exists():
            set_aside(self.target)  # not deleted: see unresolve
            os.sync()


def synthetic_game(work: Path, players: int, env) -> Path:
    """Built in a process of its own: this one stays small, so the processes it starts are not forked
    from a big one (which would slow them down and count its memory as theirs)."""
    root = work / f"game-{players}"
    if not (root / "days" / "01" / "orders").is_dir():
        shutil.rmtree(root, ignore_errors=True)
        t = time.perf_counter()
        code = ("import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); import helpers_synth; "
                "helpers_synth.build_game(Path(sys.argv[2]), int(sys.argv[3]), label=sys.argv[4], days=1, "
                "resolve_last=False)")
        subprocess.run([sys.executable, "-c", code, str(ROOT / "tests"), str(root), str(players), f"bench-{players}"],
                       env=env, check=True)
        print(f"built the {players:,}-player game in {time.perf_counter() - t:.1f} s", file=sys.stderr)
    game_yaml = root / "game.yaml"
    if "\nlimits:" not in game_yaml.read_text(encoding="utf-8"):  # as the GM of a game this size would
        with open(game_yaml, "a", encoding="utf-8") as fh:
            fh.write("limits:\n  yaml_nodes: 1000000  # a 10,000-player orders file holds about 120,000 values\n")
    return root


def machine(work: Path) -> dict[str, str]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    disk = "?"
    try:
        best = ("", "?", "?")
        target = str(work.resolve())
        for line in Path("/proc/mounts").read_text().splitlines():
            dev, point, fstype = line.split()[:3]
            if target.startswith(point.rstrip("/") + "/") or target == point:
                if len(point) >= len(best[0]):
                    best = (point, dev, fstype)
        disk = f"{best[1]} ({best[2]}, mounted on {best[0]})"
    except OSError:
        pass
    return {"cpu": cpu, "cores": str(os.cpu_count()), "python": platform.python_version(),
            "system": f"{platform.system()} {platform.release()}", "disk": disk, "install": install_kind()}


def install_kind() -> str:
    """How the gm measured is installed: an editable install (`pip install -e`) starts every process
    through setuptools' path finder, slower than the `pip install .` a GM does."""
    from importlib import metadata

    found = [json.loads(d.read_text("direct_url.json") or "{}") for d in metadata.distributions(name="gm")]
    if not found:
        return "gm not installed (run from the checkout)"
    if any(direct.get("dir_info", {}).get("editable") for direct in found):  # (a checkout's gm.egg-info says nothing)
        return "gm installed editable (`pip install -e`: each start-up also runs setuptools' finder, which a GM's `pip install .` does not)"
    return "gm installed as a GM installs it (`pip install .`)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7, help="runs of each demo command (median); default 7")
    ap.add_argument("--big-runs", type=int, default=3, help="runs of each synthetic day; default 3")
    ap.add_argument("--sizes", type=int, nargs="+", default=[20, 200, 2000, 10000])
    ap.add_argument("--dir", type=Path, default=ROOT / "bench" / ".work", help="where the games are made")
    ap.add_argument("--keep", action="store_true",
                    help="keep the synthetic games and reuse them next time (delete them after changing gm)")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "FIGURES.md")
    args = ap.parse_args(argv)

    work = args.dir.resolve()
    work.mkdir(parents=True, exist_ok=True)
    ASIDE[:] = [work / "set-aside"]
    gm = gm_command()
    env = child_env()
    cold = child_env(GM_NO_CACHE="1")
    load_before = os.getloadavg()
    started = datetime.now(timezone.utc)
    try:
        full, day1 = demo_game(work, gm, env)
        resolve1 = gm + ["resolve", str(day1), "--day", "1", "--seed", SEED]
        for warm in (gm + ["--help"], gm + ["check", str(day1), "--day", "1"], resolve1):  # bytecode, gm's cache
            run(warm, work, env, unresolve(day1, 1))
        quick = in_turn({
            "import click": ([sys.executable, "-c", "import click"], work, env, None),
            "gm --help": (gm + ["--help"], work, env, None),
        }, args.runs * 2)
        demo = in_turn({
            "import click": ([sys.executable, "-c", "import click"], work, env, None),
            "gm check": (gm + ["check", str(day1), "--day", "1"], work, env, unresolve(day1, 1)),
            "gm check, no cache": (gm + ["check", str(day1), "--day", "1"], work, cold, unresolve(day1, 1)),
            "gm resolve": (resolve1, work, env, unresolve(day1, 1)),
            "gm resolve, no cache": (resolve1, work, cold, unresolve(day1, 1)),
            "gm audit --all": (gm + ["audit", str(full), "--all"], work, env, None),
        }, args.runs)
        days = {}
        for n in args.sizes:
            game = synthetic_game(work, n, env)
            cmd = gm + ["resolve", str(game), "--day", "1", "--seed", SEED]
            run(cmd, work, env, unresolve(game, 1))  # a result to measure the disk with
            result = {p.relative_to(game / "days" / "01" / "result"): p.read_bytes()
                      for p in sorted((game / "days" / "01" / "result").rglob("*")) if p.is_file()}
            floor = DiskFloor(result, work)
            days[n] = in_turn({"resolve": (cmd, work, env, unresolve(game, 1)),
                               "disk floor": (floor.command, work, env, floor.before)}, args.big_runs)
            days[n]["resolve"].update(files=len(result), mb=sum(map(len, result.values())) / 1e6,
                                      floor=days[n]["disk floor"]["median"])
            days[n] = days[n]["resolve"]
    finally:
        shutil.rmtree(ASIDE[0], ignore_errors=True)
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    load_after = os.getloadavg()

    report, met = figures(args, quick, demo, days, machine(work), started, load_before, load_after)
    args.out.write_text(report, encoding="utf-8")
    print(report)
    print(f"(written to {args.out})", file=sys.stderr)
    return 0 if met else 1


def figures(args, quick, demo, days, mach, started, load_before, load_after) -> tuple[str, bool]:
    ms = lambda s: f"{s * 1000:.0f} ms"  # noqa: E731
    click = quick["import click"]["median"]
    ratio = quick["gm --help"]["median"] / click
    checks = []

    def goal(text: str, ok: bool) -> str:
        checks.append(ok)
        return f"{'met' if ok else 'MISSED'}: {text}"

    help_goal = goal(f"<= {GOALS['help_ratio']}x", ratio <= GOALS["help_ratio"])
    lines = [
        "# Benchmark figures",
        "",
        f"Taken by `bench/bench.py` on {started:%Y-%m-%d %H:%M} UTC. Machine: {mach['cpu']}, {mach['cores']} cores, "
        f"{mach['system']}, Python {mach['python']}; {mach['install']}; games on {mach['disk']}. Load average (1, 5, 15 min) "
        f"{' / '.join(f'{x:.2f}' for x in load_before)} at the start and "
        f"{' / '.join(f'{x:.2f}' for x in load_after)} at the end: the machine is shared, so compare the ratios "
        "more than the milliseconds.",
        "",
        f"Medians of {args.runs * 2} (start-up), {args.runs} (demo) and {args.big_runs} (synthetic days) whole "
        "processes, each command taken in turn with the others; bytecode and gm's cache warm unless said. "
        "CPU is the process's user and system time (median), which a busy machine disturbs less than the clock.",
        "",
        "## Start-up and the 20-player demo",
        "",
        "| command | median | min-max | CPU | vs `import click` | goal |",
        "|---|--:|--:|--:|--:|---|",
        f"| `python -c \"import click\"` | {ms(click)} | {ms(quick['import click']['min'])}-{ms(quick['import click']['max'])} "
        f"| {ms(quick['import click']['cpu'])} | 1.00x | |",
        f"| `gm --help` | {ms(quick['gm --help']['median'])} | {ms(quick['gm --help']['min'])}-"
        f"{ms(quick['gm --help']['max'])} | {ms(quick['gm --help']['cpu'])} | {ratio:.2f}x | {help_goal} |",
    ]
    dclick = demo["import click"]["median"]
    for name, key in (("gm check", "check_ms"), ("gm check, no cache", None), ("gm resolve", "resolve_ms"),
                      ("gm resolve, no cache", None), ("gm audit --all", "audit_ms")):
        r = demo[name]
        target = GOALS.get(key) if key else None
        verdict = goal(f"<= {target} ms", r["median"] * 1000 <= target) if target else (
            "(every file parsed: a first check)" if name.startswith("gm check") else "(first run after an upgrade)")
        what = {"gm check": "`gm check` Day 1", "gm check, no cache": "`gm check` Day 1, `GM_NO_CACHE=1`",
                "gm resolve": "`gm resolve` Day 1",
                "gm resolve, no cache": "`gm resolve` Day 1, `GM_NO_CACHE=1`", "gm audit --all": "`gm audit --all` (Days 0-7)"}[name]
        lines.append(f"| {what} | {ms(r['median'])} | {ms(r['min'])}-{ms(r['max'])} | {ms(r['cpu'])} | "
                     f"{r['median'] / dclick:.2f}x | {verdict} |")
    lines += [
        "",
        "## Synthetic days (`gm resolve --day 1`, whole process)",
        "",
        "| players | median | min-max | CPU | ms per player | CPU ms per player | peak memory | result | disk floor |",
        "|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for n, r in days.items():
        lines.append(f"| {n:,} | {r['median']:.2f} s | {r['min']:.2f}-{r['max']:.2f} s | {r['cpu']:.2f} s | "
                     f"{r['median'] / n * 1000:.3f} | {r['cpu'] / n * 1000:.3f} | {r['mib']:.0f} MiB | "
                     f"{r['files']:,} files, {r['mb']:.1f} MB | {r['floor']:.2f} s |")
    lines += ["", "Disk floor: a plain Python process making the same files (folders, names, bytes) one after another, "
                  "taken in turn with the resolves (median, start-up included): what the disk alone costs the day "
                  "at that moment. The result of each run is moved aside before the next, never deleted (see bench/README.md).", ""]
    if 2000 in days:
        lines.append("- " + goal(f"the 2,000-player day in {days[2000]['median']:.2f} s (goal <= {GOALS['day2000_s']:.0f} s); "
                                 f"making its files alone took {days[2000]['floor']:.2f} s then",
                                 days[2000]["median"] <= GOALS["day2000_s"]))
    if 2000 in days and 10000 in days:
        per = {n: days[n]["median"] / n for n in (2000, 10000)}
        r = per[10000] / per[2000]
        c = (days[10000]["cpu"] / 10000) / (days[2000]["cpu"] / 2000)
        lines.append("- " + goal(f"per-player time at 10,000 is {r:.2f}x that at 2,000 (goal <= {GOALS['per_player_ratio']}x); "
                                 f"per-player CPU time {c:.2f}x", r <= GOALS["per_player_ratio"]))
        mem = days[10000]["mib"] / days[2000]["mib"]
        line = f"- peak memory at 10,000 players is {mem:.2f}x that at 2,000 (5x the players)"
        if 20 in days:  # what each player adds, above what a 20-player day needs
            per = {n: (days[n]["mib"] - days[20]["mib"]) / (n - 20) * 1000 for n in (2000, 10000)}
            line += f"; above the 20-player day, {per[2000]:.1f} MiB per 1,000 players at 2,000 and {per[10000]:.1f} at 10,000"
        lines.append(line)
    lines.append("")
    return "\n".join(lines), all(checks)


if __name__ == "__main__":
    sys.exit(main())
