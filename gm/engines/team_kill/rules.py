"""House rules (games/team-kill/defaults.yaml, laid over by game.yaml) and the deck in play."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from gm.errors import Location, Problem
from gm.paths import games_dir
from gm.settings import parse_settings
from gm.yamlio import shipped_data

from .cards import Deck, read_deck

DATA = games_dir("team-kill")

CHOICES = {
    "two_persons": ("auto", "on", "off"),
    "reveal_default": ("highest", "lowest"),
    "bomb_default": ("win", "lose"),
}
_RANGES = {"turns_per_day": (1, 100)}
ASKABLE = ("reveal", "loot", "bomb")  # decisions a day may stop for, to be settled by the next day's orders


@dataclass(frozen=True)
class Rules:
    turns_per_day: int
    two_persons: str
    reveal_default: str
    bomb_default: str
    bang_public: bool
    ask: tuple[str, ...]
    deck: Deck

    def variant_for(self, players: int) -> bool:
        """The 4/5-player variant: two persons (and two cards) a player."""
        if self.two_persons == "auto":
            return players in (4, 5)
        return self.two_persons == "on"


@lru_cache(maxsize=1)
def _defaults() -> tuple[tuple[str, Any], ...]:
    return tuple(shipped_data(DATA / "defaults.yaml").items())


@lru_cache(maxsize=1)
def stand_in_deck() -> Deck:
    deck, problems = read_deck(DATA / "components.yaml", "the stand-in deck (games/team-kill/components.yaml)")
    if deck is None:  # pragma: no cover - the shipped file is tested
        raise RuntimeError("; ".join(str(p) for p in problems))
    return deck


def _choice(key: str):
    def read(value, where: Location):
        if value not in CHOICES[key]:
            return value, [Problem(where, f"{key} is one of {', '.join(CHOICES[key])}, not {value!r}")]
        return value, []
    return read


def _ask(value, where: Location):
    """`ask: [reveal, loot, bomb]`: a list (maybe empty) of the decisions the day stops for."""
    if not isinstance(value, list) or any(v not in ASKABLE for v in value) or len(set(value)) != len(value):
        return value, [Problem(where, f"ask is a list of decisions the day stops for, among {', '.join(ASKABLE)} "
                                      f"(or [] for none), not {value!r}")]
    return tuple(v for v in ASKABLE if v in value), []


def parse_rules(doc, path: str, deck: Deck | None = None) -> tuple[Rules, list[Problem]]:
    special = {k: _choice(k) for k in CHOICES} | {"ask": _ask}
    settings, problems = parse_settings(doc, path, dict(_defaults()), _RANGES, special=special)
    settings["ask"] = tuple(settings["ask"])
    return Rules(**settings, deck=deck or stand_in_deck()), problems


def default_rules(**changes) -> Rules:
    settings = dict(_defaults()) | changes
    settings["ask"] = tuple(settings["ask"])
    deck = settings.pop("deck", None) or stand_in_deck()
    return Rules(**settings, deck=deck)
