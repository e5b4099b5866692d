"""A player's orders echoed back (a receipt) and what they may order (`gm form`), from their own
orders and their own view: the board is public, so the form names squares and colours freely."""

from __future__ import annotations

from .rules import Rules
from .state import PLACEMENT, PLAY, State
from .views import player_view


def receipt_lines(orders, state: State, rules: Rules, player: str) -> list[str]:
    record = orders.record()
    if "tiles" in record:  # the set-up day
        return [f"Tiles: {', '.join(record['tiles']) or 'none'}",
                f"Buildings: {', '.join(record['buildings']) or 'none'}",
                f"Spawn: {record['spawn'] or 'none'}"]
    tries = record["orders"]
    if not tries:
        return ["Your turn: pass"]
    return [f"Your turn: {tries[0]}"] + [f"else: {t}" for t in tries[1:]]


def order_form(state: State, rules: Rules, player: str | None, view: dict | None = None) -> list[str]:
    if state.stage == PLACEMENT:
        return ["tiles: [ SQUARE, ... ], buildings: [ SQUARE, [ SQUARE, SQUARE ], ... ], spawn: SQUARE"]
    if state.stage != PLAY:
        return []
    shape = ["one of: move: DIRECTION (N NE E SE S SW W NW) or SQUARE, claim: SQUARE, attack: COLOUR, pass",
             "a list gives fallbacks, tried in turn: [ attack: Red, move: NE ]"]
    if player is None:
        return shape
    me = (view if view is not None else player_view(state, rules, player))["me"]
    if not me["options"]:
        return []
    return [f"legal now: {', '.join(o['yaml'] for o in me['options'])}", shape[1]]
