"""The scenario harness for Team Kill (tests/scenarios_tk/, README there): a fixture carries its
game.yaml (roster, house rules) and optionally a small `deck:` (so that a deal's rolls can be
scripted); `before` lays out the table (hands, teams, who is out, whose turn); `standing` holds
orders sent on earlier days. After every fixture's day, every card of the deck must still be
somewhere, once."""

from __future__ import annotations

from pathlib import Path

from gm.engines.team_kill import TeamKill
from gm.engines.team_kill.cards import parse_deck
from gm.engines.team_kill.orders import STANDING
from gm.engines.team_kill.rules import parse_rules
from gm.engines.team_kill.state import DEAL, PLAY, State, Team
from gm.yamlio import load_text, plain
from scenario_harness import Fixture, Harness, assert_problems, matches

BEFORE_KEYS = {"hands", "teams", "formed", "out", "active", "passes", "shows", "turn", "pending"}
STATE_KEYS = {"hands", "teams", "out", "over", "end", "winners", "discarded", "active", "passes", "shows", "undealt",
              "pending"}


def setup_game(fx: Fixture):
    text = fx.doc.get("game")
    if not isinstance(text, str):
        fx.fail("game must be a block of YAML text (game: |), as in a game.yaml")
    engine = TeamKill()
    setup = engine.setup(load_text(text, Path("game.yaml")), "game.yaml")
    if fx.doc.get("deck") is not None:  # a small deck, so a deal's rolls can be scripted
        deck, problems = parse_deck({"cards": plain(fx.doc["deck"])}, "deck")
        if deck is None:
            fx.fail("deck: " + "; ".join(p.message for p in problems))
        doc = load_text(text, Path("game.yaml"))
        rules, _ = parse_rules(doc.get("house_rules"), "game.yaml", deck)
        setup.rules = rules
    return engine, setup


def build_state(fx: Fixture, engine, setup) -> tuple[State, int]:
    state: State = setup.initial_state
    if fx.doc.get("stage", PLAY) == DEAL:
        if fx.doc.get("before"):
            fx.fail("`before` is for games in play")
        return state, 0
    day = fx.doc.get("day", 1)
    before = plain(fx.doc.get("before") or {})
    if set(before) - BEFORE_KEYS:
        fx.fail(f"before: unknown keys {sorted(set(before) - BEFORE_KEYS)}")
    state.stage, state.day = PLAY, day - 1
    deck = [c.name for c in setup.rules.deck.cards]
    hands = before.get("hands") or {}
    for name, person in state.persons.items():
        if name not in hands and name not in (before.get("out") or []):
            fx.fail(f"before.hands: {name} needs a hand (or to be listed under out)")
        person.hand = list(hands.get(name, []))
    for name in before.get("out") or []:
        if name not in state.persons:
            fx.fail(f"before.out: no person {name}")
        state.persons[name].out_turn, state.persons[name].out_day = 0, 0
    waiting = (before.get("pending") or {}).get("cards", [])  # loot waiting for the team's proposals
    held = [c for h in hands.values() for c in h] + waiting
    if set(held) - set(deck) or len(set(held)) != len(held):
        fx.fail(f"before.hands: cards not in the deck or held twice: {held}")
    state.undealt = [c for c in deck if c not in held]
    grouped = [m for g in before.get("teams") or [] for m in g[0:]]
    formed = before.get("formed", day - 1)  # the day the listed teams formed
    teams = [Team(list(g), formed) for g in before.get("teams") or []]
    singles = [n for n in state.in_play() if n not in grouped]
    if state.variant:
        pairs = {}
        for n in singles:
            pairs.setdefault(state.player_of(n), []).append(n)
        teams += [Team(v) for v in pairs.values()]
    else:
        teams += [Team([n]) for n in singles]
    state.teams = teams
    state.sort_teams()
    state.shows = sorted(sorted(s) for s in before.get("shows") or [])
    state.active = before.get("active", state.in_play()[0])
    state.passes = before.get("passes", 0)
    state.turn = before.get("turn", day - 1)
    state.pending = before.get("pending")  # a decision an earlier day stopped for (ask)
    if fx.doc.get("standing"):
        doc = load_text(fx.doc["standing"], Path("standing.yaml"))
        got, problems = engine.check_orders(doc, "standing.yaml", setup.rules, state, day - 1, {})
        if any(p.severity == "error" for p in problems):
            fx.fail("standing: " + "; ".join(str(p) for p in problems))
        for player, o in got.items():
            state.standing[player] = {k: v for k, v in o.sent.items() if k in STANDING}
    return state, day


def assert_state(fx: Fixture, state: State, expected: dict) -> None:
    if set(expected) - STATE_KEYS:
        fx.fail(f"expect.state: unknown keys {sorted(set(expected) - STATE_KEYS)}")
    got = {
        "hands": {n: sorted(p.hand) for n, p in state.persons.items() if not p.out},
        "teams": [list(t.members) for t in state.teams], "out": [n for n, p in state.persons.items() if p.out],
        "over": state.over, "end": state.end, "winners": state.winners, "discarded": sorted(state.discarded),
        "active": state.active, "passes": state.passes, "shows": state.shows, "undealt": len(state.undealt),
        "pending": state.pending,
    }
    for key, want in expected.items():
        if key == "hands":
            for name, cards in want.items():
                if sorted(cards) != got["hands"].get(name):
                    fx.fail(f"state: {name} holds {got['hands'].get(name)}, expected {sorted(cards)}")
        elif key == "discarded" and isinstance(want, int):
            if len(got["discarded"]) != want:
                fx.fail(f"state: {len(got['discarded'])} cards discarded, expected {want}")
        elif not matches(got[key], sorted(want) if key == "discarded" else want):
            fx.fail(f"state: {key} is {got[key]!r}, expected {want!r}")


class TeamKillHarness(Harness):
    engine_name = "team-kill"
    folder = "scenarios_tk"
    rulebook = "class-trip-battle-royale.txt"
    top_keys = frozenset({"game", "deck", "stage", "day", "before", "standing", "expect_setup_problems"})
    minimum = 30

    def setup(self, fx: Fixture):
        doc = fx.doc
        engine, setup = setup_game(fx)
        if "expect_setup_problems" in doc:
            assert_problems(Fixture(fx.path, {**doc, "expect_problems": doc["expect_setup_problems"]}), setup.problems)
            if setup.initial_state is None:
                return None
        elif [p for p in setup.problems if p.severity == "error"]:
            fx.fail("the game has errors: " + "; ".join(str(p) for p in setup.problems))
        self.deck = sorted(c.name for c in setup.rules.deck.cards)
        state, day = build_state(fx, engine, setup)
        return engine, setup.rules, state, day

    def assert_state(self, fx: Fixture, state: State, expected: dict) -> None:
        if sorted(state.all_cards()) != self.deck:
            fx.fail("the cards are not all somewhere, once: held + discarded + in the box is not the deck")
        assert_state(fx, state, expected)

    def public_post_problems(self, rules, narration: str) -> list[str]:
        """The public post names no card (RULINGS.md TK-20)."""
        return [f"names the card {c.name}" for c in rules.deck.cards if c.name in narration]
