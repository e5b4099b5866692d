"""Who may read what: the declaration of secrets (Engine.secrets) read for one reader, and the check
every output channel passes its text through before it leaves gm.

A reader is the thread (None: every player and onlooker) or one player. A value of a field the engine
declares hidden (`Hidden("players.*.school", "others", "its holder dies")`) is *withheld* from a
reader while the declaration says so: "everyone" fields from every reader, "others" fields from all
but their holder (the key under the path's "*"), until the game ends ("the game ends") or, for
"its holder dies", until the holder is no longer among the living (`Engine.players_due`). A field
`seen_by_sharing` a sibling ("zone") is not withheld from a player whose own value of it is the
holder's (the students in one zone see what each other visibly carry).

`release` is the last step of the channels made from the state outside the day's posts (the vote
count, the order forms, the receipts, the reminders, `gm status`): the channel's text is made again
from states changed only where the declaration hides something from its reader (two players'
hidden values exchanged, a hidden deck's order reversed: `unseen_changes`), and must come out the
same; a text that tells a withheld secret apart is refused. The day's posts and messages are made
from the views (Engine.public_view, player_view); tests/test_secrets_canary.py holds them, and
every channel, to the same rule on every day of every demo.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any, Callable

from gm.errors import GmError


@dataclass(frozen=True, eq=False, repr=False)
class Withheld:
    """One value a reader may not read: which declared field, whose, where in the state's JSON."""

    field: str  # the declared path, "players.*.school"
    holder: str | None  # the key under "*" ("Akane"); None for a field with no holder ("traps")
    path: tuple  # the keys from the root of the state's JSON to the value
    value: Any


def state_json(engine, state) -> Any:
    """The state as plain JSON, as the declaration's paths read it."""
    return json.loads(json.dumps(engine.state_to_json(state), default=str))


def _walk(data: Any, parts: list[str], path: tuple, holder: str | None):
    if not parts:
        yield path, holder, data
        return
    head, rest = parts[0], parts[1:]
    if head == "*":
        items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
        for key, value in items:
            # a list of records (Hashmi's players) names each by its "name"
            name = value.get("name", key) if isinstance(key, int) and isinstance(value, dict) else key
            yield from _walk(value, rest, path + (key,), holder if holder is not None else str(name))
    elif isinstance(data, dict) and head in data:
        yield from _walk(data[head], rest, path + (head,), holder)


def hidden_values(engine, data: Any) -> list[Withheld]:
    """Every value of every field the engine declares hidden, with its holder, from the state's JSON."""
    return [Withheld(h.field, holder, path, value)
            for h in engine.secrets.hidden
            for path, holder, value in _walk(data, h.field.split("."), (), None)]


def lifted(engine, state, until: str, holder: str | None) -> bool:
    """Has the moment a secret may come out arrived? The game's end lifts every secret."""
    if engine.ended(state):
        return True
    if "holder dies" in until and holder is not None:
        return holder not in set(engine.players_due(state))
    return False


def withheld(engine, state, reader: str | None, data: Any = None) -> list[Withheld]:
    """The hidden values `reader` (None: the thread) may not read in `state`, by the declaration."""
    data = state_json(engine, state) if data is None else data
    by_field = {h.field: h for h in engine.secrets.hidden}
    values = hidden_values(engine, data)
    shared: dict[str, Any] = {}  # field -> the reader's own value of its `seen_by_sharing` sibling
    if reader is not None:
        for h in engine.secrets.hidden:
            if h.seen_by_sharing:
                mine = next((w for w in values if w.field == h.field and w.holder == reader), None)
                shared[h.field] = _sibling(data, mine.path, h.seen_by_sharing) if mine is not None else None
    out = []
    for w in values:
        h = by_field[w.field]
        if h.hidden_from == "others" and reader is not None and w.holder == reader:
            continue
        if shared.get(h.field) is not None and _sibling(data, w.path, h.seen_by_sharing) == shared[h.field]:
            continue  # the reader shares the holder's zone: they see it
        if not lifted(engine, state, h.until, w.holder):
            out.append(w)
    return out


def _sibling(data: Any, path: tuple, key: str) -> Any:
    """The value of `key` in the record that holds the value at `path`."""
    for part in path[:-1]:
        data = data[part]
    return data.get(key) if isinstance(data, dict) else None


