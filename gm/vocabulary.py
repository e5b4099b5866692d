"""An engine's words for free-text PMs (`gm inbox`): its orders with their synonyms, and the objects
that exist today (names and forum handles, items held, zones, squares, cards), as data.

An engine offers them through `Engine.vocabulary` (gm/engine.py); gm/inbox/pmtext.py reads a PM with
them. The honest default is no vocabulary: then every free-text PM waits for the GM, and only
filled-in forms are read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True, eq=False)
class Slot:
    """What an order takes: `kind` names a table of `Vocabulary.objects` ("player", "item", "zone")
    or "text" (the rest of the sentence as written)."""

    name: str  # the key the order's `make` receives: "targets"
    kind: str
    many: bool = False  # a list (several targets, two zones); "twice" repeats the last one
    optional: bool = False
    preps: tuple[str, ...] = ()  # words that introduce it ("with", "w/", "using")
    most: int | None = None  # at most this many (a move reaches two zones)
    ask: bool = False  # optional in the words, not in the orders: left out, and no default fits, a doubt


@dataclass(frozen=True, eq=False)
class OrderWord:
    """One order as a player may write it."""

    name: str  # "attack"
    words: tuple[str, ...]  # every way to say it, lower case: "attack", "shoot", "atk", "go after"
    section: str  # where it goes in the player's orders: "action"; "." for the orders themselves
    make: Callable[[dict], Any]  # the slots read -> the section's value ({"attack": {...}})
    says: str  # the reading in words: "attack {targets} with the {weapon}"
    slots: tuple[Slot, ...] = ()
    # slot name -> what a missing optional slot means, or a function of the objects (a weapon when
    # the player holds only one); returning None leaves the slot to the GM as a doubt
    default: Callable[[str, "Vocabulary"], Any] | None = None


@dataclass(eq=False)
class Vocabulary:
    """An engine's orders and today's objects for one player."""

    player: str
    orders: list[OrderWord]
    objects: dict[str, dict[str, str]]  # kind -> every spelling (lower case) -> the proper name
    # section -> how two orders of it in one PM combine: "one" (a second is a change of mind, or a
    # doubt), "append" (free actions), "update" (votes: key by key)
    sections: dict[str, str] = field(default_factory=dict)
    assemble: Callable[[dict], Any] | None = None  # sections -> the player's orders node (default: the dict)
    # phrases that cannot be read surely at all ("same as yesterday", "trap"): said as doubts
    unreadable: tuple[str, ...] = ()
    splitters: tuple[str, ...] = ()  # words that part two orders besides the usual ("otherwise" for fallbacks)

    def node(self, sections: dict) -> Any:
        return self.assemble(sections) if self.assemble else sections


def spellings(names, aliases: dict[str, str] | None = None) -> dict[str, str]:
    """A table of objects: every name under its own lower-case spelling, and each alias."""
    out = {str(n).casefold(): str(n) for n in names}
    for alias, name in (aliases or {}).items():
        out.setdefault(str(alias).casefold(), name)
    return out
