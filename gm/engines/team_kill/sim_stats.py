"""What `gm simulate` counts in a Team Kill game (the record gm/balance.py describes): the
winners by seat and by the card each was dealt, how games end, and how often each rule fired
(confrontations, showdowns, teams formed and dissolved, eliminations, loot)."""

from __future__ import annotations

from collections import Counter

from gm.balance import generic_stats, winners_of

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


UNDECIDED = "no winner, or every player passed (no one confronted anyone)"


def sim_stats(engine, game) -> dict:
    record = generic_stats(engine, game)
    record["ended"] = str(getattr(game.end, "end", None) or record["ended"]).replace("_", " ")
    record["undecided"] = record["undecided"] or record["ended"] == "all passed"
    winners = set(winners_of(game))
    dealt: Counter = Counter()
    won: Counter = Counter()
    for e in game.days[0] if game.days else []:
        if e.kind == "your_card":
            player = game.end.player_of(e.data["person"])
            dealt[e.data["card"]] += 1
            won[e.data["card"]] += player in winners
    if dealt:
        record["entrants"]["card dealt"] = dict(sorted(dealt.items()))
        record["wins"]["card dealt"] = {c: n for c, n in sorted(won.items()) if n}
    fired: Counter = Counter()
    for events in game.days:
        for e in events:
            if e.kind in RULES:
                fired[RULES[e.kind]] += 1
    record["rules"] = dict(sorted(fired.items()))
    return record
