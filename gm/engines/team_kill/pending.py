"""A decision the day stopped for (house rule `ask`, RULINGS.md "ask"), settled first thing the
next day from that day's orders: the cards the kill-voters reveal, the Bomb holder's choice, or
the team's loot proposals. The rolls and events of the day that stopped stay in its log; the
settled turn keeps its number.
"""

from __future__ import annotations

from gm.errors import Location, Problem
from gm.events import Event

from .confront import finish_showdown, whole_table
from .eliminate import share
from .turns import end_checks, finish_turn
from .rules import Rules
from .state import State

STEP = "the decision asked for"


def settle(state: State, rules: Rules, day: int) -> tuple[list[Event], bool]:
    """(events, whether this finished a turn that had stopped in the middle: then that turn counts
    as one of the day's `turns_per_day`)."""
    p = state.pending
    if p is None:
        return [], False
    state.pending = None
    step = f"turn {p['turn']}"
    if p["kind"] == "loot":
        members = [m for m in p["members"] if not state.persons[m].out]
        events = share(state, rules, members, p["lead"], p["cards"], step) + whole_table(state, step)
        return events + (end_checks(state, rules, day, step) if not state.over else []), False
    sides = {"a": p["a"], "b": p["b"]}
    shown = p.get("reveals") if p["kind"] == "bomb" else None
    events = finish_showdown(state, rules, p["person"], p["target"], sides, p["signs"], day, step, shown)
    events += whole_table(state, step)
    if state.pending and state.pending["kind"] != "loot":
        return events, True  # stopped again (the Bomb's choice, after the cards): the turn goes on tomorrow
    return events + finish_turn(state, rules, p["person"], day, step), True


ANSWER = {"reveal": "reveal", "bomb": "bomb_choice", "loot": "loot"}


def unanswered(state: State, orders: dict, folder: str) -> list[Problem]:
    """`gm check`: who the waiting decision still needs an answer from (their standing orders, or the
    house rule's default, will answer for them)."""
    p = state.pending
    if p["kind"] == "loot":
        persons = p["members"]
    elif p["kind"] == "bomb":
        persons = [p["holder"]]
    else:
        persons = [m for m in p["a"] + p["b"] if p["signs"][m] == "kill"]
    key = ANSWER[p["kind"]]
    silent = [pl for pl in dict.fromkeys(state.player_of(m) for m in persons)
              if orders.get(pl) is None or key not in orders[pl].sent]
    if not silent:
        return []
    return [Problem(Location(folder), f"turn {p['turn']} waits for `{key}` from {', '.join(silent)}, who sent none "
                                      "today: their standing orders (or the house rule's default) will answer", "warning")]
