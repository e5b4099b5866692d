"""What an engine provides, and the explicit registry of engines.

An engine is rules data plus small pure phase functions. The day pipeline (day.py) calls it;
nothing in the core names a particular game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from gm.dice import DiceBase
from gm.errors import GmError, Problem
from gm.events import Event


@dataclass(frozen=True)
class Phase:
    """One step of a day in the order the rules give. `resolve` updates the day's working
    state (a copy the pipeline owns) and returns the events it caused: no I/O, no randomness
    but `dice`."""

    name: str
    resolve: Callable[[Any, dict, DiceBase, Any], list[Event]]


@dataclass
class GameSetup:
    """What an engine makes of game.yaml: its rules (with house rules laid over) and the roster."""

    rules: Any
    roster: list[str]
    problems: list[Problem]
    initial_state: Any = None


@dataclass
class VoteKind:
    """One kind of vote players cast in the public thread (gm votes), as the engine defines it.

    `choices` maps every name a vote may name to None when it may be voted for today, or to the
    reason it may not ("is dead"); `aliases` maps other spellings (a zone's number) to a choice.
    """

    colour: str  # the BBCode colour the vote is written in: red, yellow, lime
    key: str  # the vote's key in votes.yaml and the orders, e.g. "mark"
    label: str  # as the vote-count post names it, e.g. "Marked for elimination"
    choices: dict[str, str | None]
    aliases: dict[str, str] = field(default_factory=dict)


class Engine(Protocol):
    name: str  # as written in game.yaml, e.g. "battle-royale"
    title: str
    config_keys: tuple[str, ...]  # the game.yaml settings the engine reads besides engine, title, format
    demo_day: int | None  # the day whose narration `gm demo` prints (None: the last day)
    new_game_hint: str  # what `gm new` tells the GM to do next; {dir} is the new folder
    # public events that also belong among a player's own events in their message:
    # event kind -> the data field naming that player (e.g. a death, for the one who died)
    personal_events: dict[str, str]

    def setup(self, doc: Any, path: str) -> GameSetup: ...

    def state_from_json(self, data: dict) -> Any: ...

    def state_to_json(self, state: Any) -> dict: ...

    def check_orders(self, doc: Any, path: str, rules: Any, state: Any, day: int,
                     seen: dict) -> tuple[dict, list[Problem]]: ...

    def check_all(self, orders: dict[str, Any], missing: list[str], state: Any, rules: Any, day: int,
                  folder: str) -> list[Problem]:
        """Problems only the whole day's orders together show (the files are checked one by one first)."""
        ...

    def default_orders(self, player: str, day: int) -> Any: ...

    def defaults_note(self, state: Any) -> str:
        """What happens to a player who sent nothing, as `gm check` says it ("they get the defaults: ...")."""
        ...

    def players_due(self, state: Any) -> list[str]:
        """Who owes orders for the day after `state` (in a stable order)."""
        ...

    def phases(self, day: int, state: Any) -> list[Phase]:
        """The day's phases in the rules' order; `state` is the state before the day."""
        ...

    def finished(self, state: Any, rules: Any) -> bool:
        """Is the game decided (so the rest of the day's phases are skipped)?"""
        ...

    def is_over(self, state: Any) -> bool:
        """Has the game ended (no day may follow this state)?"""
        ...

    def final_phase(self) -> Phase: ...

    def public_view(self, state: Any, rules: Any) -> dict: ...

    def player_view(self, state: Any, rules: Any, player: str) -> dict: ...

    def gm_view(self, state: Any, rules: Any) -> dict: ...

    def message_recipients(self, before: Any, after: Any, orders: dict[str, Any]) -> list[str]:
        """Who gets a private message for the day (sorted)."""
        ...

    def player_status(self, state: Any, rules: Any, player: str) -> list[str]:
        """`gm status --player`: what that player knows, as plain lines."""
        ...

    def orders_record(self, orders: Any) -> dict: ...

    def status_rows(self, state: Any, rules: Any) -> tuple[list[str], list[list[str]]]: ...

    def example_dir(self) -> Any: ...

    def new_game_files(self, title: str | None) -> dict[str, str]: ...

    # Optional, for votes cast in the public thread (gm votes, days/NN/votes.yaml):
    #   thread_votes(state, rules) -> list[VoteKind]
    #   check_votes(doc, path, rules, state, day) -> (dict[player, dict[key, choice | None]], problems)
    #   lay_votes(orders, votes: dict[key, choice | None]) -> orders with those votes laid over


def _battle_royale():
    from gm.engines.battle_royale import BattleRoyale

    return BattleRoyale()


def _hostile_takeover():
    from gm.engines.hostile_takeover import HostileTakeover

    return HostileTakeover()


def _hashmi():
    from gm.engines.hashmi import HashmiBattleRoyale

    return HashmiBattleRoyale()


REGISTRY: dict[str, Callable[[], Engine]] = {
    "battle-royale": _battle_royale,
    "hostile-takeover": _hostile_takeover,
    "hashmi-battle-royale": _hashmi,
}
DEFAULT_ENGINE = "battle-royale"  # what `gm new` and `gm demo` use without --engine


def get_engine(name: str) -> Engine:
    if name not in REGISTRY:
        from gm.suggest import did_you_mean

        known = ", ".join(sorted(REGISTRY))
        raise GmError(f"unknown engine '{name}'{did_you_mean(name, REGISTRY)} (engines: {known})")
    return REGISTRY[name]()
