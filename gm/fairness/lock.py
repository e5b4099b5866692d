"""The orders lock: at the deadline, `gm lock` posts what came in, before anyone can know the dice.

    days/02/lock.txt   the lock post exactly as `gm lock` printed it

It holds one `gm-lock` line (game, day, the commitment's SHA-256, the beacon round, how many
orders files and salts, and the SHA-256 of each set), one `gm-file` line per orders file (its
SHA-256) and one `gm-salt` line per salt, quoted exactly as the player sent it. After the lock:

- a changed salt is refused: a salt is the player's, never the GM's to change;
- a changed orders file is refused unless `gm resolve --late-change "..."` says what was decided
  and why; the late change goes into the day's record and its reveal post;

and `gm audit --all` (from the folder) and `gm verify --lock` (from the posts) name any change.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Callable

from gm.errors import StateError
from gm.gamedir import Game, GameDir
from gm.paths import display_path
from gm.storage.atomic import create_file_atomically

LOCK_FILE = "lock.txt"
LOCK_TAG = "gm-lock"
FILE_TAG = "gm-file"


@dataclass
class Locked:
    day: int
    post: str
    path: str
    new: bool
    warnings: list[str] = field(default_factory=list)


@dataclass
class LockContents:
    record: dict
    files: dict[str, str]  # orders file -> SHA-256
    salts: dict[str, str]  # player -> salt as sent


def lock_path(gd: GameDir, day: int):
    return gd.day_dir(day) / LOCK_FILE


def received(checked) -> tuple[dict[str, str], dict[str, str], list[str]]:
    """The day's orders files (by name, SHA-256) and salts (by player) as they are now, from the day
    as gm/pipeline/day.py check_day read it (each file read once: the digests are of the bytes checked)."""
    return dict(checked.orders_digests), dict(checked.salts), [str(p) for p in checked.errors]


def lock_record(game: Game, day: int, commit_sha256: str, beacon_round: int | None, files: dict, salts: dict,
                early: bool = False, late: str | None = None, rules: str | None = None) -> dict:
    from gm.canonical import digest

    return {"game": game.title, "engine": game.engine.facts.name, "day": day, "commit_sha256": commit_sha256,
            "beacon_round": beacon_round, "files": len(files), "files_sha256": digest(files),
            "salts": len(salts), "salts_sha256": digest(salts), "early": early, "late": late, "rules_sha256": rules}


def _lock_time(day: int, commit: dict, now, early: bool, reason: str | None, zone=None) -> tuple[bool, str | None, dict]:
    """The clock at the lock: before the committed deadline only `early`; once the beacon round is out
    only with the GM's reason, said in the post (anyone could know the dice key by then)."""
    from gm.fairness.beacon import round_time, utc_words
    from gm.fairness.commitment import clock
    from gm.fairness.deadlines import committed_deadline

    now = clock(now)
    deadline = committed_deadline(commit)
    round_ = (commit.get("beacon") or {}).get("round")
    reason = (reason or "").strip() or None
    if reason:
        from gm.names import reason_problem

        problem = reason_problem(reason, "--reason", "", "--reason is at most 500 characters: it goes into the post")
        if problem:
            raise StateError(problem)
    words = {"deadline": utc_words(deadline, zone) if deadline else None, "now": utc_words(now, zone),
             "round_time": utc_words(round_time(round_), zone) if round_ else None}  # as the post tells them
    is_early = deadline is not None and now < deadline
    if is_early and not early:
        raise StateError(f"Day {day}'s deadline is {words['deadline']}, still to come (it is {words['now']}): lock at "
                         "the deadline, or with --early to lock now (the post will say it was locked early)")
    out = round_ is not None and now >= round_time(round_)
    if out and not reason:
        raise StateError(f"drand quicknet round {round_}, which Day {day}'s dice take (named by its commitment, or "
                         "its last announcement of a new round), is already out (published "
                         f"{words['round_time']}): a lock made now comes after anyone could know the dice key. Lock "
                         "with --reason \"...\" to say why in the post, so the players can judge it")
    if reason and not out:
        raise StateError("--reason is for a lock made after the beacon round is out; this one is not late: leave it out")
    return is_early, reason, words


