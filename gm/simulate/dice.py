"""Fast dice for simulations: a seeded `random.Random` behind the same `DiceBase` the phases use.

DESIGN.md (Audited dice) allows this for simulations only: an official day always rolls with
`AuditedDice`. `SimDice` keeps no roll log (a simulated game is never audited), unless asked to
`record` the raw values, which is what `ScriptedDice` replays (tests/test_simulate_replay.py).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from gm.balance import Chooser  # noqa: F401 - the policies' chooser lives with the engine API
from gm.dice import DiceBase


class SimDice(DiceBase):
    """The phases' dice, drawn from `rng`. Same draws as DiceBase (a value in 1..sides each), no log."""

    def __init__(self, rng: random.Random, record: bool = False):
        super().__init__()
        self._randint = rng.randint
        self.values: list[int] | None = [] if record else None

    def _draw(self, sides: int, purpose: str, choices: Sequence[Any] | None = None) -> int:
        value = self._randint(1, sides)
        if self.values is not None:
            self.values.append(value)
        return value

    def roll(self, sides: int, purpose: str, about=(), hides=False) -> int:
        return self._draw(sides, purpose)

    def chance(self, percent: int, purpose: str, about=(), hides=False) -> tuple[bool, int]:
        value = self._draw(100, purpose)
        return value <= percent, value

    def weighted(self, table: Sequence[tuple[Any, int]], purpose: str, about=(), hides=False) -> tuple[Any, int]:
        total = 0
        for _, w in table:
            total += w
        value = self._draw(total, purpose)
        acc = 0
        for outcome, weight in table:
            acc += weight
            if value <= acc:
                return outcome, value
        return table[-1][0], value

    def pick(self, options: Sequence[Any], purpose: str, about=(), hides=False) -> Any:
        if len(options) == 1:
            return options[0]
        return options[self._draw(len(options), purpose) - 1]

    def shuffled(self, options: Sequence[Any], purpose: str, about=(), hides=False) -> list[Any]:
        rest = list(options)
        out = []
        while len(rest) > 1:
            out.append(rest.pop(self._draw(len(rest), purpose) - 1))
        return out + rest
