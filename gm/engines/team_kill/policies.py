"""Simulated players for `gm simulate` (gm/simulate/): each writes its standing orders as a GM would
(orders.py): the turn, the sign, and the Bomb holder's choice. The deal (Day 0) takes no orders.

- random: pass or confront the left or right neighbour; a sign and a Bomb choice drawn each day;
- aggressive: always confronts a neighbour (left or right, drawn), shows Kill, and the Bomb wins;
- cautious: passes while a neighbour could be confronted only half the time, shows Team, and the
  Bomb loses (the $1000 Dollars are safer);
- defaults: sends nothing (the standing orders and the house rules' defaults).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gm.balance import Chooser

from .rules import Rules
from .state import DEAL, State


def _orders(state: State, due: list[str], one) -> dict:
    if state.stage == DEAL:
        return {}
    return {name: one(name) for name in due}


def random_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    return _orders(state, due, lambda name: {"turn": choose.pick(["pass", "left", "right"]),
                                             "sign": choose.pick(["team", "kill"]),
                                             "bomb_choice": choose.pick(["win", "lose"])})


def aggressive_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    return _orders(state, due, lambda name: {"turn": choose.pick(["left", "right"]), "sign": "kill",
                                             "bomb_choice": "win"})


def cautious_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    return _orders(state, due, lambda name: {"turn": choose.pick(["pass", choose.pick(["left", "right"])]),
                                             "sign": "team", "bomb_choice": "lose"})


POLICIES = {"random": random_orders, "aggressive": aggressive_orders, "cautious": cautious_orders}
