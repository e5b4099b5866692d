"""One day's record held against its files, link by link (`gm audit`, gm/gmday/audit.py): the
seed and its commitment, the lock, the corrections, the fairness log, the roll log, the outputs
and the link to the next day. The chain itself (the record's fields, its head) is gm/fairness/chain.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from gm.errors import GmError
from gm.fairness.chain import NOT_CHAINED, RECORD, revealed_record_sha256, sha256_bytes, shown_path
from gm.gamedir import GameDir
from gm.text import counted


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


def _check_reveal(gd: GameDir, day: int, out: DayAudit) -> None:
    """The record must be the one the day's reveal post names: so an edited record (its link to
    the day before, say) is named as such, and not blamed on the day before."""
    published = revealed_record_sha256(gd, day)
    if published is None:
        return  # the replay names a missing or changed reveal post
    if published != out.record_sha256:
        out.findings.append(f"{shown_path(gd, gd.result_dir(day) / RECORD)}: changed after Day {day} was resolved "
                            f"(its reveal post names SHA-256 {published[:12]}..., now {str(out.record_sha256)[:12]}...)")


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
    out.notes.append(counted(len(recorded), "orders file") + (" and votes.yaml" if record.get("votes_sha256") else "")
                     + (" and story.md" if record.get("story_sha256") else ""))


def _check_seed(gd: GameDir, day: int, record: dict, out: DayAudit) -> None:
    from gm.fairness.beacon import signature_problem
    from gm.fairness.commitment import COMMIT_TAG, commit_path, seed_path
    from gm.dice import dice_key
    from gm.forum.machine_lines import find_machine_line

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
    from gm.fairness.roll_check import check_rolls, read_rolls

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
        out.notes.append(f"{counted(len(rolls), 'roll')} re-derived from the dice key")


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
