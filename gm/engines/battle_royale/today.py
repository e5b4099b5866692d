"""The day's working notes, kept on the state while a day resolves and never saved.

Smoke negates a player's Action Phase actions; a Megaphone distracts a zone; a Metal Pot Lid
stops one melee hit a day. Phases ask here what a player's action really is tonight.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .order_base import PlayerOrders
from .state import State


@dataclass
class Today:
    negated: dict[str, str] = field(default_factory=dict)  # player -> the smoke thrower who negated them
    megaphoned: set[str] = field(default_factory=set)  # players under the Megaphone's hit penalty
    lid_used: set[str] = field(default_factory=set)  # players whose Metal Pot Lid stopped a hit today


def today(state: State) -> Today:
    if state.today is None:
        state.today = Today()
    return state.today


def acting(state: State, orders: dict[str, PlayerOrders], name: str) -> PlayerOrders | None:
    """The player's orders if their Action Phase action still stands (not negated by smoke)."""
    if name in today(state).negated:
        return None
    return orders.get(name)


def action_of(state: State, orders: dict[str, PlayerOrders], name: str) -> str:
    """The player's action tonight: 'negated' when smoke caught them; Defend when they sent nothing."""
    if name in today(state).negated:
        return "negated"
    o = orders.get(name)
    return o.action if o is not None else "defend"
