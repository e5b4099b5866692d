"""The hash chain: each resolved day's record ties it to everything it was made of, and to the day before.

A day's record is its result/day.json. Besides the seed, the salts and the orders as read, it
holds the SHA-256 of:

    orders_files          each orders file of the day (by file name)
    votes_sha256          days/NN/votes.yaml, when `gm votes` (or the GM) wrote one
    rulings_yaml_sha256   days/NN/rulings.yaml, when the GM made rulings (gm/rulings.py)
    chain.rolls_sha256    result/rolls.jsonl
    chain.outputs_sha256  every other file of result/ (posts, messages, summary, events, state)
    chain.previous_record the previous day's day.json, byte for byte (null on Day 0)

so changing anything of a day after the fact shows, and so does changing a day's record after
the next day was resolved. `gm audit --all` (gm/gmday/audit.py) walks the chain from Day 0, replays
every day, and names the first day where anything differs, and what (docs/fairness.md).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from gm.errors import GmError, StateError
from gm.gamedir import GameDir
from gm.paths import display_path

RECORD = "day.json"
NOT_CHAINED = ("day.json", "changes.diff")  # the record itself, and the diff of a --force
HEAD = "chain-head.json"  # in the game folder: the last day resolved and its record's SHA-256


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_text(text: str) -> str:
    return sha256_bytes(text.encode("utf-8"))


def chain_fields(checked, files: dict[str, str]) -> dict:
    """The fields of day.json that chain the day: the result files made so far, and the digests of
    the previous record and votes.yaml as gm/pipeline/day.py read them (a CheckedDay)."""
    fields: dict = {"chain": {
        "previous_record": checked.previous_record,
        "rolls_sha256": sha256_text(files["rolls.jsonl"]),
        "outputs_sha256": {rel: sha256_text(text) for rel, text in sorted(files.items()) if rel != "rolls.jsonl"},
    }}
    if checked.votes_digest is not None:
        fields["votes_sha256"] = checked.votes_digest
    if checked.story_digest is not None:
        fields["story_sha256"] = checked.story_digest
    return fields


def revealed_record_sha256(gd: GameDir, day: int) -> str | None:
    """The SHA-256 of day.json as the day's reveal post published it (None: no readable reveal)."""
    from gm.fairness.commitment import REVEAL_TAG
    from gm.forum.machine_lines import find_machine_line

    for ext in ("bbcode", "md"):
        path = gd.result_dir(day) / f"reveal.{ext}"
        if not path.is_file():
            continue
        try:
            rec = find_machine_line(path.read_text(encoding="utf-8"), REVEAL_TAG, shown_path(gd, path))
        except (OSError, UnicodeDecodeError, GmError):
            return None
        value = rec.get("record_sha256")
        return value if isinstance(value, str) else None
    return None


def check_base(gd: GameDir, day: int) -> None:
    """Before Day `day` is checked or resolved: the day before must be as it was resolved.

    Its state.json is what the next day starts from, so an edited one (99 health, a 99-shot
    Rifle) would be played on without a word; its record must be the one its reveal post names.
    """
    if day < 1:
        return
    prev = day - 1
    rec_path = gd.result_dir(prev) / RECORD
    hint = f"run `gm audit {display_path(gd.root)} --all`, or resolve Day {prev} again with --force"
    try:
        raw = rec_path.read_bytes()
        record = json.loads(raw)
    except FileNotFoundError:
        raise StateError(f"{display_path(rec_path)} is missing: Day {day} cannot start from an unrecorded Day {prev}") from None
    except (OSError, ValueError, RecursionError):
        raise StateError(f"{display_path(rec_path)}: not a day's record (was it edited?): {hint}") from None
    published = revealed_record_sha256(gd, prev)
    if published is not None and published != sha256_bytes(raw):
        raise StateError(f"{display_path(rec_path)}: changed after Day {prev} was resolved (its reveal post names "
                         f"another SHA-256): {hint}")
    if published is None and isinstance(record, dict) and "chain" not in record:
        return  # resolved by a gm older than the hash chain: nothing to check against (docs/fairness.md)
    try:
        recorded = record["chain"]["outputs_sha256"]["state.json"]
    except (KeyError, TypeError):
        raise StateError(f"{display_path(rec_path)}: not a day's record (was it edited?): {hint}") from None
    state = gd.result_dir(prev) / "state.json"
    try:
        actual = sha256_bytes(state.read_bytes())
    except OSError:
        actual = None
    if actual != recorded:
        raise StateError(f"{display_path(state)}: changed after Day {prev} was resolved (its SHA-256 is not the one "
                         f"in {display_path(rec_path)}): Day {day} would start from an edited state; {hint}. "
                         f"To change the game, write a ruling in days/{day:02d}/rulings.yaml instead, e.g. "
                         f"`- health: {{player: NAME, to: 3}}` (`gm rules --rulings` lists them)")


def read_head(gd: GameDir) -> dict | None:
    """chain-head.json, if it is there and readable."""
    try:
        head = json.loads((gd.root / HEAD).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(head, dict) or type(head.get("day")) is not int or not isinstance(head.get("record_sha256"), str):
        return None
    return head


def write_head(gd: GameDir, day: int) -> None:
    """Name the last day resolved (and its record), so deleting it leaves a trace `gm audit --all` reads."""
    from gm.storage.atomic import replace_file_atomically

    head = read_head(gd)
    if head is not None and head["day"] > day:
        return  # an earlier day resolved again: the head stays the last day
    raw = (gd.result_dir(day) / RECORD).read_bytes()
    replace_file_atomically(gd.root / HEAD, json.dumps(
        {"day": day, "record_sha256": sha256_bytes(raw)}, sort_keys=True, indent=2) + "\n")


def record_logged(gd: GameDir, day: int) -> bool:
    """Whether fairness.log vouches for the record now in days/NN/result/ (gm resolve logs it first)."""
    from gm.fairness.commitment import read_log

    try:
        sha = sha256_bytes((gd.result_dir(day) / RECORD).read_bytes())
    except OSError:
        return False
    return any(e.get("event") == "resolve" and e.get("day") == day and e.get("record_sha256") == sha for e in read_log(gd))


def write_result(gd: GameDir, day: int, files: dict[str, str], force: bool = False) -> Path:
    """The day's result folder (GameDir.write_result), then the chain's head: the disk layer knows
    files, fairness knows the chain."""
    final = gd.write_result(day, files, force=force)
    try:
        write_head(gd, day)
    except OSError as exc:  # the day is resolved all the same: say what is behind, and why
        gd.notes.append(f"warning: Day {day} is resolved, but {display_path(gd.root / HEAD)} could not be "
                        f"updated ({exc.strerror}): resolve the day again with --force once there is room")
    return final


def shown_path(gd: GameDir, path: Path) -> str:
    """A path relative to the game folder, as players and GMs see it in any copy of the game."""
    try:
        return path.relative_to(gd.root).as_posix()
    except ValueError:
        return display_path(path)


