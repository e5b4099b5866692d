"""The rulebook's numbers as data (games/kharnage/defaults.yaml) with house rules laid over, and
the components (the stand-in armies, or the GM's own file named by `components:`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from gm.errors import Problem
from gm.settings import parse_settings
from gm.yamlio import shipped_data

from .cards import Components
from .components import DATA, shipped

CHOICES = {
    "initiative_ties": ("rolloff", "seat"),
    "silent_card": ("random", "lowest", "highest"),
    "pace": ("round", "activation"),
}
_RANGES = {"rounds": (1, 6), "hand": (1, 6)}


@dataclass(frozen=True)
class Rules:
    rounds: int
    hand: int
    initiative_ties: str
    zero_scores: bool
    elite_symbols_count_again: bool
    silent_card: str
    yeah_rule: bool
    pace: str
    components: Components

    @property
    def settings(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in ("rounds", "hand", "initiative_ties", "zero_scores",
                                               "elite_symbols_count_again", "silent_card", "yeah_rule", "pace")}


@lru_cache(maxsize=1)
def _defaults() -> tuple[tuple[str, Any], ...]:
    return tuple(shipped_data(DATA / "defaults.yaml").items())


def _choice(key: str):
    def read(value, where):
        if value not in CHOICES[key]:
            return value, [Problem(where, f"{key} is one of {', '.join(CHOICES[key])}, not {value!r}")]
        return str(value), []
    return read


def default_rules(components: Components | None = None) -> Rules:
    return Rules(**dict(_defaults()), components=components or shipped())


def parse_rules(doc, path: str, components: Components | None) -> tuple[Rules, list[Problem]]:
    settings, problems = parse_settings(doc, path, dict(_defaults()), _RANGES,
                                        special={k: _choice(k) for k in CHOICES})
    return Rules(**settings, components=components or shipped()), problems