def lock_post(game: Game, record: dict, files: dict[str, str], salts: dict[str, str], times: dict) -> str:
    """The lock post of a `gm-lock` record: its line, a `gm-file` line per (salted) orders file digest,
    a `gm-salt` line per salt, each checked whole and able to fit one part of the forum's posts."""
    from gm.forum.machine_lines import check_fits, check_machine_lines, machine_line
    from gm.fairness.reveal import salt_lines
    from gm.forum.render import render_post

    day = record["day"]
    file_lines = [machine_line(FILE_TAG, {"day": day, "file": name, "sha256": sha}) for name, sha in sorted(files.items())]
    post = render_post(game, "lock.j2", day=day, record=record, machine=machine_line(LOCK_TAG, record),
                       file_lines="\n".join(file_lines), salt_lines="\n".join(salt_lines(day, salts)),
                       salts=sorted(salts.items()), times=times)
    check_machine_lines(post, [machine_line(LOCK_TAG, record)] + file_lines + salt_lines(day, salts), "the lock post")
    check_fits(post, game.forum.max_length if game.forum else None, "the lock post")
    return post


def lock_day(gd: GameDir, game: Game, day: int, check: Callable[[], Any], now=None, early: bool = False,
             reason: str | None = None) -> Locked:
    """`check()` reads the day as it is now (gm/pipeline/day.py check_day): the caller, above, hands it down."""
    from gm.fairness.commitment import commit_path, log_event, rules_sha256

    if gd.is_resolved(day):
        raise StateError(f"Day {day} is already resolved: lock the orders at the deadline, before resolving")
    post_path = commit_path(gd, day)
    if not post_path.is_file():
        raise StateError(f"Day {day} has no commitment ({display_path(post_path)}): run `gm commit` before the "
                         "deadline; a lock without a commitment proves nothing")
    from gm.fairness.commitment import committed_secret, sealed_files
    from gm.fairness.deadlines import check_ruled_deadline

    checked = check()
    check_ruled_deadline(gd, day, checked.rulings.deadline if checked.rulings is not None else None)
    files, salts, errors = received(checked)
    secret = committed_secret(gd, game, day)
    if secret is None:
        raise StateError(f"Day {day}'s seed file is missing ({display_path(gd.day_dir(day) / 'seed.secret')}): the lock "
                         "salts each orders file's digest with the day's secret veil, kept there")
    files = sealed_files(secret.veil, game.engine.facts.name, day, files)
    path = lock_path(gd, day)
    if path.is_file():
        old = read_lock(gd, day)
        changes = differences(old, files, salts)
        if changes:
            raise StateError(f"Day {day} is already locked ({display_path(path)}) and a lock is never replaced; since "
                             f"then: {'; '.join(changes)}. A changed orders file needs `gm resolve --late-change`")
        return Locked(day, path.read_text(encoding="utf-8"), display_path(path), False)
    from gm.fairness.rounds import announcements, current_of

    commit = current_of(gd, day)[2]  # with the last round and deadline announced, if any (gm/fairness/rounds.py)
    is_early, late, times = _lock_time(day, commit, now, early, reason, game.zone)
    record = lock_record(game, day, hashlib.sha256(post_path.read_bytes()).hexdigest(),
                         (commit.get("beacon") or {}).get("round"), files, salts, is_early, late, rules_sha256(gd))
    announced = announcements(gd, day)
    if announced:  # the lock continues the last announcement (only then: older locks keep their bytes)
        record["round_sha256"] = announced[-1].sha256
    post = lock_post(game, record, files, salts, times)
    create_file_atomically(path, post)
    log_event(gd, {"event": "lock", "day": day, "lock_sha256": hashlib.sha256(post.encode("utf-8")).hexdigest()})
    warnings = [f"warning: the orders have {len(errors)} error(s) (`gm check`): a fix after the lock is a late change "
                "(`gm resolve --late-change`)"] if errors else []
    if early and not is_early:
        warnings.append("note: --early made no difference: " + (f"the deadline ({times['deadline']}) has passed"
                        if times["deadline"] else "the day's commitment names no deadline"))

    from gm.pms import provenance_problems  # orders read from PMs (gm inbox) name their PMs' digest

    warnings += [f"warning: {p}" for p in provenance_problems(gd, day)]
    return Locked(day, post, display_path(path), True, warnings)


