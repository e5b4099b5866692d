"""What must hold in every Team Kill game (hypothesis): random tables of 3 to 9 players (the 4/5-player
variant included), random legal standing orders every day, audited dice from random seeds.

- every card of the deck is somewhere, once: held + discarded + left in the box = the deck;
- a player still in holds at least one card, an eliminated one none; everyone still in is in
  exactly one team, and a player's two persons (variant) always in the same one;
- no eliminated person takes a turn, shows a sign or receives a card;
- the game always ends; the state survives a save and a load; the same seed and orders give
  the same events and the same posts;
- no public post names a card, and no message names a card its reader may not know.
"""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.dice import AuditedDice
from gm.engine import Day
from gm.engines.team_kill import TeamKill
from gm.engines.team_kill.state import State
from gm.engines.team_kill.views import EFFECT_TEXT
from gm.forum.render import render_day
from gm.gamedir import Game
from gm.pipeline.day import CheckedDay, ResolvedDay
from gm.yamlio import load_text

ENGINE = TeamKill()
NAMES = ["Akane", "Bruno", "Chiaki", "Dana", "Emil", "Farah", "Goro", "Hana", "Ivo"]
MAX_DAYS = 400


def random_orders(rng: random.Random, state: State, day: int) -> str:
    """An orders file of legal orders: standing ones at random, gives only where the rules allow."""
    lines = []
    for player in state.players_in():
        if rng.random() < 0.25:
            continue
        o: dict = {}
        mine = [p for p in state.persons_of(player) if not state.persons[p].out]
        others = [p for p in state.players_in() if p != player]
        if rng.random() < 0.7:
            o["turn"] = rng.choice(["left", "right", "right", "pass"] + others[:1])
        roll = rng.random()
        if roll < 0.45:
            o["sign"] = rng.choice(["kill", "team"])
        elif roll < 0.7 and others:
            o["sign"] = {rng.choice(others): rng.choice(["team", "kill"]), "default": rng.choice(["team", "kill"])}
        held = [c for p in mine for c in state.persons[p].hand]
        if rng.random() < 0.3 and held:
            o["reveal"] = rng.sample(held, min(len(held), 2))
        if rng.random() < 0.3:
            mates = [state.player_of(m) for p in mine for m in state.teammates(p)] + ["me"]
            o["loot"] = rng.choice(["split", rng.choice(mates)])
        if rng.random() < 0.6:
            o["show_cards"] = rng.random() < 0.85
        if rng.random() < 0.2:
            o["bomb_choice"] = rng.choice(["win", "lose"])
        if rng.random() < 0.08:
            o["leave_team"] = True
        for p in mine:
            team = state.team_of(p)
            mates = [m for m in team.members if state.player_of(m) != player]
            if len(state.persons[p].hand) > 1 and mates and team.formed == day - 1 and rng.random() < 0.5:
                o["give"] = {"card": rng.choice(state.persons[p].hand), "to": rng.choice(mates)}
                break
        lines.append(f"{player}: {json.dumps(o)}")
    return "\n".join(lines) + "\n"


def assert_sound(state: State, deck: list[str], where: str) -> None:
    assert sorted(state.all_cards()) == sorted(deck), f"{where}: cards not conserved"
    members = [m for t in state.teams for m in t.members]
    assert sorted(members) == sorted(state.in_play()), f"{where}: teams {state.teams} vs in play {state.in_play()}"
    for name, p in state.persons.items():
        if p.out:
            assert not p.hand, f"{where}: {name} is out and holds {p.hand}"
        else:
            assert p.hand, f"{where}: {name} is in and holds no card"
    if state.variant:
        for player in state.players_in():
            live = [n for n in state.persons_of(player) if not state.persons[n].out]
            assert len({id(state.team_of(n)) for n in live}) == 1, f"{where}: {player}'s persons split"
    for a, b in state.shows:
        pa = [n for n in state.persons_of(a) if not state.persons[n].out]
        pb = [n for n in state.persons_of(b) if not state.persons[n].out]
        assert pa and pb and state.team_of(pa[0]) is state.team_of(pb[0]), f"{where}: a show agreement outlived its team"


def assert_no_one_out_acts(events, before: State, where: str) -> None:
    out = {n for n, p in before.persons.items() if p.out}
    for e in events:
        d = e.data
        if e.kind in ("confrontation", "passed"):
            actors = [d["person"]] + d.get("team_a", []) + d.get("team_b", [])
            assert not out.intersection(actors), f"{where}: {sorted(out.intersection(actors))} acted while out"
        if e.kind == "loot_shared":
            assert not out.intersection(d["members"]), f"{where}: cards went to someone out"
        if e.kind == "eliminated":
            out.update(d["persons"])


