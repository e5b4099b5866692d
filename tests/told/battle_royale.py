"""What Battle Royale's texts state, read as claims (tests/told_facts.py finds this module by the engine's
package name): who fell today, where and how (the post's Fallen today list, each message's own lines), and the winners."""

from __future__ import annotations

import re

from told_facts import Claim, names_in, plain, section, sentences, status_line

TABLES = (8, 20)  # the sizes of the games played: a small table and a larger one
KINDS = {"place", "won", "out", "how"}  # the kinds of claim its texts yield over a run


def _br_places(text: str, zones: list[str]) -> list[str]:
    """The zone each sentence of a Battle Royale message puts its reader in at the end, in order."""
    found = []
    for s in sentences(text):
        if re.match(r"You (stayed|held your ground)\b|You set out from .* you are still", s):
            z = names_in(s.split("you are still")[-1] if "you are still" in s else s, zones)
        elif re.match(r"You (moved|ran)\b.* to ", s):
            z = names_in(s.rsplit(" to ", 1)[1], zones)
        elif re.match(r"Location: ", s):
            z = names_in(s, zones)
        elif re.match(r"(The .* killed you|You were killed|Your collar detonated)", s):
            z = names_in(s, zones)
        else:
            continue
        if len(z) == 1:
            found.append(z[0])
    return found


def post_claims(day, game, names) -> list[Claim]:
    zones = [z for z in game.rules.zones]
    claims = []
    for x in section(day.post, "Fallen today (") or []:
        who = names_in(x.split("(")[0], names)
        z = names_in(x.split(")", 1)[-1], zones)
        if who:
            claims.append(Claim("out", who[0], True, "the post (Fallen today)"))
            how = "ruling" if "removed by the GM" in x else "closed zone" if "caught in the closed" in x else "other"
            claims.append(Claim("how", who[0], how, "the post (Fallen today)"))
            if len(z) == 1:
                claims.append(Claim("place", who[0], z[0], "the post (Fallen today)"))
    m = re.search(r"The winners: (.*?)\.$", plain(day.post), re.M)
    if m:
        won = set(names_in(m.group(1), names))
        claims += [Claim("won", n, n in won, "the post (The winners)") for n in names]
    for me, text in day.messages.items():
        for x in sentences(text):
            how = ("ruling" if x.startswith("The GM's ruling removed you") else "closed zone"
                   if x.startswith("Your collar detonated") else "other"
                   if re.match(r"(You were killed|The .* killed you)", x) else None)
            if how:
                claims.append(Claim("how", me, how, f"{me}'s message"))
        if (status_line(text) or "").startswith("removed from the game by the GM"):
            claims.append(Claim("how", me, "ruling", f"{me}'s message (status)"))
        places = _br_places(text, zones)
        claims += [Claim("place", me, z, f"{me}'s message") for z in places[-1:]]
        # within one message, where it says the reader ended up: every statement after the last move agrees
        claims += [Claim("place", me, z, f"{me}'s message (earlier line)") for z in places[:-1]
                   if places and not _moved_after(text)]
    return claims


def _moved_after(text: str) -> bool:
    """A message whose reader moved in the day names their start zone too (a run, a follow)."""
    return bool(re.search(r"You (moved|ran)\b", plain(text)))
