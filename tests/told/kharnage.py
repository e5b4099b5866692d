"""What Kharnage's texts state, read as claims (tests/told_facts.py finds this module by the engine's
package name): who won (the post's Winner line, each message's)."""

from __future__ import annotations

import re

from told_facts import Claim, names_in, plain

KINDS = {"won"}  # the kinds of claim its texts yield over a run


def post_claims(day, game, names) -> list[Claim]:
    claims = []
    m = re.search(r"^Winner: (.*?)\.", plain(day.post), re.M)
    if m:
        won = set(names_in(m.group(1), names))
        claims += [Claim("won", n, n in won, "the post") for n in names]
    for me, text in day.messages.items():
        m = re.search(r"The winner is (.*?)\.", plain(text))
        if m:
            won = set(names_in(m.group(1), names))
            claims += [Claim("won", n, n in won, f"{me}'s message") for n in names]
    return claims
