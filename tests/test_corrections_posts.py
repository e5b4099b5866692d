"""Corrections marked where they reach the players (issue 24, item 5): every message re-sent after
`gm resolve --force` says it replaces the earlier one and why; a message that did not change is not
marked; `gm preview` shows the correction post."""

from __future__ import annotations

from click.testing import CliRunner

from gm.cli import cli


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_a_re_sent_message_says_it_replaces_the_earlier_one(game_copy):
    for name in ("seed.secret", "commit.txt", "lock.txt"):
        (game_copy / "days" / "03" / name).unlink()
    assert run("resolve", game_copy, "--day", "3", "--force", "--seed", "00", "--reason", "the seed was lost").exit_code == 0
    new, old = game_copy / "days" / "03" / "result", game_copy / "days" / "03" / "result.1"
    marked = unmarked = 0
    for path in sorted((new / "messages").glob("*.bbcode")):
        if ".part" in path.name:
            continue
        text = path.read_text(encoding="utf-8")
        before = (old / "messages" / path.name).read_text(encoding="utf-8") if (old / "messages" / path.name).is_file() else None
        if before is None or text != before:
            head = text.split("\n\n", 1)[0]
            assert "[b]Correction:[/b] this message replaces your Day 3 message" in head, text[:300]
            assert "the seed was lost" in head
            marked += 1
        else:
            assert "Correction" not in text
            unmarked += 1
    assert marked, "no message changed: the test shows nothing"
    narration = (new / "narration.bbcode").read_text(encoding="utf-8")
    assert "[b]Correction:[/b] this post replaces the Day 3 post" in narration.split("\n\n", 1)[0]
    preview = run("preview", game_copy, "--day", "3")
    assert preview.exit_code == 0, preview.output
    page = (game_copy / "days" / "03" / "preview.html").read_text(encoding="utf-8")
    assert "Day 3: a correction" in page and "the seed was lost" in page
