"""What a player has learned over the game and still holds: the cards others showed them in a
showdown, gave them, or took in a loot their team shared. `gm status --player` and each message's
"You" section list it; it comes only from the events the player saw (their messages said the same)."""

from __future__ import annotations

from gm.markup import and_join


def learned(history: list[tuple[int, list[dict]]], name: str) -> list[str]:
    """Lines, oldest first: `history` is (day, that day's events the player saw) for every resolved day."""
    mine = {name}
    lines: list[str] = []
    for day, events in history:
        for e in events:
            kind, d = e.get("kind"), e.get("data") or {}
            if kind == "your_card" and d.get("person"):
                mine.add(d["person"])
            elif kind == "showdown":
                for r in d.get("reveals") or []:
                    if r.get("person") not in mine and r.get("card"):
                        lines.append(f"Day {day}: in the showdown, {r['person']} revealed {r['card']}")
            elif kind == "gave" and d.get("to") in mine and d.get("giver") not in mine:
                lines.append(f"Day {day}: {d['giver']} gave you {d['card']}")
            elif kind == "loot" and d.get("agreed"):
                for who, cards in sorted((d.get("shares") or {}).items()):
                    if who not in mine and cards:
                        lines.append(f"Day {day}: from the loot, {who} took {and_join(list(cards))}")
    return lines
