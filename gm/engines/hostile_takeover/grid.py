"""The square grid: squares named like a chessboard (column letter, row number: "C4"), with
eight directions and adjacency in all eight of them.

Internally a square is (column, row), both from 0: A1 is (0, 0), C4 is (2, 3). Row 1 is the
top row of the map, so north is up.
"""

from __future__ import annotations

import re
from typing import Iterable

Square = tuple[int, int]

MAX_COLUMNS = 26  # A..Z
MAX_ROWS = 99

# in the order a pushed pawn tries them (RULINGS.md): clockwise from north
DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
    "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1),
}
_WORDS = {"north": "N", "south": "S", "east": "E", "west": "W", "up": "N", "down": "S", "left": "W", "right": "E"}
_SQUARE = re.compile(r"^\s*([A-Za-z])\s*(\d{1,2})\s*$")


def name(sq: Square) -> str:
    return f"{chr(ord('A') + sq[0])}{sq[1] + 1}"


def names(squares: Iterable[Square]) -> list[str]:
    return [name(s) for s in squares]


def parse(text) -> Square | None:
    """'C4' or 'c4' -> (2, 3); None if it is not a square's name."""
    if isinstance(text, bool) or not isinstance(text, str):
        return None
    m = _SQUARE.match(text)
    if not m:
        return None
    row = int(m.group(2))
    if row < 1:
        return None
    return ord(m.group(1).upper()) - ord("A"), row - 1


def direction(text) -> str | None:
    """'ne', 'NE', 'north-east', 'North East' -> 'NE'; None if it is not a direction."""
    if not isinstance(text, str):
        return None
    key = re.sub(r"[\s_-]+", "", text.strip().lower())
    if key.upper() in DIRECTIONS:
        return key.upper()
    if key in _WORDS:
        return _WORDS[key]
    for a in ("north", "south"):
        for b in ("east", "west"):
            if key == a + b:
                return _WORDS[a] + _WORDS[b]
    return None


def step(sq: Square, d: str) -> Square:
    dc, dr = DIRECTIONS[d]
    return sq[0] + dc, sq[1] + dr


def neighbours(sq: Square) -> list[Square]:
    """The eight squares around `sq`, clockwise from north."""
    return [step(sq, d) for d in DIRECTIONS]


def adjacent(a: Square, b: Square) -> bool:
    """Touching in any of the eight directions (a square is not adjacent to itself)."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def direction_between(a: Square, b: Square) -> str | None:
    for d, (dc, dr) in DIRECTIONS.items():
        if (a[0] + dc, a[1] + dr) == b:
            return d
    return None


def orthogonal(a: Square, b: Square) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def reading_order(sq: Square) -> tuple[int, int]:
    """Top row first, then left to right: the order ties are broken in."""
    return sq[1], sq[0]


def in_bounds(sq: Square) -> bool:
    return 0 <= sq[0] < MAX_COLUMNS and 0 <= sq[1] < MAX_ROWS