def play(seed: int, players: int, turns_per_day: int, render: bool = True, ask: tuple[str, ...] = ()):
    """A whole random game: the list of (day, state, events, files)."""
    rng = random.Random(seed)
    doc = {"roster": NAMES[:players], "house_rules": {"turns_per_day": turns_per_day, "ask": list(ask)}}
    setup = ENGINE.setup(doc, "game.yaml")
    assert not [p for p in setup.problems if p.severity == "error"], setup.problems
    game = Game(Path("."), ENGINE, "Property", "bbcode", setup.rules, setup.roster, setup.initial_state)
    deck = [c.name for c in setup.rules.deck.cards]
    state = copy.deepcopy(setup.initial_state)
    days = []
    for day in range(MAX_DAYS):
        text = random_orders(rng, state, day) if day > 0 else ""
        orders, problems = ENGINE.check_orders(load_text(text, Path("orders.yaml")), "orders.yaml",
                                               setup.rules, state, day, {})
        assert not [p for p in problems if p.severity == "error"], [str(p) for p in problems] + [text]
        missing = [n for n in ENGINE.players_due(state) if n not in orders]
        for name in missing:
            orders[name] = ENGINE.default_orders(name, day)
        checked = CheckedDay(day, state, dict(sorted(orders.items())), missing, problems)
        dice = AuditedDice(seed.to_bytes(8, "big"), ENGINE.facts.name, day)
        after = copy.deepcopy(state)
        after.day = day
        ctx = Day(day, after, checked.orders, dice, setup.rules, ENGINE.new_notes())
        events = []
        for phase in ENGINE.phases(day, after):
            ctx.step = phase.name
            events += phase.resolve(ctx)
            if ENGINE.decided(after, setup.rules):
                break
        events += ENGINE.final_phase().resolve(ctx)
        where = f"seed {seed}, Day {day}"
        assert_sound(after, deck, where)
        assert_no_one_out_acts(events, state, where)
        assert State.from_json(json.loads(json.dumps(after.to_json()))).to_json() == after.to_json()
        files = render_day(game, ResolvedDay(day, b"seed", checked, after, events, dice.log)) if render else {}
        days.append((day, state, after, events, files))
        state = after
        if ENGINE.ended(state):
            return setup, days
    raise AssertionError(f"seed {seed}: the game did not end in {MAX_DAYS} days")


def _names_in(text: str, cards: list[str], allowed: set[str]) -> set[str]:
    """Card names in `text` other than the allowed ones (the longest taken out first, so that an
    allowed "Machine Pistol" does not hide or reveal a "Pistol")."""
    for rule in EFFECT_TEXT.values():
        text = text.replace(rule, "")
    for name in sorted(allowed, key=len, reverse=True):
        text = text.replace(name, "\x00")
    return {c for c in cards if re.search(r"(?<![\w$])" + re.escape(c) + r"(?!\w)", text)}


def known_cards(before: State, after: State, events, player: str) -> set[str]:
    """The cards a player may know after a day, worked out from the rules, not from the events'
    visibility: their own hands before and after, what they gave or got, a showdown they took
    part in, the loot of their team, and the hands of teammates who agreed to show."""
    know: set[str] = set()
    for s in (before, after):
        know.update(s.hand_of_player(player))
        for a, b in s.shows:
            if player in (a, b):
                know.update(s.hand_of_player(b if a == player else a))
    for e in events:
        d = e.data
        if e.kind == "your_card" and before.player_of(d["person"]) == player:
            know.add(d["card"])
        if e.kind == "showdown":
            if player in {before.player_of(m) for m in d["team_a"] + d["team_b"]}:
                know.update(r["card"] for r in d["reveals"])
        if e.kind in ("loot", "loot_due") and player in {before.player_of(m) for m in d["members"]}:
            know.update(d["cards"])
        if e.kind == "gave" and player in (before.player_of(d["giver"]), before.player_of(d["to"])):
            know.add(d["card"])
    return know


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 9), turns=st.sampled_from([1, 1, 2, 3]),
       ask=st.sampled_from([(), (), ("reveal",), ("loot",), ("bomb",), ("reveal", "loot", "bomb")]))
