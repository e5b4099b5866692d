"""Every YAML a person writes is read in bounded time and memory, with a located error (issue #15).

Found: a 363-byte orders file of nested aliases took 35 s and 1.7 GB (Hostile Takeover: 202 s,
15 GB); an alias cycle or 10,000-deep nesting exited 3 (RecursionError); 100,000 `[` crashed the
C composer (exit 139); 1,000,000 targets (7 MB) took 56 s.
"""

from __future__ import annotations

import re

import pytest

from tests.hostile.support import ENGINES, new_game, run_gm

LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(7))

HOSTILE = {
    "laughs": (LAUGHS, r":\d+:\d+: error: more than 100,000 values"),
    "cycle": ("a: &a [1, *a]\n", r":1:11: error: the alias \*a is inside the node &a"),
    "deep-flow": ("[" * 100_000, r":1:65: error: lists and mappings nest more than 64 deep"),
    "deep-block": ("".join(" " * i + "- x:\n" for i in range(0, 2_000, 2)), r":33:65: error: lists and mappings nest more than 64"),
    "deep-map": ("{a: " * 10_000, r":1:257: error: lists and mappings nest more than 64 deep"),
    "huge": ("Nobody:\n  targets: [" + ", ".join(["Somebody"] * 300_000) + "]\n", r": error: larger than 2,000,000 bytes"),
    "many-values": ("x: [" + ",".join(["1"] * 150_000) + "]\n", r":1:\d+: error: more than 100,000 values"),
}


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    return {e: new_game(tmp_path_factory.mktemp(e) / "g", e) for e in ENGINES}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("case", ["laughs", "cycle", "deep-flow", "deep-block", "huge"])
def test_hostile_orders_are_refused_quickly_with_their_place(games, engine, case, tmp_path):
    text, expected = HOSTILE[case]
    orders = games[engine] / "days" / "00" / "orders"
    orders.mkdir(parents=True, exist_ok=True)
    path = orders / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        r = run_gm("check", games[engine], "--day", "0")
    finally:
        path.unlink()
    assert r.code == 1, r.err + r.out
    assert re.search(r"days/00/orders/hostile\.yaml" + expected, r.out + r.err), r.out + r.err
    assert "Traceback" not in r.err and "internal error" not in r.err
    assert r.seconds < 8


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("case", ["laughs", "cycle", "deep-map"])
def test_hostile_game_yaml_is_refused(games, engine, case, tmp_path):
    import shutil

    root = tmp_path / "g"
    shutil.copytree(games[engine], root)
    text, expected = HOSTILE[case]
    (root / "game.yaml").write_text(f"engine: {engine}\nextra:\n  " + text.replace("\n", "\n  "), encoding="utf-8")
    r = run_gm("check", root)
    assert r.code == 1, r.err
    assert re.search(r"game\.yaml:\d+:\d+: error: " + expected.split("error: ")[1], r.err), r.err
    assert r.seconds < 8


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_the_reader_alone_is_bounded(case, tmp_path):
    from gm.errors import LocatedError
    from gm.yamlio import load_file

    path = tmp_path / "x.yaml"
    path.write_text(HOSTILE[case][0], encoding="utf-8")
    with pytest.raises(LocatedError) as info:
        load_file(path)
    assert re.search(HOSTILE[case][1], str(info.value)), str(info.value)


def test_limits_can_be_raised_in_game_yaml_and_are_checked(tmp_path):
    from gm.gamedir import GameDir

    root = new_game(tmp_path / "g", ENGINES[0])
    text = (root / "game.yaml").read_text(encoding="utf-8")
    (root / "game.yaml").write_text(text + "\nlimits:\n  yaml_aliases: 500\n", encoding="utf-8")
    assert GameDir(root).load().limits.yaml_aliases == 500
    (root / "game.yaml").write_text(text + "\nlimits:\n  yaml_depht: 5\n  yaml_depth: 1\n", encoding="utf-8")
    r = run_gm("check", root)
    assert r.code == 1
    assert "unknown limit 'yaml_depht' (did you mean 'yaml_depth'?)" in r.err
    assert "yaml_depth must be between 8 and 1000, not 1" in r.err


def test_a_byte_order_mark_and_a_file_not_utf8(tmp_path):
    from gm.errors import LocatedError
    from gm.yamlio import load_file

    path = tmp_path / "x.yaml"
    path.write_bytes("\ufeffAnn: {action: search}\n".encode("utf-8"))
    assert load_file(path) == {"Ann": {"action": "search"}}
    path.write_bytes(b"Ann:\n  action: s\xe9arch\n")
    with pytest.raises(LocatedError, match=r"x\.yaml:2:12: error: not UTF-8 text here"):
        load_file(path)


def test_an_alias_within_the_limits_still_reads():
    from pathlib import Path

    from gm.yamlio import load_text

    assert load_text("a: &z [1, 2]\nb: *z\n", Path("x.yaml")) == {"a": [1, 2], "b": [1, 2]}
