"""What a player has learned over the game and still holds: their analyses, Binoculars and
Tracking reports, who attacked or poisoned them. `gm status --player` lists it; it is read from the
events each day addressed to the player (their messages said the same), never from secrets."""

from __future__ import annotations

from gm.markup import and_join
from gm.narration import with_article
from gm.text import the


def learned(history: list[tuple[int, list[dict]]], name: str, places) -> list[str]:
    """Lines, oldest first: `history` is (day, that day's events the player saw) for every resolved day.
    `places` gives the zones' "on the Beach" (a dict, or a function that makes it, called only for a
    Tracking report: most players have none, and a big game has thousands of players).

    Each fact once, the stale ones dropped (RULINGS.md, "What you have learned"): a zone's latest
    Binoculars sighting only, and an empty zone only from the latest report (an empty zone seen
    earlier tells nothing now); no closed zone (no one can be there; a zone once closed stays closed,
    so every sighting of it is stale); the Tracking Unit's latest count, and each student's latest signal."""
    at = lambda z: (places() if callable(places) else places).get(z) or "in " + the(z)  # noqa: E731
    lines: list[tuple[int, str]] = []
    analyses: dict[str, str] = {}
    sighted: dict[str, tuple[int, list[str]]] = {}  # zone -> (day, who) of its latest sighting
    closed: set[str] = set()  # zones a report found closed
    facts: dict[tuple, tuple[int, str]] = {}  # the latest of each Tracking fact
    last_look = None
    for day, events in history:
        attackers: dict[str, int] = {}
        for e in events:
            kind, d = e["kind"], e["data"]
            if kind == "analysis" and d.get("found") is not False and d.get("player") == name and d.get("role"):
                concealed = and_join(list(d.get("concealed") or [])) or "nothing concealed"
                analyses[d["target"]] = f"Day {day}: {d['target']} is {with_article(d['role'])} of {d['school']} ({concealed})"
            elif kind == "binoculars":
                last_look = day
                closed.update(d.get("closed") or [])
                for z, n in d.get("seen", {}).items():
                    more = (d.get("unlisted") or {}).get(z, 0)
                    sighted[z] = (day, list(n) + ([f"{more} other students"] if more else []))
            elif kind == "tracking" and d.get("target"):
                where = at(d["zone"]) if d.get("zone") else "giving no signal"
                facts[("track", d["target"])] = (day, f"Day {day}: the Tracking Unit put {d['target']} {where}")
            elif kind == "tracking":
                facts[("count",)] = (day, f"Day {day}: the Tracking Unit counted " +
                                     ", ".join(f"{the(z)} {n}" for z, n in sorted(d.get("counts", {}).items())))
            elif kind == "attack" and d.get("target") == name and d.get("attacker") != name:
                attackers[d["attacker"]] = attackers.get(d["attacker"], 0) + 1
            elif kind == "poison" and d.get("target") == name and d.get("player") != name and not d.get("failed"):
                lines.append((day, f"Day {day}: {d['player']} poisoned you"))
        for who, n in sorted(attackers.items()):
            lines.append((day, f"Day {day}: {who} attacked you" + (f" ({n} times)" if n > 1 else "")))
    looks: dict[int, list[str]] = {}
    for z, (day, who) in sorted(sighted.items()):
        if z not in closed and (who or day == last_look):
            looks.setdefault(day, []).append(f"{the(z)}: {and_join(who) or 'no one'}")
    lines += [(day, f"Day {day}: through the Binoculars, {'; '.join(seen)}") for day, seen in looks.items()]
    lines += list(facts.values())
    lines.sort(key=lambda x: x[0])  # oldest first; a day's own lines in the order made
    return [f"  analysis, {text}" for _, text in sorted(analyses.items())] + ["  " + x for _, x in lines]
