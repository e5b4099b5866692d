"""The rules as data: components (board, dice, weapons, cards) and house rules laid over the
rulebook's numbers (games/hashmi-battle-royale/defaults.yaml)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from gm.errors import Problem
from gm.paths import games_dir
from gm.settings import parse_settings
from gm.yamlio import load_file, plain

from .components import CARD_NAMES, Components, load_components

DATA = games_dir("hashmi-battle-royale")

_RANGES = {"max_rounds": (1, 99), "actions": (1, 20), "max_moves": (1, 9), "max_shots": (0, 9), "draws": (0, 9),
           "opening_hand": (0, 20), "hand_limit": (1, 50), "storm_after": (0, 99), "assassin_target": (1, 12),
           "search_budget": (100, 1_000_000), "turns_per_day": (1, 4)}
# cards the engine plays; the others may only be left out (RULINGS.md C-1)
PLAYABLE = frozenset(CARD_NAMES)


@dataclass(frozen=True)
class Rules:
    comp: Components
    max_rounds: int
    actions: int
    max_moves: int
    max_shots: int
    draws: int
    opening_hand: int
    hand_limit: int
    storm_after: int
    assassin_target: int
    ammunition: bool
    search_budget: int
    left_out: tuple[str, ...]
    ask: tuple[str, ...] = ()
    turns_per_day: int = 1

    @property
    def board(self):
        return self.comp.board

    def cards_in_play(self) -> list[str]:
        return [c for c in self.comp.action_cards if c not in self.left_out]


@lru_cache(maxsize=1)
def _defaults() -> tuple[tuple[str, Any], ...]:
    return tuple(plain(load_file(DATA / "defaults.yaml")).items())


@lru_cache(maxsize=1)
def standard_components() -> Components:
    comp, problems = load_components(DATA / "components.yaml", "components.yaml")
    if comp is None:
        raise RuntimeError("the shipped components.yaml is broken: " + "; ".join(map(str, problems)))
    return comp


def _left_out(value, where) -> tuple[Any, list[Problem]]:
    if not isinstance(value, list) or any(v not in CARD_NAMES for v in value):
        return value, [Problem(where, f"left_out lists action cards ({', '.join(CARD_NAMES)})")]
    must = sorted(set(CARD_NAMES) - PLAYABLE - set(value))
    if must:
        return value, [Problem(where, f"the engine does not play {', '.join(must)} yet: keep them in left_out")]
    return value, []


ASKABLE = ("move", "aim", "go")


def _ask(value, where) -> tuple[Any, list[Problem]]:
    if not isinstance(value, list) or any(v not in ASKABLE for v in value):
        return value, [Problem(where, f"ask lists the choices that stop a turn: {', '.join(ASKABLE)} (or [])")]
    return value, []


def parse_rules(doc, path: str, comp: Components | None = None) -> tuple[Rules, list[Problem]]:
    settings, problems = parse_settings(doc, path, dict(_defaults()), _RANGES,
                                        special={"left_out": _left_out, "ask": _ask})
    settings["left_out"] = tuple(settings["left_out"])
    settings["ask"] = tuple(settings["ask"])
    return Rules(comp or standard_components(), **settings), problems


def default_rules() -> Rules:
    return parse_rules(None, "game.yaml")[0]
