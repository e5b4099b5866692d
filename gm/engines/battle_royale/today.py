"""The day's working notes (Day.notes, made by BattleRoyale.new_notes), never saved.

Smoke negates a player's Action Phase actions; a Megaphone distracts a zone; a Metal Pot Lid
stops one melee hit a day. Phases ask here what a player's action really is tonight.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.engine import Day

from .order_base import PlayerOrders


@dataclass
class Today:
    negated: dict[str, str] = field(default_factory=dict)  # player -> the smoke thrower who negated them
    megaphoned: set[str] = field(default_factory=set)  # players under the Megaphone's hit penalty
    lid_used: set[str] = field(default_factory=set)  # players whose Metal Pot Lid stopped a hit today


def acting(day: Day, name: str) -> PlayerOrders | None:
    """The player's orders if their Action Phase action still stands (not negated by smoke)."""
    if name in day.notes.negated:
        return None
    return day.orders.get(name)


def action_of(day: Day, name: str) -> str:
    """The player's action tonight: 'negated' when smoke caught them; Defend when they sent nothing."""
    if name in day.notes.negated:
        return "negated"
    o = day.orders.get(name)
    return o.action if o is not None else "defend"
