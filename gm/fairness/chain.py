"""The hash chain: each resolved day's record ties it to everything it was made of, and to the day before.

A day's record is its result/day.json. Besides the seed, the salts and the orders as read, it
holds the SHA-256 of:

    orders_files          each orders file of the day (by file name)
    votes_sha256          days/NN/votes.yaml, when `gm votes` (or the GM) wrote one
    rulings_yaml_sha256   days/NN/rulings.yaml, when the GM made rulings (gm/gmday/rulings.py)
    chain.rolls_sha256    result/rolls.jsonl
    chain.outputs_sha256  every other file of result/ (posts, messages, summary, events, state)
    chain.previous_record the previous day's day.json, byte for byte (null on Day 0)

so changing anything of a day after the fact shows, and so does changing a day's record after
the next day was resolved. `gm audit --all` (gm/fairness/audit.py) walks the chain from Day 0, replays
every day, and names the first day where anything differs, and what (docs/fairness.md).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from gm.errors import GmError, StateError
from gm.storage.gamedir import GameDir
from gm.yamlio import display_path

RECORD = "day.json"
NOT_CHAINED = ("day.json", "changes.diff")  # the record itself, and the diff of a --force
HEAD = "chain-head.json"  # in the game folder: the last day resolved and its record's SHA-256


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


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


@dataclass(eq=False, repr=False)
class DayAudit:
    """What checking one day's artefacts found."""

    day: int
    findings: list[str] = field(default_factory=list)  # "<artefact>: what is wrong with it"
    notes: list[str] = field(default_factory=list)  # what was checked
    record_sha256: str | None = None

    @property
    def ok(self) -> bool:
        return not self.findings


def check_day(gd: GameDir, day: int) -> DayAudit:
    """Every check of one resolved day that needs no replay: its record against the files, the seed
    against the commitment, each roll against the dice key, the link from the next day."""
    out = DayAudit(day)
    result = gd.result_dir(day)
    rec_path = result / RECORD
    try:
        raw = rec_path.read_bytes()
        record = json.loads(raw)
        chain = record["chain"]
        out.record_sha256 = sha256_bytes(raw)
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        out.findings.append(f"{shown_path(gd, rec_path)}: missing, unreadable or without a chain record")
        return out
    wrong = _ill_typed(record)
    if wrong:
        out.findings.append(f"{shown_path(gd, rec_path)}: changed after Day {day} was resolved ({wrong})")
        return out
    _check_reveal(gd, day, out)
    _check_inputs(gd, day, record, out)
    _check_seed(gd, day, record, out)
    _check_rounds(gd, day, record, out)
    _check_lock(gd, day, record, out)
    _check_log(gd, day, record, out)
    _check_corrections(gd, day, record, out)
    _check_rolls(gd, day, record, chain, out)
    _check_outputs(gd, day, chain, out)
    _check_next_link(gd, day, out)
    return out


_HEX = set("0123456789abcdef")


