"""Scenario fixtures for the Team Kill engine: tests as data (tests/scenarios_tk/README.md).

Each YAML file in tests/scenarios_tk/ pins one rule of the class-trip rulebook: a game (the
roster and house rules as in game.yaml; optionally a small `deck:`), the table before the day
(hands, teams, who is out, whose turn), standing orders sent earlier, the day's orders, the
scripted dice, and the events and state expected. The helpers are the Battle Royale runner's.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from gm.day import CheckedDay, resolve_checked
from gm.dice import DiceScriptError
from gm.engines.team_kill import TeamKill
from gm.engines.team_kill.cards import parse_deck
from gm.engines.team_kill.orders import STANDING
from gm.engines.team_kill.rules import parse_rules
from gm.engines.team_kill.state import DEAL, PLAY, State, Team
from gm.yamlio import load_file, load_text, plain
from test_scenarios import Fixture, FixtureDice, FixtureError, assert_events, assert_problems, assert_quotes, matches

HERE = Path(__file__).resolve().parent
SCENARIOS = sorted((HERE / "scenarios_tk").glob("*.yaml"))
RULEBOOK = HERE.parent.parent / "shared" / "rules" / "class-trip-battle-royale.txt"

TOP_KEYS = {"name", "rule", "ruling", "game", "deck", "stage", "day", "before", "standing", "orders", "dice",
            "expect_setup_problems", "expect_problems", "expect"}
BEFORE_KEYS = {"hands", "teams", "formed", "out", "active", "passes", "shows", "turn"}
EXPECT_KEYS = {"events", "no_events", "state"}
STATE_KEYS = {"hands", "teams", "out", "over", "end", "winners", "discarded", "active", "passes", "shows", "undealt"}


def load_fixture(path: Path) -> Fixture:
    return Fixture(path, load_file(path))


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
    held = [c for h in hands.values() for c in h]
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
    if fx.doc.get("standing"):
        doc = load_text(fx.doc["standing"], Path("standing.yaml"))
        got, problems = engine.check_orders(doc, "standing.yaml", setup.rules, state, day - 1, {})
        if any(p.severity == "error" for p in problems):
            fx.fail("standing: " + "; ".join(str(p) for p in problems))
        for player, o in got.items():
            state.standing[player] = {k: v for k, v in o.sent.items() if k in STANDING}
    return state, day


def check(fx: Fixture, engine, rules, state: State, day: int) -> CheckedDay:
    text = fx.doc.get("orders")
    if text is not None and not isinstance(text, str):
        fx.fail("orders must be a block of YAML text (orders: |)")
    doc = load_text(text or "", Path("orders.yaml"))
    orders, problems = engine.check_orders(doc, "orders.yaml", rules, state, day, {})
    due = engine.players_due(state)
    missing = [p for p in due if p not in orders]
    for p in missing:
        orders[p] = engine.default_orders(p, day)
    if not any(p.severity == "error" for p in problems):
        problems += engine.check_all(orders, missing, state, rules, day, "orders")
    return CheckedDay(day, state, dict(sorted(orders.items())), missing, problems, due=due)


def assert_state(fx: Fixture, state: State, expected: dict) -> None:
    if set(expected) - STATE_KEYS:
        fx.fail(f"expect.state: unknown keys {sorted(set(expected) - STATE_KEYS)}")
    got = {
        "hands": {n: sorted(p.hand) for n, p in state.persons.items() if not p.out},
        "teams": [list(t.members) for t in state.teams], "out": [n for n, p in state.persons.items() if p.out],
        "over": state.over, "end": state.end, "winners": state.winners, "discarded": sorted(state.discarded),
        "active": state.active, "passes": state.passes, "shows": state.shows, "undealt": len(state.undealt),
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


def run_fixture(fx: Fixture) -> None:
    doc = fx.doc
    if set(doc) - TOP_KEYS:
        fx.fail(f"unknown top-level keys {sorted(set(doc) - TOP_KEYS)}")
    for key in ("name", "rule"):
        if not doc.get(key):
            fx.fail(f"every fixture needs a {key}")
    engine, setup = setup_game(fx)
    if "expect_setup_problems" in doc:
        assert_problems(Fixture(fx.path, {**doc, "expect_problems": doc["expect_setup_problems"]}), setup.problems)
        if setup.initial_state is None:
            return
    elif [p for p in setup.problems if p.severity == "error"]:
        fx.fail("the game has errors: " + "; ".join(str(p) for p in setup.problems))
    state, day = build_state(fx, engine, setup)
    checked = check(fx, engine, setup.rules, state, day)
    assert_problems(fx, checked.problems)
    expect = plain(doc.get("expect") or {})
    if checked.errors:
        if expect or doc.get("dice"):
            fx.fail("a fixture whose orders have errors cannot also expect a resolved day")
        return
    if not expect:
        fx.fail("a fixture must expect events or a state (or order problems)")
    if set(expect) - EXPECT_KEYS:
        fx.fail(f"expect: unknown keys {sorted(set(expect) - EXPECT_KEYS)}")
    dice = FixtureDice(script=plain(doc.get("dice") or []))
    game = SimpleNamespace(engine=engine, rules=setup.rules)
    try:
        after, events = resolve_checked(game, checked, dice)
        dice.finish()
    except DiceScriptError as exc:
        fx.fail(f"dice: {exc}")
    assert_events(fx, events, expect.get("events") or [], expect.get("no_events") or [])
    assert_state(fx, after, expect.get("state") or {})
    # every fixture: the cards are all still somewhere, and the state survives a save and a load
    assert sorted(after.all_cards()) == sorted(c.name for c in setup.rules.deck.cards), fx.label
    assert State.from_json(json.loads(json.dumps(after.to_json()))).to_json() == after.to_json()


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    run_fixture(load_fixture(path))


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 30, f"only {len(SCENARIOS)} scenario fixtures found in {HERE / 'scenarios_tk'}"


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook text is not beside this checkout")
@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_rule_is_quoted_verbatim(path: Path) -> None:
    assert_quotes(load_fixture(path), RULEBOOK)


_PROBE = """\
name: probe
rule: {section: Confrontations, text: "x"}
game: |
  roster: [Akane, Bruno, Chiaki]
before:
  hands: {Akane: [Bazooka], Bruno: [Rope], Chiaki: [Katana]}
orders: |
  Akane: {turn: right, sign: kill}
expect:
  events:
    - {kind: confrontation, person: Akane, target: Bruno, result: showdown}
  state:
    out: [Bruno]
    hands: {Akane: [Bazooka, Rope]}
"""


def _probe(edit=None) -> Fixture:
    doc = load_text(_PROBE, Path("probe.yaml"))
    if edit:
        edit(doc)
    return Fixture(Path("probe.yaml"), doc)


def test_runner_accepts_the_probe() -> None:
    run_fixture(_probe())


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["expect"]["events"].append({"kind": "team_formed"}), "did not happen"),
    (lambda d: d["expect"].__setitem__("no_events", ["showdown"]), "must not happen"),
    (lambda d: d["expect"]["state"].__setitem__("out", ["Akane"]), "out is ['Bruno']"),
    (lambda d: d["expect"]["state"]["hands"].__setitem__("Akane", ["Bazooka"]), "Akane holds"),
    (lambda d: d.__setitem__("dice", [3]), "never used"),
    (lambda d: d.__setitem__("orders", "Akane: {trun: right}\n"), "errors the fixture does not expect"),
])
def test_runner_fails_when_the_engine_differs(edit, message) -> None:
    with pytest.raises(FixtureError, match="probe.yaml") as info:
        run_fixture(_probe(edit))
    assert message in str(info.value)
