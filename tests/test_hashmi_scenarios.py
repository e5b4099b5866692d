"""Scenario fixtures for Hashmi Battle Royale: one YAML file per rule in tests/scenarios_hashmi/,
each quoting the rulebook verbatim, with the state before the turn, the orders as a GM writes them,
the scripted dice, and the events and state expected. The helpers are the Battle Royale runner's
(tests/test_scenarios.py).

A fixture's `before` lists the agents that matter (`Akane.1: {type: Sonic, at: K14, weapons:
[Pistol], ammo: 5}`); every agent it does not list stands out of the way, on rows 16 and 20
(columns B, E, H, K, N, Q), as an Ordinary agent with nothing. `phases: turn` runs the active
player's turn only; by default the day also starts the next player's turn.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.engine import Day
from gm.engines.hashmi import HashmiBattleRoyale
from gm.engines.hashmi.state import PLACEMENT, PLAY, Agent
from gm.templating import environment
from gm.yamlio import load_file, load_text, plain
from test_scenarios import Fixture, FixtureDice, assert_events, assert_problems, assert_quotes, matches
from gm.dice import DiceScriptError

HERE = Path(__file__).resolve().parent
SCENARIOS = sorted((HERE / "scenarios_hashmi").glob("*.yaml"))
RULEBOOK = HERE.parent.parent / "shared" / "rules" / "hashmi-battle-royale.txt"
NAMES = ["Akane", "Bruno", "Chiaki", "Dana"]
TOP = {"name", "rule", "ruling", "players", "stage", "house_rules", "before", "orders", "dice", "phases", "expect_problems", "expect"}
BEFORE = {"hypnosis", "hypnotised", "hypno_hand", "round", "active", "storm", "storm_by", "gas_zones", "chests", "ceasefire", "seedo", "agents", "hands",
          "missions", "spare_missions", "decks", "assassinations", "first_player", "standing", "discards"}
AGENT = {"type", "at", "weapons", "ammo", "chests", "hit_once", "frozen", "shield", "alive", "base", "credit", "timer_owner",
         "zombie"}


def _parking(k: int) -> tuple[int, int]:
    return ((k % 6) * 3 + 1, 19 if k < 6 else 15)


def build(fx: Fixture):
    eng = HashmiBattleRoyale()
    n = fx.doc.get("players", 4)
    doc = {"engine": eng.facts.name, "roster": NAMES[:n], "house_rules": plain(fx.doc.get("house_rules") or {})}
    setup = eng.setup(doc, "game.yaml")
    if setup.problems:
        fx.fail(f"game set-up: {setup.problems}")
    rules, state = setup.rules, setup.initial_state
    board = rules.board
    before = plain(fx.doc.get("before") or {})
    if set(before) - BEFORE:
        fx.fail(f"before: unknown keys {sorted(set(before) - BEFORE)}")
    state.stage = fx.doc.get("stage", PLAY)
    if state.stage not in (PLAY, PLACEMENT):
        fx.fail("stage is play or placement")
    state.day = 5
    state.first_player = before.get("first_player", NAMES[0])
    state.round = before.get("round", 1)
    state.active = before.get("active", NAMES[0])
    k = 0
    for p in state.players.values():
        for num in (1, 2, 3):
            p.agents.append(Agent(p.name, num, "Ordinary", _parking(k) if state.stage == PLAY else None))
            k += 1

    def sq(raw):
        s = board.parse(raw)
        if s is None:
            fx.fail(f"{raw!r} is not a square")
        return s

    spots = {a.id: a for a in state.agents()}
    for aid, spec in (before.get("agents") or {}).items():
        a = spots.get(aid)
        if a is None:
            fx.fail(f"before.agents: no agent {aid}")
        if set(spec) - AGENT:
            fx.fail(f"before.agents.{aid}: unknown keys {sorted(set(spec) - AGENT)}")
        a.kind = spec.get("type", a.kind)
        if "at" in spec:
            a.at = sq(spec["at"]) if spec["at"] else None
        a.weapons = list(spec.get("weapons", []))
        a.ammo = spec.get("ammo", 0)
        a.chests = spec.get("chests", 0)
        a.hit_once = spec.get("hit_once", False)
        a.frozen = spec.get("frozen", 0)
        a.shield = spec.get("shield", 0)
        a.timer_owner = dict(spec.get("timer_owner", {}))
        a.zombie = spec.get("zombie", False)
        if spec.get("alive", True) is False:
            a.alive, a.base, a.at = False, sq(spec["base"]) if spec.get("base") else a.at, None
            a.credit = spec.get("credit", "none")
    occupied = [a.at for a in state.agents() if a.alive and a.at is not None]
    if len(occupied) != len(set(occupied)):
        fx.fail("two agents on one square")
    for name, hand in (before.get("hands") or {}).items():
        state.players[name].hand = list(hand)
    for name, m in (before.get("missions") or {}).items():
        state.players[name].mission = m
    for name, n in (before.get("assassinations") or {}).items():
        state.players[name].assassinations = n
        state.assassinations_total += n
    for name, st in (before.get("standing") or {}).items():
        state.players[name].standing = dict(st)
    state.spare_missions = list(before.get("spare_missions", []))
    decks = before.get("decks") or {}
    state.action_deck = list(decks.get("action", []))
    state.weapon_deck = list(decks.get("weapon", []))
    state.discards = list(before.get("discards", []))
    state.hypnosis = dict(before.get("hypnosis", {}))
    state.hypnotised = before.get("hypnotised")
    state.hypno_hand = list(before.get("hypno_hand", []))
    state.storm = before.get("storm", "calm")
    state.storm_by = before.get("storm_by")
    state.gas_zones = list(before.get("gas_zones", []))
    state.chests = [sq(c) for c in before.get("chests", [])]
    if before.get("ceasefire"):
        state.ceasefire_left, state.ceasefire_owner = before["ceasefire"], state.active
    if before.get("seedo"):
        s = before["seedo"]
        state.seedo_zone, state.seedo_left, state.seedo_owner = s["zone"], s.get("left", 1), s.get("owner", state.active)
    return eng, rules, state


def resolve(fx: Fixture):
    eng, rules, state = build(fx)
    text = fx.doc.get("orders") or ""
    doc = load_text(text, Path("orders.yaml"))
    orders, problems = eng.check_orders(doc, "orders.yaml", rules, state, state.day + 1, {})
    assert_problems(fx, problems)
    if any(p.severity == "error" for p in problems):
        return eng, rules, state, [], None
    for p in eng.players_due(state):
        orders.setdefault(p, eng.default_orders(p, state.day + 1))
    dice = FixtureDice(list(plain(fx.doc.get("dice") or [])))
    phases = eng.phases(state.day + 1, state)
    if fx.doc.get("phases") == "turn":
        phases = phases[:1]
    state.day += 1
    day = Day(state.day, state, dict(sorted(orders.items())), dice, rules, eng.new_notes())
    events = []
    try:
        for phase in phases:
            day.step = phase.name
            for e in phase.resolve(day):
                e.step = e.step or phase.name
                events.append(e)
            if eng.decided(state, rules):
                break
        dice.finish()
    except DiceScriptError as exc:
        log = "\n    ".join(f"{e.kind} {e.data}" for e in events)
        fx.fail(f"dice: {exc}\n  events so far:\n    {log}")
    return eng, rules, state, events, dice


def assert_state(fx: Fixture, rules, state, want: dict) -> None:
    board = rules.board
    for aid, spec in (want.get("agents") or {}).items():
        a = state.agent(aid)
        got = {"at": board.name(a.at) if a.at else None, "alive": a.alive, "ammo": a.ammo, "weapons": a.weapons,
               "chests": a.chests, "hit_once": a.hit_once, "type": a.power, "frozen": a.frozen, "shield": a.shield,
               "credit": a.credit, "base": board.name(a.base) if a.base else None}
        for key, v in spec.items():
            if not matches(got.get(key), v):
                fx.fail(f"state: {aid}.{key} is {got.get(key)!r}, expected {v!r}")
    for name, spec in (want.get("players") or {}).items():
        p = state.players[name]
        got = {"assassinations": p.assassinations, "out": p.out, "hand": p.hand, "skip_next": p.skip_next,
               "hand_size": len(p.hand)}
        for key, v in spec.items():
            if not matches(got.get(key), v):
                fx.fail(f"state: {name}.{key} is {got.get(key)!r}, expected {v!r}")
    simple = {"hypnosis": state.hypnosis, "hypnotised": state.hypnotised, "stage": state.stage, "victory": state.victory, "winners": state.winners, "storm": state.storm,
              "gas_zones": state.gas_zones, "chests": [board.name(c) for c in state.chests], "active": state.active,
              "round": state.round, "ceasefire_left": state.ceasefire_left, "seedo_zone": state.seedo_zone}
    for key, v in want.items():
        if key in ("agents", "players"):
            continue
        if key not in simple:
            fx.fail(f"expect.state: unknown key {key}")
        if not matches(simple[key], v):
            fx.fail(f"state: {key} is {simple[key]!r}, expected {v!r}")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    fx = Fixture(path, load_file(path))
    if set(fx.doc) - TOP:
        fx.fail(f"unknown keys {sorted(set(fx.doc) - TOP)}")
    eng, rules, state, events, _ = resolve(fx)
    expect = plain(fx.doc.get("expect") or {})
    assert_events(fx, events, expect.get("events") or [], expect.get("no_events") or [])
    assert_state(fx, rules, state, expect.get("state") or {})


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_posts(path: Path) -> None:
    """Every fixture's day renders in BBCode and Markdown, and no event kind goes unworded."""
    from gm.render import event_dicts

    fx = Fixture(path, load_file(path))
    eng, rules, state, events, _ = resolve(fx)
    if not events:
        return
    public = [e for e in events if e.is_public]
    for fmt in ("bbcode", "markdown"):
        env = environment(eng.facts.name, fmt)
        game = {"title": "Scenario", "day": state.day, "engine": eng.facts.title}
        post = env.get_template("narration.j2").render(game=game, view=eng.public_view(state, rules), events=event_dicts(public))
        for e in public:
            assert f"({e.kind})" not in post, f"{path.name}: {e.kind} has no wording in the public post"
        assert "```" in post or "[code]" in post
        for name in state.players:
            own = [e for e in events if name in e.concerns()]
            msg = env.get_template("message.j2").render(game=game, view=eng.player_view(state, rules, name),
                                                         events=event_dicts(own), public_events=event_dicts(public),
                                                         no_orders=False, salt=None)
            for e in own:
                assert f"({e.kind})" not in msg, f"{path.name}: {e.kind} has no wording"


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_rule_is_quoted_verbatim(path: Path) -> None:
    assert_quotes(Fixture(path, load_file(path)), RULEBOOK)


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 30
