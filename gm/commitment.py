"""Seed commitments: a day's seed is fixed before the orders are in, and only its hash is posted.

    days/02/seed.secret   the seed in hex: secret until Day 2 is resolved (file mode 0600)
    days/02/commit.txt    the commitment post exactly as `gm commit` printed it

`gm commit` writes both once and never replaces them; running it again prints the same post.
`gm resolve` then uses that seed, and refuses a `--seed` that contradicts it. After the day,
result/day.json, the GM summary and result/reveal.<ext> publish the seed (docs/fairness.md).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from gm.errors import StateError
from gm.gamedir import Game, GameDir, create_file_atomically
from gm.yamlio import display_path

SEED_FILE = "seed.secret"
COMMIT_FILE = "commit.txt"
COMMIT_TAG = "gm-commit"
REVEAL_TAG = "gm-reveal"


@dataclass
class Commitment:
    day: int
    seed_sha256: str
    post: str  # what to post in the thread
    path: str  # where the post is kept
    new: bool  # False: the day was already committed, this is the same post again
    warnings: list[str] = field(default_factory=list)


def seed_path(gd: GameDir, day: int):
    return gd.day_dir(day) / SEED_FILE


def commit_path(gd: GameDir, day: int):
    return gd.day_dir(day) / COMMIT_FILE


def commit_record(game: Game, day: int, seed_sha256: str) -> dict:
    return {"engine": game.engine.facts.name, "day": day, "seed_sha256": seed_sha256}


def commit_post(game: Game, day: int, seed_sha256: str) -> str:
    from gm.published import machine_line
    from gm.render import render_post

    return render_post(game, "commit.j2", day=day, seed_sha256=seed_sha256,
                       machine=machine_line(COMMIT_TAG, commit_record(game, day, seed_sha256)))


def commit_day(gd: GameDir, game: Game, day: int, seed: bytes | None = None) -> Commitment:
    """Fix the day's seed (fresh random bytes unless `seed` is given) and write the commitment post.

    A day that already has a seed keeps it: the post is written again only if it went missing.
    """
    from gm.dice import new_seed

    if gd.is_resolved(day):
        raise StateError(f"Day {day} is already resolved: a commitment must be posted before the day is resolved")
    existing = committed_seed(gd, game, day)
    seed = existing if existing is not None else (seed or new_seed())
    sha = hashlib.sha256(seed).hexdigest()
    path = commit_path(gd, day)
    if existing is not None and path.is_file():
        return Commitment(day, sha, path.read_text(encoding="utf-8"), display_path(path), False)
    post = commit_post(game, day, sha)  # rendered first: a template error leaves nothing behind
    if existing is None:
        create_file_atomically(seed_path(gd, day), seed.hex() + "\n", mode=0o600)
    try:
        create_file_atomically(path, post)
    except BaseException:  # a full disk, say: no seed without its post (the day stays uncommitted)
        if existing is None:
            seed_path(gd, day).unlink(missing_ok=True)
        raise
    warnings = []
    if existing is None and gd.orders_files(day):
        warnings.append(f"warning: {display_path(gd.orders_dir(day))} already holds orders: the commitment proves the "
                        "seed was fixed before the orders only if it is posted before the deadline")
    return Commitment(day, sha, post, display_path(path), existing is None, warnings)


def committed_seed(gd: GameDir, game: Game, day: int) -> bytes | None:
    """The day's committed seed, or None. The kept post, if any, must commit to that very seed."""
    from gm.dice import parse_seed
    from gm.published import find_machine_line

    path = seed_path(gd, day)
    if not path.is_file():
        return None
    try:
        seed = parse_seed(path.read_text(encoding="utf-8"))
    except (StateError, UnicodeDecodeError):
        raise StateError(f"{display_path(path)}: not a seed in hex (was it edited?)") from None
    post = commit_path(gd, day)
    if post.is_file():
        rec = find_machine_line(post.read_text(encoding="utf-8"), COMMIT_TAG, display_path(post))
        if rec.get("seed_sha256") != hashlib.sha256(seed).hexdigest() or rec.get("day") != day:
            raise StateError(f"{display_path(path)} does not match the commitment in {display_path(post)}: "
                             "one of them was edited after `gm commit`; the posted commitment is the one that counts")
    return seed


def seed_for_resolve(gd: GameDir, game: Game, day: int, seed_hex: str | None) -> tuple[bytes, list[str]]:
    """The seed `gm resolve` must use, and a warning when the day was never committed."""
    from gm.dice import new_seed, parse_seed

    committed = committed_seed(gd, game, day)
    if committed is not None:
        if seed_hex is not None and parse_seed(seed_hex) != committed:
            raise StateError(f"--seed contradicts the seed committed for Day {day} "
                             f"({display_path(commit_path(gd, day))}); leave out --seed to use the committed one")
        return committed, []
    seed = parse_seed(seed_hex) if seed_hex else new_seed()
    return seed, [f"warning: no seed was committed for Day {day}, so players cannot check that the dice were fixed "
                  f"before the orders (next time, run `gm commit {display_path(gd.root)} --day {day + 1}` before the deadline)"]


def is_committed(gd: GameDir, day: int) -> bool:
    return seed_path(gd, day).is_file()


def reveal_record(record: dict, record_sha256: str, rolls_sha256: str) -> dict:
    """What the reveal post publishes, from the day's record (result/day.json)."""
    return {
        "engine": record["engine"],
        "day": record["day"],
        "seed": record["seed"],
        "seed_sha256": record["seed_sha256"],
        "salts": record["salts"],
        "dice_key": record["dice_key"],
        "rolls": record["rolls"],
        "rolls_sha256": rolls_sha256,
        "record_sha256": record_sha256,
    }


def reveal_post(game: Game, record: dict, record_sha256: str, rolls_sha256: str) -> str:
    from gm.published import machine_line
    from gm.render import render_post

    rec = reveal_record(record, record_sha256, rolls_sha256)
    return render_post(game, "reveal.j2", day=rec["day"], reveal=rec, committed=record.get("seed_committed", False),
                       salts=list(rec["salts"].items()), machine=machine_line(REVEAL_TAG, rec))


def roll_log_posts(game: Game, day: int, path) -> list[str]:
    """The roll log as posts to paste: its lines in code blocks, in as many parts as the forum's
    length limit needs. `gm verify --rolls` reads them back (or rolls.jsonl itself)."""
    from gm.published import safe_json
    from gm.verify import read_rolls

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StateError(f"{display_path(path)} is missing") from None
    lines = [safe_json(r) for r in read_rolls(text, display_path(path))]
    fence = ("[code]", "[/code]") if game.format == "bbcode" else ("```", "```")
    bold = "[b]{}[/b]" if game.format == "bbcode" else "**{}**"
    head = f"Day {day}: the roll log ({len(lines)} rolls), part 999 of 999"
    room = (game.forum.max_length if game.forum and game.forum.max_length else 10**9) - len(bold.format(head)) - 20
    chunks: list[list[str]] = [[]]
    size = 0
    for line in lines:
        if chunks[-1] and size + len(line) + 1 > room:
            chunks.append([])
            size = 0
        chunks[-1].append(line)
        size += len(line) + 1
    posts = []
    for i, chunk in enumerate(chunks, 1):
        title = f"Day {day}: the roll log ({len(lines)} rolls)" + (f", part {i} of {len(chunks)}" if len(chunks) > 1 else "")
        posts.append(bold.format(title) + "\n" + fence[0] + "\n" + "\n".join(chunk) + "\n" + fence[1] + "\n")
    return posts
