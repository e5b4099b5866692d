"""What `gm simulate` counts in a Hostile Takeover game (the record gm/balance.py describes):
wins by place in the turn order and by seat, how games end, the combats and claims with their dice
against the rulebook's d12, and how often each rule fired."""

from __future__ import annotations

from collections import Counter

from gm.balance import generic_stats, winners_of

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


def turn_label(i: int) -> str:
    return f"plays {ORDINALS[i] if i < len(ORDINALS) else f'{i + 1}th'}"


UNDECIDED = "no winner, or the game was cut off by max_rounds"


def sim_stats(engine, game) -> dict:
    record = generic_stats(engine, game)
    end = game.end
    order = end.turn_order()
    winners = set(winners_of(game))
    entrants = {"turn order": Counter(), "seat": Counter()}
    wins = {"turn order": Counter(), "seat": Counter()}
    for i, name in enumerate(order):
        entrants["turn order"][turn_label(i)] += 1
        wins["turn order"][turn_label(i)] += name in winners
    for i, name in enumerate(end.players):
        label = f"seat {i + 1} ({end.players[name].colour})"
        entrants["seat"][label] += 1
        wins["seat"][label] += name in winners
    record["entrants"] = {c: dict(v) for c, v in entrants.items()}
    record["wins"] = {c: {g: n for g, n in v.items() if n} for c, v in wins.items()}
    record["ended"] = (end.end or "game over").replace("_", " ")
    record["undecided"] = record["undecided"] or end.end == "max_rounds"
    record["length"] = end.round
    weapons = {"attack": Counter(), "claim": Counter()}
    fired: Counter = Counter()
    for events in game.days:
        for e in events:
            d = e.data
            if e.kind == "combat":
                w = weapons["attack"]
                w["attempts"] += 1
                w["hits"] += d["winner"] == d["attacker"]
                w["damage"] += d["winner"] == d["attacker"]
                if d["winner"] is None:
                    fired["combat tied (no one loses)"] += 1
                elif d["winner"] == d["defender"]:
                    fired["defender won a combat"] += 1
            elif e.kind == "claim":
                w = weapons["claim"]
                w["attempts"] += 1
                w["damage"] += d["roll"]
                w["hits"] += bool(d["claimed"])
                if d["claimed"]:
                    fired["building taken from a player" if d.get("previous_owner") else "unclaimed building claimed"] += 1
            elif e.kind == "life_lost":
                fired["player out" if d.get("out") else "life lost (back to spawn)"] += 1
                if d.get("out"):
                    weapons["attack"]["kills"] += 1
            elif e.kind == "pushed":
                fired["pawn pushed off a spawn"] += 1
            elif e.kind == "moved" and d.get("around"):
                fired["moved around an own building"] += 1
            elif e.kind == "passed" and d.get("boxed_in"):
                fired["boxed in (no legal order)"] += 1
            elif e.kind == "skipped":
                fired["order skipped for a fallback"] += 1
    record["weapons"] = {k: dict(sorted(v.items())) for k, v in weapons.items() if v}
    record["rules"] = dict(sorted(fired.items()))
    return record