def _ill_typed(record) -> str | None:
    """What in a day's record is not of the type gm writes (None: all is well). Read before any
    of it is used, so an edited record is named, never a crash or an endless loop."""
    def digest(x):
        return isinstance(x, str) and len(x) == 64 and set(x) <= _HEX

    def digests(x):
        return isinstance(x, dict) and all(isinstance(k, str) and digest(v) for k, v in x.items())

    if not isinstance(record, dict):
        return "it is not a JSON object"
    chain = record.get("chain")
    salts = record.get("salts", {})
    checks = {
        "chain": isinstance(chain, dict),
        "chain.previous_record": isinstance(chain, dict) and (chain.get("previous_record") is None
                                                              or digest(chain.get("previous_record"))),
        "chain.rolls_sha256": isinstance(chain, dict) and digest(chain.get("rolls_sha256")),
        "chain.outputs_sha256": isinstance(chain, dict) and digests(chain.get("outputs_sha256")),
        "orders_files": digests(record.get("orders_files", {})),
        "votes_sha256": record.get("votes_sha256") is None or digest(record.get("votes_sha256")),
        "rolls": type(record.get("rolls")) is int and 0 <= record["rolls"] <= 10**9,
        "day": type(record.get("day")) is int and 0 <= record["day"] <= 10**6,
        "seed": isinstance(record.get("seed"), str) and 0 < len(record["seed"]) <= 1024,
        "dice_key": isinstance(record.get("dice_key"), str) and len(record["dice_key"]) <= 1024,
        "salts": isinstance(salts, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in salts.items()),
        "rounds_sha256": isinstance(record.get("rounds_sha256", []), list) and all(
            digest(x) for x in record.get("rounds_sha256", [])),
        "game_yaml": record.get("game_yaml") is None or isinstance(record.get("game_yaml"), str),
        "game_files": isinstance(record.get("game_files", {}), dict) and all(
            isinstance(k, str) and isinstance(v, str) for k, v in record.get("game_files", {}).items()),
    }
    bad = [k for k, ok in checks.items() if not ok]
    return f"{', '.join(bad)}: not of the type gm writes" if bad else None


def revealed_record_sha256(gd: GameDir, day: int) -> str | None:
    """The SHA-256 of day.json as the day's reveal post published it (None: no readable reveal)."""
    from gm.fairness.commitment import REVEAL_TAG
    from gm.fairness.machine_lines import find_machine_line

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


def _check_reveal(gd: GameDir, day: int, out: DayAudit) -> None:
    """The record must be the one the day's reveal post names: so an edited record (its link to
    the day before, say) is named as such, and not blamed on the day before."""
    published = revealed_record_sha256(gd, day)
    if published is None:
        return  # the replay names a missing or changed reveal post
    if published != out.record_sha256:
        out.findings.append(f"{shown_path(gd, gd.result_dir(day) / RECORD)}: changed after Day {day} was resolved "
                            f"(its reveal post names SHA-256 {published[:12]}..., now {str(out.record_sha256)[:12]}...)")


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
    from gm.storage.gamedir import replace_file_atomically

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


def _compare(gd: GameDir, out: DayAudit, path: Path, recorded: str | None, what: str) -> None:
    actual = sha256_bytes(path.read_bytes()) if path.is_file() else None
    if recorded == actual:
        return
    day = out.day
    if actual is None:
        out.findings.append(f"{shown_path(gd, path)}: removed after Day {day} was resolved ({what})")
    elif recorded is None:
        out.findings.append(f"{shown_path(gd, path)}: added after Day {day} was resolved ({what})")
    else:
        out.findings.append(f"{shown_path(gd, path)}: changed after Day {day} was resolved ({what}; "
                            f"recorded SHA-256 {recorded[:12]}..., now {actual[:12]}...)")


def _check_inputs(gd: GameDir, day: int, record: dict, out: DayAudit) -> None:
    recorded = record.get("orders_files") or {}
    on_disk = {p.name for p in gd.orders_files(day)}
    for name in sorted(set(recorded) | on_disk):
        _compare(gd, out, gd.orders_dir(day) / name, recorded.get(name), "an orders file")
    _compare(gd, out, gd.votes_path(day), record.get("votes_sha256"), "the thread's votes")
    _compare(gd, out, gd.story_path(day), record.get("story_sha256"), "the GM's story for the post")
    _compare(gd, out, gd.day_dir(day) / "rulings.yaml", record.get("rulings_yaml_sha256"), "the GM's rulings")
    out.notes.append(_count(len(recorded), "orders file") + (" and votes.yaml" if record.get("votes_sha256") else "")
                     + (" and story.md" if record.get("story_sha256") else ""))


