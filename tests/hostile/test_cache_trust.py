"""The YAML cache holds nothing gm trusts without checking it against the text (issue 31, item 4).

Found: a damaged entry of the wrong shape was an internal error (TypeError), and a deep one made a
good orders file fail; an entry with a valid checksum but another text's parse made `gm check`
read other orders than those on disk.
"""

from __future__ import annotations

import hashlib
import marshal

import pytest

from tests.hostile.support import new_game, run_gm

GOOD = "Player One: {start: Beach}\n"
OTHER = "Player One: {start: Forest}\n"


@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("GM_NO_CACHE", raising=False)
    root = new_game(tmp_path / "game", "battle-royale")
    (root / "days" / "00" / "orders").mkdir(parents=True)
    (root / "days" / "00" / "orders" / "one.yaml").write_text(GOOD, encoding="utf-8")
    return root


def _forge(payload) -> None:
    from gm.storage.cache import yaml_entry
    from gm.storage.limits import DEFAULT

    entry = yaml_entry(GOOD, DEFAULT)
    raw = marshal.dumps(payload)
    entry.write_bytes(hashlib.sha256(raw).digest() + raw)


def test_another_texts_parse_is_not_trusted(game):
    from gm.storage.fastyaml import pack
    from gm.yamlio import load_text

    _forge(pack(load_text(OTHER, game / "x.yaml", keep=False)))
    assert load_text(GOOD, game / "days" / "00" / "orders" / "one.yaml") == {"Player One": {"start": "Beach"}}


@pytest.mark.parametrize("payload", [(0, 1, 2), (0, 0, 0, [(1, 2)]), (1, 0, 0, [("x",)]), "text", 17,
                                     (0, 0, 0, [("Player One", 0, 0, 0, 13, (0, 0, 0, [] ))] * 3),
                                     [[[[[[[[]]]]]]]]])
def test_a_damaged_entry_is_dropped_and_the_text_read_again(game, payload):
    _forge(payload)
    got = run_gm("check", game, "--day", 0)
    assert got.code == 0, got
    assert "internal error" not in got.out + got.err


def test_a_deep_entry_is_dropped(game):
    deep = None
    for _ in range(300):
        deep = (1, 0, 0, [(0, 0, deep)])
    _forge(deep)
    got = run_gm("check", game, "--day", 0)
    assert got.code == 0, got
