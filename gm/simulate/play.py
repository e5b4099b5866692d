"""One simulated game, from Day 0 to its end, through the same steps as a real day.

Each day: the policy writes every due player's orders as a GM would write them (a YAML-shaped
document), the engine's own checker reads them (`Engine.check_orders`, `check_all`, the defaults
for anyone left out), and `gm.pipeline.day.resolve_checked` runs the engine's phases with `SimDice`. Only
the files are left out: nothing is rendered or written.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from gm.errors import StateError
from gm.events import Event
from gm.pipeline.day import CheckedDay, resolve_checked

from .dice import Chooser, SimDice
from .game import SimGame

MAX_DAYS = 1000  # a game still going after this many days is reported as unfinished
ORDERS_FILE = "simulated orders"  # where the checker says a policy's mistake is


@dataclass
class PlayedGame:
    """A finished simulated game, as an engine's `sim_stats` reads it."""

    index: int
    roster: list[str]
    rules: Any
    start: Any  # the state before Day 0
    end: Any  # the state after the last day
    days: list[list[Event]]  # the events of Day 0, Day 1, ...
    due: list[int]  # players due after each day (still in the game), Day 0 first
    refused: list[str] = field(default_factory=list)  # the checker's errors on the policy's orders
    finished: bool = True


@dataclass
class DayPlayed:
    """One day, kept when `keep_days` is asked (the replay test reads them)."""

    number: int
    doc: dict  # the orders the policy wrote
    checked: CheckedDay
    values: list[int]  # the raw dice values drawn, in order (ScriptedDice replays them)
    state_after: dict


Policy = Callable[[Any, Any, int, list, Chooser], dict]


def streams(seed: str, index: int) -> tuple[random.Random, random.Random]:
    """Game `index`'s two streams: one for the dice, one for the players' choices. A string seed
    hashes the same on every Python (random.seed, version 2), so a report is the same everywhere;
    two streams keep the orders of game i the same whatever the house rules make the dice do."""
    return random.Random(f"gm-simulate|{seed}|{index}|dice"), random.Random(f"gm-simulate|{seed}|{index}|orders")


def check_policy_orders(sim: SimGame, state: Any, day: int, doc: dict) -> tuple[CheckedDay, list[str]]:
    """The policy's orders read by the engine's checker, the defaults filled in, as gm check does."""
    engine = sim.engine
    due = engine.players_due(state)
    orders, problems = engine.check_orders(doc, ORDERS_FILE, sim.rules, state, day, {})
    missing = [p for p in due if p not in orders]
    for p in missing:
        orders[p] = engine.default_orders(p, day)
    whole_day = engine.check_all(orders, missing, state, sim.rules, day, ORDERS_FILE)
    blocking = [p for p in whole_day if p.severity == "error"]
    if missing and blocking:  # e.g. Hostile Takeover's set-up day: no default stands in for a missing player
        raise StateError(f"the simulated players cannot play Day {day} of this game: {blocking[0].message} (no "
                         "policy writes these orders yet, and the engine has no default for them)")
    problems = list(problems) + whole_day
    refused = [f"Day {day}: {p}" for p in problems if p.severity == "error"]
    return CheckedDay(day, state, dict(sorted(orders.items())), missing, problems, due=due), refused


def play_game(sim: SimGame, policy: Policy, index: int, seed: str,
              keep_days: list[DayPlayed] | None = None,
              after_day: Callable[[int, Any, list[Event]], None] | None = None) -> PlayedGame:
    """Game number `index` of the run seeded `seed`, played to its end. `after_day(day, state,
    events)` sees each day as it ends (the secrets test reads the views a post would get)."""
    engine = sim.engine
    dice_rng, order_rng = streams(seed, index)
    choose = Chooser(order_rng, f"gm-simulate|{seed}|{index}|lasting")
    state = copy.deepcopy(sim.initial_state)
    days: list[list[Event]] = []
    due_after: list[int] = []
    refused: list[str] = []
    day = 0
    while True:
        due = engine.players_due(state)
        doc = policy(state, sim.rules, day, due, choose) if due else {}
        checked, errors = check_policy_orders(sim, state, day, doc)
        refused += errors
        dice = SimDice(dice_rng, record=keep_days is not None)
        state, events = resolve_checked(sim, checked, dice, own_state=True)
        days.append(events)
        due_after.append(len(engine.players_due(state)))
        if after_day is not None:
            after_day(day, state, events)
        if keep_days is not None:
            # through JSON text, as a real day saves it: to_json may share lists with the state, which the
            # next simulated day changes in place
            after = json.loads(json.dumps(engine.state_to_json(state)))
            keep_days.append(DayPlayed(day, copy.deepcopy(doc), checked, list(dice.values or []), after))
        if engine.ended(state):
            return PlayedGame(index, sim.roster, sim.rules, sim.initial_state, state, days, due_after, refused)
        day += 1
        if day >= MAX_DAYS:
            return PlayedGame(index, sim.roster, sim.rules, sim.initial_state, state, days, due_after, refused,
                              finished=False)
