"""The records an engine declares (its facts, its secrets, what its set-up makes, its thread votes)
and the phase API (`Day`, with its emitters, `Phase`, `run_phase`). gm/engine.py's `Engine` uses
them and every engine imports them from there (docs/engines.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from gm.dice import DiceBase
from gm.errors import Problem
from gm.events import GM, PUBLIC, Event


# Records made at start-up generate no __eq__ or __repr__ they never use (eq=False, repr=False):
# `dataclasses` compiles each method as the module is imported, which `gm check` pays for.
@dataclass(frozen=True, eq=False, repr=False)
class Facts:
    """What a game is, as data."""

    name: str  # as written in game.yaml, e.g. "battle-royale"; also the folder of its templates and data
    title: str  # "Battle Royale"
    config_keys: tuple[str, ...] = ("house_rules", "roster")  # game.yaml settings besides engine, title, format
    demo_day: int | None = None  # the day whose narration `gm demo` prints (None: the last day)
    # the number of players the rules seat, (fewest, most); most None: no maximum. tests/test_engine_scaling.py
    # plays the fewest and the most (10 and 80 without one) through `sim_game`: a player's output must not grow
    players: tuple[int, int | None] | None = None
    # what `gm new` prints; {dir}: the new folder. It names the Day 0 commitment, which comes first
    new_game_hint: str = ("Edit game.yaml, run `gm commit {dir} --day 0` and post it, write the orders of Day 0, "
                          "then run `gm check {dir} --day 0` and `gm resolve {dir} --day 0`.")
    # a day of the demo in mid-game, every player still in and orders of many kinds sent: the PM corpus
    # (tests/inbox/<engine>/corpus.yaml) and the forms' round trip are read for it (tests/inbox_game.py)
    sample_day: int | None = None
    # the heading, in words, that opens the reader's own section of a player's message ("You"); an engine
    # that overrides `player_learned` lists what the player learned after it (tests/test_learned.py)
    own_heading: str = ""


@dataclass(frozen=True, eq=False, repr=False)
class Hidden:
    """One secret of a game, as its RULINGS.md says it: what is hidden, from whom, until when."""

    field: str  # where it lives in the state's JSON, "*" for each key: "players.*.school"
    hidden_from: str  # "everyone" (the GM alone knows it) or "others" (all but its holder)
    until: str  # when it may come out, in words: "the game ends", "its holder dies"
    # a sibling field of the holder's record: a player whose own value of it is the holder's may see
    # this one too ("zone": the students in the holder's zone see what they visibly carry)
    seen_by_sharing: str = ""
    # another hidden field whose values are of the same kind ("players.*.mission" for the spare
    # missions): the secrets' filter also exchanges one of this field's values with one of that one's
    exchanged_with: str = ""
    # a sibling field naming whose the value is, where the record under "*" is not the player's own
    # (Team Kill's persons: "player", the one who plays that person); by default the key under "*"
    held_by: str = ""

    def values(self, data: Any) -> list:
        """The values at `field` in a state's JSON, in a stable order ("*": each key's, or each item's)."""
        out = [data]
        for part in self.field.split("."):
            nxt: list = []
            for v in out:
                if part == "*":
                    nxt += list(v.values()) if isinstance(v, dict) else list(v) if isinstance(v, list) else []
                elif isinstance(v, dict) and part in v:
                    nxt.append(v[part])
            out = nxt
        return out


@dataclass(frozen=True, eq=False, repr=False)
class Secrets:
    """What an engine hides, in one place; every output channel reads it (docs/engines.md, "Secrets").

    A day in `sealed_days` decides a secret with its dice by its nature (a deal, a shuffle, the
    schools): its seed, roll log, reveal post and openings stay with the GM until the game ends. A
    roll made with `hides=True` seals its own day the same way (a search's find, a lottery among
    the players in a zone). `target_odds`: may the target of an attack see the attacker's odds
    (only where every modifier is public to them)?"""

    hidden: tuple[Hidden, ...] = ()
    sealed_days: tuple[int, ...] = ()
    sealed_why: str = "its dice decided something secret"  # said with a refusal to post a sealed day
    sealing_rolls: str = ""  # which rolls of an open day seal it, in words, for the commitment post
    target_odds: bool = False


