"""The public roll log: every roll's value, with what it was for sealed in a commitment.

result/rolls.jsonl is the GM's log: each roll's purpose, die, value and outcome. A purpose can
name a role, an item held in secret or who attacked whom, so what is posted is
result/rolls.public.jsonl, one line a roll:

    {"commitment":"<64 hex>","index":3,"sides":100,"value":42}

Anyone can re-derive each value from the dice key and see that no roll is missing or repeated.
The commitment is SHA-256 of the canonical JSON of {"day": D, "nonce": N, "roll": <the GM's
record of the roll>}, where the nonce is HMAC-SHA256(veil, "<engine>|<day>|<index>") in hex
and the veil is the day's second secret, which is never revealed with the seed. The player a roll
concerns gets its opening (the day, the nonce and the record) in result/openings/<player>.<ext>,
to send with their message; anyone given an opening can check it against the public line.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from typing import Iterable

from gm.canonical import canonical, digest

OPEN_TAG = "gm-open"


def nonce(veil: bytes, engine: str, day: int, index: int) -> str:
    return hmac.new(veil, f"{engine}|{day}|{index}".encode("utf-8"), hashlib.sha256).hexdigest()


def commitment(day: int, nonce_hex: str, record: dict) -> str:
    return digest({"day": day, "nonce": nonce_hex, "roll": record})


def public_record(day: int, nonce_hex: str, record: dict) -> dict:
    return {"index": record["index"], "sides": record["sides"], "value": record["value"],
            "commitment": commitment(day, nonce_hex, record)}


def public_log(records: Iterable[dict], veil: bytes, engine: str, day: int) -> str:
    return "".join(canonical(public_record(day, nonce(veil, engine, day, r["index"]), r)) + "\n" for r in records)


def concerned(purpose: str, roster: list[str]) -> str | None:
    """The player a roll is about: the first player its purpose names (the one who acts, in the
    engines' wording), or None for a roll about nobody in particular."""
    best = None
    for name in roster:
        m = re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", purpose)
        if m and (best is None or m.start() < best[0]):
            best = (m.start(), name)
    return best[1] if best else None


def openings(records: list[dict], veil: bytes, engine: str, day: int, roster: list[str]) -> dict[str, list[dict]]:
    """Each player's openings: the rolls their name comes first in."""
    out: dict[str, list[dict]] = {}
    for r in records:
        who = concerned(str(r.get("purpose", "")), roster)
        if who is not None:
            out.setdefault(who, []).append({"day": day, "nonce": nonce(veil, engine, day, r["index"]), "roll": r})
    return out


def check_opening(opening: dict, public: dict) -> str | None:
    """Why an opening does not open a public roll line; None when it does."""
    roll = opening.get("roll")
    if not isinstance(roll, dict) or not isinstance(opening.get("nonce"), str):
        return "an opening holds a nonce and a roll"
    if commitment(opening.get("day"), opening["nonce"], roll) != public.get("commitment"):
        return f"roll #{roll.get('index')}: the opening does not match the public line's commitment"
    if roll.get("value") != public.get("value") or roll.get("sides") != public.get("sides"):
        return f"roll #{roll.get('index')}: the opening's die or value differs from the public line"
    return None
