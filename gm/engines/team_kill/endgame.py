"""The end of a forum day: whose turn is next (or, once the game is over, nothing more)."""

from __future__ import annotations

from gm.events import Event

from .notify import public
from .state import PLAY, State

STEP = "end of day"


def next_turn(state: State) -> list[Event]:
    if state.over or state.stage != PLAY or state.active is None:
        return []
    if state.pending and state.pending["kind"] != "loot":
        return []  # the turn is not over: it waits for a decision (decision_due said so)
    left, right = state.neighbours(state.active)
    player = state.player_of(state.active)
    return [public("next_turn", STEP, about=[player], person=state.active, player=player, left=left, right=right,
                   passes=state.passes, circle=len(state.in_play()))]