def test_random_games_stay_sound_end_and_keep_their_secrets(seed, players, turns, ask):
    setup, days = play(seed, players, turns, ask=ask)
    cards = [c.name for c in setup.rules.deck.cards]
    last = days[-1][2]
    assert last.over and last.end in ("last_standing", "two_winners", "all_eliminated", "all_passed")
    assert len(last.winners) == {"last_standing": 1, "two_winners": 2}.get(last.end, 0)
    knows: dict[str, set[str]] = {}
    for day, before, after, events, files in days:
        leaked = _names_in(files["narration.bbcode"], cards, set())
        assert not leaked, f"seed {seed}, Day {day}: the public post names {leaked}"
        for player in before.players:
            knows.setdefault(player, set()).update(known_cards(before, after, events, player))
            path = f"messages/{player}.bbcode"
            if path in files:
                leaked = _names_in(files[path], cards, knows[player])
                assert not leaked, f"seed {seed}, Day {day}: {player}'s message names {leaked}"


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 9))
def test_same_seed_and_orders_same_game(seed, players):
    _, first = play(seed, players, 1)
    _, again = play(seed, players, 1)
    assert [(d, [e.record() for e in ev], f) for d, _, _, ev, f in first] == \
           [(d, [e.record() for e in ev], f) for d, _, _, ev, f in again]


yaml_leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 5), st.sampled_from(
    ["left", "right", "pass", "team", "kill", "split", "rest", "Akane", "bruno", "Bazooka", "Rope", "Bomb", "[b]x", ""]))
yaml_node = st.recursive(yaml_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(
        ["Akane", "Bruno", "turn", "sign", "reveal", "loot", "give", "card", "to", "show_cards", "leave_team",
         "bomb_choice", "default", "confront", 1, 2]), inner, max_size=4)), max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(doc=yaml_node, variant=st.booleans())
def test_the_order_checker_never_crashes(doc, variant):
    setup = ENGINE.setup({"roster": NAMES[:4], "house_rules": {"two_persons": "on" if variant else "off"}}, "game.yaml")
    state = copy.deepcopy(setup.initial_state)
    state.stage = "play"
    for i, p in enumerate(state.persons.values()):
        p.hand = [setup.rules.deck.cards[i].name]
    state.active = state.seats[0]
    orders, problems = ENGINE.check_orders(doc, "orders.yaml", setup.rules, state, 1, {})
    for name, o in orders.items():
        assert name in state.players
        json.dumps(o.record())
    for p in problems:
        assert p.where.path == "orders.yaml"


def test_the_card_check_can_fail():
    """The helpers above do catch a card: a whole name, not part of a longer one the reader may know."""
    cards = ["Pistol", "Machine Pistol", "Bomb"]
    assert _names_in("Akane holds a Pistol.", cards, set()) == {"Pistol"}
    assert _names_in("You hold a Machine Pistol.", cards, {"Machine Pistol"}) == set()
    assert _names_in("Machine Pistol and Pistol", cards, {"Machine Pistol"}) == {"Pistol"}
    assert _names_in(EFFECT_TEXT["bomb"], cards, set()) == set()  # a rule's text names no one's card
    _, days = play(1, 5, 1)
    day, before, after, events, files = days[1]
    holder = next(p for p in after.players_in())
    other = next(p for p in after.players if p != holder)
    card = after.hand_of_player(holder)[0]
    assert card not in known_cards(before, after, events, other) or after.shows_between(holder, other)


game_leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.sampled_from(
    ["Akane", "akane", "Bruno", "Left", "Akane 1", "auto", "on", "off", "highest", "win", "reveal", "[b]x", "", "x" * 50]))
game_node = st.recursive(game_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=6), st.dictionaries(st.sampled_from(
        ["name", "turns_per_day", "two_persons", "reveal_default", "bomb_default", "bang_public", "ask",
         "value", "bang", "effect", "cards", "Akane", "x"]), inner, max_size=4)), max_leaves=16)


@settings(max_examples=300, deadline=None)
@given(roster=game_node, house=game_node, first=game_leaf)
def test_game_yaml_never_crashes_the_set_up(roster, house, first):
    setup = ENGINE.setup({"roster": roster, "house_rules": house, "first_player": first}, "game.yaml")
    if setup.initial_state is not None:
        assert not [p for p in setup.problems if p.severity == "error"]
        assert len(setup.initial_state.players) >= 3
    for p in setup.problems:
        assert p.where.path == "game.yaml"


@settings(max_examples=300, deadline=None)
@given(doc=game_node)
def test_a_card_file_never_crashes_the_reader(doc):
    from gm.engines.team_kill.cards import parse_deck

    deck, problems = parse_deck(doc, "cards.yaml")
    assert (deck is None) == any(p.severity == "error" for p in problems)
    if deck is not None:
        assert len({c.name.casefold() for c in deck.cards}) == len(deck)
