"""Who may read what: the declaration of secrets (Engine.secrets) read for one reader, and the check
every output channel passes its text through before it leaves gm.

A reader is the thread (None: every player and onlooker) or one player. A value of a field the engine
declares hidden (`Hidden("players.*.school", "others", "its holder dies")`) is *withheld* from a
reader while the declaration says so: "everyone" fields from every reader, "others" fields from all
but their holder (the key under the path's "*"), until the game ends ("the game ends") or, for
"its holder dies", until the holder is no longer among the living (`Engine.players_due`).

`release` is the last step of the channels that are not made from a view alone (the vote count, the
order forms, the reminders, `gm status`): it refuses a text that shows a withheld value that nothing
the reader may see holds (their view, the public view, an unhidden part of the state). A channel made
the right way, from the reader's view, never trips it; one that reads the state behind the views does.
tests/test_secrets_canary.py holds every channel, the posts and messages included, to the declaration.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from gm.errors import GmError

MIN_WORD = 3  # shorter values (a die, "A", "on") are no one's secret by their letters alone
# Only values written as names count (`_named`): an option word ("never") is said by every form.


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
    out = []
    for w in hidden_values(engine, data):
        h = by_field[w.field]
        if h.hidden_from == "others" and reader is not None and w.holder == reader:
            continue
        if not lifted(engine, state, h.until, w.holder):
            out.append(w)
    return out


def _named(word: str) -> bool:
    """A word written as a name (a card, an item, a mission, a school: capitalised as the components
    are), not an option word a form or a template also says ("never", "defend")."""
    return any(c.isupper() for c in word)


def _words(value: Any, into: set[str]) -> set[str]:
    """The strings in a JSON value (dict keys too): the words a text could show it by."""
    if isinstance(value, dict):
        for k, v in value.items():
            into.add(str(k))
            _words(v, into)
    elif isinstance(value, list):
        for v in value:
            _words(v, into)
    elif isinstance(value, str):
        into.add(value)
    return into


def _rule_words(value: Any, into: set[str], depth: int) -> set[str]:
    """The strings of the rules (a catalogue's card, item, mission and school names): public, so a
    form may name any of them ("sacrifice in Russian Roulette's order") without telling whose it is."""
    if depth > 8 or value is None or isinstance(value, (int, float, bool)):
        return into
    if isinstance(value, str):
        into.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            _rule_words(k, into, depth + 1)
            _rule_words(v, into, depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            _rule_words(v, into, depth + 1)
    elif hasattr(value, "__dict__") or hasattr(value, "__slots__"):
        names = list(getattr(value, "__dict__", {})) or list(getattr(value, "__slots__", ()))
        for name in names:
            _rule_words(getattr(value, name, None), into, depth + 1)
    return into


def _open_words(data: Any, hidden: set[tuple], path: tuple = ()) -> set[str]:
    """The strings of the state outside the withheld positions: shown elsewhere, so no one's secret."""
    out: set[str] = set()
    if path in hidden:
        return out
    if isinstance(data, dict):
        for k, v in data.items():
            out.add(str(k))
            out |= _open_words(v, hidden, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out |= _open_words(v, hidden, path + (i,))
    elif isinstance(data, str):
        out.add(data)
    return out


class Guard:
    """The check for one state, shared by its channels (the public view is made once)."""

    def __init__(self, engine, state, rules):
        self.engine, self.state, self.rules = engine, state, rules
        self.data = state_json(engine, state)
        self._public: set[str] | None = None

    def telltales(self, reader: str | None) -> dict[str, Withheld]:
        """The withheld values that would give a secret away by their words alone: each word held
        only at positions the reader may not read, and in neither the public view nor the reader's."""
        engine, state, rules = self.engine, self.state, self.rules
        secret = withheld(engine, state, reader, self.data)
        if not secret:
            return {}
        if self._public is None:  # what anyone may read: the public view, the rules and their components
            self._public = _words(json.loads(json.dumps(engine.public_view(state, rules), default=str)), set())
            self._public |= _rule_words(rules, set(), 0)
        seen = _open_words(self.data, {w.path for w in secret}) | self._public
        if reader is not None:
            seen |= _words(json.loads(json.dumps(engine.player_view(state, rules, reader), default=str)), set())
        out: dict[str, Withheld] = {}
        for w in secret:
            for word in _words(w.value, set()):
                if len(word) >= MIN_WORD and _named(word) and word not in seen:
                    out.setdefault(word, w)
        return out

    def release(self, reader: str | None, channel: str, text: str) -> str:
        """The text of `channel` for `reader`, once it is known to show no withheld value by its
        words; a text that would is a defect of gm, refused before anything is written."""
        found = self.telltales(reader)
        if found:
            words = "|".join(re.escape(w) for w in sorted(found, key=len, reverse=True))
            hit = re.search(r"(?<!\w)(?:" + words + r")(?!\w)", text)
            if hit:
                w = found[hit.group(0)]
                whose = f"{w.holder}'s " if w.holder is not None else ""
                to = "the thread" if reader is None else reader
                raise GmError(f"gm would show {to} {whose}{w.field} (hidden by the {self.engine.facts.title} "
                              f"engine's secrets) in the {channel}: nothing was written; please report this as a bug")
        return text


def release(engine, state, rules, reader: str | None, channel: str, text: str) -> str:
    """`Guard(...).release` for a channel that sends one text."""
    return Guard(engine, state, rules).release(reader, channel, text)


def public_status(engine, state, rules) -> tuple[list[str], list[list[str]]]:
    """`gm status --public`: the engine's public table (Engine.public_status_rows drops the columns
    the declaration hides), through the filter."""
    head, rows = engine.public_status_rows(state, rules)
    release(engine, state, rules, None, "public status", "\n".join("\t".join(map(str, r)) for r in [head, *rows]))
    return head, rows
