"""What Kharnage hides, in words (Engine.secret_words; tests/test_secrets_sim.py reads it).

The Battle cards in a hand, not yet played or shown, in the public texts and in any other army's
(a card both hands hold is no secret between them).
"""

from __future__ import annotations


def secret_words(engine, state, rules, events) -> tuple[set[str], dict[str, set[str]]]:
    def name(card) -> str:
        return rules.components.battle[card].name

    shown = {name(c) for p in state.players.values() for c in p.played}
    shown |= {c["name"] for e in events if e.kind == "reveal" for c in e.data["cards"]}
    hands = {n: {name(c) for c in p.hand} - shown for n, p in state.players.items()}
    return set().union(*hands.values()), {n: set().union(*(h for w, h in hands.items() if w != n)) - hands[n]
                                          for n in state.players}
