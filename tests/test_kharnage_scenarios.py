"""Scenario fixtures for the Kharnage engine: tests as data (tests/scenarios_kharnage/README.md).

Each YAML file pins one rule: the game (roster, house rules), the armies before the round, the
orders as a GM writes them, the dice (roll-offs and silent players' cards only: Kharnage has no
other chance), and the events and state expected. Helpers are shared with the other runners.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from gm.day import CheckedDay, resolve_checked
from gm.dice import DiceScriptError
from gm.engines.kharnage import Kharnage
from gm.engines.kharnage.state import PLAY, State, Unit
from gm.yamlio import load_file, load_text, plain
from test_scenarios import Fixture, FixtureDice, assert_events, assert_problems, assert_quotes, matches

HERE = Path(__file__).resolve().parent
SCENARIOS = sorted((HERE / "scenarios_kharnage").glob("*.yaml"))
RULEBOOK = HERE.parent.parent / "shared" / "rules" / "kharnage.txt"

TOP_KEYS = {"name", "rule", "ruling", "game", "stage", "before", "orders", "dice", "expect_problems",
            "expect_setup_problems", "expect"}
BEFORE_KEYS = {"round", "players", "hill"}
PLAYER_KEYS = {"army", "reserve", "rest", "hand", "deck", "played", "plan", "tokens", "kharnages", "generals"}
EXPECT_KEYS = {"events", "no_events", "state"}
STATE_KEYS = {"players", "over", "scores", "winner", "round", "hill", "supply"}
DEFAULT_GAME = """\
roster:
  - {name: Akane, army: Dwarves}
  - {name: Bruno, army: Goblins}
  - {name: Chiaki, army: Orcs}
  - {name: Dana, army: Humans}
"""


def load_fixture(path: Path) -> Fixture:
    return Fixture(path, load_file(path))


def setup_game(fx: Fixture):
    text = fx.doc.get("game", DEFAULT_GAME)
    doc = load_text(text, Path("game.yaml"))
    engine = Kharnage()
    return engine, engine.setup(doc, "game.yaml")


class _Cards:
    """Hands out a player's card instances by name, each once."""

    def __init__(self, fx: Fixture, rules, p):
        self.fx, self.rules, self.p = fx, rules, p
        self.free = list(rules.components.armies[p.army].reserve)
        self.generals = list(p.generals)

    def unit(self, name: str) -> list[str]:
        comp = self.rules.components
        for g in self.generals:
            if comp.unit_of[g].name.casefold() == name.casefold():
                self.generals.remove(g)
                return [g]
        for c in self.free:
            d = comp.unit_of[c]
            if d.name.casefold() == name.casefold():
                cards = [pid for pid, _ in d.parts] if d.large else [c]
                for x in cards:
                    self.free.remove(x)
                return cards
        self.fx.fail(f"{self.p.name}'s {self.p.army} have no free card called {name!r}")
        return []

    def battle(self, name: str) -> str:
        army = self.rules.components.armies[self.p.army]
        hit = next((b.id for b in army.battle_cards if b.name.casefold() == str(name).casefold()), None)
        if hit is None:
            self.fx.fail(f"{self.p.army} have no Battle card {name!r}")
        return hit  # type: ignore[return-value]


def build_state(fx: Fixture, rules, state: State) -> State:
    """The state before a round: each army by name in placement order, Reserves (top first; the
    cards not named go after them, or to the Hill with `rest: hill`), hands and decks."""
    before = plain(fx.doc.get("before") or {})
    if set(before) - BEFORE_KEYS:
        fx.fail(f"before: unknown keys {sorted(set(before) - BEFORE_KEYS)}")
    state.stage = PLAY
    state.round = before.get("round", 0)
    state.day = state.round
    for name, spec in (before.get("players") or {}).items():
        p = state.players.get(name)
        if p is None:
            fx.fail(f"before.players: no player {name}")
        if set(spec) - PLAYER_KEYS:
            fx.fail(f"before.players.{name}: unknown keys {sorted(set(spec) - PLAYER_KEYS)}")
        cards = _Cards(fx, rules, p)
        units = []
        for raw in spec.get("army") or []:
            raw = raw if isinstance(raw, dict) else {"unit": raw}
            units.append(Unit(cards.unit(raw["unit"]), bool(raw.get("absent")), bool(raw.get("web"))))
        p.units = units
        p.generals = cards.generals
        reserve = [c for n in spec.get("reserve") or [] for c in cards.unit(n)]
        if spec.get("rest", "reserve") == "hill":
            state.hill += cards.free
            p.reserve = reserve
        else:
            p.reserve = reserve + cards.free
        if "hand" in spec:
            hand = [cards.battle(n) for n in spec["hand"]]
            played = [cards.battle(n) for n in spec.get("played") or []]
            deck = [cards.battle(n) for n in spec["deck"]] if "deck" in spec else \
                [b.id for b in rules.components.armies[p.army].battle_cards if b.id not in hand + played]
            p.hand, p.played, p.deck = hand, played, deck
        if "plan" in spec:
            p.plan.update(spec["plan"])
        p.tokens = list(spec.get("tokens") or [])
        p.kharnages = spec.get("kharnages", 0)
    return state


def check(fx: Fixture, engine, rules, state: State, day: int) -> CheckedDay:
    text = fx.doc.get("orders")
    doc = load_text(text or "", Path("orders.yaml"))
    orders, problems = engine.check_orders(doc, "orders.yaml", rules, state, day, {})
    due = engine.players_due(state)
    missing = [p for p in due if p not in orders]
    for p in missing:
        orders[p] = engine.default_orders(p, day)
    if not any(p.severity == "error" for p in problems):
        problems += engine.check_all(orders, missing, state, rules, day, "orders")
    return CheckedDay(day, state, dict(sorted(orders.items())), missing, problems, due=due)


