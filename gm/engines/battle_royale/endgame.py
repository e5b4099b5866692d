"""The end of the game: after the last day (Day 7 by default) or when one student is left."""

from __future__ import annotations

from gm.dice import DiceBase
from gm.events import Event, public

from .orders import PlayerOrders
from .rules import Rules
from .state import State

STEP = "end of day"


def is_over(state: State, rules: Rules) -> bool:
    alive = sum(1 for p in state.players.values() if p.alive)
    return alive <= 1 or (state.day >= rules.house.last_day)


def resolve(state: State, orders: dict[str, PlayerOrders], dice: DiceBase, rules: Rules) -> list[Event]:
    if state.day == 0 or not is_over(state, rules):
        return []
    state.over = True
    alive = state.alive()
    for p in state.players.values():
        if p.alive:
            state.outcome[p.name] = "winner" if len(alive) == 1 else "survived"
        else:
            state.outcome[p.name] = f"died on Day {p.died_on_day}"
    return [public("game_over", STEP, winners=[p.name for p in alive] if len(alive) == 1 else [],
                   survivors=[p.name for p in alive], outcome=dict(sorted(state.outcome.items())))]
