"""The Hashmi order checker never crashes, whatever an orders file says, and the turn it accepts
never crashes the engine: every problem is a located line, and a day whose orders check without
errors resolves (hypothesis builds order-shaped documents from the real vocabulary)."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.dice import AuditedDice
from gm.engine import Day
from gm.engines.hashmi.components import CARD_NAMES
from gm.engines.hashmi.state import State
from gm.yamlio import load_text
from tests.helpers_synth import yaml_json
from hashmi_synth import new_game, random_setup, run_day

ENG, RULES, START = new_game(4)
WORDS = (["actions", "discard", "standing", "decide", "place", "chests", "hand", "exchange", "trade", "move",
          "shoot", "allocate", "give", "play", "declare_storm", "know_it_all", "pass", "agent", "to", "toward",
          "shootout", "invisible", "portkey", "spare_own", "weapon", "at", "else", "again", "card", "target",
          "agents", "becomes", "from", "ammo", "with", "take", "charm", "sacrifice", "draw", "wanted_prize",
          "hitchhike", "you_too", "after", "any", "always", "never", "up", "down", "left", "right", "avoid", "seek",
          "K12", "K13", "K11", "A1", "T20", "S2", "C:K14", "Z99", "Akane", "Bruno", "Chiaki", "Dana", "Akane.1",
          "Bruno.2", "Chiaki.Sonic", "Dana.9", "Ammo +10", "Peace for All", "One a Side", "action", "revive",
          "terminate", "nearest"] + list(CARD_NAMES) + sorted(RULES.comp.weapons))
scalars = st.one_of(st.sampled_from(WORDS), st.integers(-3, 9), st.booleans(), st.none(), st.text(max_size=4))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.sampled_from(WORDS), inner, max_size=3)),
                      max_leaves=14)
turns = st.fixed_dictionaries({}, optional={"actions": st.lists(values, max_size=5), "discard": values,
                                            "standing": values, "decide": values})
documents = st.dictionaries(st.sampled_from(["Akane", "Bruno", "Chiaki", "Dana", "Nobody"]),
                            st.one_of(turns, values), max_size=3)


def _states() -> dict[str, State]:
    """A game before Day 1 (placement) and in play after it."""
    state = State.from_json(START.to_json())
    run_day(ENG, RULES, state, {}, b"fuzz 0")
    placement = State.from_json(state.to_json())
    run_day(ENG, RULES, state, random_setup(state, RULES, random.Random(1)), b"fuzz 1")
    return {"placement": placement, "play": state}


STATES = _states()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, st.sampled_from(["placement", "play"]))
def test_the_checker_never_crashes_and_what_it_accepts_resolves(doc, stage):
    state = State.from_json(STATES[stage].to_json())
    day = state.day + 1
    parsed = load_text(yaml_json(doc), Path("orders.yaml"))
    orders, problems = ENG.check_orders(parsed, "orders.yaml", RULES, state, day, {})
    for p in problems:
        assert p.where.path == "orders.yaml" and p.where.line is not None, p
        assert "\n" not in p.message
    for o in orders.values():
        o.record()
    if any(p.severity == "error" for p in problems):
        return
    for name in ENG.players_due(state):
        orders.setdefault(name, ENG.default_orders(name, day))
    work = State.from_json(state.to_json())
    phases = ENG.phases(day, work)
    work.day = day
    ctx = Day(day, work, dict(sorted(orders.items())), AuditedDice(b"fuzz", ENG.facts.name, day), RULES)
    for phase in phases:
        phase.resolve(ctx)
        if ENG.decided(work, RULES):
            break
    assert State.from_json(work.to_json()).to_json() == work.to_json()


SQUARES = st.sampled_from(["K12", "K13", "L14", "B2", "S19", "K15", "H3", "C6", "T20", "A1", "E19", "M5"])
AGENTS = st.one_of(st.integers(1, 3), st.sampled_from(["Akane.1", "Bruno.2", "Chiaki.3", "Dana.1", "Bruno.Sonic"]))
CARDS = st.sampled_from(list(CARD_NAMES) + sorted(RULES.comp.weapons) + ["Ammo +5", "Ammo +10"])
ACTIONS = st.one_of(
    st.fixed_dictionaries({"move": st.fixed_dictionaries({"agent": AGENTS}, optional={
        "to": st.lists(SQUARES, max_size=3), "toward": SQUARES, "shootout": st.sampled_from(["avoid", "allow", "seek"]),
        "portkey": st.lists(st.sampled_from(["B2", "S2", "J6", "K15"]), max_size=2)})}),
    st.fixed_dictionaries({"shoot": st.fixed_dictionaries({"agent": AGENTS, "weapon": st.sampled_from(sorted(RULES.comp.weapons))},
                                                          optional={"at": st.lists(AGENTS, max_size=3),
                                                                    "else": st.sampled_from(["up", "down", "left", "right"]),
                                                                    "spare_own": st.booleans()})}),
    st.fixed_dictionaries({"play": st.fixed_dictionaries({"card": CARDS}, optional={
        "agent": AGENTS, "target": st.one_of(AGENTS, st.sampled_from(["Bruno", "Chiaki", "Dana"])),
        "agents": st.lists(AGENTS, min_size=2, max_size=2), "to": st.lists(SQUARES, max_size=2),
        "becomes": st.sampled_from(["Sonic", "Ordinary", "Zombie"])})}),
    st.fixed_dictionaries({"allocate": st.fixed_dictionaries({"card": CARDS, "agent": AGENTS})}),
    st.fixed_dictionaries({"give": st.fixed_dictionaries({"from": AGENTS, "to": AGENTS}, optional={
        "ammo": st.integers(1, 20), "weapon": st.sampled_from(sorted(RULES.comp.weapons))})}),
    st.just("declare_storm"), st.just("pass"))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ACTIONS, min_size=1, max_size=6), st.randoms(use_true_random=False))
def test_well_formed_turns_check_and_resolve(actions, rnd):
    """Order-shaped turns with random agents, squares, weapons and cards (held or not): the checker
    locates every problem, and whatever it accepts resolves, with one agent per square after."""
    state = State.from_json(STATES["play"].to_json())
    p = state.players[state.active]
    p.hand = rnd.sample(sorted(RULES.cards_in_play()) + sorted(RULES.comp.weapons) + ["Ammo +10"], 7)
    for a in p.agents:
        a.weapons = [rnd.choice(sorted(RULES.comp.weapons))]
        a.ammo = rnd.randint(0, 12)
    doc = {state.active: {"actions": [{"move": {"agent": 1, "to": ["K13"]}}] + actions}}
    _check_and_resolve(state, doc)


def _check_and_resolve(state: State, doc: dict) -> None:
    day = state.day + 1
    parsed = load_text(yaml_json(doc), Path("orders.yaml"))
    orders, problems = ENG.check_orders(parsed, "orders.yaml", RULES, state, day, {})
    assert all(p.where.line is not None for p in problems)
    if any(p.severity == "error" for p in problems):
        return
    work = State.from_json(state.to_json())
    phases = ENG.phases(day, work)
    work.day = day
    ctx = Day(day, work, dict(sorted(orders.items())), AuditedDice(b"fuzz", ENG.facts.name, day), RULES)
    for phase in phases:
        phase.resolve(ctx)
        if ENG.decided(work, RULES):
            break
    occupied = [a.at for a in work.agents() if a.alive and a.at is not None]
    assert len(occupied) == len(set(occupied))
    assert all(a.ammo >= 0 for a in work.agents())
