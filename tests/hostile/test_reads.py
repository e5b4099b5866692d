"""Every file gm reads is a regular file of the game folder (issue 31, item 2).

Found: a story.md or a phrases.yaml that is a link to a file outside the game folder was read
into the public post; a FIFO where gm expects an orders file or a cache entry hung gm for good.
One reader (gm/safefile.py) now refuses both, with the file's place, exit code 1.
"""

from __future__ import annotations

import os
import sys

import pytest

from tests.hostile.support import run_gm

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and these links are POSIX")

SECRET = "the-butler-did-it-0451"


@pytest.fixture
def game(tmp_path):
    from tests.hostile.support import new_game

    root = new_game(tmp_path / "game", "battle-royale")
    (root / "days" / "00" / "orders").mkdir(parents=True)
    outside = tmp_path / "outside.txt"
    outside.write_text(f"{SECRET}\n", encoding="utf-8")
    return root


def _refused(root, words: str, *args):
    got = run_gm(*(args or ("check", root, "--day", 0)), timeout=30)
    assert got.code == 1, got
    assert words in got.out + got.err, got
    assert SECRET not in got.out + got.err
    assert "Traceback" not in got.err
    return got


def test_a_story_linked_from_outside_is_refused(game):
    os.symlink(game.parent / "outside.txt", game / "days" / "00" / "story.md")
    _refused(game, "story.md: error: a link to a file outside the game folder")
    _refused(game, "story.md: error: a link to a file outside the game folder", "resolve", game, "--day", 0)
    assert not (game / "days" / "00" / "result").exists()


def test_a_phrase_pool_linked_from_outside_is_refused(game):
    (game / "templates").mkdir()
    outside = game.parent / "phrases.yaml"
    outside.write_text(f'quiet: ["{SECRET}"]\n', encoding="utf-8")
    os.symlink(outside, game / "templates" / "phrases.yaml")
    _refused(game, "phrases.yaml: error: a link to a file outside the game folder")


def test_a_link_inside_the_game_folder_is_read(game):
    (game / "notes").mkdir()
    (game / "notes" / "story.md").write_text("Rain fell on the island.\n", encoding="utf-8")
    os.symlink(game / "notes" / "story.md", game / "days" / "00" / "story.md")
    got = run_gm("check", game, "--day", 0, timeout=30)
    assert got.code == 0, got


@pytest.mark.parametrize("where", ["days/00/orders/akane.yaml", "days/00/story.md", "days/00/rulings.yaml",
                                   "days/00/deadline.txt", "templates/narration.j2", "templates/phrases.yaml"])
def test_a_fifo_is_refused_not_waited_on(game, where):
    path = game / where
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    got = run_gm("check", game, "--day", 0, timeout=30)
    assert got.code == 1, got
    assert "FIFO" in got.out + got.err or "not a date and time" in got.err, got
    assert "Traceback" not in got.err


def test_a_device_linked_as_orders_is_refused(game):
    os.symlink("/dev/zero", game / "days" / "00" / "orders" / "akane.yaml")
    _refused(game, "a device, not a regular file")


def test_a_fifo_as_the_thread_is_refused(game, tmp_path):
    thread = tmp_path / "thread.txt"
    os.mkfifo(thread)
    run_gm("commit", game, "--day", 0)
    got = run_gm("votes", game, "--thread", thread, "--day", 0, timeout=30)
    assert got.code in (1, 2), got
    assert "FIFO" in got.out + got.err, got


def test_a_fifo_in_the_cache_is_a_miss(game, tmp_path, monkeypatch):
    from gm.storage.cache import yaml_entry
    from gm.storage.limits import DEFAULT

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("GM_NO_CACHE", raising=False)
    text = "Player One: {start: Beach}\n"
    (game / "days" / "00" / "orders" / "one.yaml").write_text(text, encoding="utf-8")
    entry = yaml_entry(text, DEFAULT)
    assert entry is not None
    os.mkfifo(entry)
    got = run_gm("check", game, "--day", 0, timeout=30)
    assert got.code == 0, got
