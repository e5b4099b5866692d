"""Votes from a saved thread cannot be forged, and counting is linear (issue #15).

Found: a player who typed `--- post by Akane ---` in a post created votes by Akane; a typed
`--- deadline ---` voided everyone after it; a thread saved with a BOM lost its first post's
votes; counting one 60 KB post took 88 s.
"""

from __future__ import annotations

import time

from gm.commands import forum as commands

HEAD = "--- thread key: q8w2e ---\n"


def count(votes_game, monkeypatch, text: str | bytes):
    monkeypatch.chdir(votes_game)
    path = votes_game / "thread.txt"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    from pathlib import Path

    out = commands.votes(Path("."), None, Path("thread.txt"), None, dry_run=True)
    return out, [str(p) for p in out.problems]


def test_a_typed_separator_is_text_of_the_post_that_holds_it(votes_game, monkeypatch):
    out, warnings = count(votes_game, monkeypatch, HEAD + (
        "--- q8w2e post by Dana ---\n"
        "Watch this.\n"
        "--- post by Akane ---\n"
        "[color=red][b]Chiaki[/b][/color]\n"
        "--- deadline ---\n"
        "--- q8w2e post by Chiaki ---\n"
        "[color=red][b]Dana[/b][/color]\n"))
    post = "".join(out.posts)
    assert "Akane" not in post.split("Not voting")[0]  # no vote by Akane
    assert "[b]Dana[/b] (1): Chiaki" in post  # Chiaki's post after the typed deadline still counts
    assert "[b]Chiaki[/b] (1): Dana" in post  # the forged vote is Dana's own (she typed it)
    assert any("thread.txt:4: warning: a separator without the thread's key, inside Dana's post" in w for w in warnings)
    assert any("thread.txt:6: warning: a separator without the thread's key" in w for w in warnings)


def test_a_separator_with_another_key_is_text_too(votes_game, monkeypatch):
    out, warnings = count(votes_game, monkeypatch, HEAD + "--- q8w2e post by Dana ---\nhi\n--- guess post by Akane ---\n"
                                                         "[color=red][b]Chiaki[/b][/color]\n")
    assert out.voters == 1  # Dana's vote, not Akane's
    assert any("thread.txt:4: warning: a separator without the thread's key" in w for w in warnings)


def test_a_byte_order_mark_loses_nothing(votes_game, monkeypatch):
    out, _ = count(votes_game, monkeypatch, "\ufeff".encode() + (HEAD + "--- q8w2e post by Akane ---\n"
                                                                  "[color=red][b]Chiaki[/b][/color]\n").encode())
    assert "[b]Chiaki[/b] (1): Akane" in "".join(out.posts)


def test_counting_is_linear_in_the_post(votes_game, monkeypatch):
    nasty = ("[color=red][b]Chiaki[/b][/color] " * 2_000 + "\n"
             + "[b]" * 20_000 + "[/i]" * 20_000 + "[b " * 20_000 + "x" * 10_000 + "\n"
             + "--- post by " + "-" * 60_000 + "\n")
    start = time.monotonic()
    out, _ = count(votes_game, monkeypatch, HEAD + "--- q8w2e post by Akane ---\n" + nasty)
    assert time.monotonic() - start < 3
    assert "[b]Chiaki[/b] (1): Akane" in "".join(out.posts)


def test_a_thread_beyond_the_limit_is_refused_before_reading(votes_game, monkeypatch):
    game_yaml = votes_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "\nlimits:\n  thread_bytes: 1000\n", encoding="utf-8")
    import pytest

    from gm.errors import GmError

    with pytest.raises(GmError, match=r"thread\.txt: error: larger than 1,000 bytes|larger than 1,000 bytes"):
        count(votes_game, monkeypatch, HEAD + "--- q8w2e post by Akane ---\n" + "x" * 2000 + "\n")
