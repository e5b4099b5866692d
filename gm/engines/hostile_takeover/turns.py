"""A round: every player still in the game takes one turn, in seat order from the first player.

A turn plays the first of the player's orders that is legal when the turn comes (an earlier
turn may have moved the target, taken the square, or sent this pawn back to its spawn); a
player with no legal order passes, and their message says why.
"""

from __future__ import annotations

from functools import partial

from gm.engine import Day, Phase
from gm.events import Event, private, public

from . import claims, combat, moves
from .choices import Choice
from .rules import Rules
from .state import Player, State

FAMILIES = {"move": moves, "claim": claims, "attack": combat}


def why_not(state: State, rules: Rules, p: Player, choice: Choice) -> dict | None:
    """Why the order cannot be played from where things stand now, or None if it can."""
    if choice.kind == "pass":
        return None
    if not p.on_board:
        return {"code": "off_board", "text": f"{p.name} has no pawn on the board"}
    return FAMILIES[choice.kind].why_not(state, rules, p, choice)


def options(state: State, p: Player) -> list[Choice]:
    """Every order the player could play now (empty: boxed in)."""
    if not p.on_board:
        return []
    return moves.options(state, p) + claims.options(state, p) + combat.options(state, p)


def step_name(name: str) -> str:
    return f"{name}'s turn"


def play_turn(name: str, day: Day) -> list[Event]:
    state, orders, dice, rules = day.state, day.orders, day.dice, day.rules
    p = state.players[name]
    if not p.on_board:
        return []  # out of the game: no turn
    step = step_name(name)
    o = orders.get(name)
    events: list[Event] = []
    if o is None or not o.received:
        events.append(private("no_orders", [name], step, player=name))
    else:
        for n, choice in enumerate(o.choices, 1):
            if choice.kind == "pass":
                break
            why = why_not(state, rules, p, choice)
            if why is None:
                return events + FAMILIES[choice.kind].carry_out(state, rules, p, choice, dice, step)
            events.append(private("skipped", [name], step, player=name, order=choice.text, n=n, why=why))
    events.append(public("passed", step, player=name, colour=p.colour, boxed_in=not options(state, p), about=[name]))
    return events


def phases(state: State) -> list[Phase]:
    return [Phase(step_name(n), partial(play_turn, n)) for n in state.turn_order() if not state.players[n].out]
