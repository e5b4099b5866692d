"""What `gm simulate` counts in a Kharnage game (the record gm/balance.py describes): wins
by army and by seat, every attack by type (points, Unit cards destroyed, Kharnages) and how often
each rule fired."""

from __future__ import annotations

from collections import Counter

from gm.balance import generic_stats, winners_of


def sim_stats(engine, game) -> dict:
    record = generic_stats(engine, game)
    end = game.end
    winners = set(winners_of(game))
    entrants = {"army": Counter(), "seat": Counter()}
    wins = {"army": Counter(), "seat": Counter()}
    for i, (name, p) in enumerate(end.players.items()):
        for category, group in (("army", p.army), ("seat", f"seat {i + 1}")):
            entrants[category][group] += 1
            wins[category][group] += name in winners
    record["entrants"] = {c: dict(sorted(v.items())) for c, v in entrants.items()}
    record["wins"] = {c: {g: n for g, n in sorted(v.items()) if n} for c, v in wins.items()}
    record["length"] = end.round
    attacks: dict[str, Counter] = {}
    fired: Counter = Counter()
    for events in game.days:
        for e in events:
            d = e.data
            if e.kind == "attack":
                a = attacks.setdefault(d.get("label") or d["type"], Counter())
                a["attempts"] += 1
                a["damage"] += d.get("points") or 0
                hits = d.get("hits") or []
                a["hits"] += bool(hits)
                a["kills"] += sum(h.get("cards", 0) for h in hits)
                if d.get("split"):
                    fired["attack split between armies"] += 1
                if d.get("no_target"):
                    fired["attack found no target"] += 1
                if d.get("knights"):
                    fired["Knights joined an attack"] += 1
            elif e.kind == "kharnage":
                fired["Kharnage (an army wiped out)"] += 1
            elif e.kind in ("kamikaze", "flight", "web", "power", "reinforcement", "initiative_tie", "chief"):
                fired[e.kind.replace("_", " ")] += 1
    record["weapons"] = {k: dict(sorted(v.items())) for k, v in sorted(attacks.items())}
    record["rules"] = dict(sorted(fired.items()))
    return record
