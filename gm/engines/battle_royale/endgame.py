"""The end of the game (RULINGS.md, End of the game and Winning): after the last day (Day 7 by default),
or as soon as at most one student is left on the island.

The last student standing wins. When several survive the last day, each wins unless:
- they are marked for elimination when it ends ("marked for reward"; marked_can_win: false);
- they are a Lone Wolf ("These dangerous players will not stop until they stand alone");
- their Rival is still on the island ("you cannot win unless your Rival is eliminated or escapes"), and
  when that Rival is in their own school, nobody of that school wins ("the team cannot win").
Escaped students have left: they are "escaped", neither winners nor dead.
"""

from __future__ import annotations

from gm.engine import Day
from gm.events import Event, public

from .rules import Rules
from .state import Player, State

STEP = "end of day"


def is_over(state: State, rules: Rules) -> bool:
    return len(state.alive()) <= 1 or state.day >= rules.house.last_day


def _survivor_outcome(state: State, rules: Rules, p: Player, survivors: list[Player], blocked: set[str]) -> str:
    if len(survivors) == 1:
        return "winner"
    if p.name in state.marked and not rules.house.marked_can_win:
        return "marked for reward"
    if p.role == "Lone Wolf" or p.school in blocked:
        return "survived"
    if p.rival and state.players[p.rival].on_island:
        return "survived"
    return "winner"


def resolve(day: Day) -> list[Event]:
    state, rules = day.state, day.rules
    if state.day == 0 or not is_over(state, rules):
        return []
    state.over = True
    survivors = state.alive()
    here = {p.name for p in survivors}
    blocked = {p.school for p in survivors if p.rival in here and state.players[p.rival].school == p.school}
    for p in state.players.values():
        if p.escaped_on_day is not None:
            state.outcome[p.name] = f"escaped on Day {p.escaped_on_day}"
        elif not p.alive:
            state.outcome[p.name] = f"died on Day {p.died_on_day}"
        else:
            state.outcome[p.name] = _survivor_outcome(state, rules, p, survivors, blocked)
    winners = sorted(n for n, o in state.outcome.items() if o == "winner")
    escaped = sorted(p.name for p in state.players.values() if p.escaped_on_day is not None)
    return [public("game_over", STEP, winners=winners, survivors=[p.name for p in survivors], escaped=escaped,
                   outcome=dict(sorted(state.outcome.items())))]
