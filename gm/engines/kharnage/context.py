"""The bookkeeping of one round: the state, the rules, the dice, the Flight Units and the order
of initiative.

Phases build one of these and hand it to the reinforcement, attack and Power code, which emit
typed events (worded only by the templates) through a `Day`'s own emitters (`public`, `tell`, `gm`,
gm/engine.py): no second way to gather events. Public events name the players they concern in
`about`, so a player's message can pick up what happened to their own army.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gm.dice import DiceBase
from gm.engine import Day, DayContext

from .rules import Rules
from .state import State


@dataclass
class Ctx(DayContext):
    state: State
    rules: Rules
    dice: DiceBase
    step: str = ""
    day: Day | None = None  # whose emitters carry the events (a day of its own unless given one)
    flyers: dict[str, list[str]] = field(default_factory=dict)  # player -> Flight Units (key cards) that attacked
    initiative: dict[str, int] = field(default_factory=dict)  # player -> place in this round's order (0 first)

    def public(self, kind: str, about: list[str] | tuple[str, ...] = (), **data: Any) -> None:
        self.day.public(kind, about, **data)

    def private(self, kind: str, player: str, **data: Any) -> None:
        self.day.tell(kind, (player,), **dict(data, player=player))

    def gm(self, kind: str, **data: Any) -> None:
        self.day.gm(kind, **data)

    def name(self, card: str) -> str:
        return self.rules.components.unit_of[card].name
