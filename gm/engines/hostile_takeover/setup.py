"""The opening day (rulebook, Player Setup Part 1): the roll for the first player, then either the
pawns go onto the spawns of the board game.yaml describes, or the players place the board the
next day (placement.py)."""

from __future__ import annotations

from gm.engine import Day
from gm.events import Event, public

from .placement import sequence, start_play
from .state import PLACEMENT

STEP = "set-up"
MAX_ROLL_OFFS = 50  # a tie that survives this many re-rolls goes to the first of the tied in seat order


def roll_off(day: Day) -> list[Event]:
    """Everyone rolls the d12; the highest goes first; those tied for highest roll again."""
    state, dice, rules = day.state, day.dice, day.rules
    if state.first_player is not None:
        return [public("first_player", STEP, player=state.first_player, colour=state.players[state.first_player].colour,
                       order=state.turn_order(), rolled=False)]
    events = []
    contenders = state.seats
    for attempt in range(1, MAX_ROLL_OFFS + 1):
        again = " (re-roll)" if attempt > 1 else ""
        rolls = [(n, dice.roll(rules.die, f"roll for the first player{again}: {state.players[n].label}")) for n in contenders]
        top = max(v for _, v in rolls)
        best = [n for n, v in rolls if v == top]
        events.append(public("roll_off", STEP, attempt=attempt, tied=best if len(best) > 1 else [],
                             rolls=[{"player": n, "colour": state.players[n].colour, "roll": v} for n, v in rolls]))
        contenders = best
        if len(best) == 1:
            break
    state.first_player = contenders[0]
    events.append(public("first_player", STEP, player=state.first_player, colour=state.players[state.first_player].colour,
                         order=state.turn_order(), rolled=True))
    return events


def open_game(day: Day) -> list[Event]:
    state, rules = day.state, day.rules
    if state.tiles:
        return start_play(state)
    state.stage = PLACEMENT
    tiles, buildings, spawns = sequence(state, rules)
    return [public("placement_due", STEP, tiles=tiles, buildings=buildings, spawns=spawns,
                   small=rules.unclaimed_small, large=rules.unclaimed_large)]
