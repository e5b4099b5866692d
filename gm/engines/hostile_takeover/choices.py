"""The values Hostile Takeover's orders are read into (orders.py checks them; the phases play them):
a module of its own, so the phases need not import the checker that uses them."""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.errors import Location

from . import grid
from .grid import Square


@dataclass
class Choice:
    """One order: move (a direction or a square), claim (a building's square), attack, or pass."""

    kind: str
    direction: str | None = None
    square: Square | None = None
    target: str | None = None
    where: Location | None = None

    @property
    def text(self) -> str:
        if self.kind == "move":
            return f"move {self.direction or grid.name(self.square)}"
        if self.kind == "claim":
            return f"claim {grid.name(self.square)}"
        if self.kind == "attack":
            return f"attack {self.target}"
        return "pass"


@dataclass
class TurnOrders:
    player: str
    received: bool = True
    choices: list[Choice] = field(default_factory=list)
    where: Location | None = None

    def record(self) -> dict:
        return {"player": self.player, "received": self.received, "orders": [c.text for c in self.choices]}


@dataclass
class Placements:
    player: str
    received: bool = True
    tiles: list[tuple[Square, Location]] = field(default_factory=list)
    buildings: list[tuple[list[Square], Location]] = field(default_factory=list)
    spawn: tuple[Square, Location] | None = None
    where: Location | None = None

    def record(self) -> dict:
        return {"player": self.player, "received": self.received,
                "tiles": [grid.name(s) for s, _ in self.tiles],
                "buildings": ["-".join(grid.names(sq)) for sq, _ in self.buildings],
                "spawn": grid.name(self.spawn[0]) if self.spawn else None}
