"""Every engine's scenario fixtures, through one harness (tests/scenario_harness.py): tests as data.

Each YAML file pins one rule of an engine's rulebook: the state before a day, the orders as a GM
writes, the dice, and the events and state expected. An engine's fixtures come with its harness,
tests/harness_<package>.py, found by its name (nothing to add here). Every failure names the
fixture and says what differed; a fixture that does not read fails its own tests, never the run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.forum.render import bbcode_problems, render_day
from gm.gamedir import Game
from gm.pipeline.day import ResolvedDay
from gm.yamlio import load_text
from scenario_harness import RULEBOOKS_MISSING, Fixture, FixtureError, Harness, assert_quotes, load_fixture

TESTS = Path(__file__).resolve().parent


def harnesses() -> list[Harness]:
    """Every engine's harness: the `Harness` subclass its tests/harness_<package>.py defines, found
    by the file's name (an engine adds its harness and its folder of fixtures, and nothing here)."""
    from importlib import import_module

    found = []
    for path in sorted(TESTS.glob("harness_*.py")):
        module = import_module(path.stem)
        found += [cls() for cls in vars(module).values()
                  if isinstance(cls, type) and issubclass(cls, Harness) and cls.__module__ == module.__name__]
    return found


def _resolves(path: Path) -> bool:
    """Does the fixture expect a resolved day? One that does not even read is counted in, so that its
    own tests fail with its located error instead of the whole run stopping while it collects."""
    try:
        return "expect" in load_fixture(path).doc
    except Exception:  # noqa: BLE001 - any error: reported by the fixture's own test
        return True


HARNESSES: list[Harness] = harnesses()
CASES = [(h, p) for h in HARNESSES for p in h.fixtures()]
IDS = [f"{h.engine_name}/{p.stem}" for h, p in CASES]
RESOLVING = [(h, p) for h, p in CASES if _resolves(p)]  # the others stop at the order checker


@pytest.mark.parametrize("harness, path", CASES, ids=IDS)
def test_scenario(harness: Harness, path: Path) -> None:
    harness.run(load_fixture(path))


@pytest.mark.parametrize("harness, path", RESOLVING, ids=[f"{h.engine_name}/{p.stem}" for h, p in RESOLVING])
def test_scenario_posts(harness: Harness, path: Path) -> None:
    """Every resolved fixture's day renders in BBCode and Markdown with balanced tags, one message for
    each recipient, and nothing in the public post that the engine keeps out of it."""
    fx = load_fixture(path)
    got = harness.run(fx)
    assert got is not None, f"{fx.label} expects a resolved day but stopped before it"
    for fmt in ("bbcode", "markdown"):
        game = Game(Path("/nonexistent-fixture-game"), _engine(harness), "Fixture", fmt, got.rules, [], None)
        files = render_day(game, ResolvedDay(got.checked.day, b"fixture", got.checked, got.state, got.events, got.dice.log))
        narration = files[f"narration.{game.ext}"]
        for name, text in files.items():
            if fmt == "bbcode" and name.endswith(".bbcode"):
                assert bbcode_problems(text) == [], f"{fx.label}: {name}"
        assert harness.public_post_problems(got.rules, narration) == [], f"{fx.label}: in the public post"
        recipients = game.engine.message_recipients(got.checked.state, got.state, got.checked.orders)
        assert len([n for n in files if n.startswith("messages/") and ".part" not in n]) == len(recipients)


def _engine(harness: Harness):
    from gm.engines import get_engine

    return get_engine(harness.engine_name)


@pytest.mark.parametrize("harness", HARNESSES, ids=[h.engine_name for h in HARNESSES])
def test_there_are_scenarios(harness: Harness) -> None:
    found = harness.fixtures()
    assert len(found) >= harness.minimum, f"only {len(found)} scenario fixtures in tests/{harness.folder}"


@pytest.mark.parametrize("harness, path", CASES, ids=IDS)
def test_rule_is_quoted_verbatim(harness: Harness, path: Path) -> None:
    """The `rule` a fixture quotes is the rulebook's own words."""
    if not harness.rulebook_path.is_file():
        pytest.skip(RULEBOOKS_MISSING)
    assert_quotes(load_fixture(path), harness.rulebook_path)


# ---- the runner itself must be able to fail -----------------------------------------------------

BR_PROBE = """\
name: probe
rule: {section: V.A.1, text: "x"}
before:
  players:
    Akane: {zone: Field}
    Bruno: {zone: Field}
orders: |
  Akane:
    action: {attack: {targets: [Bruno]}}
  Bruno:
    action: search
dice: [50, 1]
expect:
  events:
    - {kind: attack, attacker: Akane, target: Bruno, hit: true, damage: 1}
  state:
    players:
      Bruno: {health: 9}
"""



