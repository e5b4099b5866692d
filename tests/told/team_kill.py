"""What Team Kill's texts state, read as claims (tests/told_facts.py finds this module by the engine's
package name): who is eliminated or still in (the post's lists), and who won."""

from __future__ import annotations

import re

from told_facts import Claim, names_in, plain, section, sentences, status_line

TABLES = (4, 9)  # the sizes of the games played: a small table and a larger one
KINDS = {"out", "by", "won"}  # the kinds of claim its texts yield over a run


def post_claims(day, game, names) -> list[Claim]:
    claims = []
    # the lists name persons (a player has two in the 4/5-player variant): a player is out when all are
    persons = {n: p.player for n, p in day.after.persons.items()}
    listed = {n for x in section(day.post, "Eliminated (") or [] for n in names_in(x, list(persons))}
    left = {n for x in section(day.post, "Still in (") or [] for n in names_in(x.split(":")[0], list(persons))}
    for n in names:
        mine = {k for k, v in persons.items() if v == n}
        if mine and mine <= listed:
            claims.append(Claim("out", n, True, "the post (Eliminated)"))
        elif mine & left:
            claims.append(Claim("out", n, False, "the post (Still in)"))
    for me, text in day.messages.items():  # the reader's team: the status line, and any line that tells it again
        m = re.search(r"on (?:a team with (.*?)|your own)(?:;|$)", status_line(text) or "")
        if m:
            claims.append(Claim("team", me, frozenset(names_in(m.group(1) or "", names)), f"{me}'s message (status)"))
        m = re.search(r"^Your team: (.*)$", plain(text), re.M)
        if m:
            claims.append(Claim("team", me, frozenset(n for n in names_in(m.group(1), names) if n != me), f"{me}'s message"))
    for s in sentences(day.post):
        m = re.match(r"(.*) is the only player left and wins", s) or re.match(r"(.*) win together", s)
        if m:
            won = set(names_in(m.group(1), names))
            claims += [Claim("won", n, n in won, "the post") for n in names]
        if re.match(r"(Everyone passed a full circle|All remaining players were eliminated)", s):
            claims += [Claim("won", n, False, "the post") for n in names]
    return claims
