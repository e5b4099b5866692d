"""What an engine gives the balance lab (`gm simulate`, gm/simulate/) and gets without writing a line:
the `Chooser` its policies draw from, the `defaults` policy and the generic statistics. An engine's
`sim_stats` returns the same record with more in it. Engines import this, never gm/simulate/.

A game's record (plain JSON data; every key but `length` may be left out):

    length     days played after Day 0 (the game's length)
    ended      how it ended, in the engine's words ("last standing", "last day", "max_rounds")
    entrants   {category: {group: players in that group}}, e.g. {"role": {"Lone Wolf": 3, ...}}
    wins       {category: {group: winners in that group}} (a game may have several winners, or none)
    alive      players still in the game after each day, Day 0 first (the survival curve)
    weapons    {weapon or card: {"attempts", "hits", "damage", "kills": numbers}}
    rules      {rule: times it fired in the game} (closures, traps, shootouts...)
    events     {event kind: count}
    undecided  true when the game settled nothing (by default: no winner, or cut off unfinished); each
               engine says what it means there, in its sim_stats and in `sim_reference()["undecided"]`
"""

from __future__ import annotations

from collections import Counter
import random
from typing import Any, Sequence


class Chooser:
    """The choices a policy makes for its players (which target, which zone), from its own stream.

    Policies live in the engines, where `random` is not imported: they choose through this."""

    def __init__(self, rng: random.Random, game_key: str = ""):
        self._rng = rng
        self._key = game_key

    def lasting(self, *about: str) -> float:
        """A number in [0, 1) fixed for the whole game (the same on every day it is asked), drawn
        from the game's seed and `about`: what a simulated player decided once and keeps to (who
        they trust). It does not consume the day's stream, so asking it changes no other choice."""
        import hashlib

        text = "|".join((self._key, *about)).encode("utf-8")
        return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") / 2 ** 64

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


def defaults_policy(state: Any, rules: Any, day: int, due: list[str], choose: Chooser) -> dict:
    """Every player sends nothing: each gets the engine's own defaults (`Engine.default_orders`)."""
    return {}


def winners_of(game) -> list[str]:
    """The winners as the last `game_over` event names them: its `winners` (a list) or `winner` (one name),
    the convention of every engine so far."""
    for events in reversed(game.days):
        for e in reversed(events):
            if e.kind == "game_over":
                if e.data.get("winners") is not None:
                    return list(e.data["winners"])
                return [e.data["winner"]] if e.data.get("winner") else []
    return []


def ending_of(game) -> str:
    for events in reversed(game.days):
        for e in reversed(events):
            if e.kind == "game_over":  # how it ended, as the engine says it: `end` or `victory`
                return str(e.data.get("end") or e.data.get("victory") or "game over").replace("_", " ")
    return "game over" if game.finished else "unfinished"


def seat_label(i: int) -> str:
    return f"seat {i + 1}"


def generic_stats(engine: Any, game) -> dict:
    """Winners by seat (the roster's order), the game's length, players left after each day, events by kind."""
    seats = {name: seat_label(i) for i, name in enumerate(game.roster)}
    wins: dict[str, int] = {}
    winners = winners_of(game)
    for w in winners:
        if w in seats:
            wins[seats[w]] = wins.get(seats[w], 0) + 1
    kinds = Counter(e.kind for events in game.days for e in events)
    return {
        "length": len(game.days) - 1,
        "ended": ending_of(game),
        "entrants": {"seat": {s: 1 for s in seats.values()}},
        "wins": {"seat": wins},
        "undecided": not winners or not game.finished,  # an engine's sim_stats says what it means there
        "alive": list(game.due),
        "events": dict(sorted(kinds.items())),
    }
