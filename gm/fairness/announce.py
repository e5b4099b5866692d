"""Making an announcement of a new round (`gm commit --new-deadline`), and `gm audit`'s checks of a
day's announcements. The format and the chain they make: gm/fairness/rounds.py.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime

from gm.errors import GmError, StateError
from gm.fairness.rounds import MAX_ROUNDS, ROUND_TAG, announcements, current, round_path, round_problems
from gm.gamedir import Game, GameDir
from gm.paths import display_path
from gm.storage.atomic import create_file_atomically


@dataclass
class Announced:
    day: int
    post: str
    path: str
    round: int
    deadline: datetime
    new: bool = True
    warnings: list[str] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)
    record: dict = field(default_factory=dict)


def announce_round(gd: GameDir, game: Game, day: int, new_deadline: datetime, reason: str,
                   now: datetime | None = None) -> Announced:
    """Name a new round for a committed day whose deadline moves past its round: refused once that
    round is out, for a locked or resolved day, or for a deadline that does not need a new round."""
    from gm.fairness.beacon import round_after, round_time, utc_text, utc_words
    from gm.fairness.commitment import LOG_FILE, clock, commit_path, committed_record, log_event, take_back_log
    from gm.fairness.lock import lock_path
    from gm.names import reason_problem

    reason = (reason or "").strip()
    problem = reason_problem(reason, "--reason", "--new-deadline needs --reason \"...\": the announcement says why "
                             "the deadline moves", "--reason is at most 500 characters: it goes into the post")
    if problem:
        raise StateError(problem)
    if gd.is_resolved(day):
        raise StateError(f"Day {day} is already resolved: its deadline can no longer move")
    post = commit_path(gd, day)
    if not post.is_file():
        raise StateError(f"Day {day} has no commitment ({display_path(post)}): commit it with --deadline, "
                         "which names the round")
    if lock_path(gd, day).is_file():
        raise StateError(f"Day {day} is locked ({display_path(lock_path(gd, day))}): the lock names its round and "
                         "fixed the orders; a deadline cannot move after it")
    commit = committed_record(gd, day)
    if not commit.get("beacon"):
        raise StateError(f"Day {day}'s commitment names no beacon round (made without --deadline): there is no round "
                         "to replace; a deadline ruling alone moves its deadline")
    earlier = announcements(gd, day)
    if len(earlier) >= MAX_ROUNDS:
        raise StateError(f"Day {day} already has {MAX_ROUNDS} announcements of a new round: no more")
    if earlier and earlier[-1].record.get("deadline") == utc_text(new_deadline):  # the same again: its post again
        last = earlier[-1]
        return Announced(day, round_path(gd, day, len(earlier)).read_text(encoding="utf-8"), last.path,
                         last.record["round"], new_deadline, new=False)
    finished = _finish(gd, game, day, len(earlier) + 1)
    if finished is not None:
        if finished.record["deadline"] != utc_text(new_deadline):
            finished.warnings.append(f"note: this is the announcement a stopped run logged (deadline "
                                     f"{finished.record['deadline']}); run again to move the deadline once more")
        return finished
    old_round, old_deadline = current(commit, [a.record for a in earlier])
    now = clock(now)
    if now >= round_time(old_round):
        raise StateError(f"drand quicknet round {old_round}, which Day {day}'s dice are to take, is already out "
                         f"(published {utc_words(round_time(old_round), game.zone)}; it is {utc_words(now, game.zone)}): a new round "
                         "announced now comes too late, as anyone could know the old one's dice. Keep the deadline, "
                         "or resolve with --no-beacon \"why\" (the reveal says so in its first line)")
    if new_deadline <= now:
        raise StateError(f"the new deadline {utc_words(new_deadline, game.zone)} is already past (it is {utc_words(now, game.zone)})")
    new_round = round_after(new_deadline)
    if round_time(old_round) > new_deadline:
        raise StateError(f"the new deadline {utc_words(new_deadline, game.zone)} comes before round {old_round} "
                         f"(published {utc_words(round_time(old_round), game.zone)}): the day keeps its round, no announcement is "
                         "needed (a `deadline:` ruling in rulings.yaml moves the deadline)")
    previous = earlier[-1].sha256 if earlier else hashlib.sha256(post.read_bytes()).hexdigest()
    n = len(earlier) + 1
    record = {"day": day, "engine": commit.get("engine"), "game": commit.get("game"), "n": n,
              "seed_sha256": commit.get("seed_sha256"), "previous_sha256": previous,
              "from_round": old_round, "from_deadline": utc_text(old_deadline) if old_deadline else None,
              "round": new_round, "deadline": utc_text(new_deadline), "made": utc_text(now), "reason": reason}
    text = _post(game, record)
    path = round_path(gd, day, n)
    log = gd.root / LOG_FILE
    size = log.stat().st_size if log.is_file() else None
    try:  # the log line first, then the post it vouches for (as gm commit does)
        log_event(gd, {"event": "round", "day": day, "n": n, "round": new_round, "record": record,
                       "round_sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()})
        create_file_atomically(path, text)
    except BaseException:
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            path.unlink()
        take_back_log(log, size)
        raise
    return Announced(day, text, display_path(path), new_round, new_deadline, record=record)


def _post(game: Game, record: dict) -> str:
    """The announcement post, made from its gm-round record alone (so a logged one can be made again)."""
    from gm.fairness.beacon import parse_utc_text, round_time, utc_words
    from gm.forum.machine_lines import check_fits, check_machine_lines, machine_line
    from gm.forum.render import render_post

    old = parse_utc_text(record["from_deadline"]) if record.get("from_deadline") else None
    words = {"from_deadline": utc_words(old, game.zone) if old else "none set",
             "deadline": utc_words(parse_utc_text(record["deadline"]), game.zone),
             "from_round_time": utc_words(round_time(record["from_round"]), game.zone),
             "round_time": utc_words(round_time(record["round"]), game.zone), "made": utc_words(parse_utc_text(record["made"]), game.zone)}
    line = machine_line(ROUND_TAG, record)
    text = render_post(game, "round.j2", day=record["day"], record=record, machine=line, words=words)
    check_machine_lines(text, [line], "the announcement of a new round")
    check_fits(text, game.forum.max_length if game.forum else None, "the announcement of a new round")
    return text


def _finish(gd: GameDir, game: Game, day: int, n: int) -> Announced | None:
    """Announcement `n`, logged by a run stopped before it wrote the post: made again from the logged
    record, and written only if it is, byte for byte, the post the log vouches for."""
    from gm.fairness.beacon import parse_utc_text
    from gm.fairness.commitment import read_log

    logged = [e for e in read_log(gd) if e.get("event") == "round" and e.get("day") == day and e.get("n") == n]
    if not logged or not isinstance(logged[-1].get("record"), dict):
        return None
    record = logged[-1]["record"]
    try:
        text = _post(game, record)
    except (KeyError, TypeError, ValueError, GmError):
        return None
    if hashlib.sha256(text.encode("utf-8")).hexdigest() != logged[-1].get("round_sha256"):
        return None
    path = round_path(gd, day, n)
    create_file_atomically(path, text)
    return Announced(day, text, display_path(path), record["round"], parse_utc_text(record["deadline"]), record=record)


def audit_rounds(gd: GameDir, day: int, record: dict, shown) -> tuple[list[str], list[str]]:
    """`gm audit`'s checks of a resolved day's announcements (findings, notes): each file against the
    digests its record keeps, the chain they make from the commitment (round_problems), the log's
    line for each, and the lock continuing the last. `shown(path)` words a path for the GM."""
    from gm.errors import GmError
    from gm.fairness.commitment import COMMIT_TAG, LOG_FILE, commit_path, read_log
    from gm.fairness.lock import LOCK_TAG, lock_path
    from gm.forum.machine_lines import find_machine_line

    recorded = record.get("rounds_sha256") or []
    findings: list[str] = []
    posts = []
    for n in range(1, max(len(recorded), MAX_ROUNDS) + 1):
        path = round_path(gd, day, n)
        want = recorded[n - 1] if n <= len(recorded) else None
        if not path.is_file():
            if want is not None:
                findings.append(f"{shown(path)}: removed after Day {day} was resolved (an announcement of a new round)")
            if n > len(recorded):
                break
            continue
        raw = path.read_bytes()
        got = hashlib.sha256(raw).hexdigest()
        if want is None:
            findings.append(f"{shown(path)}: added after Day {day} was resolved (an announcement the day did not use)")
        elif got != want:
            findings.append(f"{shown(path)}: changed after Day {day} was resolved (an announcement of a new round; "
                            f"recorded SHA-256 {want[:12]}..., now {got[:12]}...)")
        try:
            posts.append((find_machine_line(raw.decode("utf-8"), ROUND_TAG, shown(path)), {got}))
        except (GmError, UnicodeDecodeError) as exc:
            findings.append(f"{shown(path)}: {str(exc).splitlines()[0]}")
    logged = [e.get("round_sha256") for e in read_log(gd) if e.get("event") == "round" and e.get("day") == day]
    if logged != list(recorded) and (gd.root / LOG_FILE).is_file():
        findings.append(f"{LOG_FILE}: logs {len(logged)} announcement(s) of a new round for Day {day}, the record "
                        f"{len(recorded)}: " + ("one was made and dropped" if len(logged) > len(recorded) else
                                                "they do not match (edited?)"))
    commit = commit_path(gd, day)
    if commit.is_file() and posts:
        raw = commit.read_bytes()
        try:
            committed = find_machine_line(raw.decode("utf-8"), COMMIT_TAG, shown(commit))
        except (GmError, UnicodeDecodeError):
            committed = None  # the seed's check names an unreadable commitment
        if committed is not None:
            findings += [f"{shown(round_path(gd, day, 1))}: {p}" for p in
                         round_problems(committed, {hashlib.sha256(raw).hexdigest()}, posts)]
    lock = lock_path(gd, day)
    if lock.is_file() and posts:
        try:
            locked = find_machine_line(lock.read_text(encoding="utf-8"), LOCK_TAG, shown(lock))
        except (GmError, UnicodeDecodeError):
            locked = None  # the lock's own check names it
        if locked is not None and (locked.get("round_sha256") not in posts[-1][1]
                                   or locked.get("beacon_round") != posts[-1][0].get("round")):
            findings.append(f"{shown(lock)}: does not continue the last announcement of a new round "
                            f"({shown(round_path(gd, day, len(posts)))}): it names round {locked.get('beacon_round')}")
    notes = [f"{len(recorded)} new round(s) announced in time, round {posts[-1][0].get('round')} used"] \
        if recorded and not findings else []
    return findings, notes
