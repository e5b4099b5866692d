"""A roll log read as gm wrote it, and each roll re-derived from the dice key: what `gm verify`
checks of the dice from the posts (gm/fairness/verify.py) and `gm audit` from the game folder
(gm/fairness/chain_audit.py). The log's format is docs/fairness.md's; the derivation docs/dice.md's."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from gm.canonical import NotCanonical, canonical
from gm.dice import derive
from gm.errors import LocatedError, Location
from gm.text import counted


def read_rolls(text: str, where: str) -> list[dict]:
    """Roll records from a roll log, or from any text that holds its lines (a post, a saved page).
    A roll line must be exactly as gm wrote it: canonical JSON (docs/fairness.md)."""
    rolls = []
    for n, line in enumerate(text.split("\n"), 1):  # only \n ends a record: a name may hold U+2028
        start, end = line.find("{"), line.rfind("}")
        if start < 0 or end < start or '"index"' not in line or "gm-open" in line:
            continue
        body = line[start:end + 1]
        try:
            rec = json.loads(body)
        except json.JSONDecodeError as exc:
            raise LocatedError(Location(where, n, start + 1 + exc.pos), f"a roll record that is cut or altered ({exc.msg})") from None
        if isinstance(rec, dict) and {"index", "sides", "value"} <= set(rec):
            try:
                same = canonical(rec) == body
            except NotCanonical:
                same = False
            if not same:
                raise LocatedError(Location(where, n, start + 1), "a roll record that is not as gm wrote it (not in the "
                                   "canonical encoding of docs/fairness.md): copy it as posted")
            rolls.append(rec)
    return rolls


def rolls_digest(rolls: list[dict]) -> str:
    """SHA-256 of the roll log as gm writes it: one canonical JSON object a line."""
    return hashlib.sha256("".join(canonical(r) + "\n" for r in rolls).encode("utf-8")).hexdigest()


def outcome_of(rec: dict) -> Any:
    """What a roll's value means: a d100 against a chance, a weighted table, or a plain die."""
    value = rec["value"]
    if rec.get("against") is not None:
        return "success" if value <= rec["against"] else "failure"
    if rec.get("table") is not None:
        total = 0
        for outcome, weight in rec["table"]:
            total += weight
            if value <= total:
                return outcome
        return rec["table"][-1][0]
    return value


MAX_SIDES = 2 ** 64  # far beyond any die or table; a bigger one is a forged record


def _malformed(rec: dict) -> str | None:
    """What makes a roll record unreadable beyond its sides and value (None: nothing)."""
    against, table = rec.get("against"), rec.get("table")
    if against is not None and type(against) is not int:
        return "its chance is not a whole number"
    if table is not None:
        if not isinstance(table, list) or not all(
                isinstance(row, list) and len(row) == 2 and type(row[1]) is int and row[1] >= 0 for row in table):
            return "its table is not a list of [outcome, weight] pairs"
    return None


def check_rolls(rolls: list[dict], key: bytes, engine: str, day: int, expected: int | None = None) -> list[str]:
    """Every problem with a roll log (public or the GM's), as text; an empty list means every roll checks out."""
    problems = []
    for position, rec in enumerate(rolls):
        k, sides, value = rec.get("index"), rec.get("sides"), rec.get("value")
        label = f"roll #{k}" + (f" ({rec['purpose']})" if rec.get("purpose") else "")
        if k != position:
            problems.append(f"{label}: found at position {position} of the log (a roll is missing, repeated or moved)")
            continue
        if not all(type(x) is int for x in (sides, value)) or not 1 <= sides <= MAX_SIDES:
            problems.append(f"{label}: no whole-number sides (1 to 2**64) and value")
            continue
        why = _malformed(rec)
        if why:
            problems.append(f"{label}: {why}")
            continue
        if rec.get("table") is not None and sum(w for _, w in rec["table"]) != sides:
            problems.append(f"{label}: its table's weights do not add up to its {sides} sides")
        want = derive(key, engine, day, k, sides) + 1
        if value != want:
            problems.append(f"{label}: the log says {value}, the dice key gives {want}")
        elif "outcome" in rec and rec["outcome"] != outcome_of(rec):
            problems.append(f"{label}: a value of {value} means {outcome_of(rec)!r}, the log says {rec['outcome']!r}")
    if expected is not None and len(rolls) != expected:
        problems.append(f"the log has {counted(len(rolls), 'roll')}, the day's record says {expected}")
    return problems
