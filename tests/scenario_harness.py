"""One scenario harness for every engine: tests as data, as the Diplomacy adjudicator test cases are.

A fixture is one YAML file that pins one rule: the rule quoted word for word, the state before a
day, the orders as a GM writes them (read by the engine's own checker), scripted dice, and the
events and state expected. This module loads fixtures, scripts the dice, matches events, checks
the quotes and runs the day; an engine's `Harness` supplies only how to build its state from a
fixture and how to compare the state after. tests/test_scenarios.py runs every engine's fixtures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from gm.dice import DiceScriptError, ScriptedDice
from gm.pipeline.day import CheckedDay, resolve_checked
from gm.yamlio import load_file, load_text, plain

TESTS = Path(__file__).resolve().parent
RULES = TESTS.parent.parent / "shared" / "rules"
COMMON_KEYS = {"name", "rule", "ruling", "orders", "dice", "expect_problems", "expect"}
EXPECT_KEYS = {"events", "no_events", "state"}
RULEBOOKS_MISSING = ("the rulebooks are not beside this checkout (../shared/rules/), so the fixtures' quotes "
                     "were not checked against them: put the shared folder beside the repository to check them")


class FixtureError(AssertionError):
    """A fixture that is malformed, or whose expectations the engine does not meet."""


class FixtureDice(ScriptedDice):
    """ScriptedDice that also lets a fixture

    - choose an item by its name where the engine draws among labelled items ("Knife #4"):
      `{choose: Knife}` picks the first Knife offered, and
    - say what a roll is for: `{roll: 41, for: "Rifle"}` fails unless the roll's purpose contains "Rifle".
    """

    def _draw(self, sides: int, purpose: str, choices: Sequence[Any] | None = None) -> int:
        k = self._next
        want = self.script[k] if k < len(self.script) else None
        if isinstance(want, dict):
            if "for" in want and str(want["for"]) not in purpose:
                raise DiceScriptError(f"roll #{k} is for {purpose!r}, the fixture says it is for {want['for']!r}")
            if "roll" in want:
                self.script[k] = want["roll"]
            elif "choose" in want:
                target = want["choose"]
                options = list(choices or [])
                if target not in options:
                    labelled = [o for o in options if isinstance(o, str) and o.rsplit(" #", 1)[0] == target]
                    target = labelled[0] if labelled else target
                self.script[k] = {"choose": target}
        return super()._draw(sides, purpose, choices)


@dataclass
class Fixture:
    path: Path
    doc: dict

    @property
    def label(self) -> str:
        return f"{self.path.name} ({self.doc.get('name', '?')})"

    def fail(self, message: str) -> None:
        raise FixtureError(f"{self.label}: {message}")


def load_fixture(path: Path) -> Fixture:
    return Fixture(path, load_file(path))


# ---- orders and their problems ------------------------------------------------------------


def check_orders_text(fx: Fixture, engine, rules, state, day: int) -> CheckedDay:
    """The fixture's orders text checked by the engine's real checker; defaults for the players
    left out; then the checks only the whole day shows."""
    text = fx.doc.get("orders")
    if text is not None and not isinstance(text, str):
        fx.fail("orders must be a block of YAML text (orders: |), as the GM writes it in an orders file")
    doc = load_text(text or "", Path("orders.yaml"))
    orders, problems = engine.check_orders(doc, "orders.yaml", rules, state, day, {})
    due = engine.players_due(state)
    missing = [p for p in due if p not in orders]
    for p in missing:
        orders[p] = engine.default_orders(p, day)
    if not any(p.severity == "error" for p in problems):
        problems += engine.check_all(orders, missing, state, rules, day, "orders")
    return CheckedDay(day, state, dict(sorted(orders.items())), missing, problems, due=due)


def assert_problems(fx: Fixture, problems) -> None:
    expected = plain(fx.doc.get("expect_problems") or [])
    shown = "\n    ".join(f"{p.where.line}:{p.where.column}: {p.severity}: {p.message}" for p in problems) or "(none)"
    unmatched = list(problems)
    for want in expected:
        severity = want.get("severity", "error")
        hit = next((p for p in unmatched if p.where.line == want.get("line") and p.where.column == want.get("column")
                    and p.severity == severity and str(want.get("message_contains", "")) in p.message), None)
        if hit is None:
            fx.fail(f"expected the {severity} {want} from the order checker; it reported:\n    {shown}")
        unmatched.remove(hit)
    errors = [p for p in unmatched if p.severity == "error"]
    if errors:
        fx.fail(f"the order checker reported errors the fixture does not expect:\n    {shown}")


# ---- events -------------------------------------------------------------------------------


def _visibility(event) -> Any:
    return event.visibility if isinstance(event.visibility, str) else sorted(event.visibility)


def matches(got, want) -> bool:
    """Equality, except that a mapping in the fixture need only list some of the fields."""
    if isinstance(want, dict) and isinstance(got, dict):
        return all(k in got and matches(got[k], v) for k, v in want.items())
    if isinstance(want, list) and isinstance(got, (list, tuple)):
        return len(want) == len(got) and all(matches(g, w) for g, w in zip(got, want))
    return got == want


def event_matches(event, pattern: dict) -> bool:
    if event.kind != pattern.get("kind"):
        return False
    for key, want in pattern.items():
        if key == "kind":
            continue
        if key == "step":
            got = event.step
        elif key == "about":
            got = list(event.about)
        elif key == "visibility":
            got = _visibility(event)
            want = want if isinstance(want, str) else sorted(want)
        elif key in event.data:
            got = event.data[key]
        else:
            return False
        if not matches(got, want):
            return False
    return True


def _show(event) -> str:
    data = ", ".join(f"{k}={v!r}" for k, v in event.data.items() if k != "why")
    return f"{event.kind} [{event.step}] {data}"


def assert_events(fx: Fixture, events, expected: list, forbidden: list) -> None:
    """The expected events must occur in that order (a subsequence: others may come between)."""
    log = "\n    ".join(f"#{i} {_show(e)}" for i, e in enumerate(events))
    pos = 0
    for n, pattern in enumerate(expected):
        if "kind" not in pattern:
            fx.fail(f"expect.events[{n}] has no kind")
        found = next((i for i in range(pos, len(events)) if event_matches(events[i], pattern)), None)
        if found is None:
            anywhere = next((i for i in range(len(events)) if event_matches(events[i], pattern)), None)
            where = f" (it happened at #{anywhere}, before the previous expected event)" if anywhere is not None else ""
            fx.fail(f"expected event #{n} {pattern} did not happen after event #{pos - 1}{where}; the events were:\n    {log}")
        pos = found + 1
    for pattern in forbidden:
        pattern = {"kind": pattern} if isinstance(pattern, str) else pattern
        bad = [i for i, e in enumerate(events) if event_matches(e, pattern)]
        if bad:
            fx.fail(f"event {pattern} must not happen, but it did (#{bad[0]}); the events were:\n    {log}")


# ---- quotes -------------------------------------------------------------------------------


def assert_quotes(fx: Fixture, rulebook: Path) -> None:
    """Every {section, text} of the fixture's `rule` is word for word in the rulebook (spacing aside)."""
    rule = plain(fx.doc.get("rule"))
    text = " ".join(rulebook.read_text(encoding="utf-8").split())
    for quote in rule if isinstance(rule, list) else [rule]:
        if not isinstance(quote, dict) or not quote.get("section") or not quote.get("text"):
            fx.fail("rule must be {section: ..., text: ...} or a list of them")
        if " ".join(str(quote["text"]).split()) not in text:
            fx.fail(f"rule.text is not a verbatim quote of {rulebook.name}: {quote['text']!r}")