def _check_seed(gd: GameDir, day: int, record: dict, out: DayAudit) -> None:
    from gm.fairness.beacon import signature_problem
    from gm.fairness.commitment import COMMIT_TAG, commit_path, seed_path
    from gm.dice import dice_key
    from gm.fairness.machine_lines import find_machine_line

    rec = shown_path(gd, gd.result_dir(day) / RECORD)
    try:
        seed = bytes.fromhex(record["seed"])
        salts = dict(record.get("salts") or {})
        beacon = record.get("beacon")
    except (KeyError, ValueError, TypeError):
        out.findings.append(f"{rec}: no readable seed")
        return
    if sha256_bytes(seed) != record.get("seed_sha256"):
        out.findings.append(f"{rec}: the seed does not hash to the recorded seed_sha256")
    if dice_key(seed, salts, beacon).hex() != record.get("dice_key", seed.hex()):
        out.findings.append(f"{rec}: the dice key does not follow from the seed, the salts and the beacon")
    if beacon:
        problem = signature_problem(int(beacon.get("round", 0)), str(beacon.get("signature", "")))
        if problem:
            out.findings.append(f"{rec}: beacon round {beacon.get('round')}: {problem}")
    post = commit_path(gd, day)
    if post.is_file():
        try:
            committed = find_machine_line(post.read_text(encoding="utf-8"), COMMIT_TAG, shown_path(gd, post))
        except GmError as exc:
            out.findings.append(f"{shown_path(gd, post)}: {exc}")
        else:
            _check_commitment(gd, day, record, committed, seed, out)
    elif record.get("seed_committed"):
        out.findings.append(f"{shown_path(gd, post)}: removed after Day {day} was resolved (the seed was committed)")
    secret = seed_path(gd, day)
    if secret.is_file() and secret.read_text(encoding="utf-8", errors="replace").split()[:1] != [seed.hex()]:
        out.findings.append(f"{shown_path(gd, secret)}: is not the seed Day {day} was resolved with")


def _check_rounds(gd: GameDir, day: int, record: dict, out: DayAudit) -> None:
    from gm.fairness.announce import audit_rounds

    findings, notes = audit_rounds(gd, day, record, lambda path: shown_path(gd, path))
    out.findings += findings
    out.notes += notes


def _check_commitment(gd: GameDir, day: int, record: dict, committed: dict, seed: bytes, out: DayAudit) -> None:
    from gm.fairness.commitment import commit_path
    from gm.fairness.rounds import announcements, current

    post = shown_path(gd, commit_path(gd, day))
    if committed.get("seed_sha256") != sha256_bytes(seed) or committed.get("day") != day:
        out.findings.append(f"{post}: commits to another seed than the one Day {day} was resolved with")
        return
    try:  # the round in force: the last announced (their own checks are _check_rounds'), else the committed one
        named = current(committed, [a.record for a in announcements(gd, day)])[0]
    except (GmError, OSError, UnicodeDecodeError):
        named = (committed.get("beacon") or {}).get("round")
    used = (record.get("beacon") or {}).get("round")
    skipped = record.get("no_beacon") if isinstance(record.get("no_beacon"), dict) else {}
    if named != used and not (used is None and skipped.get("round") == named):
        out.findings.append(f"{post}: names beacon round {named} (or its last announcement does), but Day {day} was "
                            f"resolved with {used}")
    previous = None
    if day > 0:
        try:
            previous = sha256_bytes((gd.result_dir(day - 1) / RECORD).read_bytes())
        except OSError:
            previous = None
    if "previous_record" in committed and committed["previous_record"] != previous:
        out.findings.append(f"{post}: names {str(committed['previous_record'])[:12]}... as Day {day - 1}'s record, "
                            f"which is now {str(previous)[:12]}... (Day {day - 1} changed after Day {day} was committed)")
    if record.get("commit_sha256") and record["commit_sha256"] != sha256_bytes(commit_path(gd, day).read_bytes()):
        out.findings.append(f"{post}: changed after Day {day} was resolved (the commitment post)")
    else:
        out.notes.append("seed matches its commitment" + (f", beacon round {used} checked" if used else ""))


