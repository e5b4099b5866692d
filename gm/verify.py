"""`gm verify`: check a day's dice from what was published, without the game folder.

Inputs, all of them public: the commitment post (posted before the orders deadline), the
reveal post (the seed and every player's salt, after the day), and the roll log (result/
rolls.jsonl, or a post or page that holds its lines). The checks:

1. the seed's SHA-256 is the fingerprint in the commitment post, for the same game and day;
2. the dice key follows from the seed and the salts (docs/dice.md, "Salts");
3. every roll's value is what the dice key gives for its index and die, and its outcome
   follows from its value; no roll is missing, repeated or out of place;
4. the roll log is the one the reveal names (its count and SHA-256).

Standard library only, like the recipe in docs/dice.md.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from gm.dice import derive, dice_key
from gm.errors import GmError, LocatedError, Location
from gm.published import find_machine_line

_HEX64 = re.compile(r"^[0-9a-fA-F]{64}$")


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def read_rolls(text: str, where: str) -> list[dict]:
    """Roll records from rolls.jsonl, or from any text that holds its lines (a post, a saved page)."""
    rolls = []
    for n, line in enumerate(text.split("\n"), 1):  # only \n ends a record: a name may hold U+2028
        start, end = line.find("{"), line.rfind("}")
        if start < 0 or end < start or '"index"' not in line:
            continue
        try:
            rec = json.loads(line[start:end + 1])
        except json.JSONDecodeError as exc:
            raise LocatedError(Location(where, n, start + 1 + exc.pos), f"a roll record that is cut or altered ({exc.msg})") from None
        if isinstance(rec, dict) and {"index", "sides", "value"} <= set(rec):
            rolls.append(rec)
    if not rolls and text.strip():  # an empty log is a day without rolls; other text is the wrong file
        raise GmError(f"{where}: no roll records found (give result/rolls.jsonl, or the post that holds its lines)")
    return rolls


def rolls_digest(rolls: list[dict]) -> str:
    """SHA-256 of the roll log as gm writes it: one compact JSON object a line, keys sorted."""
    text = "".join(json.dumps(r, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n" for r in rolls)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


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
    """Every problem with a roll log, as text; an empty list means every roll checks out."""
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
        problems.append(f"the log has {_count(len(rolls), 'roll')}, the day's record says {expected}")
    return problems


@dataclass
class Published:
    """What a player has: the posts' texts (and where they came from)."""

    commit_text: str
    commit_where: str
    rolls_text: str
    rolls_where: str
    reveal_text: str | None = None
    reveal_where: str = "reveal"
    seed_hex: str | None = None  # instead of a reveal post: the values typed in
    engine: str | None = None
    day: int | None = None
    salts: dict[str, str] = field(default_factory=dict)


@dataclass
class Verdict:
    ok: bool
    lines: list[str]


def verify(pub: Published) -> Verdict:
    lines: list[str] = []
    bad: list[str] = []
    commit = _commitment(pub)
    reveal = find_machine_line(pub.reveal_text, "gm-reveal", pub.reveal_where) if pub.reveal_text else {}
    engine = pub.engine or reveal.get("engine") or commit.get("engine")
    day = pub.day if pub.day is not None else reveal.get("day", commit.get("day"))
    seed_hex = pub.seed_hex or reveal.get("seed")
    published_salts = reveal.get("salts") or {}
    if not isinstance(published_salts, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in published_salts.items()):
        raise GmError(f"{pub.reveal_where}: the salts are not names and texts (was the reveal altered?)")
    if seed_hex is not None and not isinstance(seed_hex, str) or type(reveal.get("day", 0)) is not int:
        raise GmError(f"{pub.reveal_where}: the seed or the day is not of the type gm writes (was the reveal altered?)")
    salts = dict(published_salts) | pub.salts
    if not engine or day is None or not seed_hex:
        raise GmError("verify needs the reveal post, or --seed, --engine and --day")
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        raise GmError(f"the seed must be hexadecimal, not {seed_hex!r}") from None
    for key in ("engine", "day"):
        if key in commit and commit[key] != {"engine": engine, "day": day}[key]:
            bad.append(f"the commitment is for {key} {commit[key]!r}, the reveal for {key} {({'engine': engine, 'day': day})[key]!r}")
    lines.append(f"Commitment ({pub.commit_where}): Day {commit.get('day', day)} of {commit.get('engine', engine)}, "
                 f"seed SHA-256 {commit['seed_sha256']}")
    if hashlib.sha256(seed).hexdigest() == commit["seed_sha256"].lower():
        lines.append(f"Seed {seed_hex}: its SHA-256 matches the commitment.")
    else:
        bad.append(f"the seed {seed_hex} does not have the committed SHA-256 (it hashes to {hashlib.sha256(seed).hexdigest()})")
    key = dice_key(seed, salts)
    if salts:
        lines.append(f"Salts ({len(salts)}): {', '.join(f'{n}={s!r}' for n, s in sorted(salts.items()))}; dice key {key.hex()}")
    else:
        lines.append("No salts: the dice key is the seed.")
    if reveal.get("dice_key") and reveal["dice_key"] != key.hex() and not pub.salts:
        bad.append(f"the reveal's dice key {reveal['dice_key']} does not follow from its seed and salts")
    rolls = read_rolls(pub.rolls_text, pub.rolls_where)
    digest = rolls_digest(rolls)
    lines.append(f"Roll log ({pub.rolls_where}): {_count(len(rolls), 'roll')}, SHA-256 {digest}")
    if reveal.get("rolls_sha256") and reveal["rolls_sha256"] != digest:
        bad.append(f"this roll log is not the one the reveal names (SHA-256 {reveal['rolls_sha256']})")
    problems = check_rolls(rolls, key, engine, day, reveal.get("rolls"))
    bad += problems
    if not problems:
        lines.append("Every roll re-derived from the dice key: " +
                     ("its value and outcome match." if len(rolls) == 1 else f"all {len(rolls)} values and outcomes match."))
    if bad:
        lines += [f"FAIL: {b}" for b in bad]
        lines.append(f"NOT VERIFIED: {len(bad)} problem(s).")
        return Verdict(False, lines)
    lines.append(f"OK: every roll of Day {day} follows from the committed seed" + (" and the published salts." if salts else "."))
    return Verdict(True, lines)


def _commitment(pub: Published) -> dict:
    text = pub.commit_text.strip()
    if _HEX64.match(text):
        return {"seed_sha256": text.lower()}
    commit = find_machine_line(pub.commit_text, "gm-commit", pub.commit_where)
    if not isinstance(commit.get("seed_sha256"), str) or not _HEX64.match(commit["seed_sha256"]):
        raise GmError(f"{pub.commit_where}: the gm-commit line has no SHA-256")
    return commit
