"""What Hostile Takeover's texts state, read as claims (tests/told_facts.py finds this module by the engine's
package name): where each pawn stands (the post's map and players list, each message's status), who is out, and who won."""

from __future__ import annotations

import re

from told_facts import Claim, names_in, plain, status_line, told_outs_and_wins

KINDS = {"place", "won", "out"}  # the kinds of claim its texts yield over a run


def post_claims(day, game, names) -> list[Claim]:
    engine = game.engine
    view = engine.public_view(day.after, game.rules)
    claims = []
    letters = {view["by_name"][n]["letter"]: n for n in names}
    code = re.search(r"\[code\](.*?)\[/code\]", day.post, re.S)
    if code:
        rows = code.group(1).splitlines()
        head = rows[0]
        cols = {i: c for i, c in enumerate(head) if c.isalpha()}
        for row in rows[1:]:
            m = re.match(r"(\d+)", row)
            if not m:
                continue
            for p in re.finditer(r"\(([A-Z])\)", row):
                col = cols.get(p.start() + 1)
                if col and p.group(1) in letters:
                    claims.append(Claim("place", letters[p.group(1)], f"{col}{m.group(1)}", "the post (map)"))
    claims += told_outs_and_wins(day.post, names, r"(?P<who>.*) loses their last life and is out of the game",
                                 r"(Winner|Shared win): (?P<who>.*)")
    for m in re.finditer(r"^(.+?) \((?:Red|Blue|Green|Yellow|Purple|Orange|Black|White|Pink|Brown)\): .*?\bon ([A-L]\d+);",
                         plain(day.post), re.M):
        claims += [Claim("place", n, m.group(2), "the post (players)") for n in names_in(m.group(1), names)]
    for me, text in day.messages.items():
        status = status_line(text) or ""
        m = re.search(r"your pawn on ([A-L]\d+)", status)
        if m:
            claims.append(Claim("place", me, m.group(1), f"{me}'s message (status)"))
        m = re.search(r"^Your pawn: ([A-L]\d+)", plain(text), re.M)
        if m:
            claims.append(Claim("place", me, m.group(1), f"{me}'s message"))
    return claims
