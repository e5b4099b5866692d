"""What the Program hides, in words (Engine.secret_words; tests/test_secrets_sim.py reads it).

A role is learned only through Analyze (RULINGS.md): no public text names one, and a student's own
texts name only their own role, the role they asked for, and their partner's (a Lover knows the
other Lover's).
"""

from __future__ import annotations

from .rules import ROLES


def secret_words(engine, state, rules, events) -> tuple[set[str], dict[str, set[str]]]:
    players = state.players
    allowed = {n: {p.role, p.requested_role} | ({players[p.partner].role} if p.partner in players else set())
               for n, p in players.items()}
    return set(ROLES), {n: set(ROLES) - allowed[n] for n in players}
