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
    """Every value of every field the engine declares hidden, with its holder, from the state's JSON
    (the key under "*", or the sibling field the declaration says holds it: `held_by`)."""
    return [Withheld(h.field, str(_sibling(data, path, h.held_by)) if h.held_by else holder, path, value)
            for h in engine.secrets.hidden
            for path, holder, value in _walk(data, h.field.split("."), (), None)]


def holder_gone(until: str, holder: str | None, due: set) -> bool:
    """Has a secret that comes out when its holder dies come out: is its holder out of the game
    (`due`: the players still in it, `Engine.players_due`)? The game's end lifts every secret."""
    return "holder dies" in until and holder is not None and holder not in due


class Declared:
    """The declared hidden values of one state, read once for every reader: which are still withheld
    (the game's end and who is in it are read once, not once a value), and each holder's value of
    a `seen_by_sharing` sibling. `withheld(reader)` then costs one pass over the values."""

    def __init__(self, engine, state, data: Any = None):
        self.data = state_json(engine, state) if data is None else data
        self.by_field = {h.field: h for h in engine.secrets.hidden}
        values = hidden_values(engine, self.data)
        if engine.ended(state):  # the game's end lifts every secret
            self.kept: list[Withheld] = []
        else:
            due = set(engine.players_due(state))
            self.kept = [w for w in values if not holder_gone(self.by_field[w.field].until, w.holder, due)]
        self.sibling: dict[tuple, Any] = {}  # a value's path -> its `seen_by_sharing` sibling's value
        self.own: dict[tuple, Any] = {}  # (field, holder) -> the holder's own value of that sibling
        for w in values:
            key = self.by_field[w.field].seen_by_sharing
            if key:
                self.sibling[w.path] = _sibling(self.data, w.path, key)
                self.own.setdefault((w.field, w.holder), self.sibling[w.path])

    def withheld(self, reader: str | None) -> list[Withheld]:
        out = []
        for w in self.kept:
            h = self.by_field[w.field]
            if h.hidden_from == "others" and reader is not None and w.holder == reader:
                continue
            if reader is not None and h.seen_by_sharing:
                mine = self.own.get((h.field, reader))
                if mine is not None and self.sibling.get(w.path) == mine:
                    continue  # the reader shares the holder's zone: they see it
            out.append(w)
        return out


def withheld(engine, state, reader: str | None, data: Any = None) -> list[Withheld]:
    """The hidden values `reader` (None: the thread) may not read in `state`, by the declaration."""
    return Declared(engine, state, data).withheld(reader)


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
    field: str = ""  # the declared field it changes ("players.*.school")


def _one_for_one(a: Any, b: Any):
    """A value of a list exchanged for a single value of the same kind (the spare mission for a
    player's mission), each keeping its shape; two lists or two single values as `_exchanged`."""
    if isinstance(a, list) == isinstance(b, list):
        return _exchanged(a, b)
    many, one = (a, b) if isinstance(a, list) else (b, a)
    x = next((x for x in many if x != one and one not in many), None)
    if x is None:
        return None
    changed = [copy.deepcopy(one) if y == x else copy.deepcopy(y) for y in many]
    return (changed, copy.deepcopy(x)) if isinstance(a, list) else (copy.deepcopy(x), changed)


def unseen_changes(engine, state, data: Any = None) -> list[Change]:
    """States that differ from `state` only in what the thread may not read: for each hidden field,
    two holders' values exchanged (a value and none, where no two holders hold different ones: who
    asked to be a Lone Wolf), an order nobody may know (a deck) reversed, and one of its values
    exchanged with one of the field it is `exchanged_with` (the spare mission with a player's)."""
    data = state_json(engine, state) if data is None else data
    hidden = {h.field: h for h in engine.secrets.hidden}
    by_field: dict[str, list[Withheld]] = {}
    for w in withheld(engine, state, None, data):
        by_field.setdefault(w.field, []).append(w)
    out = []
    whole = json.dumps(data)  # each changed state is a fresh copy of this (plain JSON: faster than deepcopy)

    def change(what: str, name: str, *values: tuple[Withheld, Any]) -> Change:
        changed = json.loads(whole)
        for w, value in values:
            _set(changed, w.path, value)
        return Change(what, changed, frozenset(w.path for w, _ in values),
                      frozenset(w.holder for w, _ in values if w.holder is not None), name)

    for name, values in by_field.items():
        full = [w for w in values if w.value not in (None, [], {}, "")]
        pair = next(((a, b) for i, a in enumerate(full) for b in full[i + 1:]
                     if a.value != b.value and a.holder != b.holder and _exchanged(a.value, b.value)), None)
        if pair is None:  # one holder's single value and another's none
            pair = next(((a, b) for a in full for b in values if b.value is None and a.holder != b.holder
                         and not isinstance(a.value, (list, dict))), None)
        if pair is not None:
            a, b = pair
            new_a, new_b = _exchanged(a.value, b.value)
            out.append(change(f"{a.holder}'s and {b.holder}'s {name} exchanged", name, (a, new_a), (b, new_b)))
        if hidden[name].hidden_from == "everyone":
            for w in full:
                if isinstance(w.value, list) and len({json.dumps(x, sort_keys=True) for x in w.value}) > 1:
                    out.append(change(f"the order of {name} reversed", name, (w, list(reversed(w.value)))))
                    break
        other = hidden[name].exchanged_with
        if other:
            pair = next(((a, b) for a in full for b in by_field.get(other, ())
                         if b.value not in (None, [], {}, "") and _one_for_one(a.value, b.value)), None)
            if pair is not None:
                a, b = pair
                new_a, new_b = _one_for_one(a.value, b.value)
                whose = f"{b.holder}'s {other}" if b.holder is not None else other
                out.append(change(f"{whose} exchanged with one of {name}", name, (a, new_a), (b, new_b)))
    return out


