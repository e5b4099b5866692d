"""Seed commitments: a day's seed is fixed before the orders are in, and only its hash is posted.

    days/02/seed.secret   the seed in hex, then the veil in hex (the key of the roll log's
                          purpose commitments): secret until Day 2 is resolved (file mode 0600)
    days/02/commit.txt    the commitment post exactly as `gm commit` printed it

The commitment names the game, the day, the seed's SHA-256, the previous day's record (so the
commitments form a public chain) and, with `--deadline`, the drand quicknet round whose
randomness will be mixed into the dice (gm/fairness/beacon.py; the round's signature is checked
at resolve, gm/fairness/day_beacon.py). `gm commit` writes it once: it never replaces a
commitment, and once the day's orders are in it commits only when told `--late` (and the post
says so). Every commitment is also logged in the game's fairness.log, so one made again after
its files were deleted shows in `gm audit --all`.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from datetime import datetime

from gm.errors import StateError
from gm.fairness.fairness_log import LOG_FILE, log_event, read_log, take_back_log
from gm.gamedir import Game, GameDir
from gm.paths import display_path
from gm.storage.atomic import create_file_atomically

SEED_FILE = "seed.secret"
COMMIT_FILE = "commit.txt"
COMMIT_TAG = "gm-commit"
REVEAL_TAG = "gm-reveal"
SALT_TAG = "gm-salt"


@dataclass(eq=False, repr=False)
class Commitment:
    """A day's commitment post, and where it is kept."""

    day: int
    seed_sha256: str
    post: str  # what to post in the thread
    path: str  # where the post is kept
    new: bool  # False: the day was already committed, this is the same post again
    warnings: list[str] = field(default_factory=list)
    beacon_round: int | None = None


@dataclass(frozen=True, eq=False, repr=False)
class Secret:
    """A day's seed and the veil of its roll log's purposes."""

    seed: bytes
    veil: bytes


def seed_path(gd: GameDir, day: int):
    return gd.day_dir(day) / SEED_FILE


def commit_path(gd: GameDir, day: int):
    return gd.day_dir(day) / COMMIT_FILE


def derived_veil(seed: bytes) -> bytes:
    """The veil of a day whose seed was given rather than drawn (the demo, `--seed`): derived, so
    the same seed gives the same bytes. Only a drawn veil keeps the purposes secret once the
    seed is out; `gm resolve` warns about such days."""
    return hmac.new(seed, b"gm veil", hashlib.sha256).digest()


def file_key(veil: bytes, engine: str, day: int, name: str) -> str:
    """The key that salts one orders file's digest in the lock post (issue 22): from the day's veil,
    so it is drawn with the seed and never posted; the GM gives a player the key of their own file."""
    return hmac.new(veil, f"gm-file|{engine}|{day}|{name}".encode("utf-8"), hashlib.sha256).hexdigest()


def sealed_files(veil: bytes, engine: str, day: int, files: dict[str, str]) -> dict[str, str]:
    """Each orders file's SHA-256, salted: the SHA-256 of the canonical {"key": K, "sha256": S}. A short,
    predictable file cannot be found from it by guessing, as it could from its plain SHA-256."""
    from gm.canonical import digest

    return {name: digest({"key": file_key(veil, engine, day, name), "sha256": sha}) for name, sha in files.items()}


def previous_record_sha256(gd: GameDir, day: int) -> str | None:
    if day == 0:
        return None
    path = gd.result_dir(day - 1) / "day.json"
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        raise StateError(f"Day {day - 1} is not resolved yet: Day {day}'s commitment names Day {day - 1}'s record, so "
                         f"commit Day {day} after resolving Day {day - 1}") from None


def commit_record(game: Game, day: int, seed_sha256: str, previous: str | None, beacon_round: int | None,
                  late: bool, deadline: datetime | None = None, rules: str | None = None) -> dict:
    from gm.fairness.beacon import NETWORK, utc_text

    return {"game": game.title, "engine": game.engine.facts.name, "day": day, "seed_sha256": seed_sha256,
            "previous_record": previous, "late": late, "deadline": utc_text(deadline) if deadline else None,
            "rules_sha256": rules,
            "beacon": {"network": NETWORK, "round": beacon_round} if beacon_round is not None else None}


