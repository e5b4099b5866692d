"""Golden outputs of the Team Kill demo's whole days, from the deal to the winner. Regenerate with
`pytest --update-golden` and review the diff."""

import json

import pytest

from test_golden import GOLDEN, compare_with_golden

TK_GOLDEN = GOLDEN.parent / "team-kill-demo"


@pytest.fixture(scope="module")
def tk_demo_dir(demo_games):
    """The bundled Team Kill demo, played once per test run."""
    return demo_games.pristine("team-kill")


def _read(root, day, name):
    return (root / "days" / f"{day:02d}" / "result" / name).read_text(encoding="utf-8")


def test_tk_demo_days_match_golden_files(tk_demo_dir, update_golden):
    compare_with_golden(tk_demo_dir, TK_GOLDEN, update_golden)


def test_tk_demo_is_played_to_the_end_by_eight_players(tk_demo_dir):
    days = sorted(p.name for p in (tk_demo_dir / "days").iterdir())
    state = json.loads(_read(tk_demo_dir, int(days[-1]), "state.json"))
    assert len(state["players"]) == 8 and state["over"] and state["winners"] == ["Akane"]
    assert len(list((tk_demo_dir / "days" / "00" / "result" / "messages").iterdir())) == 8
    assert "is the only player left and [b]wins[/b]" in _read(tk_demo_dir, int(days[-1]), "narration.bbcode")


def test_tk_demo_tours_the_rules(tk_demo_dir):
    """The demo shows the rulebook at work: these kinds of event all happen in it."""
    kinds, results = set(), set()
    for day in (tk_demo_dir / "days").iterdir():
        for line in (day / "result" / "events.jsonl").read_text(encoding="utf-8").splitlines():
            e = json.loads(line)
            kinds.add(e["kind"])
            if e["kind"] == "confrontation":
                results.add(e["data"]["result"])
    assert {"dealt", "your_card", "first_player", "passed", "confrontation", "team_formed", "shows_agreed",
            "shows_ended", "showdown", "showdown_result", "eliminated", "loot", "loot_shared", "loot_disputed",
            "gave", "card_given", "default_sign", "game_over", "next_turn"} <= kinds
    assert results == {"merge", "team_kill", "showdown", "dissolve"}


def test_tk_demo_public_posts_name_no_card(tk_demo_dir):
    from gm.engines.team_kill.rules import stand_in_deck

    for day in (tk_demo_dir / "days").iterdir():
        post = (day / "result" / "narration.bbcode").read_text(encoding="utf-8")
        named = [c.name for c in stand_in_deck().cards if c.name in post]
        assert not named, f"Day {day.name}'s post names {named}"


def test_tk_demo_eliminated_players_get_a_last_message_then_none(tk_demo_dir):
    """Chiaki is eliminated on Day 2: that day's message says so and asks for silence (rulebook: "You
    may however not disclose any information about the game until it is over"); then no more messages."""
    last = _read(tk_demo_dir, 2, "messages/Chiaki.bbcode")
    assert "[b]Your status[/b]: eliminated on Day 2" in last and "Please do not disclose anything" in last
    assert "You have been eliminated" not in last  # the status line tells it, once
    assert "Your hand" not in last
    assert not (tk_demo_dir / "days" / "03" / "result" / "messages" / "Chiaki.bbcode").exists()


def test_tk_demo_showdown_cards_reach_the_players_in_it_only(tk_demo_dir):
    """Day 2: Bruno (with Akane) against Chiaki. The three of them see the cards and sums; Dana does not."""
    for player in ("Akane", "Bruno", "Chiaki"):
        assert "The showdown, as the players in it saw it" in _read(tk_demo_dir, 2, f"messages/{player}.bbcode")
    other = _read(tk_demo_dir, 2, "messages/Dana.bbcode")
    assert "showdown" not in other and "Machine Pistol" not in other and "Revolver" not in other
