"""What a player has learned over the game and still holds: the missions Know it All showed them,
and who eliminated their agents. `gm status --player` and each message's "You" section list it; it
comes only from the events the player saw (their messages said the same)."""

from __future__ import annotations


def learned(history: list[tuple[int, list[dict]]], name: str) -> list[str]:
    """Lines, oldest first: `history` is (day, that day's events the player saw) for every resolved day."""
    lines: list[str] = []
    for day, events in history:
        for e in events:
            kind, d = e.get("kind"), e.get("data") or {}
            if kind == "know_it_all_seen" and d.get("player") == name:
                seen = "; ".join(f"{n}: {m}" for n, m in sorted((d.get("missions") or {}).items()))
                lines.append(f"Day {day}: Know it All showed you every mission ({seen})")
            elif kind == "eliminated" and d.get("by") and str(d.get("agent", "")).rsplit(".", 1)[0] == name:
                lines.append(f"Day {day}: {d['by']} eliminated your {d['agent']}")
    return lines
