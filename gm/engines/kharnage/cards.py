"""The cards of a Kharnage game as data: a kind of Unit (or a General), a Battle card and the name
its Power has in the posts, an army, and the whole set with the look-ups the phases use (card id
to its Unit and its line). Read and checked from a components file by components.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class UnitDef:
    """One kind of Unit (or a General). A Large unit has one card per part, each in its own line."""

    id: str
    name: str
    army: str
    armor: int
    shields: int = 0
    skills: tuple[tuple[str, int], ...] = ()  # (skill, value) in the order written; flags have value 1
    elite: tuple[tuple[str, int], ...] = ()
    parts: tuple[tuple[str, int], ...] = ()  # (card id, line); one part for an ordinary unit
    general: bool = False

    def skill(self, name: str) -> int:
        return next((v for k, v in self.skills if k == name), 0)

    @property
    def large(self) -> bool:
        return len(self.parts) > 1

    @property
    def lines(self) -> tuple[int, ...]:
        return tuple(sorted({line for _, line in self.parts}))


@dataclass(frozen=True)
class BattleCard:
    id: str
    name: str
    army: str
    initiative: int
    flags: int
    bicolor: bool
    attacks: tuple[str, ...]
    power: Any = None  # None | {"reinforce": N} | {"attack": {"type", "points"}} | {"text", "gm": True}

    @property
    def gm_power(self) -> bool:
        return isinstance(self.power, dict) and bool(self.power.get("gm"))

    @property
    def power_text(self) -> str | None:
        """The Power as the posts name it."""
        if not self.power:
            return None
        if "reinforce" in self.power:
            return f"Reinforcement {self.power['reinforce']}"
        if "attack" in self.power:
            return f"{self.power['attack']['type'].capitalize()} {self.power['attack']['points']}"
        return self.power["text"]


@dataclass(frozen=True)
class Army:
    name: str
    zero_flags: int
    generals: tuple[UnitDef, ...]
    battle_cards: tuple[BattleCard, ...]
    units: tuple[UnitDef, ...]
    reserve: tuple[str, ...]  # every Unit card id of the Reserve, in the file's order


@dataclass
class Components:
    source: str
    tokens: dict[str, int]
    armies: dict[str, Army]
    unit_of: dict[str, UnitDef] = field(default_factory=dict)  # card id (or General id) -> its unit
    line_of: dict[str, int] = field(default_factory=dict)  # card id -> the line that card goes in
    battle: dict[str, BattleCard] = field(default_factory=dict)

    def card_name(self, card: str) -> str:
        return self.unit_of[card].name
