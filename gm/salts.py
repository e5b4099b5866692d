"""Player salts: a `salt:` any player may add to their orders, mixed into the day's dice key.

The salt is a core concept, not an engine's: the pipeline takes every player's `salt:` out of
the orders before the engine reads them, so any engine gets salts for free. How the salts are
mixed into the key is in gm/dice.py (`dice_key`) and docs/dice.md.

    Akane:
      salt: "blue moon over the pier"
      action: search
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from gm.errors import Location, Problem
from gm.yamlio import value_loc

SALT_KEY = "salt"
MAX_LENGTH = 200


@dataclass(frozen=True, eq=False, repr=False)
class TakenSalt:
    """A player's salt, taken out of an orders file before the engine reads it."""

    raw_name: str  # the player's name as written in the orders file
    salt: str
    where: Location
    alone: bool = False  # the player sent nothing but the salt


def take_salts(doc, path: str) -> tuple[list[TakenSalt], list[Problem]]:
    """Remove each player's `salt:` from a freshly loaded orders document; return them checked.

    A player who sent nothing but a salt is taken out of the document altogether, so the engine
    sees a player who sent no orders (and gives them its defaults). A missing or empty salt is
    no salt. A salt must be one line of text, at most 200 characters. A salt YAML would read as a
    number or a date (`salt: 1e3`) is taken as its text exactly as written, with a warning: the
    lock quotes a salt as it was sent, never as YAML rewrote it.
    """
    taken: list[TakenSalt] = []
    problems: list[Problem] = []
    if not isinstance(doc, dict):
        return taken, problems
    for raw_name, node in list(doc.items()):
        if not isinstance(node, dict) or SALT_KEY not in node:
            continue
        at = value_loc(path, node, SALT_KEY)
        value = node[SALT_KEY]
        del node[SALT_KEY]
        alone = not node
        if alone:
            del doc[raw_name]
        if value is None or value == "":
            problems.append(Problem(at, f"{raw_name}'s salt is empty: it changes nothing (leave it out, or write one)", "warning"))
            continue
        if not isinstance(value, str):
            raw = _as_written(at) if isinstance(value, (int, float, datetime.date)) else None
            if raw is None:
                problems.append(Problem(at, f"a salt must be text: write it in quotes, e.g. salt: \"{value}\""))
                continue
            problems.append(Problem(at, f"{raw_name}'s salt {raw} is not in quotes: it is taken as the text \"{raw}\", "
                                    "exactly as written (YAML alone would read it as something else)", "warning"))
            value = raw
        if len(value) > MAX_LENGTH:
            problems.append(Problem(at, f"a salt is at most {MAX_LENGTH} characters, this one has {len(value)}"))
            continue
        from gm.names import text_problem

        if text_problem(value, "a salt"):
            problems.append(Problem(at, f"a salt must be one line of printable text ({text_problem(value, 'it')})"))
            continue
        taken.append(TakenSalt(str(raw_name), value, at, alone))
    return taken, problems


def _as_written(at: Location) -> str | None:
    """A scalar salt's text exactly as the player wrote it (`1e3`, not 1000.0), from the file."""
    if at.line is None or at.column is None:
        return None
    from gm.safefile import Refused, read_regular_text

    try:
        lines = read_regular_text(at.path, 20_000_000).split("\n")  # the orders file, read (and bounded) before
    except Refused:
        return None
    if at.line <= len(lines):
        text = re.match(r"[^,\]}#]*", lines[at.line - 1][at.column - 1:].rstrip("\r")).group().strip()
        return text or None
    return None


def attribute(taken: list[TakenSalt], due: list[str], problems: list[Problem]) -> dict[str, str]:
    """Each salt under the proper name of a player who owes orders today (`due`).

    The engine checks the names of players who sent orders with their salt; for one who sent
    only a salt, the check is here.
    """
    by_fold = {p.casefold(): p for p in due}
    out: dict[str, str] = {}
    for t in taken:
        name = by_fold.get(t.raw_name.strip().casefold())
        if name is not None:
            out[name] = t.salt
        elif t.alone:
            from gm.suggest import did_you_mean

            problems.append(Problem(t.where, f"'{t.raw_name}' does not owe orders today, so cannot send a salt"
                                    f"{did_you_mean(t.raw_name, due)}"))
    return out