@dataclass(eq=False, repr=False)
class Day:
    """Everything a phase may use: the day being resolved, and nothing that touches a file."""

    number: int
    state: Any  # the working state: a copy the pipeline owns, which phases update in place
    orders: dict[str, Any]  # every player due, defaults filled in, sorted by name
    dice: DiceBase
    rules: Any
    notes: Any = None  # the day's scratch notes (Engine.new_notes), never saved
    step: str = ""  # the name of the phase running
    emitted: list[Event] = field(default_factory=list)  # what the running phase emitted, in order

    # A phase returns its events, or emits them here; run_phase collects both. No engine needs a
    # context of its own to gather events.

    def public(self, kind: str, about=(), **data: Any) -> Event:
        """An event everyone sees; `about`: the players whose own messages carry it too."""
        return self._emit(Event(kind, data, PUBLIC, self.step, tuple(sorted(set(about)))))

    def tell(self, kind: str, players, **data: Any) -> Event:
        """An event only `players` (and the GM) see."""
        return self._emit(Event(kind, data, tuple(players), self.step))

    def gm(self, kind: str, **data: Any) -> Event:
        """An event only the GM sees (the summary)."""
        return self._emit(Event(kind, data, GM, self.step))

    def _emit(self, event: Event) -> Event:
        self.emitted.append(event)
        return event

    def take_events(self) -> list[Event]:
        """The events emitted since the last call, handed over once."""
        out, self.emitted = self.emitted, []
        return out


class DayContext:
    """A base for an engine's own bookkeeping of a round or a turn (a dataclass with `state`, `rules`,
    `dice`, `step` and `day` fields): its events go out through the `Day`'s emitters, and a view or a
    test that gives it no day gets one of its own."""

    day: Day | None

    def __post_init__(self):
        if self.day is None:
            self.day = Day(0, self.state, {}, self.dice, self.rules, step=self.step)

    @property
    def events(self) -> list[Event]:
        """What this phase has emitted so far, in order (the day's own list)."""
        return self.day.emitted


@dataclass(frozen=True, eq=False, repr=False)
class Phase:
    """One step of a day in the order the rules give."""

    name: str
    resolve: Callable[[Day], list[Event]]


def run_phase(day: Day, phase: Phase) -> list[Event]:
    """One phase run: the events it emitted through `day`, then those it returned, each stamped with
    the phase's name unless it has a step of its own. The pipeline, the lab and the tests use this."""
    day.step = phase.name
    day.take_events()  # nothing left over from before the phase
    returned = phase.resolve(day) or []
    events = day.take_events() + list(returned)
    for e in events:
        e.step = e.step or phase.name
    return events


@dataclass(eq=False, repr=False)
class GameSetup:
    """What an engine makes of game.yaml: its rules (with house rules laid over) and the roster."""

    rules: Any
    roster: list[str]
    problems: list[Problem]
    initial_state: Any = None


@dataclass(eq=False, repr=False)
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


class ThreadVotes:
    """Votes cast in the public thread (`gm votes`, days/NN/votes.yaml), for a game that has them."""

    def kinds(self, state: Any, rules: Any) -> list[VoteKind]:
        raise NotImplementedError

    def check(self, doc: Any, path: str, rules: Any, state: Any, day: int) -> tuple[dict[str, dict], list[Problem]]:
        """votes.yaml read: player -> {vote key: choice, or None to withdraw}, and the problems."""
        raise NotImplementedError

    def lay(self, orders: Any, votes: dict[str, str | None]) -> Any:
        """A player's orders with these votes laid over the ones they sent."""
        raise NotImplementedError

    def cast(self, orders: Any) -> dict[str, str]:
        """The votes a player sent in their orders (by PM): vote key -> choice. The vote count
        shows them beside the thread's, as `gm resolve` counts them."""
        return {}