def unit_names(rules, p) -> list[str]:
    return [rules.components.unit_of[u.key].name + (" (absent)" if u.absent else "") + (" (web)" if u.web else "")
            for u in p.units]


def assert_state(fx: Fixture, rules, state: State, expected: dict) -> None:
    if set(expected) - STATE_KEYS:
        fx.fail(f"expect.state: unknown keys {sorted(set(expected) - STATE_KEYS)}")
    comp = rules.components
    for name, want in (expected.get("players") or {}).items():
        p = state.players[name]
        got = {"army": unit_names(rules, p), "tokens": p.tokens, "kharnages": p.kharnages, "points": p.points,
               "reserve": len(p.reserve), "hand": sorted(comp.battle[c].name for c in p.hand),
               "generals": [comp.unit_of[g].name for g in p.generals]}
        for key, value in want.items():
            if key not in got:
                fx.fail(f"expect.state.players.{name}: unknown key {key!r} (known: {sorted(got)})")
            if not matches(got[key], value):
                fx.fail(f"state: {name}'s {key} is {got[key]!r}, expected {value!r}")
    if "hill" in expected and len(state.hill) != expected["hill"]:
        fx.fail(f"state: the Hill holds {len(state.hill)} cards, expected {expected['hill']}")
    for key in ("over", "round"):
        if key in expected and getattr(state, key) != expected[key]:
            fx.fail(f"state: {key} is {getattr(state, key)!r}, expected {expected[key]!r}")
    if "supply" in expected and not matches(state.supply, expected["supply"]):
        fx.fail(f"state: the supply is {state.supply}, expected {expected['supply']}")
    if "scores" in expected and not matches(state.scores, expected["scores"]):
        fx.fail(f"state: the scores are {state.scores}, expected {expected['scores']}")
    if "winner" in expected and (state.scores[0]["player"] if state.scores else None) != expected["winner"]:
        fx.fail(f"state: the winner is {state.scores[0]['player'] if state.scores else None}, expected {expected['winner']}")


def run_fixture(fx: Fixture):
    """Check and resolve a fixture; (rules, checked day, state after, events, dice) when it resolves."""
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
            return None
    elif setup.initial_state is None:
        fx.fail("the game has errors: " + "; ".join(str(p) for p in setup.problems))
    state = setup.initial_state
    rules = setup.rules
    if doc.get("stage", "play") == "play":
        state = build_state(fx, rules, state)
        day = state.round + 1
    else:
        day = 0
    checked = check(fx, engine, rules, state, day)
    assert_problems(fx, checked.problems)
    expect = plain(doc.get("expect") or {})
    if checked.errors:
        if expect or doc.get("dice"):
            fx.fail("a fixture whose orders have errors cannot also expect a resolved day")
        return None
    if not expect:
        fx.fail("a fixture must expect events or a state (or order problems)")
    if set(expect) - EXPECT_KEYS:
        fx.fail(f"expect: unknown keys {sorted(set(expect) - EXPECT_KEYS)}")
    dice = FixtureDice(script=plain(doc.get("dice") or []))
    game = SimpleNamespace(engine=engine, rules=rules)
    try:
        after, events = resolve_checked(game, checked, dice)
        dice.finish()
    except DiceScriptError as exc:
        fx.fail(f"dice: {exc}")
    assert_events(fx, events, expect.get("events") or [], expect.get("no_events") or [])
    assert_state(fx, rules, after, expect.get("state") or {})
    assert State.from_json(after.to_json()).to_json() == after.to_json()
    from test_kharnage_properties import assert_conserved
    assert_conserved(rules, after)
    return rules, checked, after, events, dice


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    run_fixture(load_fixture(path))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_posts(path: Path) -> None:
    """Every fixture's day renders in BBCode and Markdown, with balanced tags; no card in a hand is
    named in the public post or in another player's message."""
    from gm.day import ResolvedDay
    from gm.gamedir import Game
    from gm.render import bbcode_problems, message_filename, render_day

    got = run_fixture(load_fixture(path))
    if got is None:
        return
    rules, checked, after, events, dice = got
    comp = rules.components
    for fmt in ("bbcode", "markdown"):
        game = Game(Path("/nonexistent-fixture-game"), Kharnage(), "Fixture", fmt, rules, [], None)
        files = render_day(game, ResolvedDay(checked.day, b"fixture", checked, after, events, dice.log))
        narration = files[f"narration.{game.ext}"]
        if fmt == "bbcode":
            for name, text in files.items():
                if name.endswith(".bbcode"):
                    assert bbcode_problems(text) == [], f"{path.name}: {name}"
        else:
            assert "[b]" not in narration and "**" in narration
        for p in after.players.values():
            for card in p.hand:
                assert comp.battle[card].name not in narration, f"{path.name}: {p.name}'s hand in the public post"
                for other in after.players:
                    if other != p.name:
                        text = files[f"messages/{message_filename(other, set())}.{game.ext}"]
                        assert comp.battle[card].name not in text, f"{path.name}: {p.name}'s hand in {other}'s message"


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 20, f"only {len(SCENARIOS)} scenario fixtures in {HERE / 'scenarios_kharnage'}"


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook text is not beside this checkout")
@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_rule_is_quoted_verbatim(path: Path) -> None:
    assert_quotes(load_fixture(path), RULEBOOK)
