"""The order checker every engine shares: it collects every problem of one file, never stopping at
the first, and knows how to find a name the way a GM would type it (any case, with a "did you
mean" when it is misspelt). An engine subclasses it with its own vocabulary (zones, items, squares).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Callable, Iterable, Iterator

from gm.errors import Location, Problem
from gm.suggest import did_you_mean
from gm.yamlio import key_loc, node_loc


def fold(text: str) -> str:
    """A name as gm compares it: case, accents and spaces around it do not count (`Zoë` = `zoe`)."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def find_name(raw: Any, names: Iterable[str]) -> str | None:
    """The proper spelling of `raw` among `names`: exact, or the same but for case, accents and
    spaces around it; the same everywhere a GM types a name (orders, rulings, `--player`)."""
    if not isinstance(raw, str) or not raw.strip():
        return None
    key = raw.strip()
    pool = names if isinstance(names, Collection) else list(names)  # a dict of players: no copy, O(1) look-up
    if key in pool:
        return key
    folded = key.casefold()
    found = next((n for n in pool if n.casefold() == folded), None)
    if found is None and not key.isascii() or found is None and any(not n.isascii() for n in pool):
        folded = fold(key)
        found = next((n for n in pool if fold(n) == folded), None)
    return found


class Checker:
    """Collects every problem of one orders file (or one section of game.yaml)."""

    def __init__(self, path: str, rules: Any = None, state: Any = None, day: int = 0):
        self.path = path
        self.rules = rules
        self.state = state
        self.day = day
        self.problems: list[Problem] = []

    def error(self, where: Location, message: str) -> None:
        self.problems.append(Problem(where, message))

    def warn(self, where: Location, message: str, *, secret: bool = False) -> None:
        """A warning: the order is read, but may not happen as written. The player's receipt quotes
        it, unless `secret`: it names what that player may not know (where another player stands,
        a ruling the thread has not heard yet), and the receipt words it neutrally."""
        self.problems.append(Problem(where, message, "warning", secret))

    def name(self, raw: Any, names: Iterable[str], where: Location, what: str, hint: str = "") -> str | None:
        """One of `names`, however the GM cased it; otherwise an error with a "did you mean".
        `what` is the kind of thing, as the error says it ("player", "zone", "card")."""
        pool = names if isinstance(names, Collection) else list(names)  # a name well spelt costs O(1)
        if not isinstance(raw, (str, int)) or isinstance(raw, bool) or not str(raw).strip():
            self.error(where, f"expected a {what}'s name, found {raw!r}")
            return None
        found = find_name(str(raw), pool)
        if found is None:
            self.error(where, f"no {what} called '{str(raw).strip()}'{did_you_mean(str(raw), pool)}{hint}")
        return found

    def players_in(self, doc: Any, seen: dict[str, Location],
                   player: Callable[[Any, Location], str | None]) -> Iterator[tuple[str, Any, Any, Location]]:
        """Each player's section of an orders file: (proper name, the key as written, their orders,
        where the key is).
        `player` turns a key into a player who may send orders, or reports why not and gives None;
        `seen` spots a player given orders in two places (across the day's files)."""
        if doc is None:
            return
        if not isinstance(doc, dict):
            self.error(node_loc(self.path, doc), "an orders file maps each player's name to their orders")
            return
        for raw_name in doc:
            at = key_loc(self.path, doc, raw_name)
            name = player(raw_name, at)
            if name is None:
                continue
            if name in seen:
                self.error(at, f"{name} already has orders at {seen[name]}")
                continue
            seen[name] = at
            yield name, raw_name, doc[raw_name], at
