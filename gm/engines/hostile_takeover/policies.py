"""Simulated players for `gm simulate` (gm/simulate/): each writes its round's order as a GM would,
a list of fallbacks (orders.py), from the moves open at the start of the round. Later turns of the
round may change the board; the fallbacks, then a pass, cover that, as they do for real players.

- random: three of the legal orders, in a random order;
- aggressive: attack a neighbour, else step toward the nearest player, else claim;
- cautious: claim a building next to the pawn (an opponent's first), else step away from the
  nearest player; never attacks;
- defaults: sends nothing (passes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gm.balance import Chooser

from . import grid
from .orders import Choice
from .rules import Rules
from .state import State
from .turns import options

FALLBACKS = 3


def written(c: Choice) -> dict:
    """An order as a GM writes it."""
    if c.kind == "move":
        return {"move": c.direction or grid.name(c.square)}
    if c.kind == "claim":
        return {"claim": grid.name(c.square)}
    return {"attack": c.target}


def distance(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _landing(state: State, p, c: Choice):
    return grid.step(p.at, c.direction) if c.direction else c.square


def _nearest_foe(state: State, p, at) -> int:
    return min((distance(at, o.at) for o in state.in_game() if o.name != p.name and o.on_board), default=0)


def _orders(state: State, due: list[str], rank) -> dict:
    out = {}
    for name in due:
        p = state.players[name]
        chosen = rank(p, options(state, p))
        if chosen:
            out[name] = [written(c) for c in chosen[:FALLBACKS]]
    return out


def random_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    return _orders(state, due, lambda p, opts: choose.shuffled(opts))


def aggressive_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    def rank(p, opts):
        attacks = [c for c in opts if c.kind == "attack"]
        moves = sorted((c for c in opts if c.kind == "move"),
                       key=lambda c: (_nearest_foe(state, p, _landing(state, p, c)), grid.reading_order(_landing(state, p, c))))
        claims = [c for c in opts if c.kind == "claim"]
        return choose.shuffled(attacks) + moves[:1] + claims
    return _orders(state, due, rank)


def cautious_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    def rank(p, opts):
        def owner_first(c):
            b = state.find_building(c.square)
            return (b.owner is None, -b.points if b.owner else b.points, grid.reading_order(c.square))
        claims = sorted((c for c in opts if c.kind == "claim"), key=owner_first)
        moves = sorted((c for c in opts if c.kind == "move"),
                       key=lambda c: (-_nearest_foe(state, p, _landing(state, p, c)), grid.reading_order(_landing(state, p, c))))
        return claims + moves[:2]
    return _orders(state, due, rank)


POLICIES = {"random": random_orders, "aggressive": aggressive_orders, "cautious": cautious_orders}
