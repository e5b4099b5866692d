"""A resolved day's result folder, as text: posts, messages, logs, state and the day's record.

Same seed and orders give the same bytes. Nothing here reads the game folder: the digests in
day.json are those of the bytes gm/day.py read and resolved.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from gm.chain import chain_fields, sha256_text
from gm.commitment import reveal_post
from gm.day import ResolvedDay
from gm.gamedir import Game
from gm.render import render_day, with_parts


def dumps(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, indent=2) + "\n"


def jsonl(records) -> str:
    return "".join(json.dumps(r, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records)


def day_files(game: Game, rd: ResolvedDay) -> dict[str, str]:
    """Every file of the result folder, as text. Same seed and orders give the same bytes.

    day.json is the day's record in the hash chain (gm/chain.py): it holds the digests of the
    orders, the rolls and every other output, and of the previous day's record. reveal.<ext>
    is made from the record, so it comes last and is not among the digests.
    """
    engine = game.engine
    files = render_day(game, rd)
    files["rolls.jsonl"] = jsonl(r.record() for r in rd.rolls)
    files["events.jsonl"] = jsonl(e.record() for e in rd.events)
    files["state.json"] = dumps(engine.state_to_json(rd.state))
    record = {
        "engine": engine.facts.name,
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
    } | chain_fields(rd.checked, files)
    rulings = rd.checked.rulings
    if rulings is not None and rulings.file is not None:  # in keys of their own (gm/rulings.py)
        record["rulings"] = [r.record() for r in rulings.rulings]
        record["rulings_sha256"] = rulings.digest
    files["day.json"] = dumps(record)
    with_parts(files, f"reveal.{game.ext}", reveal_post(game, record, sha256_text(files["day.json"]),
                                                        sha256_text(files["rolls.jsonl"])), game)
    return files