def rules_sha256(gd: GameDir) -> str:
    """A fingerprint of the rules in force: game.yaml's settings of play (house rules, board, first
    player, components: every setting but the title, the forum, the limits, the deadline, the time zone and the
    roster), and the bytes of every file of the game folder such a setting names (a components file).
    The SHA-256 of their JSON with sorted keys (docs/fairness.md, "House rules")."""
    import json

    from gm.gamedir import NOT_RULES, named_files
    from gm.yamlio import load_file

    doc = load_file(gd.game_yaml)
    settings = {str(k): v for k, v in (doc.items() if isinstance(doc, dict) else ()) if k not in NOT_RULES}
    files = {}
    for name, path in named_files(gd.root, doc).items():
        try:
            files[name] = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            continue
    text = json.dumps({"settings": settings, "files": files}, sort_keys=True, ensure_ascii=False, default=str,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def clock(now: datetime | None) -> datetime:
    """The time now, with its zone (`now` given: a test, or a post prepared for a time of its own)."""
    from datetime import timezone

    return now if now is not None else datetime.now(timezone.utc)


def deadline_words(game: Game, deadline: datetime | None) -> str | None:
    """The deadline as the commitment post tells it: ISO 8601 in UTC, or in the game's zone with UTC beside it."""
    if deadline is None:
        return None
    if getattr(game, "zone", None) is None:
        return deadline.isoformat()
    from gm.moments import told

    return told(deadline, game.zone)


def commit_post(game: Game, record: dict, deadline: str | None, salts: bool = True, rolls: bool = True) -> str:
    from gm.fairness.beacon import round_time, round_url
    from gm.forum.machine_lines import check_fits, check_machine_lines, machine_line
    from gm.forum.render import render_post

    beacon = record["beacon"]
    post = render_post(game, "commit.j2", day=record["day"], seed_sha256=record["seed_sha256"], late=record["late"],
                       beacon=beacon, deadline=deadline,
                       beacon_time=round_time(beacon["round"]).strftime("%Y-%m-%d %H:%M:%S UTC") if beacon else None,
                       beacon_url=round_url(beacon["round"]) if beacon else None,
                       machine=machine_line(COMMIT_TAG, record), salts=salts and rolls, rolls=rolls,
                       sealed=game.engine.sealed(record["day"]), sealing=game.engine.sealing_rolls(game.rules),
                       unsealed=game.engine.open_rolls(game.rules))
    check_machine_lines(post, [machine_line(COMMIT_TAG, record)], "the commitment post")
    check_fits(post, game.forum.max_length if game.forum else None, "the commitment post")
    return post


def commit_day(gd: GameDir, game: Game, day: int, seed: bytes | None = None, deadline: datetime | None = None,
               late: bool = False, due: bool = True, now: datetime | None = None, rolls: bool = True) -> Commitment:
    """Fix the day's seed (fresh random bytes unless `seed` is given) and write the commitment post.
    `due`: does any player owe orders, so may send a salt (gm/pipeline/day.py anyone_due reads the state)?
    `rolls`: may the day roll any die (gm/pipeline/day.py day_rolls)? A day that rolls none takes no salt.

    A day already committed keeps its commitment: the same post is printed again, and options
    that would change it are refused.
    """
    from gm.fairness.beacon import round_after
    from gm.dice import new_seed

    if gd.is_resolved(day):
        raise StateError(f"Day {day} is already resolved: a commitment must be posted before the day is resolved")
    path = commit_path(gd, day)
    existing = committed_secret(gd, game, day)
    if existing is not None and not path.is_file() and _commit_logged(gd, day):
        finished = _finish_commit(gd, game, day, existing.seed, deadline, late, due, rolls)
        if finished is not None:
            return finished
    if existing is not None and not path.is_file() and not _commit_logged(gd, day):
        # a seed drawn by a run stopped before its post was written: it was never posted, so it
        # commits to nothing and is drawn again (a posted commitment is logged, and never replaced)
        seed_path(gd, day).unlink()
        existing = None
    beacon_round = round_after(deadline) if deadline is not None else None
    if existing is not None:
        if not path.is_file():
            raise StateError(f"{display_path(seed_path(gd, day))} exists but {display_path(path)} is missing: a "
                             "commitment is never made again; put back the post you made (copy it from the thread)")
        rec = committed_record(gd, day)
        if not _commit_logged(gd, day):  # a run stopped before its log line (an earlier gm wrote the post first)
            log_event(gd, {"event": "commit", "day": day,
                           "commit_sha256": hashlib.sha256(path.read_bytes()).hexdigest()})
        if deadline is not None and (rec.get("beacon") or {}).get("round") != beacon_round:
            raise StateError(f"Day {day} is already committed ({display_path(path)}), to "
                             f"{_beacon_words(rec.get('beacon'))}: a commitment is never replaced")
        return Commitment(day, rec["seed_sha256"], path.read_text(encoding="utf-8"), display_path(path), False,
                          beacon_round=(rec.get("beacon") or {}).get("round"))
    if path.is_file():
        raise StateError(f"{display_path(path)} exists without its seed: a commitment is never replaced (was "
                         f"{display_path(seed_path(gd, day))} deleted?)")
    if deadline is not None and deadline <= clock(now):
        from gm.fairness.beacon import utc_words

        raise StateError(f"the deadline {utc_words(deadline)} is already past (it is {utc_words(clock(now))}): a "
                         "commitment to it cannot show the dice were fixed before the orders, and its beacon round may "
                         "be out already. Give a deadline still to come")
    warnings = []
    orders = _orders_in(gd, game, day)
    if orders and not late:
        raise StateError(f"{display_path(gd.orders_dir(day))} already holds orders ({len(orders)} file(s)): a "
                         "commitment made now cannot show the dice were fixed before them. Commit with --late to "
                         "do it anyway (the post will say it was made after orders came in)")
    previous = previous_record_sha256(gd, day)
    drawn = seed is None
    seed = seed or new_seed()
    veil = new_seed() if drawn else derived_veil(seed)
    sha = hashlib.sha256(seed).hexdigest()
    record = commit_record(game, day, sha, previous, beacon_round, bool(late), deadline, rules_sha256(gd))
    post = commit_post(game, record, deadline_words(game, deadline),  # a template error leaves nothing behind
                       salts=due, rolls=rolls)
    create_file_atomically(seed_path(gd, day), seed.hex() + "\n" + veil.hex() + "\n", mode=0o600)
    log = gd.root / LOG_FILE
    log_size = log.stat().st_size if log.is_file() else None
    try:
        # the log line first, then the post it vouches for: a kill between the two leaves a logged
        # commitment whose post the next `gm commit` makes again from the seed (_finish_commit)
        log_event(gd, {"event": "commit", "day": day, "commit_sha256": hashlib.sha256(post.encode("utf-8")).hexdigest()})
        create_file_atomically(path, post)
    except BaseException:  # a full disk, say: no seed without its post and its log line (the day stays uncommitted)
        if path.is_file() and path.read_text(encoding="utf-8") == post:
            path.unlink()
        take_back_log(log, log_size)
        seed_path(gd, day).unlink(missing_ok=True)
        raise
    if deadline is None:
        warnings.append("note: no --deadline, so no beacon round was named: the dice key is known to whoever holds "
                        "the seed once the salts are in (docs/fairness.md, 'Offline games')")
    return Commitment(day, sha, post, display_path(path), True, warnings, beacon_round)


def _orders_in(gd: GameDir, game: Game, day: int) -> list:
    """The day's orders files, less those still exactly as `gm new` wrote them (a template is not
    orders that came in)."""
    template = game.engine.new_game_files(None)
    out = []
    for path in gd.orders_files(day):
        rel = path.relative_to(gd.root).as_posix()
        if rel in template and path.read_bytes() == template[rel].encode("utf-8"):
            continue
        if path.name == "_gm.yaml":  # the GM's own rulings (gm/rulings.py): the GM knows the seed anyway
            continue
        out.append(path)
    return out


def _commit_logged(gd: GameDir, day: int) -> bool:
    return any(e.get("event") == "commit" and e.get("day") == day for e in read_log(gd))


def _finish_commit(gd: GameDir, game: Game, day: int, seed: bytes, deadline, late: bool, due: bool, rolls: bool):
    """The post of a commitment that was logged but whose post a stopped run never wrote, made
    again from the seed: written only if it is, byte for byte, the post the log vouches for."""
    from gm.fairness.beacon import round_after

    logged = [e for e in read_log(gd) if e.get("event") == "commit" and e.get("day") == day]
    beacon_round = round_after(deadline) if deadline is not None else None
    record = commit_record(game, day, hashlib.sha256(seed).hexdigest(), previous_record_sha256(gd, day),
                           beacon_round, bool(late), deadline, rules_sha256(gd))  # as commit_day makes it
    post = commit_post(game, record, deadline_words(game, deadline), salts=due, rolls=rolls)
    if not logged or logged[0].get("commit_sha256") != hashlib.sha256(post.encode("utf-8")).hexdigest():
        return None
    path = commit_path(gd, day)
    create_file_atomically(path, post)
    return Commitment(day, record["seed_sha256"], post, display_path(path), True, [], beacon_round)


def _beacon_words(beacon: dict | None) -> str:
    return f"drand quicknet round {beacon['round']}" if beacon else "no beacon round"


def committed_record(gd: GameDir, day: int) -> dict:
    from gm.forum.machine_lines import find_machine_line

    post = commit_path(gd, day)
    return find_machine_line(post.read_text(encoding="utf-8"), COMMIT_TAG, display_path(post))


def committed_secret(gd: GameDir, game: Game, day: int) -> Secret | None:
    """The day's committed seed and veil, or None. The kept post, if any, must commit to that seed."""
    from gm.dice import parse_seed

    path = seed_path(gd, day)
    if not path.is_file():
        return None
    try:
        lines = path.read_text(encoding="utf-8").split()
        seed = parse_seed(lines[0])
        veil = parse_seed(lines[1]) if len(lines) > 1 else derived_veil(seed)
    except (StateError, UnicodeDecodeError, IndexError):
        raise StateError(f"{display_path(path)}: not a seed in hex (was it edited?)") from None
    if commit_path(gd, day).is_file():
        rec = committed_record(gd, day)
        if rec.get("seed_sha256") != hashlib.sha256(seed).hexdigest() or rec.get("day") != day:
            raise StateError(f"{display_path(path)} does not match the commitment in {display_path(commit_path(gd, day))}: "
                             "one of them was edited after `gm commit`; the posted commitment is the one that counts")
    return Secret(seed, veil)


def committed_seed(gd: GameDir, game: Game, day: int) -> bytes | None:
    secret = committed_secret(gd, game, day)
    return secret.seed if secret else None


def secret_for_resolve(gd: GameDir, game: Game, day: int, seed_hex: str | None) -> tuple[Secret, list[str]]:
    """The seed and veil `gm resolve` must use, and a warning when the day was never committed."""
    from gm.dice import new_seed, parse_seed

    committed = committed_secret(gd, game, day)
    if committed is not None:
        if seed_hex is not None and parse_seed(seed_hex) != committed.seed:
            raise StateError(f"--seed contradicts the seed committed for Day {day} "
                             f"({display_path(commit_path(gd, day))}); leave out --seed to use the committed one")
        return committed, []
    seed = parse_seed(seed_hex) if seed_hex else new_seed()
    veil = derived_veil(seed) if seed_hex else new_seed()
    return Secret(seed, veil), [
        f"warning: no seed was committed for Day {day}, so players cannot check that the dice were fixed before the "
        f"orders (next time, run `gm commit {display_path(gd.root)} --day {day + 1}` before the deadline)"]


def seed_for_resolve(gd: GameDir, game: Game, day: int, seed_hex: str | None) -> tuple[bytes, list[str]]:
    secret, warnings = secret_for_resolve(gd, game, day, seed_hex)
    return secret.seed, warnings


def is_committed(gd: GameDir, day: int) -> bool:
    return seed_path(gd, day).is_file()
