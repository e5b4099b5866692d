"""A new beacon round, announced: when a day's deadline moves past the drand round its commitment
named, `gm commit --new-deadline` posts an announcement naming a new round, after the new deadline.

    days/02/round.1.txt   the first announcement for Day 2, as `gm commit` printed it (then .2, ...)

Its `gm-round` line names the day, the committed seed's SHA-256, the post it continues (the
commitment's SHA-256 for the first, the announcement before it for the next), the round and
deadline it replaces, the new ones, the time it was made and the GM's reason. It must be made
before the round it replaces is out (else anyone could know the dice key while orders still come
in). Lock and resolve then use the last round announced; `gm verify` and `gm audit` check the
chain commitment -> announcements -> lock -> reveal (docs/fairness.md, "A new round, announced").

Here: reading them and checking their chain (read by commitment and lock, so it reads neither);
gm/fairness/announce.py makes them and audits them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from gm.gamedir import GameDir
from gm.paths import display_path

ROUND_TAG = "gm-round"
MAX_ROUNDS = 20  # announcements a day may have: more is not a game, it is a loop


@dataclass
class Announcement:
    record: dict
    sha256: str  # of the post as gm wrote it
    path: str


def round_path(gd: GameDir, day: int, n: int):
    return gd.day_dir(day) / f"round.{n}.txt"


def announcements(gd: GameDir, day: int) -> list[Announcement]:
    """The day's announcements on disk, in order (round.1.txt, round.2.txt, ... up to the first gap)."""
    from gm.forum.machine_lines import find_machine_line

    out = []
    for n in range(1, MAX_ROUNDS + 1):
        path = round_path(gd, day, n)
        if not path.is_file():
            break
        raw = path.read_bytes()
        rec = find_machine_line(raw.decode("utf-8"), ROUND_TAG, display_path(path))
        out.append(Announcement(rec, hashlib.sha256(raw).hexdigest(), display_path(path)))
    return out


def _deadline(rec: dict) -> datetime | None:
    from gm.fairness.beacon import parse_utc_text

    return parse_utc_text(rec["deadline"]) if isinstance(rec.get("deadline"), str) else None


def current(commit: dict, announced: list[dict]) -> tuple[int | None, datetime | None]:
    """The round and deadline in force: the last announced, else the commitment's."""
    if announced:
        return announced[-1].get("round"), _deadline(announced[-1])
    return (commit.get("beacon") or {}).get("round"), _deadline(commit)


def current_of(gd: GameDir, day: int) -> tuple[int | None, datetime | None, dict]:
    """The day's round and deadline in force, read from its commitment and announcements; and the
    commitment's record with them in place (what lock, resolve and their clocks go by)."""
    from gm.fairness.beacon import NETWORK, utc_text
    from gm.forum.machine_lines import find_machine_line

    path = gd.day_dir(day) / "commit.txt"  # gm/fairness/commitment.py's commit_path (which reads this module)
    commit = find_machine_line(path.read_text(encoding="utf-8"), "gm-commit", display_path(path))
    announced = [a.record for a in announcements(gd, day)]
    round_, deadline = current(commit, announced)
    if not announced:
        return round_, deadline, commit
    return round_, deadline, commit | {"beacon": {"network": NETWORK, "round": round_},
                                       "deadline": utc_text(deadline) if deadline else None}


def round_problems(commit: dict, commit_digests: set[str], posts: list[tuple[dict, set[str]]]) -> list[str]:
    """What is wrong with a chain of announcements (each its record and the digests its post may
    have), against the commitment (its record and its post's digests): empty when each continues the
    one before, was made before the round it replaces was out, and names a round after its deadline.
    Pure: `gm verify` (from the posts) and `gm audit` (from the folder) both use it."""
    from gm.fairness.beacon import parse_utc_text, round_time, utc_words

    bad = []
    prev_round = (commit.get("beacon") or {}).get("round")
    prev_deadline = commit.get("deadline")
    prev_digests = commit_digests
    if posts and not prev_round:
        return ["an announcement of a new round, for a day whose commitment named no beacon round"]
    for i, (rec, digests) in enumerate(posts, 1):
        where = f"announcement {rec.get('n', '?')}"
        if rec.get("n") != i:
            bad.append(f"{where}: numbered {rec.get('n')!r} where announcement {i} belongs (one dropped or added?)")
        for key in ("day", "engine", "seed_sha256"):
            if key in commit and rec.get(key) != commit.get(key):
                bad.append(f"{where}: names {key} {rec.get(key)!r}, the commitment {commit.get(key)!r}")
        if prev_digests and rec.get("previous_sha256") not in prev_digests:
            before = "the commitment post" if i == 1 else f"announcement {i - 1}"
            bad.append(f"{where}: does not continue {before} (its previous_sha256 is not that post's SHA-256: one "
                       "dropped, edited or put out of order?)")
        if rec.get("from_round") != prev_round or rec.get("from_deadline") != prev_deadline:
            bad.append(f"{where}: replaces round {rec.get('from_round')!r} (deadline {rec.get('from_deadline')!r}), "
                       f"but the round in force was {prev_round!r} (deadline {prev_deadline!r})")
        deadline = parse_utc_text(rec.get("deadline")) if isinstance(rec.get("deadline"), str) else None
        made = parse_utc_text(rec.get("made")) if isinstance(rec.get("made"), str) else None
        round_ = rec.get("round")
        if deadline is None or made is None or type(round_) is not int or round_ < 1:
            bad.append(f"{where}: its deadline, time made or round is not as gm writes them")
            break
        if round_time(round_) <= deadline:
            bad.append(f"{where}: round {round_} is published {utc_words(round_time(round_))}, not after its deadline "
                       f"{utc_words(deadline)}")
        if type(prev_round) is int and made >= round_time(prev_round):
            bad.append(f"{where}: made {utc_words(made)}, once round {prev_round} it replaces was out (published "
                       f"{utc_words(round_time(prev_round))}): too late to replace it")
        if not isinstance(rec.get("reason"), str) or not rec["reason"].strip():
            bad.append(f"{where}: gives no reason")
        prev_round, prev_deadline, prev_digests = round_, rec.get("deadline"), digests
    return bad
