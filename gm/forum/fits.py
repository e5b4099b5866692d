"""How short a forum's posts may be for gm's machine lines: each line (gm/forum/machine_lines.py)
must sit whole in one part of a split post, with the part's heading and its code block around it.

The commitment's and the lock's lines hold the game's title, and every line holds four or five
SHA-256 digests (64 characters each), so below about 520 characters no post of a day can be
made. `shortest_length` is the floor for one game, from its title and engine, with every count
and number at its widest; game.yaml's `max_length` and `--max-length` are refused below it, with
the reason (gm/forum/profiles.py, gm/rerender.py). What a GM writes later into a line (a lock's
--reason, a salt, a ruling's wording) is checked when its post is made (`check_fits`).

The records are written here at their widest rather than built by gm/fairness/commitment.py,
lock.py and reveal.py, which read the game folder: game.yaml is checked below them (the forum
settings, in the storage layer). tests/test_forums.py checks that these records have exactly the
fields the real ones have.
"""

from __future__ import annotations

from gm.forum.machine_lines import PART_ROOM, machine_line

FLOOR = 500  # no forum gm knows takes shorter posts, whatever the title
_SHA, _DAY, _COUNT, _ROUND, _ROLLS = "f" * 64, 9999, 99999, 999_999_999, 10**9 - 1


def widest_records(title: str, engine: str) -> dict[str, dict]:
    """The gm-commit, gm-lock, gm-reveal and gm-seal records of a day of this game, each field at its
    widest: a four-digit day, five-digit counts, a nine-digit beacon round, digests where they may be none."""
    return {
        "gm-commit": {"game": title, "engine": engine, "day": _DAY, "seed_sha256": _SHA, "previous_record": _SHA,
                      "late": False, "deadline": "2099-12-31T23:59:59Z", "rules_sha256": _SHA,
                      "beacon": {"network": "quicknet", "round": _ROUND}},
        "gm-lock": {"game": title, "engine": engine, "day": _DAY, "commit_sha256": _SHA, "beacon_round": _ROUND,
                    "files": _COUNT, "files_sha256": _SHA, "salts": _COUNT, "salts_sha256": _SHA, "early": False,
                    "late": None, "rules_sha256": _SHA},
        "gm-reveal": {"engine": engine, "day": _DAY, "seed": _SHA, "salts": _COUNT, "rulings": _COUNT,
                      "rulings_sha256": _SHA, "late_changes": _COUNT, "corrections": _COUNT, "rolls": _ROLLS,
                      "rolls_sha256": _SHA, "record_sha256": _SHA},
        "gm-seal": {"day": _DAY, "commit_sha256": _SHA, "lock_sha256": _SHA, "orders_sha256": _SHA, "salts_sha256": _SHA},
    }


def shortest_length(title: str, engine: str) -> tuple[int, str, int]:
    """(the shortest post length for this game, the widest line's tag, its length)."""
    lines = {tag: machine_line(tag, record) for tag, record in widest_records(title, engine).items()}
    tag, line = max(lines.items(), key=lambda kv: len(kv[1]))
    return max(FLOOR, len(line) + PART_ROOM), tag, len(line)
