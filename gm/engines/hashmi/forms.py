"""A Hashmi player's orders echoed back (a receipt): the shared words of the orders, then the odds
of each shot they can already know (the weapons table is printed in the rules: the SHOOT die's
faces and the TARGET die's accuracy), nothing of anyone else's cards or mission."""

from __future__ import annotations


def shot_odds(orders, rules) -> list[str]:
    """One line for each weapon the orders shoot with, in the order first used."""
    lines: list[str] = []
    seen: set[str] = set()
    for a in orders.actions:
        name = a.spec.get("weapon") if a.kind == "shoot" else None
        if name is None or name in seen or name not in rules.comp.weapons:
            continue
        seen.add(name)
        w = rules.comp.weapons[name]
        faces = [f"{word} {n} in 6" for word, n in (("fires", w.fire), ("misfires", w.misfire), ("backfires", w.backfire)) if n]
        fire = "always fires" if w.always_fires else ", ".join(faces)
        lines.append(f"Odds with the {name}: the SHOOT die {fire}; the TARGET die hits {w.accuracy} in 6 "
                     "(before the cards and the agents' powers)")
    return lines
