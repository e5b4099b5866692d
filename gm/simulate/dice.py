"""Fast dice for simulations: a seeded `random.Random` behind the same `DiceBase` the phases use.

DESIGN.md (Audited dice) allows this for simulations only: an official day always rolls with
`AuditedDice`. `SimDice` keeps no roll log (a simulated game is never audited), unless asked to
`record` the raw values, which is what `ScriptedDice` replays (tests/test_simulate_replay.py).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

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


class Chooser:
    """The choices a policy makes for its players (which target, which zone), from its own stream.

    Policies live in the engines, where `random` is not imported: they choose through this."""

    def __init__(self, rng: random.Random):
        self._rng = rng

    def pick(self, options: Sequence[Any]) -> Any:
        """One of `options` (in a stable order), equally likely."""
        return options[int(self._rng.random() * len(options))]

    def chance(self, percent: float) -> bool:
        """True `percent` times in 100."""
        return self._rng.random() * 100 < percent

    def number(self, low: int, high: int) -> int:
        """A whole number from low to high, both included."""
        return self._rng.randint(low, high)

    def shuffled(self, options: Sequence[Any]) -> list[Any]:
        out = list(options)
        self._rng.shuffle(out)
        return out