class Guard:
    """The filter for one state, shared by the channels made from it: a text goes to its reader only
    if it stays the same when a secret withheld from that reader changes (`unseen_changes`). A
    channel made from the reader's view passes; one that reads a hidden field behind it does not.

    The changed states are made and loaded once, and who may read what is read once, for every
    channel and reader the guard serves (`gm receipts` makes every player's receipt through one).

    A change the engine's loader refuses (`state_from_json` raising) cannot be checked: with `notes`
    (a list the command prints to the GM), each channel it leaves unchecked adds one warning naming
    the channel and the field, never to a player; without `notes`, such a channel is refused."""

    def __init__(self, engine, state, notes: list[str] | None = None):
        self.engine, self.state, self.notes = engine, state, notes
        self.data = state_json(engine, state)
        self._changes: list[tuple[Change, Any]] | None = None
        self._refused: list[tuple[Change, str]] = []  # changes the engine could not load, and why
        self._declared: Declared | None = None
        self._withheld: dict[str | None, set] = {}
        self._skipped: dict[tuple[str, str], tuple[int, list[str]]] = {}  # (channel, field) -> (its note, readers)

    @property
    def unchecked(self) -> list[str]:
        """The changes the engine could not load (a test holds this empty)."""
        self.changes()
        return [f"{c.what}: {why}" for c, why in self._refused]

    def changes(self) -> list[tuple[Change, Any]]:
        if self._changes is None:
            self._changes = []
            for c in unseen_changes(self.engine, self.state, self.data):
                try:
                    self._changes.append((c, self.engine.state_from_json(c.data)))
                except Exception as exc:  # noqa: BLE001 - an engine's loader refusing the change
                    self._refused.append((c, f"{type(exc).__name__}: {exc}"))
        return self._changes

    def blind(self, reader: str | None, change: Change) -> bool:
        """May `reader` not know what `change` changed (and does not hold it)?"""
        if reader is not None and reader in change.holders:
            return False
        if reader not in self._withheld:
            if self._declared is None:
                self._declared = Declared(self.engine, self.state, self.data)
            self._withheld[reader] = {w.path for w in self._declared.withheld(reader)}
        return change.paths <= self._withheld[reader]

    def release(self, reader: str | None, channel: str, make: Callable[[Any], Any],
                render: Callable[[Any], str] | None = None) -> str:
        """`make(state)` for `reader`, once it is known to tell none of their withheld secrets apart; a
        text that would is a defect of gm, refused before anything is written. With `render`, `make`
        gives what the text is made of and `render` the text: a changed state whose `make` is equal
        gives the same text, so only one whose `make` differs is rendered again."""
        made = make(self.state)
        text = made if render is None else render(made)
        if not self.engine.secrets.hidden:
            return text
        to = "the thread" if reader is None else reader
        for change, changed in self.changes():
            if not self.blind(reader, change):
                continue
            again = make(changed)
            if again != made and (render is None or render(again) != text):
                raise GmError(f"the {channel} for {to} would change with a secret the {self.engine.facts.title} "
                              f"engine hides from them ({change.what}), so it would give it away: nothing was written "
                              "(a template of the game's own, or a bug of gm: please report it)")
        for change, why in self._refused:
            if self.blind(reader, change):
                self._skip(to, channel, change, why)
        return text

    def _skip(self, to: str, channel: str, change: Change, why: str) -> None:
        """A channel the check could not hold to a change (the engine refused to load it): refused
        without `notes`; else one warning for the GM per channel and field, naming its readers."""
        if self.notes is None:
            raise GmError(f"the {channel} for {to} could not be checked against a change of {change.field} (the "
                          f"{self.engine.facts.title} engine could not load it: {why}), so it might give a secret "
                          "away: nothing was written (a bug of gm: please report it)")
        at, readers = self._skipped.get((channel, change.field), (len(self.notes), []))
        if at == len(self.notes):
            self.notes.append("")
        if to not in readers:
            readers.append(to)
        self._skipped[(channel, change.field)] = (at, readers)
        whom = ", ".join(readers[:5]) + (f" and {len(readers) - 5} more" if len(readers) > 5 else "")
        self.notes[at] = (f"warning: the {channel} for {whom} was not checked against {change.field}: the "
                          f"{self.engine.facts.title} engine could not load the state with it changed ({why}), "
                          "so gm cannot tell whether it gives that secret away; read it before you send it "
                          "(a bug of gm: please report it)")


def release(engine, state, reader: str | None, channel: str, make: Callable[[Any], str],
            notes: list[str] | None = None) -> str:
    """`Guard(engine, state, notes).release(...)` for a channel that sends one text."""
    return Guard(engine, state, notes).release(reader, channel, make)


def public_status(engine, state, rules, notes: list[str] | None = None) -> tuple[list[str], list[list[str]]]:
    """`gm status --public`: the engine's public table (Engine.public_status_rows drops the columns
    the declaration hides), through the filter."""
    def table(s) -> str:
        return json.dumps(engine.public_status_rows(s, rules), default=str)

    return tuple(json.loads(release(engine, state, None, "public status", table, notes)))
