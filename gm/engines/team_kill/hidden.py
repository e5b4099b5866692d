"""What Team Kill hides, in words (Engine.secret_words; tests/test_secrets_sim.py reads it).

TK-20: the public post never names a card in a hand.
"""

from __future__ import annotations


def secret_words(engine, state, rules, events) -> tuple[set[str], dict[str, set[str]]]:
    return {c for p in state.persons.values() for c in p.hand}, {}