HT_PROBE = """\
name: probe
rule: {section: Combat, text: "x"}
game: |
  roster: [{name: Akane, colour: Red}, {name: Bruno, colour: Blue}]
  first_player: Akane
  house_rules: {tiles: 2}
  board: {tiles: [A1, C1], spawns: {Akane: A1, Bruno: D2}}
before:
  players: {Bruno: {at: B2}}
orders: |
  Akane: {attack: Blue}
  Bruno: pass
dice: [9, 4]
expect:
  events:
    - {kind: combat, attacker: Akane, defender: Bruno, winner: Akane, taken: B2}
  state:
    players:
      Bruno: {lives: 2, at: D2}
"""

KH_PROBE = """\
name: probe
rule: {section: ATTACKS, text: "x"}
game: |
  roster: [{name: Akane, army: Dwarves}, {name: Bruno, army: Goblins}]
before:
  players:
    Akane: {army: [Axe Brother], rest: hill, hand: [Shield Wall, Hammerfall, Forge March]}
    Bruno: {army: [Rabble, Rabble, Rabble], rest: hill, hand: [Goblin Rush, Mob Rule, Arrow Swarm]}
orders: |
  Akane: {card: Shield Wall}
dice: [{choose: GB-B3}]
expect:
  events:
    - {kind: attack, player: Akane, points: 2, hits: [{player: Bruno, destroyed: [Rabble, Rabble]}]}
  state:
    players:
      Bruno: {army: [Rabble]}
"""

_BY_ENGINE = {h.engine_name: h for h in HARNESSES}
PROBES = {"battle-royale": (_BY_ENGINE["battle-royale"], BR_PROBE),
          "hostile-takeover": (_BY_ENGINE["hostile-takeover"], HT_PROBE),
          "kharnage": (_BY_ENGINE["kharnage"], KH_PROBE)}


def _probe(engine: str, edit=None) -> tuple[Harness, Fixture]:
    harness, text = PROBES[engine]
    doc = load_text(text, Path("probe.yaml"))
    if edit:
        edit(doc)
    return harness, Fixture(Path("probe.yaml"), doc)


@pytest.mark.parametrize("engine", sorted(PROBES))
def test_runner_accepts_the_probe(engine) -> None:
    harness, fx = _probe(engine)
    harness.run(fx)


@pytest.mark.parametrize("engine, edit, message", [
    ("battle-royale", lambda d: d["expect"]["events"].append({"kind": "death", "player": "Bruno"}), "did not happen"),
    ("battle-royale", lambda d: d["expect"]["events"].insert(0, {"kind": "search", "player": "Bruno"}), "before the previous"),
    ("battle-royale", lambda d: d["expect"].__setitem__("no_events", ["attack"]), "must not happen"),
    ("battle-royale", lambda d: d["expect"]["state"]["players"]["Bruno"].__setitem__("health", 8), "health is 9, expected 8"),
    ("battle-royale", lambda d: d["dice"].append(7), "never used"),
    ("battle-royale", lambda d: d["dice"].pop(), "unscripted roll"),
    ("battle-royale", lambda d: d["dice"].__setitem__(0, {"roll": 50, "for": "Bruno attacks"}), "the fixture says"),
    ("battle-royale", lambda d: d.__setitem__("orders", "Akane:\n  action: {attack: {weapon: Rifel, targets: [Bruno]}}\n"), "errors the fixture does not expect"),
    ("hostile-takeover", lambda d: d["expect"]["events"].append({"kind": "pushed"}), "did not happen"),
    ("hostile-takeover", lambda d: d["expect"].__setitem__("no_events", ["combat"]), "must not happen"),
    ("hostile-takeover", lambda d: d["expect"]["state"]["players"]["Bruno"].__setitem__("lives", 3), "lives is 2, expected 3"),
    ("hostile-takeover", lambda d: d["dice"].append(7), "never used"),
    ("hostile-takeover", lambda d: d["dice"].pop(), "unscripted roll"),
    ("hostile-takeover", lambda d: d["dice"].__setitem__(0, {"roll": 9, "for": "Bruno's roll"}), "the fixture says"),
    ("hostile-takeover", lambda d: d.__setitem__("orders", "Akane: {atack: Blue}\n"), "errors the fixture does not expect"),
    ("kharnage", lambda d: d["expect"]["events"].append({"kind": "kharnage"}), "did not happen"),
    ("kharnage", lambda d: d["expect"].__setitem__("no_events", ["attack"]), "must not happen"),
    ("kharnage", lambda d: d["expect"]["state"]["players"]["Bruno"].__setitem__("army", []), "army is ['Rabble']"),
    ("kharnage", lambda d: d["dice"].append(3), "never used"),
    ("kharnage", lambda d: d["dice"].pop(), "unscripted roll"),
    ("kharnage", lambda d: d.__setitem__("orders", "Akane: {card: Shieldwall}\n"), "errors the fixture does not expect"),
])
def test_runner_fails_when_the_engine_differs(engine, edit, message) -> None:
    harness, fx = _probe(engine, edit)
    with pytest.raises(FixtureError, match="probe.yaml") as info:
        harness.run(fx)
    assert message in str(info.value)
