"""What `gm simulate` counts in a Team Kill game (the record gm/simulate/generic.py describes): the
winners by seat, how games end, and how often each rule fired (confrontations, showdowns, teams
formed and dissolved, eliminations, loot)."""

from __future__ import annotations

from collections import Counter

from gm.simulate.generic import generic_stats

RULES = {
    "confrontation": "confrontation",
    "showdown_result": "showdown",
    "team_formed": "team formed",
    "teams_dissolved": "teams dissolved",
    "left_team": "left a team",
    "eliminated": "player eliminated",
    "loot_shared": "loot shared",
    "loot_disputed": "loot disputed",
    "card_given": "card given to a teammate",
    "decision_due": "day stopped for a decision",
}


def sim_stats(engine, game) -> dict:
    record = generic_stats(engine, game)
    record["ended"] = str(getattr(game.end, "end", None) or record["ended"]).replace("_", " ")
    fired: Counter = Counter()
    for events in game.days:
        for e in events:
            if e.kind in RULES:
                fired[RULES[e.kind]] += 1
    record["rules"] = dict(sorted(fired.items()))
    return record
