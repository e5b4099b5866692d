"""How short a forum's posts may be for gm's machine lines: each line (gm/fairness/machine_lines.py)
must sit whole in one part of a split post, with the part's heading and its code block around it.

The commitment's and the lock's lines hold the game's title, and every line holds four or five
SHA-256 digests (64 characters each), so below about 550 characters no post of a day can be
made. `shortest_length` is the floor for one game, from its title and engine, with every count
and number at its widest; game.yaml's `max_length` and `--max-length` are refused below it, with
the reason (gm/forum/profiles.py, gm/rerender.py). What a GM writes later into a line (a lock's
--reason, a salt, a ruling's wording) is checked when its post is made (`check_fits`).
"""

from __future__ import annotations

from types import SimpleNamespace

PART_ROOM = 60  # what a part adds around a machine line: "Part 9 of 9" in bold, the code block, line ends
FLOOR = 500  # no forum gm knows takes shorter posts, whatever the title


def widest_lines(title: str, engine: str) -> dict[str, str]:
    """The commitment's, the lock's and the reveal's fixed-size lines for this game at their widest:
    a day, counts and a beacon round as long as a game can make them, digests where they may be none."""
    from gm.fairness.commitment import COMMIT_TAG, commit_record
    from gm.fairness.lock import LOCK_TAG, lock_record
    from gm.fairness.machine_lines import machine_line
    from gm.fairness.reveal import reveal_lines, reveal_record

    game = SimpleNamespace(title=title, engine=SimpleNamespace(facts=SimpleNamespace(name=engine)))
    sha, day, count, round_ = "f" * 64, 9999, 99999, 999_999_999
    from datetime import datetime, timezone

    deadline = datetime(2099, 12, 31, 23, 59, tzinfo=timezone.utc)
    commit = commit_record(game, day, sha, sha, round_, False, deadline, sha)
    lock = lock_record(game, day, sha, round_, {}, {}, False, None, sha) | {"files": count, "salts": count}
    record = {"engine": engine, "day": day, "seed": sha, "salts": {}, "rolls": 10**9 - 1, "veil": "00" * 32,
              "commit_sha256": sha, "lock_sha256": sha, "beacon": {"network": "quicknet", "round": round_}}
    reveal = reveal_record(record, sha, sha)
    reveal.update(salts=count, rulings=count, late_changes=count, corrections=count)
    lines = {"gm-commit": machine_line(COMMIT_TAG, commit), "gm-lock": machine_line(LOCK_TAG, lock)}
    for line in reveal_lines(reveal):
        lines[line.split(" ", 1)[0]] = line
    return lines


def shortest_length(title: str, engine: str) -> tuple[int, str, int]:
    """(the shortest post length for this game, the widest line's tag, its length)."""
    tag, line = max(widest_lines(title, engine).items(), key=lambda kv: len(kv[1]))
    return max(FLOOR, len(line) + PART_ROOM), tag, len(line)
