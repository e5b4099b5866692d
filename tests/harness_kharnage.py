"""The scenario harness for Kharnage (tests/scenarios_kharnage/, README there): a fixture may carry
its game.yaml (default: four players, one stand-in army each); `before` lays out every army by Unit
name, the Reserves, hands and plans. Every resolved fixture's cards are also checked for
conservation (each card in exactly one place)."""

from __future__ import annotations

from pathlib import Path

from gm.engines.kharnage import Kharnage
from gm.engines.kharnage.state import PLAY, State, Unit
from gm.yamlio import load_text, plain
from scenario_harness import Fixture, Harness, assert_problems, matches

BEFORE_KEYS = {"round", "players", "hill"}
PLAYER_KEYS = {"army", "reserve", "rest", "hand", "deck", "played", "plan", "tokens", "kharnages", "generals"}
STATE_KEYS = {"players", "over", "scores", "winner", "round", "hill", "supply"}
DEFAULT_GAME = """\
roster:
  - {name: Akane, army: Dwarves}
  - {name: Bruno, army: Goblins}
  - {name: Chiaki, army: Orcs}
  - {name: Dana, army: Humans}
"""


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


class KharnageHarness(Harness):
    engine_name = "kharnage"
    folder = "scenarios_kharnage"
    rulebook = "kharnage.txt"
    top_keys = frozenset({"game", "expect_setup_problems", "before"})
    minimum = 30

    def setup(self, fx: Fixture):
        doc = fx.doc
        engine = Kharnage()
        setup = engine.setup(load_text(doc.get("game", DEFAULT_GAME), Path("game.yaml")), "game.yaml")
        if "expect_setup_problems" in doc:
            assert_problems(Fixture(fx.path, {**doc, "expect_problems": doc["expect_setup_problems"]}), setup.problems)
            if setup.initial_state is None:
                return None
        elif setup.initial_state is None:
            fx.fail("the game has errors: " + "; ".join(str(p) for p in setup.problems))
        state = build_state(fx, setup.rules, setup.initial_state)
        self._rules = setup.rules  # for assert_state, which the harness calls with the state only
        return engine, setup.rules, state, state.round + 1

    def assert_state(self, fx: Fixture, state: State, expected: dict) -> None:
        from test_kharnage_properties import assert_conserved

        assert_state(fx, self._rules, state, expected)
        assert_conserved(self._rules, state)
