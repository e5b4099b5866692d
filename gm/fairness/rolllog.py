"""The public roll log: every roll's value, with what it was for sealed in a commitment.

result/rolls.jsonl is the GM's log: each roll's purpose, die, value and outcome. A purpose can
name a role, an item held in secret or who attacked whom, so what is posted is
result/rolls.public.jsonl, one line a roll:

    {"commitment":"<64 hex>","index":3,"sides":100,"value":42}

Anyone can re-derive each value from the dice key and see that no roll is missing or repeated.
The commitment is SHA-256 of the canonical JSON of {"day": D, "nonce": N, "roll": <the sealed
record>}, where the nonce is HMAC-SHA256(veil, "<engine>|<day>|<index>") in hex and the veil is
the day's second secret, which is never revealed with the seed. The sealed record is the GM's
record of the roll with a weighted table's rows replaced by "table_sha256", the SHA-256 of
{"nonce": N, "table": <rows>}: the rows can name what lies where (the other items a search could
have found), which the player must not learn from their own roll. The players a roll is about
(Roll.about, as the engine rolled it) get its opening (the day, the nonce and the sealed record)
in result/openings/<player>.<ext>, to send with their message; anyone given an opening can check it against the public line.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Iterable

from gm.canonical import canonical, digest

OPEN_TAG = "gm-open"


def nonce(veil: bytes, engine: str, day: int, index: int) -> str:
    return hmac.new(veil, f"{engine}|{day}|{index}".encode("utf-8"), hashlib.sha256).hexdigest()


def sealed(nonce_hex: str, record: dict) -> dict:
    """The record a commitment covers: a table's rows sealed by their own digest."""
    if record.get("table") is None:
        return record
    out = {k: v for k, v in record.items() if k != "table"}
    out["table_sha256"] = digest({"nonce": nonce_hex, "table": record["table"]})
    return out


def commitment(day: int, nonce_hex: str, record: dict) -> str:
    return digest({"day": day, "nonce": nonce_hex, "roll": sealed(nonce_hex, record)})


def public_record(day: int, nonce_hex: str, record: dict) -> dict:
    return {"index": record["index"], "sides": record["sides"], "value": record["value"],
            "commitment": commitment(day, nonce_hex, record)}


def public_log(records: Iterable[dict], veil: bytes, engine: str, day: int) -> str:
    return "".join(canonical(public_record(day, nonce(veil, engine, day, r["index"]), r)) + "\n" for r in records)


def openings(rolls: list, veil: bytes, engine: str, day: int) -> dict[str, list[dict]]:
    """Each player's openings: the rolls whose `about` names them (gm/dice.py's Roll: the players
    entitled to what the roll was for, as the engine said when it rolled). A roll about nobody is
    opened to nobody until the game ends; a purpose is never read for a name."""
    out: dict[str, list[dict]] = {}
    for roll in rolls:
        if not roll.about:
            continue
        r = roll.record()
        n = nonce(veil, engine, day, r["index"])
        for who in roll.about:
            out.setdefault(who, []).append({"day": day, "nonce": n, "roll": sealed(n, r)})
    return out


def full_openings(records: list[dict], veil: bytes, engine: str, day: int) -> list[dict]:
    """Every roll of a day opened, its table's rows included: for the post that reveals every purpose
    when the game has ended (`gm reveal --purposes`)."""
    out = []
    for r in records:
        n = nonce(veil, engine, day, r["index"])
        opening = {"day": day, "nonce": n, "roll": sealed(n, r)}
        if r.get("table") is not None:
            opening["table"] = r["table"]
        out.append(opening)
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
    if "table" in opening and digest({"nonce": opening["nonce"], "table": opening["table"]}) != roll.get("table_sha256"):
        return f"roll #{roll.get('index')}: the table given is not the one sealed in the roll"
    return None
