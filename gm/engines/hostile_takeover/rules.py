"""The rulebook's numbers as data (games/hostile-takeover/defaults.yaml), with house rules laid over."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from gm.errors import Problem
from gm.paths import games_dir
from gm.settings import parse_settings
from gm.yamlio import shipped_data

DATA = games_dir("hostile-takeover")

# "Each player chooses from one of the four colors": the colour's name and its letter on the map
COLOURS = {"Red": "R", "Blue": "B", "Green": "G", "Yellow": "Y"}
BBCODE_COLOURS = {"Red": "red", "Blue": "blue", "Green": "green", "Yellow": "goldenrod"}

_RANGES = {
    "lives": (1, 9),
    "tiles": (1, 200),
    "small_points": (1, 99),
    "large_points": (1, 99),
    "die": (2, 100),
    "unclaimed_small": (0, 200),
    "unclaimed_large": (0, 100),
    "score_small": (0, 100),
    "score_large": (0, 100),
    "last_standing_bonus": (0, 100),
    "max_rounds": (1, 999),
}


@dataclass(frozen=True)
class Rules:
    lives: int
    tiles: int
    small_points: int
    large_points: int
    die: int
    unclaimed_small: int
    unclaimed_large: int
    score_small: int
    score_large: int
    last_standing_bonus: int
    max_rounds: int

    def full_points(self, size: str) -> int:
        return self.large_points if size == "large" else self.small_points

    def score_of(self, size: str) -> int:
        return self.score_large if size == "large" else self.score_small


@lru_cache(maxsize=1)
def _defaults() -> tuple[tuple[str, Any], ...]:
    return tuple(shipped_data(DATA / "defaults.yaml").items())


def default_rules() -> Rules:
    return Rules(**dict(_defaults()))


def parse_rules(doc, path: str) -> tuple[Rules, list[Problem]]:
    settings, problems = parse_settings(doc, path, dict(_defaults()), _RANGES)
    return Rules(**settings), problems


def colour_named(raw) -> str | None:
    """'red', 'RED', 'R' -> 'Red'."""
    if not isinstance(raw, str):
        return None
    key = raw.strip().casefold()
    for colour, letter in COLOURS.items():
        if key in (colour.casefold(), letter.casefold()):
            return colour
    return None
