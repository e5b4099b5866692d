"""What Hashmi hides, in words (Engine.secret_words; tests/test_secrets_sim.py reads it).

Missions stay secret until the game ends, in the public texts and in any other player's; a Know it
All makes its own mission public, and the spare missions are no one's to read.
"""

from __future__ import annotations


def secret_words(engine, state, rules, events) -> tuple[set[str], dict[str, set[str]]]:
    if state.over:
        return set(), {}
    claimed = {e.data["player"] for e in events if e.kind == "know_it_all"}
    missions = {n: p.mission for n, p in state.players.items() if p.mission and n not in claimed}
    secret = set(missions.values()) | set(state.spare_missions)
    return secret, {n: {m for who, m in missions.items() if who != n} for n in state.players}