def _set(data: Any, path: tuple, value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _exchanged(a: Any, b: Any):
    """Two hidden values changed into each other, keeping what is public about them: whole values
    swapped, or for two lists (hands, decks, a zone's items) one element of each exchanged, so each
    keeps its length (how many cards a player holds is on the table). None: nothing to exchange."""
    if isinstance(a, list) and isinstance(b, list):
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                if x != y and x not in b and y not in a:
                    a2, b2 = copy.deepcopy(a), copy.deepcopy(b)
                    a2[i], b2[j] = copy.deepcopy(y), copy.deepcopy(x)
                    return a2, b2
        return None
    return copy.deepcopy(b), copy.deepcopy(a)


@dataclass(frozen=True, eq=False, repr=False)
class Change:
    """The state changed only where the declaration hides it: `paths` changed, `holders` hold them."""

    what: str
    data: Any
    paths: frozenset
    holders: frozenset


def unseen_changes(engine, state, data: Any = None) -> list[Change]:
    """States that differ from `state` only in what the thread may not read: for each hidden field,
    two holders' values exchanged, and an order nobody may know (a deck) reversed."""
    data = state_json(engine, state) if data is None else data
    hidden = {h.field: h for h in engine.secrets.hidden}
    by_field: dict[str, list[Withheld]] = {}
    for w in withheld(engine, state, None, data):
        by_field.setdefault(w.field, []).append(w)
    out = []
    for name, values in by_field.items():
        full = [w for w in values if w.value not in (None, [], {}, "")]
        pair = next(((a, b) for i, a in enumerate(full) for b in full[i + 1:]
                     if a.value != b.value and a.holder != b.holder and _exchanged(a.value, b.value)), None)
        if pair is not None:
            a, b = pair
            changed = copy.deepcopy(data)
            new_a, new_b = _exchanged(a.value, b.value)
            _set(changed, a.path, new_a)
            _set(changed, b.path, new_b)
            out.append(Change(f"{a.holder}'s and {b.holder}'s {name} exchanged", changed,
                              frozenset({a.path, b.path}), frozenset({a.holder, b.holder})))
        if hidden[name].hidden_from == "everyone":
            for w in full:
                if isinstance(w.value, list) and len({json.dumps(x, sort_keys=True) for x in w.value}) > 1:
                    changed = copy.deepcopy(data)
                    _set(changed, w.path, list(reversed(w.value)))
                    out.append(Change(f"the order of {name} reversed", changed, frozenset({w.path}), frozenset()))
                    break
    return out


class Guard:
    """The filter for one state, shared by the channels made from it: a text goes to its reader only
    if it stays the same when a secret withheld from that reader changes (`unseen_changes`). A
    channel made from the reader's view passes; one that reads a hidden field behind it does not."""

    def __init__(self, engine, state):
        self.engine, self.state = engine, state
        self.data = state_json(engine, state)
        self._changes: list[tuple[Change, Any]] | None = None
        self._withheld: dict[str | None, set] = {}
        self.unchecked: list[str] = []  # changes the engine could not load (a test holds this empty)

    def changes(self) -> list[tuple[Change, Any]]:
        if self._changes is None:
            self._changes = []
            for c in unseen_changes(self.engine, self.state, self.data):
                try:
                    self._changes.append((c, self.engine.state_from_json(c.data)))
                except Exception as exc:  # noqa: BLE001 - an engine's loader refusing the change
                    self.unchecked.append(f"{c.what}: {exc}")
        return self._changes

    def blind(self, reader: str | None, change: Change) -> bool:
        """May `reader` not know what `change` changed (and does not hold it)?"""
        if reader is not None and reader in change.holders:
            return False
        if reader not in self._withheld:
            self._withheld[reader] = {w.path for w in withheld(self.engine, self.state, reader, self.data)}
        return change.paths <= self._withheld[reader]

    def release(self, reader: str | None, channel: str, make: Callable[[Any], str]) -> str:
        """`make(state)` for `reader`, once it is known to tell none of their withheld secrets apart; a
        text that would is a defect of gm, refused before anything is written."""
        text = make(self.state)
        if not self.engine.secrets.hidden:
            return text
        for change, changed in self.changes():
            if self.blind(reader, change) and make(changed) != text:
                to = "the thread" if reader is None else reader
                raise GmError(f"the {channel} for {to} would change with a secret the {self.engine.facts.title} "
                              f"engine hides from them ({change.what}), so it would give it away: nothing was written "
                              "(a template of the game's own, or a bug of gm: please report it)")
        return text


def release(engine, state, reader: str | None, channel: str, make: Callable[[Any], str]) -> str:
    """`Guard(engine, state).release(...)` for a channel that sends one text."""
    return Guard(engine, state).release(reader, channel, make)


def public_status(engine, state, rules) -> tuple[list[str], list[list[str]]]:
    """`gm status --public`: the engine's public table (Engine.public_status_rows drops the columns
    the declaration hides), through the filter."""
    def table(s) -> str:
        return json.dumps(engine.public_status_rows(s, rules), default=str)

    return tuple(json.loads(release(engine, state, None, "public status", table)))