def _check_lock(gd: GameDir, day: int, record: dict, out: DayAudit) -> None:
    """The orders and salts the day was resolved from, against the lock posted at the deadline."""
    from gm.fairness.lock import file_differences, lock_path, lock_problems, read_lock, salt_differences

    path = lock_path(gd, day)
    shown = shown_path(gd, path)
    if not path.is_file():
        if record.get("lock_sha256"):
            out.findings.append(f"{shown}: removed after Day {day} was resolved (the orders were locked)")
        return
    if record.get("lock_sha256") is None:
        out.findings.append(f"{shown}: added after Day {day} was resolved")
        return
    if sha256_bytes(path.read_bytes()) != record["lock_sha256"]:
        out.findings.append(f"{shown}: changed after Day {day} was resolved (the lock post)")
    try:
        lock = read_lock(gd, day)
    except GmError as exc:
        out.findings.append(f"{shown}: {str(exc).splitlines()[0]}")
        return
    out.findings += [f"{shown}: {p}" for p in lock_problems(lock)]
    out.findings += [f"{shown}: {d}" for d in salt_differences(lock.salts, dict(record.get("salts") or {}))]
    ruled = {f for r in record.get("rulings") or [] for f in r.get("files", [])}
    from gm.fairness.commitment import sealed_files

    try:
        veil = bytes.fromhex(str(record.get("veil")))
    except ValueError:
        veil = b""
    for d in file_differences(lock.files, sealed_files(veil, record.get("engine"), day, record.get("orders_files") or {})):
        if d.split(" was ")[0] not in ruled:
            out.findings.append(f"{shown}: orders file {d} after the lock, and no ruling says why")
    if not out.findings:
        out.notes.append("orders and salts as locked" + (f", {len(record.get('rulings') or [])} late change(s)" if record.get("rulings") else ""))


def _check_corrections(gd: GameDir, day: int, record: dict, out: DayAudit) -> None:
    """Each earlier result a correction names is kept beside the day's result (result.N/)."""
    corrections = record.get("corrections") or []
    if not corrections:
        return
    kept = set()
    for folder in gd.day_dir(day).glob("result.*"):
        try:
            kept.add(sha256_bytes((folder / RECORD).read_bytes()))
        except OSError:
            continue
    for c in corrections:
        if c.get("previous_record") not in kept:
            out.findings.append(f"{shown_path(gd, gd.day_dir(day))}: the result Day {day} had before its correction "
                                f"({str(c.get('previous_record'))[:12]}...) is gone: every earlier result stays on record")
    if not out.findings:
        out.notes.append(f"{len(corrections)} correction(s), each earlier result kept")


def _check_log(gd: GameDir, day: int, record: dict, out: DayAudit) -> None:
    """fairness.log, against the record: one commitment a day, and every earlier resolution of the
    day named by a correction (so a result deleted and made again shows)."""
    from gm.fairness.commitment import LOG_FILE, read_log

    if not (gd.root / LOG_FILE).is_file():
        out.findings.append(f"{LOG_FILE}: missing (deleted?): every commitment and resolution is logged there")
        return
    events = [e for e in read_log(gd) if e.get("day") == day]
    if out.record_sha256 is not None and not any(e.get("event") == "resolve" and e.get("record_sha256") == out.record_sha256
                                                 for e in events):
        out.findings.append(f"{LOG_FILE}: has no line for this result of Day {day} (record {out.record_sha256[:12]}...): "
                            "the log was cut short or edited")
    if not events:
        return
    commits = [e for e in events if e.get("event") == "commit"]
    if len(commits) > 1:
        out.findings.append(f"{LOG_FILE}: Day {day} was committed {len(commits)} times (a commitment made again "
                            "after its files were deleted): only the first one posted counts")
    elif commits and record.get("commit_sha256") and commits[0].get("commit_sha256") != record["commit_sha256"]:
        out.findings.append(f"{LOG_FILE}: Day {day} was resolved with another commitment than the one logged")
    locks = [e for e in events if e.get("event") == "lock"]
    made = list(dict.fromkeys(e.get("lock_sha256") for e in locks))  # every lock counts, not only the last
    if len(made) > 1:
        out.findings.append(f"{LOG_FILE}: Day {day} was locked {len(made)} times (a lock made again after its post "
                            "was deleted): only the first one posted counts")
    elif locks and locks[-1].get("lock_sha256") != record.get("lock_sha256"):
        out.findings.append(f"{LOG_FILE}: Day {day} was locked (`gm lock`), but resolved "
                            + ("without its lock" if record.get("lock_sha256") is None else "with another lock"))
    superseded = {c.get("previous_record") for c in record.get("corrections") or []}
    for e in events:
        if e.get("event") == "resolve" and e.get("record_sha256") not in superseded | {out.record_sha256}:
            out.findings.append(f"{LOG_FILE}: Day {day} was resolved before (record {str(e.get('record_sha256'))[:12]}...) "
                                "and that result was replaced without a correction (gm resolve --force --reason), "
                                "or a `gm resolve` stopped before putting it in place (run it again)")


