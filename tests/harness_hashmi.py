"""The scenario harness for Hashmi Battle Royale (tests/scenarios_hashmi/).

A fixture's `before` lists the agents that matter (`Akane.1: {type: Sonic, at: K14, weapons:
[Pistol], ammo: 5}`); every agent it does not list stands out of the way, on rows 16 and 20
(columns B, E, H, K, N, Q), as an Ordinary agent with nothing. `players: 3` plays with Akane,
Bruno and Chiaki (default 4, with Dana). `phases: turn` runs the active player's turn only; by
default the day also starts the next player's turn. `stage: placement` runs the set-up day.
"""

from __future__ import annotations

import re

from gm.engines.hashmi import HashmiBattleRoyale
from gm.engines.hashmi.state import PLACEMENT, PLAY, Agent
from gm.yamlio import plain
from scenario_harness import Fixture, Harness, matches

NAMES = ["Akane", "Bruno", "Chiaki", "Dana"]
BEFORE = {"pending", "hypnosis", "hypnotised", "hypno_hand", "round", "active", "storm", "storm_by", "gas_zones", "chests",
          "ceasefire", "seedo", "agents", "hands", "missions", "spare_missions", "decks", "assassinations",
          "first_player", "standing", "discards"}
AGENT = {"type", "at", "weapons", "ammo", "chests", "hit_once", "frozen", "shield", "alive", "base", "credit",
         "timer_owner", "zombie"}
UNWORDED = re.compile(r"^(?:\[\*\]|- )?\((\w+)\)$", re.M)


class _TurnOnly(HashmiBattleRoyale):
    """The engine with the day cut after the active player's turn (`phases: turn`)."""

    def phases(self, day, state):
        return super().phases(day, state)[:1]


def _parking(k: int) -> tuple[int, int]:
    return ((k % 6) * 3 + 1, 19 if k < 6 else 15)


def build(fx: Fixture, eng):
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

    agents = {a.id: a for a in state.agents()}
    for aid, spec in (before.get("agents") or {}).items():
        a = agents.get(aid)
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
        a.credit = spec.get("credit", a.credit)  # a healed agent keeps its first eliminator's credit
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
    if before.get("pending"):
        pend = dict(before["pending"])
        pend.setdefault("die", 10)
        pend.setdefault("invisible", False)
        if pend.get("kind", "move") == "move":
            pend.setdefault("spec", {"shootout": "avoid", "spare_own": True, "portkey": []})
        pend.setdefault("budget", {"used": 1, "bonus": 0, "moves": 1, "shots": 0, "actions_used": 0, "controlled": []})
        pend.setdefault("kind", "move")
        if pend["kind"] == "aim":
            pend.setdefault("spec", {"spare_own": True, "again": True})
            pend.setdefault("shot", {"agent": pend["agent"], "weapon": pend["weapon"], "ammo_spent": 0,
                                     "ammo_left": 0, "again": False})
        state.pending = pend
    state.storm = before.get("storm", "calm")
    state.storm_by = before.get("storm_by")
    state.gas_zones = list(before.get("gas_zones", []))
    state.chests = [sq(c) for c in before.get("chests", [])]
    if before.get("ceasefire"):
        state.ceasefire_left, state.ceasefire_owner = before["ceasefire"], state.active
    if before.get("seedo"):
        s = before["seedo"]
        state.seedo_zone, state.seedo_left, state.seedo_owner = s["zone"], s.get("left", 1), s.get("owner", state.active)
    return rules, state


class HashmiHarness(Harness):
    engine_name = "hashmi-battle-royale"
    folder = "scenarios_hashmi"
    rulebook = "hashmi-battle-royale.txt"
    top_keys = frozenset({"players", "house_rules", "before", "phases", "stage"})
    minimum = 70

    def setup(self, fx: Fixture):
        phases = fx.doc.get("phases")
        if phases not in (None, "turn"):
            fx.fail("phases is `turn` (the active player's turn only) or left out (the whole day)")
        eng = _TurnOnly() if phases == "turn" else HashmiBattleRoyale()
        rules, state = build(fx, eng)
        return eng, rules, state, state.day + 1

    def assert_state(self, fx: Fixture, state, want: dict) -> None:
        board = fx.rules_board
        for aid, spec in (want.get("agents") or {}).items():
            a = state.agent(aid)
            if a is None:
                fx.fail(f"state: no agent {aid}")
            got = {"at": board.name(a.at) if a.at else None, "alive": a.alive, "ammo": a.ammo, "weapons": a.weapons,
                   "chests": a.chests, "hit_once": a.hit_once, "type": a.power, "frozen": a.frozen,
                   "shield": a.shield, "credit": a.credit, "base": board.name(a.base) if a.base else None}
            for key, v in spec.items():
                if key not in got:
                    fx.fail(f"expect.state.agents.{aid}: unknown key {key!r}")
                if not matches(got[key], v):
                    fx.fail(f"state: {aid}.{key} is {got[key]!r}, expected {v!r}")
        for name, spec in (want.get("players") or {}).items():
            p = state.players[name]
            got = {"assassinations": p.assassinations, "out": p.out, "hand": p.hand, "skip_next": p.skip_next,
                   "hand_size": len(p.hand)}
            for key, v in spec.items():
                if key not in got:
                    fx.fail(f"expect.state.players.{name}: unknown key {key!r}")
                if not matches(got[key], v):
                    fx.fail(f"state: {name}.{key} is {got[key]!r}, expected {v!r}")
        simple = {"hypnosis": state.hypnosis, "hypnotised": state.hypnotised, "stage": state.stage,
                  "victory": state.victory, "winners": state.winners, "storm": state.storm,
                  "gas_zones": state.gas_zones, "chests": [board.name(c) for c in state.chests],
                  "active": state.active, "round": state.round, "ceasefire_left": state.ceasefire_left,
                  "seedo_zone": state.seedo_zone}
        for key, v in want.items():
            if key in ("agents", "players"):
                continue
            if key not in simple:
                fx.fail(f"expect.state: unknown key {key}")
            if not matches(simple[key], v):
                fx.fail(f"state: {key} is {simple[key]!r}, expected {v!r}")

    def run(self, fx: Fixture):
        from gm.engines.hashmi.rules import standard_components

        fx.rules_board = standard_components().board  # the fixtures play on the stand-in board
        return super().run(fx)

    def public_post_problems(self, rules, narration: str) -> list[str]:
        """An event kind no line of the templates words shows as "(kind)": none may."""
        return [f"unworded event {k}" for k in UNWORDED.findall(narration)]
