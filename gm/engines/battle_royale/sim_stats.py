"""What `gm simulate` counts in a Battle Royale game (the record gm/balance.py describes):
wins by role, school and Day 0 bonus; deaths per day and their causes; every hit attempt, hit,
point of damage and kill by weapon (traps included); and how often each rule fired."""

from __future__ import annotations

from collections import Counter

from gm.balance import generic_stats

from .rules import Rules

CAUSE_ITEM = {"poison": "Poison Vial"}  # a death's cause, as the item that caused it

# the rule each event kind stands for (events that are not listed are counted by kind only)
RULE_OF_EVENT = {
    "bounty": "bounty for a marked student",
    "reward": "reward drop claimed",
    "escape": "escape from the island",
    "heal": "heal",
    "loot": "loot a kill",
    "rival_killed": "Rival killed (proficiency)",
    "partner_lost": "Lover's partner lost",
    "trap_set": "trap set",
    "blast": "trap went off",
    "distracted": "Megaphone distraction",
    "deactivated": "collar deactivated",
    "trade": "trade",
    "run_blocked": "run blocked (hands full)",
    "out_of_ammo": "out of ammunition",
    "found_lying": "item found lying",
}


UNDECIDED = "more than half the class still standing when the game ended"


def sim_stats(engine, game) -> dict:
    rules: Rules = game.rules
    record = generic_stats(engine, game)
    end = game.end
    players = end.players
    winners = set(record_winners(end))
    entrants: dict[str, Counter] = {"role": Counter(), "school": Counter(), "bonus": Counter()}
    wins: dict[str, Counter] = {"role": Counter(), "school": Counter(), "bonus": Counter()}
    for name in sorted(players):
        p = players[name]
        groups = {"role": p.role, "school": p.school or "no school", "bonus": p.bonuses[0] if p.bonuses else "no bonus"}
        for category, group in groups.items():
            entrants[category][group] += 1
            if name in winners:
                wins[category][group] += 1
    record["entrants"] = {c: dict(sorted(v.items())) for c, v in entrants.items()}
    record["wins"] = {c: dict(sorted(v.items())) for c, v in wins.items()}
    alive = len(end.alive())
    if alive == 0:
        record["ended"] = "no one left"
    elif alive == 1 and end.day < rules.house.last_day:
        record["ended"] = "last one standing"
    else:
        record["ended"] = "last day"
    record["undecided"] = alive > len(players) / 2
    record["weapons"], record["rules"], record["deaths"] = _fights(game)
    return record


def record_winners(state) -> list[str]:
    return sorted(n for n, o in state.outcome.items() if o == "winner")


def _fights(game) -> tuple[dict, dict, list[int]]:
    weapons: dict[str, Counter] = {}
    fired: Counter = Counter()
    deaths = [0] * len(game.days)
    for day, events in enumerate(game.days):
        last_weapon: dict[tuple[str, str], str] = {}  # (attacker, victim) -> the weapon of their last blow today
        for e in events:
            d = e.data
            kind = e.kind
            if kind == "attack":
                w = weapons.setdefault(d["weapon"], Counter())
                w["attempts"] += 1
                w["hits"] += bool(d["hit"])
                w["damage"] += d["damage"]
                last_weapon[(d["attacker"], d["target"])] = d["weapon"]
                if d.get("covered"):
                    fired["cover took the attack"] += 1
                if d.get("saved"):
                    fired[f"{d['saved']} saved a hit"] += 1
                if d.get("smoke") and d["hit"]:
                    fired["smoke negated an action"] += 1
                if d.get("all_out"):
                    fired["all-out attack (hit attempts)"] += 1
            elif kind == "collateral":
                w = weapons.setdefault(d.get("weapon") or "collateral", Counter())
                w["collateral rolls"] += 1
                w["collateral damage"] += d.get("damage") or 0
                last_weapon[(d["thrower"], d["player"])] = d.get("weapon") or "collateral"
            elif kind == "poison" and not d.get("failed"):
                w = weapons.setdefault("Poison Vial", Counter())
                w["attempts"] += 1
                w["hits"] += bool(d.get("damage"))
                w["damage"] += d.get("damage") or 0
            elif kind == "death":
                deaths[day] += 1
                fired[f"death: {d['cause']}"] += 1
            elif kind == "kill":
                cause = d["cause"]
                weapon = (last_weapon.get((d["killer"], d["victim"]), "Unarmed") if cause == "attack"
                          else CAUSE_ITEM.get(cause, cause))
                weapons.setdefault(weapon, Counter())["kills"] += 1
            elif kind == "zones_closed":
                fired["zone closed"] += len(d["zones"])
            elif kind == "commotion":
                fired["fight in a zone"] += 1
            elif kind == "search":
                fired["search found an item" if d.get("found") else "search found nothing"] += 1
            elif kind == "role" and d.get("requested") == "Lone Wolf":
                fired["Lone Wolf request granted" if d.get("role") == "Lone Wolf" else "Lone Wolf request refused"] += 1
            elif kind in RULE_OF_EVENT:
                fired[RULE_OF_EVENT[kind]] += 1
    return ({n: dict(sorted(c.items())) for n, c in sorted(weapons.items())}, dict(sorted(fired.items())), deaths)
