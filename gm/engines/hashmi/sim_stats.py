"""What `gm simulate` counts in a Hashmi game (the record gm/balance.py describes): wins
by seat, by secret mission and by agent kind; eliminations by weapon (and by every other cause);
shootouts, storm deaths, and how often each rule fired. The rulebook's own figures to hold them
against are in `reference()`."""

from __future__ import annotations

from collections import Counter

from gm.balance import generic_stats, winners_of

# events that are a rule firing, named as the report shows them
FIRED = {"shootout": "shootout", "shootout_limit": "shootout to the last shot (both out)",
         "storm_declared": "storm declared",
         "storm_active": "storm active", "chest_taken": "chest taken", "portkey": "portkey", "revived": "revived (Healer)",
         "wizard": "Wizard strike-back", "strong_hit": "Strong agent hit once", "doomed": "Doomed agent taken too",
         "charm": "Charm thrown", "saved": "saved from elimination", "wanted_prize": "Wanted prize",
         "player_out": "player out", "turn_forfeited": "turn forfeited", "turn_missed": "turn missed",
         "hypnotised_turn": "hypnotised turn", "know_it_all": "Know it All", "zombie_stopped": "zombie stopped"}
CAUSES = {"storm": "storm", "shootout": "shootout", "limit": "shootout", "backfire": "backfire", "gas_zone": "gas zone",
          "wizard": "Wizard strike-back", "zombie": "zombie", "go": "Go", "roulette": "Russian Roulette",
          "know_it_all": "a wrong Know it All", "wanted": "Wanted prize"}


def sim_stats(engine, game) -> dict:
    record = generic_stats(engine, game)
    end = game.end
    table = game.rules.comp.weapons
    winners = set(winners_of(game))
    entrants = {"seat": Counter(), "mission": Counter(), "agent kind": Counter()}
    wins = {"seat": Counter(), "mission": Counter(), "agent kind": Counter()}
    for name, p in end.players.items():
        groups = [("seat", f"seat {p.seat}"), ("mission", p.mission or "none")]
        groups += [("agent kind", a.kind) for a in p.agents]
        for category, group in groups:
            entrants[category][group] += 1
            wins[category][group] += name in winners
    record["entrants"] = {c: dict(sorted(v.items())) for c, v in entrants.items()}
    record["wins"] = {c: {g: n for g, n in sorted(v.items()) if n} for c, v in wins.items()}
    record["ended"] = (end.victory or ("game over" if game.finished else "unfinished")).replace("_", " ")
    record["undecided"] = not game.finished or end.victory in (None, "boring", "nobody")
    record["alive"] = _players_after(game)
    weapons: dict[str, Counter] = {}
    fired: Counter = Counter()
    undecided = False
    for events in game.days:
        for e in events:
            d = e.data
            if e.kind == "shot":
                w = weapons.setdefault(d["weapon"], Counter())
                w["attempts"] += 1
                fired[f"shot: {d['result']}"] += 1
            elif e.kind == "eliminated":
                what = d.get("what") or ""
                if d.get("cause") in ("shot", "blast", "gas") and what in table:
                    w = weapons.setdefault(what, Counter())
                    w["kills"] += 1
                fired["eliminated by " + CAUSES.get(d.get("cause"), what or str(d.get("cause")))] += 1
            if e.kind == "shootout":
                weapons.setdefault("shootout", Counter())["attempts"] += 1
                undecided = True
            elif e.kind == "eliminated" and d.get("cause") in ("shootout", "limit"):
                s = weapons.setdefault("shootout", Counter())
                s["kills"] += 1
                s["hits"] += undecided  # a shootout that eliminated someone (both, at the limit)
                undecided = False
            if e.kind == "shootout_shot" and d.get("outcome") == "hit":
                fired[f"shootout won by the {d.get('role')}"] += 1
            elif e.kind == "card":
                fired[f"card: {d.get('card')}"] += 1
            if e.kind in FIRED:
                fired[FIRED[e.kind]] += 1
    # a shot's hit is an elimination (the weapons table's figure leaves out a Strong agent's first
    # hit, a Charm, the Wizard); a shootout's hit is one that eliminated someone, its kills the agents
    record["weapons"] = {k: {"attempts": v["attempts"], "damage": v["kills"], "kills": v["kills"],
                             "hits": v["hits"] if k == "shootout" else v["kills"]} for k, v in sorted(weapons.items())}
    record["rules"] = dict(sorted(fired.items()))
    return record


def _players_after(game) -> list[int]:
    """Players still in the game after each day, Day 0 first (a player is out when their three
    agents are)."""
    n = len(game.roster)
    out = []
    for events in game.days:
        n -= sum(1 for e in events if e.kind == "player_out")
        out.append(n)
    return out


UNDECIDED = "no victory before max_rounds (a Boring Victory, on points), or no one won"


def reference(rules) -> dict:
    """The weapons table's own figures: the chance a shot fires and then hits one agent in reach
    (fire/6 x accuracy/6); and the shootout's odds from the rulebook's 1 in 3 and 1 in 4 over five
    shots each."""
    table = {name: round(w.fire / 6 * w.accuracy / 6, 3) for name, w in sorted(rules.comp.weapons.items())}
    # a shootout eliminates one agent, or both when each misses five shots: each round both miss
    # with 2/3 x 3/4 = 1/2, so both go out with (1/2)^5
    table["shootout"] = round(1 + 0.5 ** rules.comp.shootout_shots, 3)
    return {"undecided": UNDECIDED, "weapons": table,
            "weapons_note": ("rulebook: the weapons table's chance that a shot fires and hits one agent in reach "
                             "(fire/6 x accuracy/6), and the agents a shootout eliminates (1 + 1/32); simulated: "
                             "eliminations per shot taken, with or without an agent in reach, and per shootout "
                             "(a Strong agent's first hit, a Charm, the Doomed and the Wizard move it)"),
            }
