"""What is posted once a day is resolved: the reveal post, the public roll log as posts and, when
the game has ended, every roll opened (docs/fairness.md, "What is posted, exactly").

The reveal's machine lines are short on purpose (`gm-reveal`, `gm-seal`, `gm-beacon`, one
`gm-salt` per salt), so that each fits whole in a post of the shortest forum.
"""

from __future__ import annotations

from gm.errors import StateError
from gm.fairness.commitment import REVEAL_TAG, SALT_TAG
from gm.gamedir import Game, GameDir
from gm.paths import display_path

SEAL_TAG = "gm-seal"
BEACON_TAG = "gm-beacon"
RULING_TAG = "gm-ruling"


def ruling_wording(r: dict) -> str | None:
    """A ruling as the thread may read it: its `say:`, or for a kind that is always announced a
    plain line; None for a ruling that stays private (a neutral line and a digest stand for it)."""
    from gm.rulings import PUBLIC_KINDS

    if isinstance(r.get("say"), str):
        return r["say"]
    kind, player, value = r.get("kind"), r.get("player"), r.get("value")
    if kind not in PUBLIC_KINDS:
        return None
    if kind == "deadline":
        return f"The deadline moves to {value} UTC."
    if kind == "replace":
        return f"{player} is now played by {value}."
    return f"{player} was removed from the game by the GM." if kind == "kill" else f"{player} is back in the game, by the GM's ruling."


def listed_rulings(record: dict) -> list[dict]:
    """Every ruling applied to the day (rulings.yaml, then orders/_gm.yaml), as the reveal lists it:
    its public wording (or none), whether it was made after the lock (rulings.yaml stays open after
    it; _gm.yaml is sealed by it), and a digest of the ruling salted with a key from the veil, so a
    private one cannot be guessed from it (docs/fairness.md, "Rulings in the proof")."""
    import hashlib
    import hmac

    from gm.canonical import digest

    veil = bytes.fromhex(record.get("veil") or "")
    locked = record.get("lock_sha256") is not None
    out = []
    for n, r in enumerate(record.get("rulings_yaml") or []):
        key = hmac.new(veil, f"gm-ruling|{record['engine']}|{record['day']}|{n}".encode("utf-8"), hashlib.sha256).hexdigest()
        out.append({"day": record["day"], "n": n, "say": ruling_wording(r),
                    "after_lock": locked and r.get("file") is None, "sha256": digest({"key": key, "ruling": r})})
    return out


def reveal_record(record: dict, record_sha256: str, rolls_sha256: str) -> dict:
    """What the reveal post publishes, from the day's record (result/day.json): the `gm-reveal`
    line's object, with the `gm-seal` line's digests under "seal" and the beacon round under
    "beacon" (each its own line, so that every line fits a short post)."""
    from gm.canonical import digest
    from gm.fairness.commitment import sealed_files

    day = record["day"]
    beacon = record.get("beacon")
    rulings = listed_rulings(record)
    return {
        "engine": record["engine"],
        "day": day,
        "seed": record["seed"],
        "salts": len(record["salts"]),
        "rulings": len(rulings),
        "rulings_sha256": digest(rulings),
        "late_changes": len(record.get("rulings") or []),
        "corrections": len(record.get("corrections") or []),
        "rolls": record["rolls"],
        "rolls_sha256": rolls_sha256,
        "record_sha256": record_sha256,
        "seal": {"day": day, "commit_sha256": record.get("commit_sha256"), "lock_sha256": record.get("lock_sha256"),
                 "orders_sha256": digest(sealed_files(bytes.fromhex(record["veil"]), record["engine"], day,
                                                      record.get("orders_files") or {})),
                 "salts_sha256": digest(record["salts"])},
        "beacon": dict(beacon, day=day) if beacon else None,
        "listed": rulings,
    } | ({"no_beacon": record["no_beacon"]} if record.get("no_beacon") else {}) | _rounds(record, day)


def _rounds(record: dict, day: int) -> dict:
    """A day whose deadline moved past its round: the reveal's gm-seal names how many new rounds
    were announced and the SHA-256 of the last announcement (gm/fairness/rounds.py)."""
    rounds = record.get("rounds_sha256") or []
    return {"rounds": len(rounds), "round_sha256": rounds[-1]} if rounds else {}


def reveal_lines(rec: dict) -> list[str]:
    from gm.forum.machine_lines import machine_line

    core = {k: v for k, v in rec.items() if k not in ("seal", "beacon", "listed", "rounds", "round_sha256")}
    seal = rec["seal"] | {k: rec[k] for k in ("rounds", "round_sha256") if k in rec}
    lines = [machine_line(REVEAL_TAG, core), machine_line(SEAL_TAG, seal)]
    lines += [machine_line(RULING_TAG, r) for r in rec["listed"]]
    if rec["beacon"]:
        lines.append(machine_line(BEACON_TAG, rec["beacon"]))
    return lines


def game_ended(gd: GameDir, game: Game) -> bool:
    """Has the last resolved day ended the game (so that every seal lifts)?"""
    days = gd.resolved_days()
    return bool(days) and game.engine.ended(game.engine.state_from_json(gd.read_json(days[-1], "state.json")))