# ---- the harness --------------------------------------------------------------------------


@dataclass
class Resolved:
    """What a fixture's day came to."""

    rules: Any
    checked: CheckedDay
    state: Any
    events: list
    dice: FixtureDice


class Harness:
    """How one engine's fixtures become a day. A subclass sets `engine_name`, `folder` (under
    tests/) and `rulebook` (under ../shared/rules/), and writes `setup` and `assert_state`."""

    engine_name: str
    folder: str
    rulebook: str
    top_keys: frozenset[str] = frozenset()  # the fixture keys this engine adds to COMMON_KEYS
    minimum: int = 1  # how many fixtures the folder must hold at least

    def fixtures(self) -> list[Path]:
        return sorted((TESTS / self.folder).glob("*.yaml"))

    @property
    def rulebook_path(self) -> Path:
        return RULES / self.rulebook

    def setup(self, fx: Fixture) -> tuple[Any, Any, Any, int] | None:
        """(engine, rules, state before, day number), or None when the fixture stops at set-up."""
        raise NotImplementedError

    def assert_state(self, fx: Fixture, state: Any, expected: dict) -> None:
        raise NotImplementedError

    def check(self, fx: Fixture, engine, rules, state, day: int) -> CheckedDay:
        return check_orders_text(fx, engine, rules, state, day)

    def run(self, fx: Fixture) -> Resolved | None:
        """Check and resolve the fixture's day, asserting what it expects; None for a fixture that
        stops at the order checker's (or the set-up's) errors."""
        doc = fx.doc
        if set(doc) - COMMON_KEYS - self.top_keys:
            fx.fail(f"unknown top-level keys {sorted(set(doc) - COMMON_KEYS - self.top_keys)}")
        for key in ("name", "rule"):
            if not doc.get(key):
                fx.fail(f"every fixture needs a {key}")
        ready = self.setup(fx)
        if ready is None:
            return None
        engine, rules, state, day = ready
        checked = self.check(fx, engine, rules, state, day)
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
        self.assert_state(fx, after, expect.get("state") or {})
        saved = engine.state_to_json(after)
        if engine.state_to_json(engine.state_from_json(saved)) != saved:
            fx.fail("the state after the day does not survive a save and a load")
        return Resolved(rules, checked, after, events, dice)

    def public_post_problems(self, rules, narration: str) -> list[str]:
        """What must never be in this engine's public post, beyond the contract test's leak check."""
        return []
