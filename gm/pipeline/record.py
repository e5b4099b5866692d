"""A resolved day's result folder, as text: posts, messages, logs, state and the day's record.

Same seed and orders give the same bytes. Nothing here reads the game folder: the digests in
day.json are those of the bytes gm/pipeline/day.py read and resolved.
"""

from __future__ import annotations

import hashlib
from typing import Any

from gm.canonical import canonical
from gm.fairness.chain import chain_fields, sha256_text
from gm.fairness.reveal import reveal_post
from gm.fairness.rolllog import openings, public_log
from gm.forum.render import render_day, with_parts
from gm.gamedir import Game
from gm.pipeline.day import ResolvedDay
from gm.storage.jsonout import dumps as indented, line


def dumps(obj: Any) -> str:
    """Indented JSON with sorted keys (gm/storage/jsonout.py: json.dumps's bytes, faster)."""
    return indented(obj) + "\n"


def jsonl(records) -> str:
    return "".join(line(r) + "\n" for r in records)


def day_files(game: Game, rd: ResolvedDay, history: dict | None = None) -> dict[str, str]:
    """Every file of the result folder, as text. Same seed and orders give the same bytes.

    day.json is the day's record in the hash chain (gm/fairness/chain.py): it holds the digests of the
    orders, the rolls and every other output, and of the previous day's record. reveal.<ext>
    is made from the record, so it comes last and is not among the digests; a sealed day has none
    (nor openings) until the game ends. `history` holds the
    day's rulings and corrections (gm/fairness/corrections.py), kept in the record as they were made.
    """
    engine = game.engine
    name = engine.facts.name
    files = render_day(game, rd)
    records = [r.record() for r in rd.rolls]
    files["rolls.jsonl"] = "".join(canonical(r) + "\n" for r in records)  # the encoding every checker reads
    files["rolls.public.jsonl"] = public_log(records, rd.veil, name, rd.day)
    # a sealed day (Engine.secrets) keeps its openings and its reveal with the GM until the game
    # ends: then gm/fairness/reveal.py's release_sealed writes the reveals, and `gm reveal --purposes` opens every roll
    withheld = engine.sealed(rd.day, rd.rolls) is not None and not engine.ended(rd.state)
    if not withheld:
        _openings(game, rd, openings(rd.rolls, rd.veil, name, rd.day), files)
    files["events.jsonl"] = jsonl(e.record() for e in rd.events)
    files["state.json"] = dumps(engine.state_to_json(rd.state))
    history = history or {}
    record = {
        "game": game.title,
        "engine": name,
        "day": rd.day,
        "seed": rd.seed.hex(),
        "seed_sha256": hashlib.sha256(rd.seed).hexdigest(),
        "orders_files": rd.checked.orders_digests,
        "no_orders": rd.checked.missing,
        "orders": {n: engine.orders_record(o) for n, o in rd.checked.orders.items()},
        "rolls": len(rd.rolls),
        "salts": rd.checked.salts,
        "dice_key": rd.key.hex(),
        "seed_committed": rd.checked.seed_committed,
        "veil": rd.veil.hex(),
        "beacon": rd.beacon,
        "commit_sha256": rd.checked.commit_digest,
        "lock_sha256": rd.checked.lock_digest,
        "rulings": history.get("rulings", []),
        "corrections": history.get("corrections", []),
    } | chain_fields(rd.checked, files)
    if rd.checked.round_digests:  # announcements of a new round (gm/fairness/rounds.py), only on such a day
        record["rounds_sha256"] = list(rd.checked.round_digests)
    if game.source:  # the settings the day was resolved under: `gm audit` replays it under them
        record["game_yaml"] = game.source
        if game.source_files:
            record["game_files"] = dict(sorted(game.source_files.items()))
    if history.get("no_beacon"):  # resolved without the committed round (docs/fairness.md, "Without drand")
        record["no_beacon"] = history["no_beacon"]
    rulings = rd.checked.rulings
    if rulings is not None and (rulings.file or rulings.gm_file):  # keys of their own: `rulings` are the late changes' (gm/fairness/corrections.py)
        record["rulings_yaml"] = [r.record() for r in rulings.rulings]
        record["rulings_yaml_sha256"] = rulings.digest
    if record["corrections"]:
        from gm.fairness.corrections import correction_post, mark_corrected

        mark_corrected(game, rd.day, record["corrections"][-1], files)  # before the digests: they are what is sent
        record |= chain_fields(rd.checked, files)
    files["day.json"] = dumps(record)
    if record["corrections"]:
        with_parts(files, f"correction.{game.ext}", correction_post(game, rd.day, record["corrections"][-1]), game)
    if not withheld:
        with_parts(files, f"reveal.{game.ext}", reveal_post(game, record, sha256_text(files["day.json"]),
                                                            sha256_text(files["rolls.public.jsonl"])), game)
    return files


def _openings(game: Game, rd: ResolvedDay, by_player: dict[str, list[dict]], files: dict[str, str]) -> None:
    """result/openings/<player>.<ext>: the openings of the rolls about each player, to send with
    their message (gm/fairness/rolllog.py)."""
    from gm.forum.machine_lines import check_fits, machine_line
    from gm.forum.render import message_filename, render_posts
    from gm.fairness.rolllog import OPEN_TAG

    names = sorted(by_player)
    contexts = []
    for name in names:
        lines = [machine_line(OPEN_TAG, o) for o in by_player[name]]
        contexts.append({"day": rd.day, "player": name, "count": len(lines), "lines": "\n".join(lines)})
    taken: set[str] = set()
    for name, post in zip(names, render_posts(game, "openings.j2", contexts)):
        check_fits(post, game.forum.max_length if game.forum else None, f"{name}'s openings")
        with_parts(files, f"openings/{message_filename(name, taken)}.{game.ext}", post, game)
