"""The working context of one round: the state, the rules, the dice, and the events so far.

Phases build one of these and hand it to the reinforcement, attack and Power code, which append
typed events (worded only by the templates). Public events name the players they concern in
`about`, so a player's message can pick up what happened to their own army.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gm.dice import DiceBase
from gm.events import Event, PUBLIC

from .rules import Rules
from .state import State


@dataclass
class Ctx:
    state: State
    rules: Rules
    dice: DiceBase
    step: str = ""
    events: list[Event] = field(default_factory=list)
    flyers: dict[str, list[str]] = field(default_factory=dict)  # player -> Flight Units (key cards) that attacked
    initiative: dict[str, int] = field(default_factory=dict)  # player -> place in this round's order (0 first)

    def public(self, kind: str, about: list[str] | tuple[str, ...] = (), **data: Any) -> None:
        self.events.append(Event(kind, dict(data), PUBLIC, self.step, tuple(sorted(set(about)))))

    def private(self, kind: str, player: str, **data: Any) -> None:
        self.events.append(Event(kind, dict(data, player=player), (player,), self.step))

    def gm(self, kind: str, **data: Any) -> None:
        self.events.append(Event(kind, dict(data), "gm", self.step))

    def name(self, card: str) -> str:
        return self.rules.components.unit_of[card].name
