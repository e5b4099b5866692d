"""What each player has seen, day after day: the events addressed to them and the public ones about
them, read from each resolved day's events.jsonl. `gm status --player` and each message's "You"
section hand it to the engine's `player_learned` hook, which says what the player learned from it
and still holds. Read once for every player (one pass over each day), never once per player."""

from __future__ import annotations

import json
import re
from pathlib import Path

History = list[tuple[int, list[dict]]]  # (day, that day's events the player saw), oldest first


def seen_by_player(result_dirs: list[tuple[int, Path]], kinds: frozenset[str] = frozenset()) -> dict[str, History]:
    """player -> their History over the given (day, result folder) pairs; only events of `kinds`
    (when given: a line that cannot be one is not even parsed)."""
    mark = re.compile('"kind":(?:' + "|".join(re.escape(json.dumps(k)) for k in sorted(kinds)) + ")") if kinds else None
    out: dict[str, History] = {}
    for day, folder in result_dirs:
        path = folder / "events.jsonl"
        if not path.is_file():
            continue
        per: dict[str, list[dict]] = {}
        for text in path.read_text(encoding="utf-8").splitlines():
            if mark is not None and mark.search(text) is None:
                continue
            try:
                rec = json.loads(text)
            except ValueError:
                continue
            if not isinstance(rec, dict) or (kinds and rec.get("kind") not in kinds):
                continue
            vis = rec.get("visibility")
            names = vis if isinstance(vis, list) else (rec.get("about") or []) if vis == "public" else []
            for name in dict.fromkeys(n for n in names if isinstance(n, str)):
                per.setdefault(name, []).append(rec)
        for name, recs in per.items():
            out.setdefault(name, []).append((day, recs))
    return out


def overrides_learned(engine) -> bool:
    """Does the engine say what a player learns (else there is nothing to read)?"""
    from gm.engine import Engine

    return type(engine).player_learned is not Engine.player_learned


def message_lines(lines: list[str]) -> list[str]:
    """`player_learned` lines as a message lists them: one sentence-like entry each."""
    out = []
    for x in lines:
        x = x.strip()
        if x:
            out.append(x[:1].upper() + x[1:])
    return out