def parse_lock(text: str, where: str) -> LockContents:
    from gm.fairness.commitment import SALT_TAG
    from gm.forum.machine_lines import find_machine_line, find_machine_lines

    record = find_machine_line(text, LOCK_TAG, where)
    files = {o.get("file"): o.get("sha256") for _, o, _ in find_machine_lines(text, FILE_TAG, where)}
    salts = {o.get("player"): o.get("salt") for _, o, _ in find_machine_lines(text, SALT_TAG, where)}
    return LockContents(record, files, salts)


def read_lock(gd: GameDir, day: int) -> LockContents | None:
    path = lock_path(gd, day)
    if not path.is_file():
        return None
    return parse_lock(path.read_text(encoding="utf-8"), display_path(path))


def lock_problems(lock: LockContents) -> list[str]:
    """A lock whose lines do not add up to its own gm-lock line was edited (or cut)."""
    from gm.canonical import digest

    out = []
    rec = lock.record
    if rec.get("files") != len(lock.files) or rec.get("files_sha256") != digest(lock.files):
        out.append("its gm-file lines do not match its gm-lock line (a line was edited, added or removed)")
    if rec.get("salts") != len(lock.salts) or rec.get("salts_sha256") != digest(lock.salts):
        out.append("its gm-salt lines do not match its gm-lock line (a salt was edited, added or removed)")
    return out


def salt_differences(locked: dict[str, str], used: dict[str, str]) -> list[str]:
    out = []
    for name in sorted(set(locked) | set(used)):
        if name not in used:
            out.append(f"{name}'s salt {locked[name]!r} was locked but left out of the dice")
        elif name not in locked:
            out.append(f"{name}'s salt {used[name]!r} went into the dice but was not in the lock (a late salt)")
        elif locked[name] != used[name]:
            out.append(f"{name}'s salt was locked as {locked[name]!r}, the dice used {used[name]!r}")
    return out


def file_differences(locked: dict[str, str], now: dict[str, str]) -> list[str]:
    out = []
    for name in sorted(set(locked) | set(now)):
        if name not in now:
            out.append(f"{name} was removed")
        elif name not in locked:
            out.append(f"{name} was added")
        elif locked[name] != now[name]:
            out.append(f"{name} was changed")
    return out


def differences(lock: LockContents, files: dict[str, str], salts: dict[str, str]) -> list[str]:
    return salt_differences(lock.salts, salts) + [f"orders file {d}" for d in file_differences(lock.files, files)]


def file_key_for(gd: GameDir, game: Game, day: int, name: str) -> str:
    """`gm lock --file-key NAME`: the key of one orders file of the day, for the player whose orders it
    holds (with it, and their own file, they check its gm-file line: docs/fairness.md)."""
    from gm.fairness.commitment import committed_secret, file_key

    secret = committed_secret(gd, game, day)
    if secret is None and gd.is_resolved(day):
        from gm.fairness.commitment import Secret

        secret = Secret(b"", bytes.fromhex(gd.read_json(day, "day.json")["veil"]))
    if secret is None:
        raise StateError(f"Day {day} has no commitment: its orders files have no keys")
    lock = read_lock(gd, day)
    if lock is not None and name not in lock.files:
        raise StateError(f"{name} is not an orders file of Day {day}'s lock (it holds: {', '.join(sorted(lock.files)) or 'none'})")
    return file_key(secret.veil, game.engine.facts.name, day, name)
