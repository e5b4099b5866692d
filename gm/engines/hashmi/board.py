"""The board: squares named column-then-row ("K14"), zones, black squares, walls between two
squares, portkeys. Everything here is geometry: no agents, no rules of play."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

Square = tuple[int, int]  # (column, row), 0-based; A1 is (0, 0), top left
DIRECTIONS = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}
_SQ = re.compile(r"^\s*(?:([A-Za-z]{1,2})\s*:\s*)?([A-Za-z])\s*(\d{1,2})\s*$")


def reading_order(sq: Square) -> tuple[int, int]:
    return (sq[1], sq[0])


@dataclass
class Board:
    columns: str
    rows: int
    zone_of: dict[Square, str]  # every playable square; black squares are absent
    black: frozenset[Square]
    walls: frozenset[frozenset[Square]]
    portkeys: tuple[Square, ...]
    seedo_home: Square
    storm_zones: tuple[str, ...]
    chests: int
    _zone_squares: dict[str, list[Square]] = field(default_factory=dict, repr=False)
    # the board never changes: neighbours and distances are worked out once (gm simulate plays
    # hundreds of turns a second, and every MOVE asks for both)
    _near: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _dist: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for sq in sorted(self.zone_of, key=reading_order):
            self._zone_squares.setdefault(self.zone_of[sq], []).append(sq)

    # ---- names ---------------------------------------------------------------------------------

    def name(self, sq: Square) -> str:
        return f"{self.columns[sq[0]]}{sq[1] + 1}"

    def parse(self, raw) -> Square | None:
        """'K14', 'k14', 'C:K14' -> (10, 13); None if not a square of this board (black ones included)."""
        if not isinstance(raw, str):
            return None
        m = _SQ.match(raw)
        if not m:
            return None
        col = self.columns.find(m.group(2).upper())
        row = int(m.group(3)) - 1
        if col < 0 or not 0 <= row < self.rows:
            return None
        sq = (col, row)
        if sq not in self.zone_of:
            return None
        if m.group(1) and self.zone_of.get(sq) != m.group(1).upper():
            return None
        return sq

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < len(self.columns) and 0 <= sq[1] < self.rows

    def playable(self, sq: Square) -> bool:
        return sq in self.zone_of

    def zone(self, sq: Square) -> str:
        return self.zone_of[sq]

    def zone_squares(self, zone: str) -> list[Square]:
        return self._zone_squares.get(zone, [])

    @property
    def zones(self) -> list[str]:
        return sorted(self._zone_squares)

    # ---- neighbours and lines ------------------------------------------------------------------

    def wall(self, a: Square, b: Square) -> bool:
        return frozenset((a, b)) in self.walls

    def step(self, sq: Square, direction: str) -> Square:
        dc, dr = DIRECTIONS[direction]
        return (sq[0] + dc, sq[1] + dr)

    def neighbours(self, sq: Square, through_walls: bool = False) -> tuple[Square, ...]:
        """Orthogonal playable neighbours, in the order up, right, down, left."""
        key = (sq, through_walls)
        out = self._near.get(key)
        if out is None:
            found = []
            for d in DIRECTIONS:
                n = self.step(sq, d)
                if n in self.zone_of and (through_walls or not self.wall(sq, n)):
                    found.append(n)
            out = self._near[key] = tuple(found)
        return out

    def line(self, start: Square, direction: str, length: int, through_walls: bool) -> list[Square]:
        """The squares a shot crosses from `start`: at most `length`, stopping before a black
        square or the edge, and before a wall unless it goes through walls."""
        out = []
        sq = start
        for _ in range(length):
            n = self.step(sq, direction)
            if n not in self.zone_of or (not through_walls and self.wall(sq, n)):
                break
            out.append(n)
            sq = n
        return out

    def landing(self, start: Square, direction: str, distance: int) -> Square:
        """Where a thrown grenade or gas bomb lands: `distance` squares away over walls and agents;
        short of a black square or the edge, the last playable square before it (or the start)."""
        sq = start
        for _ in range(distance):
            n = self.step(sq, direction)
            if n not in self.zone_of:
                break
            sq = n
        return sq

    def around(self, sq: Square) -> list[Square]:
        """The square and its 8 neighbours that are playable (a grenade's blast; walls ignored)."""
        out = [(sq[0] + dc, sq[1] + dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]
        return [s for s in out if s in self.zone_of]

    def distances(self, start: Square, through_walls: bool = False) -> dict[Square, int]:
        """Walking distance (fewest steps) from `start` to every square it can reach. The same
        mapping is handed to every caller: read it, never change it."""
        key = (start, through_walls)
        known = self._dist.get(key)
        if known is None:
            known = self._dist[key] = self._walk(start, through_walls)
        return known

    def _walk(self, start: Square, through_walls: bool) -> dict[Square, int]:
        dist = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for sq in frontier:
                for n in self.neighbours(sq, through_walls):
                    if n not in dist:
                        dist[n] = dist[sq] + 1
                        nxt.append(n)
            frontier = nxt
        return dist