def _check_rolls(gd: GameDir, day: int, record: dict, chain: dict, out: DayAudit) -> None:
    from gm.fairness.verify import check_rolls, read_rolls

    path = gd.result_dir(day) / "rolls.jsonl"
    _compare(gd, out, path, chain.get("rolls_sha256"), "the roll log")
    if not path.is_file():
        return
    try:
        rolls = read_rolls(path.read_text(encoding="utf-8"), shown_path(gd, path))
        key = bytes.fromhex(record["dice_key"])
    except (GmError, KeyError, ValueError, UnicodeDecodeError) as exc:
        out.findings.append(f"{shown_path(gd, path)}: cannot be read as a roll log ({exc})")
        return
    problems = check_rolls(rolls, key, record.get("engine", ""), day, record.get("rolls"))
    public = gd.result_dir(day) / "rolls.public.jsonl"
    if public.is_file() and "veil" in record:
        from gm.fairness.rolllog import public_log

        if public.read_text(encoding="utf-8") != public_log(rolls, bytes.fromhex(record["veil"]), record.get("engine", ""), day):
            problems.append("the public roll log does not seal these rolls (rolls.public.jsonl was changed)")
    out.findings += [f"{shown_path(gd, path)}: {p}" for p in problems[:5]]
    if len(problems) > 5:
        out.findings.append(f"{shown_path(gd, path)}: ... and {len(problems) - 5} more")
    if not problems:
        out.notes.append(f"{_count(len(rolls), 'roll')} re-derived from the dice key")


def _check_outputs(gd: GameDir, day: int, chain: dict, out: DayAudit) -> None:
    result = gd.result_dir(day)
    recorded = chain.get("outputs_sha256") or {}
    on_disk = {p.relative_to(result).as_posix() for p in result.rglob("*") if p.is_file()}
    on_disk = {rel for rel in on_disk if rel not in NOT_CHAINED + ("rolls.jsonl",) and not rel.startswith(("reveal.", "correction."))}
    for rel in sorted(set(recorded) | on_disk):
        _compare(gd, out, result / rel, recorded.get(rel), "a post" if rel.endswith((".bbcode", ".md", ".txt")) else "an output")


def _check_next_link(gd: GameDir, day: int, out: DayAudit) -> None:
    nxt = gd.result_dir(day + 1) / RECORD
    if not nxt.is_file() or out.record_sha256 is None:
        return
    try:
        raw = nxt.read_bytes()
        recorded = json.loads(raw)["chain"]["previous_record"]
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return  # Day N+1's own check reports its unreadable record
    published = revealed_record_sha256(gd, day + 1)
    if published is not None and published != sha256_bytes(raw):
        return  # Day N+1's record was changed (its link with it): its own check names it
    if recorded != out.record_sha256:
        out.findings.append(f"{shown_path(gd, gd.result_dir(day) / RECORD)}: changed after Day {day + 1} was resolved "
                            f"(Day {day + 1} recorded SHA-256 {str(recorded)[:12]}... for it, now {out.record_sha256[:12]}...)")
    else:
        out.notes.append(f"Day {day + 1} links to this record")
