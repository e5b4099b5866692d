"""Each message's "You" section lists what the player has learned and still holds: the same lines
as `gm status --player` (the engine's `player_learned` hook), for every engine where a player can
learn something no one else saw (Battle Royale, Team Kill, Hashmi Battle Royale)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.engines import REGISTRY, get_engine
from gm.gamedir import GameDir
from gm.learned import message_lines, overrides_learned, seen_by_player

LEARNING = sorted(n for n in REGISTRY if overrides_learned(get_engine(n)))
# the heading that opens the reader's own section in each engine's message, as the engine declares it
YOU = {n: f"[b]{get_engine(n).facts.own_heading}[/b]" for n in LEARNING if get_engine(n).facts.own_heading}


def test_the_engines_that_teach_are_the_ones_checked():
    """An engine that overrides `player_learned` declares the heading its messages list it after."""
    assert LEARNING == sorted(YOU), f"declare Facts.own_heading in: {sorted(set(LEARNING) - set(YOU))}"


def _learned_in(message: str) -> list[str] | None:
    m = re.search(r"\[b\]What you have learned\[/b\]\n\[list\]\n(.*?)\[/list\]", message, re.S)
    return None if m is None else [x.strip() for x in m.group(1).split("[*]") if x.strip()]


def _status_learned(root, player: str) -> list[str]:
    out = CliRunner().invoke(cli, ["status", str(root), "--player", player], catch_exceptions=False).output
    lines = out.split("  learned:\n", 1)[1].splitlines() if "  learned:\n" in out else []
    return message_lines(lines)


@pytest.mark.parametrize("engine", sorted(YOU))
def test_each_message_lists_what_the_player_learned(engine, demo_games):
    """Every day of the demo: each message with a You section lists what `player_learned` says of
    the events the player saw up to that day (what `gm status --player` would have listed then)."""
    root = demo_games.pristine(engine)
    gd = GameDir(root)
    game = gd.load()
    days = gd.resolved_days()
    checked = 0
    for day in days:
        seen = seen_by_player([(d, gd.result_dir(d)) for d in days if d <= day])
        for path in sorted((gd.result_dir(day) / "messages").glob("*.bbcode")):
            message = path.read_text(encoding="utf-8")
            want = message_lines(game.engine.player_learned(seen.get(path.stem, []), game.rules, path.stem))
            got = _learned_in(message)
            if YOU[engine] not in message:  # out of the game, or the game is over: no You section
                assert got is None, (day, path.stem, "learned listed outside the You section")
                continue
            assert (got or []) == want, (engine, day, path.stem, got, want)
            checked += bool(want)
        if day == days[-1]:  # and gm status --player says the same after the last day
            for path in sorted((gd.result_dir(day) / "messages").glob("*.bbcode")):
                got = _learned_in(path.read_text(encoding="utf-8"))
                if got is not None:
                    assert got == _status_learned(root, path.stem), (engine, path.stem)
    assert checked, f"{engine}: no player has learned anything in the demo: the test proves nothing"


def test_hashmi_credits_the_agent_owner_not_the_first_name_in_about():
    from gm.engines.hashmi.learned import learned

    seen = [(4, [{"kind": "eliminated", "about": ["Akane", "Bruno"],
                  "data": {"agent": "Bruno.2", "by": "Akane.1", "cause": "shot"}}])]
    assert learned(seen, "Bruno") == ["Day 4: Akane.1 eliminated your Bruno.2"]
    assert learned(seen, "Akane") == []


def test_team_kill_lists_what_others_showed_not_the_readers_own_cards():
    from gm.engines.team_kill.learned import learned

    seen = [(0, [{"kind": "your_card", "data": {"person": "Akane", "card": "Bomb"}}]),
            (3, [{"kind": "showdown", "data": {"reveals": [{"person": "Akane", "card": "Bomb"},
                                                           {"person": "Bruno", "card": "Rope"}]}},
                 {"kind": "gave", "data": {"giver": "Chiaki", "to": "Akane", "card": "Katana"}},
                 {"kind": "loot", "data": {"agreed": True, "shares": {"Akane": ["Axe"], "Dana": ["Knife", "Rope"]}}}])]
    assert learned(seen, "Akane") == ["Day 3: in the showdown, Bruno revealed Rope", "Day 3: Chiaki gave you Katana",
                                      "Day 3: from the loot, Dana took Knife and Rope"]
