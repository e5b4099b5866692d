"""The campaign's smaller cases (issue 31, item 8): each a located error or a warning.

Found: an escaped surrogate pair in a key was an internal error (UnicodeEncodeError); a raw
U+0085 or an unknown YAML tag in orders passed without a word; deeply nested JSON in a state or
record file was an internal error (RecursionError).
"""

from __future__ import annotations

import pytest

from tests.hostile.support import new_game, run_gm


@pytest.fixture
def orders(tmp_path):
    root = new_game(tmp_path / "game", "battle-royale")
    (root / "days" / "00" / "orders").mkdir(parents=True)
    return root, root / "days" / "00" / "orders" / "a.yaml"


def test_an_escaped_surrogate_is_a_located_error(orders):
    root, path = orders
    path.write_text('"\\ud83d\\ude00": {start: Beach}\n', encoding="utf-8")
    got = run_gm("check", root, "--day", 0, cwd=root.parent)
    assert got.code == 1, got
    assert "game/days/00/orders/a.yaml:1:2: error: \\ud83d is half of a character" in got.out, got
    assert "internal error" not in got.out + got.err


@pytest.mark.parametrize("char", ["\x85", "\u2028", "\u2029"])
def test_a_yaml_line_break_inside_a_line_is_a_warning(orders, char):
    root, path = orders
    path.write_text(f"Player One: {{start: Beach}}{char}\n", encoding="utf-8")
    got = run_gm("check", root, "--day", 0, cwd=root.parent)
    assert "game/days/00/orders/a.yaml:1:27: warning: holds a U+" in got.out, got


def test_an_unknown_tag_is_a_warning(orders):
    root, path = orders
    path.write_text("Player One: !foo {start: Beach}  # not a !tag in a comment\n", encoding="utf-8")
    got = run_gm("check", root, "--day", 0, cwd=root.parent)
    assert got.code == 0, got
    assert "game/days/00/orders/a.yaml:1:13: warning: the YAML tag !foo is not one gm knows" in got.out, got
    path.write_text('Player One: {start: "Be!ach"}\n', encoding="utf-8")
    got = run_gm("check", root, "--day", 0, cwd=root.parent)
    assert "YAML tag" not in got.out, got


@pytest.mark.parametrize("name", ["state.json", "day.json"])
def test_deeply_nested_json_in_a_result_is_located(game_copy, name):
    path = game_copy / "days" / "03" / "result" / name
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    for args in (("check", game_copy), ("audit", game_copy, "--all")):
        got = run_gm(*args, cwd=game_copy.parent, timeout=120)
        assert got.code == 1, got
        assert "internal error" not in got.out + got.err and "RecursionError" not in got.out + got.err, got
        assert f"days/03/result/{name}" in got.out + got.err, got