def released_reveal(game: Game, record_text: str, rolls_public_text: str) -> dict[str, str]:
    """A sealed day's reveal post (its parts, if the forum needs them), made from its record once
    the game has ended: the same post an open day gets when it is resolved."""
    import hashlib
    import json

    from gm.forum.render import with_parts

    def digest(text: str) -> str:  # as the chain takes a text's SHA-256 (gm/fairness/chain.py), without climbing to it
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    files: dict[str, str] = {}
    with_parts(files, f"reveal.{game.ext}", reveal_post(game, json.loads(record_text), digest(record_text),
                                                        digest(rolls_public_text)), game)
    return files


def release_sealed(gd: GameDir, game: Game) -> list[str]:
    """Once the game has ended, the seal lifts: the reveal post of every sealed day (written by
    nobody until now, gm/pipeline/record.py) is written beside the day's result, from its record. Returns
    the files written. Before the end, nothing."""
    from gm.storage.atomic import create_file_atomically

    if not game_ended(gd, game):
        return []
    written = []
    for day in gd.resolved_days():
        result = gd.result_dir(day)
        if (result / f"reveal.{game.ext}").is_file():
            continue
        files = released_reveal(game, (result / "day.json").read_text(encoding="utf-8"),
                                (result / "rolls.public.jsonl").read_text(encoding="utf-8"))
        for rel, text in sorted(files.items()):
            create_file_atomically(result / rel, text)
            written.append(display_path(result / rel))
    return written


def salt_lines(day: int, salts: dict[str, str]) -> list[str]:
    from gm.forum.machine_lines import machine_line

    return [machine_line(SALT_TAG, {"day": day, "player": name, "salt": salt}) for name, salt in salts.items()]


def reveal_post(game: Game, record: dict, record_sha256: str, rolls_sha256: str) -> str:
    from gm.forum.machine_lines import check_fits, check_machine_lines
    from gm.forum.render import render_post

    rec = reveal_record(record, record_sha256, rolls_sha256)
    post = render_post(game, "reveal.j2", day=rec["day"], reveal=rec, seed_sha256=record["seed_sha256"], committed=record.get("seed_committed", False),
                       salts=list(record["salts"].items()), salt_lines="\n".join(salt_lines(rec["day"], record["salts"])),
                       rulings=record.get("rulings") or [], corrections=record.get("corrections") or [],
                       machine="\n".join(reveal_lines(rec)))
    check_machine_lines(post, reveal_lines(rec) + salt_lines(rec["day"], record["salts"]), "the reveal post")
    check_fits(post, game.forum.max_length if game.forum else None, "the reveal post")
    return post


def purposes_posts(gd: GameDir, game: Game) -> tuple[int, list[str]]:
    """When the game has ended: every roll of every day opened (its purpose, outcome and table),
    as gm-open lines in posts that break between lines. Anyone can check each against the day's
    public roll log (`gm verify --open`)."""
    import json

    from gm.forum.machine_lines import machine_line
    from gm.fairness.rolllog import OPEN_TAG, full_openings

    days = gd.resolved_days()
    if not days or not game.engine.ended(game.engine.state_from_json(gd.read_json(days[-1], "state.json"))):
        raise StateError("the game has not ended: until it does, every roll's purpose stays sealed (post the public "
                         "roll log, and send each player their openings)")
    lines = []
    for day in days:
        record = gd.read_json(day, "day.json")
        path = gd.result_dir(day) / "rolls.jsonl"
        records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        lines += [machine_line(OPEN_TAG, o) for o in full_openings(records, bytes.fromhex(record["veil"]),
                                                                      record["engine"], day)]
    return days[-1], _line_posts(game, "Every roll of the game, opened", lines)


def _line_posts(game: Game, title: str, lines: list[str]) -> list[str]:
    """Lines in code blocks, in as many posts as the forum's limit needs, each breaking between lines."""
    fence = ("[code]", "[/code]") if game.format == "bbcode" else ("```", "```")
    bold = "[b]{}[/b]" if game.format == "bbcode" else "**{}**"
    room = (game.forum.max_length if game.forum and game.forum.max_length else 10**9) - len(bold.format(title + ", part 999 of 999")) - 20
    chunks: list[list[str]] = [[]]
    size = 0
    for line in lines:
        if len(line) + 1 > room:
            raise StateError(f"a line is {len(line)} characters, more than a post on this forum holds: it cannot be posted whole")
        if chunks[-1] and size + len(line) + 1 > room:
            chunks.append([])
            size = 0
        chunks[-1].append(line)
        size += len(line) + 1
    return [bold.format(title + (f", part {i} of {len(chunks)}" if len(chunks) > 1 else "")) + "\n" + fence[0] + "\n"
            + "\n".join(chunk) + "\n" + fence[1] + "\n" for i, chunk in enumerate(chunks, 1)]


def roll_log_posts(game: Game, day: int, path) -> list[str]:
    """The public roll log as posts to paste: its lines verbatim in code blocks, in as many
    parts as the forum's length limit needs, each part breaking between lines. `gm verify
    --rolls` reads them back (or rolls.public.jsonl itself)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StateError(f"{display_path(path)} is missing (was the day resolved by an older gm? resolve it again "
                         "with --force --reason)") from None
    lines = text.splitlines()
    return _line_posts(game, f"Day {day}: the roll log ({len(lines)} rolls)", lines)
