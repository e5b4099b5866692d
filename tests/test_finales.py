"""A finale post for every engine (issue 24, item 3): the game's last post has a headline, names
the winners, and runs no section that no longer applies (no vote after Battle Royale's Program
ends); Hashmi tells a turn with the round it was played in."""

from __future__ import annotations

import re

import pytest

from gm.gamedir import GameDir
from test_engine_contract import ENGINES, run


@pytest.fixture(scope="module", params=ENGINES)
def played(request, tmp_path_factory):
    root = tmp_path_factory.mktemp(request.param) / "game"
    result = run("demo", "--engine", request.param, root)
    assert result.exit_code == 0, result.output
    return request.param, root


_HEADLINE = re.compile(r"^\[b\]\[i\].+\[/i\]\[/b\]$", re.M)


def test_the_last_post_has_a_headline_and_no_section_that_no_longer_applies(played):
    engine, root = played
    gd = GameDir(root)
    game = gd.load()
    last = gd.resolved_days()[-1]
    post = (gd.result_dir(last) / f"narration.{game.ext}").read_text(encoding="utf-8")
    assert _HEADLINE.search(post), f"{engine}: the finale has no headline:\n{post[:600]}"
    if engine == "battle-royale":
        assert "The Program is over" in post
        assert "[b]The vote[/b]" not in post, post
        headline = _HEADLINE.search(post).group(0)
        assert any(w in headline for w in ("Final Bell", "Program Ends", "Collars Go Quiet", "Last Day")), headline


def test_hashmi_tells_each_turn_in_the_round_it_was_played(played):
    engine, root = played
    if engine != "hashmi-battle-royale":
        pytest.skip("Hashmi only")
    gd = GameDir(root)
    game = gd.load()
    import json

    for day in gd.resolved_days()[2:]:
        result = gd.result_dir(day)
        events = [json.loads(line) for line in (result / "events.jsonl").read_text(encoding="utf-8").splitlines()]
        ended = [e["data"]["round"] if "data" in e else e.get("round") for e in events if e.get("kind") == "round_over"]
        post = (result / f"narration.{game.ext}").read_text(encoding="utf-8")
        if ended:
            for n in re.findall(r"Round (\d+)", post.split("[list]")[0].split("\n", 1)[1]):
                assert int(n) == ended[0], f"Day {day} tells Round {n}, but the turn played was in Round {ended[0]}:\n{post[:400]}"
