"""Team Kill's pure rules logic: the outcome table, teams, the showdown's special cards, the loot
agreement, the deck file and the state's JSON form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gm.engines.team_kill import teams
from gm.engines.team_kill.cards import parse_deck, read_deck
from gm.engines.team_kill.loot import agree
from gm.engines.team_kill.outcome import DISSOLVE, MERGE, SHOWDOWN, TEAM_KILL, outcome
from gm.engines.team_kill.rules import default_rules, stand_in_deck
from gm.engines.team_kill.setup import seat
from gm.engines.team_kill.showdown import settle
from gm.engines.team_kill.state import PLAY, State, Team
from gm.yamlio import load_text

T, K = "team", "kill"


def make_state(hands: dict[str, list[str]], groups: list[list[str]] | None = None, variant=False) -> State:
    players = list(dict.fromkeys(n.rsplit(" ", 1)[0] if variant else n for n in hands))
    s = State(day=1, stage=PLAY, players=players, variant=variant, persons=seat(players, variant))
    for n, h in hands.items():
        s.persons[n].hand = list(h)
    grouped = [m for g in groups or [] for m in g]
    s.teams = [Team(list(g)) for g in groups or []] + [Team([n]) for n in s.persons if n not in grouped]
    s.sort_teams()
    used = [c for h in hands.values() for c in h]
    s.undealt = [c.name for c in stand_in_deck().cards if c.name not in used]
    s.active = next(iter(s.persons))
    return s


# ---- the outcome table --------------------------------------------------------------------------------


@pytest.mark.parametrize("a, b, want", [
    ([T], [T], (MERGE, None)),
    ([T, T], [K], (TEAM_KILL, "a")),
    ([T], [K, T], (TEAM_KILL, "a")),
    ([K], [T, T], (TEAM_KILL, "b")),
    ([K, T], [T], (TEAM_KILL, "b")),
    ([K], [K], (SHOWDOWN, None)),
    ([K], [K, T], (SHOWDOWN, None)),
    ([T, K], [K], (SHOWDOWN, None)),
    ([T, K], [K, T], (DISSOLVE, None)),
])
def test_outcome_table(a, b, want):
    assert outcome(a, b) == want


# ---- teams ---------------------------------------------------------------------------------------------


def test_whole_table_is_found_and_a_single_players_pair_is_not():
    s = make_state({"Akane": ["Bazooka"], "Bruno": ["Rope"]}, [["Akane", "Bruno"]])
    assert teams.whole_table(s) is s.teams[0]
    v = make_state({"Akane 1": ["Bazooka"], "Bruno 1": ["Rope"], "Akane 2": ["Pistol"], "Bruno 2": ["Sickle"]},
                   [["Akane 1", "Akane 2"], ["Bruno 1", "Bruno 2"]], variant=True)
    teams.remove(v, ["Bruno 1"])
    v.persons["Bruno 1"].out_turn = 1
    assert teams.whole_table(v) is None  # two teams still
    teams.merge(v, ["Akane 1", "Bruno 2"], 1)
    assert teams.whole_table(v) is not None
    units = teams.dissolve(v, teams.whole_table(v))
    assert [u.members for u in units] == [["Akane 1", "Akane 2"], ["Bruno 2"]]  # the pair is never dissolved


def test_leaving_takes_the_pair_along_in_the_variant_and_ends_show_agreements():
    v = make_state({"Akane 1": ["Bazooka"], "Bruno 1": ["Rope"], "Chiaki 1": ["Hammer"],
                    "Akane 2": ["Pistol"], "Bruno 2": ["Sickle"], "Chiaki 2": ["Katana"]},
                   [["Akane 1", "Akane 2", "Bruno 1", "Bruno 2"], ["Chiaki 1", "Chiaki 2"]], variant=True)
    v.shows = [["Akane", "Bruno"]]
    assert teams.leave(v, "Akane 2")
    assert [t.members for t in v.teams] == [["Akane 1", "Akane 2"], ["Bruno 1", "Bruno 2"], ["Chiaki 1", "Chiaki 2"]]
    assert teams.end_broken_shows(v) == [["Akane", "Bruno"]] and v.shows == []
    assert not teams.leave(v, "Akane 1")  # already on their own


# ---- the showdown --------------------------------------------------------------------------------------


def _settle(hands, a, b, signs=None, groups=None):
    s = make_state(hands, groups)
    signs = signs or {m: K for m in a + b}
    return s, settle(s, default_rules(), {"a": a, "b": b}, signs)


def test_lower_sum_is_eliminated_and_only_kill_voters_reveal():
    _, v = _settle({"Akane": ["Katana"], "Bruno": ["Rope"], "Chiaki": ["Pistol"], "Dana": ["Hammer"]},
                   ["Akane", "Bruno"], ["Chiaki", "Dana"], {"Akane": K, "Bruno": T, "Chiaki": K, "Dana": K},
                   [["Akane", "Bruno"], ["Chiaki", "Dana"]])
    assert [r["person"] for r in v.reveals] == ["Akane", "Chiaki", "Dana"]
    assert v.sums == {"a": 14, "b": 30} and v.out == ["a"] and v.by == "b"


def test_equal_sums_tie():
    _, v = _settle({"Akane": ["Katana"], "Bruno": ["Taser"], "Chiaki": ["Canned Food"]},
                   ["Akane", "Chiaki"], ["Bruno"], groups=[["Akane", "Chiaki"]])
    assert v.sums == {"a": 15, "b": 15} and v.result == "tie" and v.out == []


def test_scream_mask_against_a_lone_bomb_eliminates_everyone():
    """FAQ: "What happens if the Scream Mask is revealed, the opposing team consists of 1 player and
    that player reveals the Bomb." "All players in that confrontation are eliminated.\""""
    _, v = _settle({"Akane": ["Scream Mask"], "Bruno": ["Bomb"], "Chiaki": ["Rope"]}, ["Akane", "Chiaki"], ["Bruno"],
                   groups=[["Akane", "Chiaki"]])
    assert v.result == "bomb" and v.out == ["a", "b"] and v.by is None


def test_scream_mask_eliminates_a_lone_opponent_whatever_the_sums():
    _, v = _settle({"Akane": ["Scream Mask"], "Bruno": ["Bazooka"], "Chiaki": ["Sickle"]},
                   ["Bruno"], ["Akane", "Chiaki"], groups=[["Akane", "Chiaki"]])
    assert v.result == "scream_mask" and v.out == ["a"] and v.by == "b"


def test_thousand_dollars_between_the_last_two_makes_two_winners_unless_the_bomb_holder_chooses_to_lose():
    s, v = _settle({"Akane": ["$1000 Dollars"], "Bruno": ["Bazooka"]}, ["Akane"], ["Bruno"])
    assert v.result == "two_winners"
    _, v = _settle({"Akane": ["$1000 Dollars"], "Bruno": ["Bomb"]}, ["Akane"], ["Bruno"])
    assert v.result == "bomb_lose" and v.bomb_chose == "lose" and not v.bomb_chose_by_order
    s = make_state({"Akane": ["$1000 Dollars"], "Bruno": ["Bomb"]})
    s.standing = {"Bruno": {"bomb_choice": "win"}}
    v = settle(s, default_rules(), {"a": ["Akane"], "b": ["Bruno"]}, {"Akane": K, "Bruno": K})
    assert v.result == "two_winners" and v.bomb_chose == "win" and v.bomb_chose_by_order


def test_thousand_dollars_with_three_players_left_counts_zero():
    _, v = _settle({"Akane": ["$1000 Dollars"], "Bruno": ["Rope"], "Chiaki": ["Pistol"]}, ["Akane"], ["Bruno"])
    assert v.result == "b" and v.out == ["a"]


def test_reveal_follows_the_list_then_the_house_rule():
    s = make_state({"Akane": ["Bazooka", "Teddy Bear", "Rope"], "Bruno": ["Sickle"]})
    s.standing = {"Akane": {"reveal": {"by": [["Bruno", ["Teddy Bear"]]], "default": ["Rope"]}}}
    v = settle(s, default_rules(), {"a": ["Akane"], "b": ["Bruno"]}, {"Akane": K, "Bruno": K})
    assert v.reveals[0]["card"] == "Teddy Bear" and v.reveals[0]["chosen"]
    s.standing = {}
    v = settle(s, default_rules(reveal_default="lowest"), {"a": ["Akane"], "b": ["Bruno"]}, {"Akane": K, "Bruno": K})
    assert v.reveals[0]["card"] == "Teddy Bear" and not v.reveals[0]["chosen"]
    v = settle(s, default_rules(), {"a": ["Akane"], "b": ["Bruno"]}, {"Akane": K, "Bruno": K})
    assert v.reveals[0]["card"] == "Bazooka"


# ---- the loot ------------------------------------------------------------------------------------------


def test_loot_split_by_value_from_the_lead_when_no_one_proposed():
    s = make_state({"Akane": ["Rope"], "Bruno": ["Hammer"], "Chiaki": ["Sickle"]}, [["Akane", "Bruno", "Chiaki"]])
    deal = agree(s, default_rules(), ["Akane", "Bruno", "Chiaki"], "Bruno", ["Pistol", "Teddy Bear", "Bazooka", "Katana"])
    assert deal.agreed
    assert deal.shares == {"Bruno": ["Bazooka", "Teddy Bear"], "Chiaki": ["Pistol"], "Akane": ["Katana"]}


def test_loot_silent_members_agree_with_the_first_proposal_and_a_conflict_is_no_agreement():
    s = make_state({"Akane": ["Rope"], "Bruno": ["Hammer"]}, [["Akane", "Bruno"]])
    s.standing = {"Bruno": {"loot": {"kind": "to", "to": "Bruno"}}}
    deal = agree(s, default_rules(), ["Akane", "Bruno"], "Akane", ["Pistol", "Katana"])
    assert deal.agreed and deal.shares == {"Akane": [], "Bruno": ["Pistol", "Katana"]}
    s.standing["Akane"] = {"loot": {"kind": "to", "to": "Akane"}}
    deal = agree(s, default_rules(), ["Akane", "Bruno"], "Akane", ["Pistol", "Katana"])
    assert not deal.agreed and deal.shares == {}
    s.standing["Akane"] = {"loot": {"kind": "cards", "to": [["Bruno", ["Pistol"]]], "rest": "Bruno"}}
    deal = agree(s, default_rules(), ["Akane", "Bruno"], "Akane", ["Pistol", "Katana"])
    assert deal.agreed  # the same shares, written another way


def test_an_unworkable_proposal_counts_as_silence():
    s = make_state({"Akane": ["Rope"], "Bruno": ["Hammer"]}, [["Akane", "Bruno"]])
    s.standing = {"Akane": {"loot": {"kind": "cards", "to": [["Akane", ["Bazooka"]]], "rest": None}},
                  "Bruno": {"loot": {"kind": "to", "to": "Akane"}}}
    deal = agree(s, default_rules(), ["Akane", "Bruno"], "Akane", ["Pistol"])
    assert deal.agreed and deal.shares == {"Akane": ["Pistol"], "Bruno": []}
    assert deal.plans[0].shares is None and "who takes Pistol" in deal.plans[0].why


# ---- the deck file ------------------------------------------------------------------------------------


def test_the_stand_in_deck_has_36_cards_valued_0_to_32_and_the_special_cards():
    deck = stand_in_deck()
    assert len(deck) == 36 and len({c.name for c in deck.cards}) == 36
    assert sorted({c.value for c in deck.cards}) == list(range(33))
    assert {c.effect for c in deck.cards if c.effect} == {"bomb", "scream_mask", "thousand_dollars"}
    assert {"Teddy Bear", "Canned Food", "Ornate Fan", "Sub Machine Gun", "Automatic Rifle", "Bazooka"} <= set(deck.by_name)


@pytest.mark.parametrize("text, message, line", [
    ("cards: [{name: A, value: 1}, {name: a, value: 2}]\n", "'a' is in the deck twice", 1),
    ("cards:\n  - {name: A, value: 1}\n  - {name: B, value: -1}\n", "B: value must be a whole number", 3),
    ("cards:\n  - {name: A, value: 1}\n  - {name: B, value: 2, efect: bomb}\n", "unknown card field 'efect' (did you mean 'effect'?)", 3),
    ("cards:\n  - {name: A, value: 1, effect: bomb}\n  - {name: B, value: 2, effect: bomb}\n", "two cards have the effect bomb", 3),
    ("cards:\n  - {name: A, value: 1, effect: bom}\n  - {name: B, value: 2}\n", "unknown effect 'bom' (did you mean 'bomb'?)", 2),
    ("cards: [{name: A, value: 1}]\n", "a deck has 2 to 200 cards", 1),
    ("deck: []\n", "a card file is a mapping with `cards:`", 1),
])
def test_a_bad_card_file_is_a_located_error(text, message, line):
    deck, problems = parse_deck(load_text(text, Path("cards.yaml")), "cards.yaml")
    assert deck is None
    assert any(message in p.message and p.where.line == line for p in problems), [str(p) for p in problems]


def test_read_deck_reports_a_missing_file(tmp_path):
    deck, problems = read_deck(tmp_path / "nope.yaml", "nope.yaml")
    assert deck is None and "cannot read" in problems[0].message


# ---- the state -----------------------------------------------------------------------------------------


def test_state_round_trips_and_neighbours_skip_the_eliminated():
    s = make_state({"Akane": ["Rope"], "Bruno": ["Hammer"], "Chiaki": ["Sickle"], "Dana": ["Katana"]})
    s.persons["Bruno"].out_turn = 3
    assert s.neighbours("Akane") == ("Dana", "Chiaki")
    assert s.next_active("Akane") == "Chiaki"
    again = State.from_json(json.loads(json.dumps(s.to_json())))
    assert again.to_json() == s.to_json()
