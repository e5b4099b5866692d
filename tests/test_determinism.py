"""Same seed and orders, same bytes, on every Python we support.

A small fixed game (tests/helpers_synth.py) is resolved here, Days 0-2 with fixed seeds. Then its
game.yaml and orders alone are copied to a fresh folder and resolved again by python3.11, 3.12
and 3.13 in a subprocess (PYTHONPATH: this repository and this virtualenv's site-packages; the
dependencies are pure Python, markupsafe falls back to its Python code), each with its own
PYTHONHASHSEED so that set or dict order can't leak into the result. Every file must match.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

import helpers_synth as h

ROOT = Path(__file__).resolve().parent.parent
LABEL = "determinism"
DAYS = (0, 1, 2)
NAMES = ["Akemi", "bruno", "Chō", "[b]Dana", "{{ Eiji }}", "Fumiko", "Goro", "Hana", "Isamu", "Jun", "kenta", "Ümit"]
VERSIONS = ("3.11", "3.12", "3.13")

CHILD = """
import json, sys
from pathlib import Path
import gm
from gm.gamedir import GameDir
from gm.pipeline.day import resolve_day
from gm.pipeline.record import day_files

root, seeds = Path(sys.argv[1]), json.loads(sys.argv[2])
gd = GameDir(root)
game = gd.load()
for day, seed in seeds:
    rd = resolve_day(gd, game, day, bytes.fromhex(seed))
    gd.write_result(day, day_files(game, rd))
print(json.dumps({"version": list(sys.version_info[:2]), "gm": gm.__file__}))
"""


def _seeds() -> list[tuple[int, str]]:
    return [(d, h.seed_for(LABEL, d).hex()) for d in DAYS]


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    """The game resolved in this process: Day 0 set-up, then two days of legal orders."""
    root = tmp_path_factory.mktemp("determinism") / "game"
    house = dict(h.HOUSE_RULES, max_health=4, carrying_limit=2, zones_closed_per_night=2)
    h.build_game(root, len(NAMES), label=LABEL, days=max(DAYS), names=NAMES, house_rules=house, files=2)
    assert [d for d in DAYS if h.read_tree(root).get(f"days/{d:02d}/result/state.json")] == list(DAYS)
    rolls = sum(len((root / "days" / f"{d:02d}" / "result" / "rolls.jsonl").read_text().splitlines()) for d in DAYS)
    assert rolls > 30, "the fixed game should exercise the dice"
    return root


def _interpreter(version: str) -> tuple[str | None, str]:
    """A runnable pythonX.Y: the one on PATH, else pyenv's install of it. (path, why not)"""
    candidates = []
    on_path = shutil.which(f"python{version}")
    if on_path:
        candidates.append(on_path)
    pyenv_root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    candidates += [str(p) for p in sorted((pyenv_root / "versions").glob(f"{version}.*/bin/python{version}"), reverse=True)]
    if not candidates:
        return None, f"python{version} is not installed (not on PATH, not under {pyenv_root}/versions)"
    for exe in candidates:
        try:
            out = subprocess.run([exe, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                                 capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if out.returncode == 0 and out.stdout.strip() == version:
            return exe, ""
    return None, f"python{version} found ({', '.join(candidates)}) but none of them runs"


@pytest.mark.parametrize("version", VERSIONS)
def test_every_python_resolves_the_same_bytes(reference, tmp_path, version):
    exe, why = _interpreter(version)
    if exe is None:
        pytest.skip(why)
    game = tmp_path / "game"
    (game / "days").mkdir(parents=True)
    shutil.copy2(reference / "game.yaml", game / "game.yaml")
    for d in DAYS:
        shutil.copytree(reference / "days" / f"{d:02d}" / "orders", game / "days" / f"{d:02d}" / "orders")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), sysconfig.get_paths()["purelib"]])
    env["PYTHONHASHSEED"] = str(VERSIONS.index(version) + 11)  # a different set order from this process
    env["PYTHONNOUSERSITE"] = "1"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    run = subprocess.run([exe, "-c", CHILD, str(game), json.dumps(_seeds())], capture_output=True, text=True,
                         cwd=tmp_path, env=env, timeout=120)
    assert run.returncode == 0, f"python{version} failed:\n{run.stderr}"
    info = json.loads(run.stdout.strip().splitlines()[-1])
    assert info["version"] == [int(x) for x in version.split(".")]
    assert Path(info["gm"]).resolve().is_relative_to(ROOT), info["gm"]

    want, got = h.read_tree(reference), h.read_tree(game)
    assert sorted(got) == sorted(want)
    differ = [rel for rel in want if want[rel] != got[rel]]
    assert not differ, f"python{version} wrote different bytes in: {differ[:10]}"

