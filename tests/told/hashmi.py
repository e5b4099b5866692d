"""What Hashmi Battle Royale's texts state, read as claims (tests/told_facts.py finds this module by the engine's
package name): where each agent stands (the post's map, each message's agents), who is out, and who won."""

from __future__ import annotations

import re

from told_facts import Claim, names_in, plain, sentences, told_outs_and_wins

KINDS = {"out", "won", "place"}  # the kinds of claim its texts yield over a run


def _map_tokens(code: str, token: str) -> list[tuple[str, str]]:
    """(token, square) for each token a monospace map shows: its column read from the header's
    letters above it, its row from the row's number."""
    rows = code.splitlines()
    head = next(r for r in rows if r.strip().startswith("A "))
    cols = {i: c for i, c in enumerate(head) if c.isalpha()}
    width = max(cols) + 3
    out = []
    for row in rows:
        m = re.match(r"\s*(\d+) ", row)
        if not m:
            continue
        for t in re.finditer(token, row[:width]):
            col = cols.get(t.start()) or cols.get(t.start() + 1)
            if col:
                out.append((t.group(1), f"{col}{m.group(1)}"))
    return out


def post_claims(day, game, names) -> list[Claim]:
    claims = []
    code = re.search(r"\[code\](.*?)\[/code\]", day.post, re.S)
    if code:  # where each agent stands, as the post's map shows it
        claims += [Claim("place", tag, sq, "the post (map)") for tag, sq in _map_tokens(code.group(1), r"\b([A-Z]\d)\b")]
    for me, text in day.messages.items():
        for m in re.finditer(r"^([A-Z]\d) [\w ]+? on ([A-T]\d+)\b", plain(text), re.M):
            claims.append(Claim("place", m.group(1), m.group(2), f"{me}'s message (Your agents)"))
    claims += told_outs_and_wins(day.post, names, r"(?P<who>.*) has no agent left and is out of the game",
                                 r"(?P<who>.*) (wins|share the win): ")
    for s in sentences(day.post):
        if re.match(r"No one wins", s):
            claims += [Claim("won", n, False, "the post") for n in names]
        for pattern in _victory():
            m = pattern.match(s)
            if m:
                won = set(names_in(m.groupdict().get("winners") or "", names))
                claims += [Claim("won", n, n in won, "the post (story)") for n in names]
    for me, text in day.messages.items():
        for s in sentences(text):
            m = re.match(r"The game is over: (.*) (wins|win)\b", s)
            if m:
                won = set(names_in(m.group(1), names))
                claims += [Claim("won", n, n in won, f"{me}'s message") for n in names]
    return claims


_VICTORY: list = []


def _victory() -> list:
    """The `victory` phrases (the story's sentence of the end) as patterns, read from the engine's
    phrases.yaml so a phrase added there is read too; {{ winners }} is the winners."""
    if not _VICTORY:
        from pathlib import Path

        from ruamel.yaml import YAML

        root = Path(__file__).resolve().parents[2] / "templates" / "hashmi-battle-royale" / "phrases.yaml"
        for p in YAML(typ="safe").load(root.read_text(encoding="utf-8"))["victory"]:
            parts = re.split(r"(\{\{.*?\}\})", p["text"])
            rx = "".join("(?P<winners>.+?)" if x.startswith("{{ winners") else ".+?" if x.startswith("{{") else re.escape(x)
                         for x in parts if x)
            _VICTORY.append(re.compile(rx + "$"))
    return _VICTORY
