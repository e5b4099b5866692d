"""The facts a day's post and messages state, read as claims (tests/test_told_facts.py runs it over
simulated games; tests/test_posts_rulings.py over a day with a ruling).

A small fact extractor per engine reads what each text states: where a player ended the day
(`place`), that a player is out of the game (`out`), who put them out (`by`), how a Battle Royale
student went out (`how`), and who won (`won`). Its patterns are the engines' own fixed sentences
(the "Your status" line of every message, the lists of the posts, the lines of _lines.j2), and the
players', zones' and squares' names are the game's own, so a claim is read, never guessed. An
engine with no post extractor in `POST` is still read by its messages' status lines.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from helpers_told import ToldDay

TAG = re.compile(r"\[/?(?:b|i|u|s|size|color|list|\*|code|spoiler|quote|url)(?:=[^\]]*)?\]")


@dataclass(frozen=True)
class Claim:
    kind: str  # place | out | by | won
    subject: str  # the player the fact is about
    value: object
    source: str  # "the post" or "X's message"


def plain(text: str) -> str:
    return TAG.sub("", text).replace("\u200b", "")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+|\n", plain(text)) if s.strip()]


def names_in(text: str, names: list[str]) -> list[str]:
    """The names a text holds, longest first so "Player One" does not also read as a shorter name."""
    found, rest = [], text
    for n in sorted(names, key=len, reverse=True):
        if re.search(rf"(?<![\w]){re.escape(n)}(?![\w])", rest, re.I):
            found.append(n)
            rest = re.sub(rf"(?<![\w]){re.escape(n)}(?![\w])", " ", rest, flags=re.I)
    return found


def section(text: str, heading: str) -> list[str] | None:
    """The items of the list under a heading (a line that starts with `heading`, markup aside),
    without their markup; None when the text has no such heading."""
    raw = text.splitlines()
    at = next((i for i, x in enumerate(raw) if plain(x).startswith(heading)), None)
    if at is None:
        return None
    out = []
    for x in raw[at + 1:]:
        if x.strip() in ("[list]", "[/list]"):
            continue
        if not x.startswith(("[*]", "- ", "* ")):  # the list ends where its items do
            break
        out.append(plain(x).lstrip("-* ").strip())
    return out


def status_line(text: str) -> str | None:
    m = re.search(r"^Your status: (.*)$", plain(text), re.M)
    return m.group(1) if m else None


# ---- the claims of every engine's messages (their own fixed sentences) -------------------------------

def message_claims(text: str, me: str, source: str) -> list[Claim]:
    out = []
    status = status_line(text)
    if status is not None:
        gone = bool(re.match(r"(eliminated on Day|out of the game|dead since|escaped the island|removed from the game)",
                             status)) or "taken out of the battle" in status
        out.append(Claim("out", me, gone, source + " (status)"))
        if re.search(r"\byou won\b", status):
            out.append(Claim("won", me, True, source + " (status)"))
        elif re.search(r"you did not win|everyone lost|no one won", status):
            out.append(Claim("won", me, False, source + " (status)"))
    for s in sentences(text):
        if re.match(r"(You have been eliminated\.|You lost your last life: you are out of the game|You died on Day"
                    r"|You are out of the game|You escaped the island on Day)", s):
            out.append(Claim("out", me, True, source))
        if re.match(r"(You win!|You win, together with|The Program is over\. You won\b|The game is over\. You win!)", s):
            out.append(Claim("won", me, True, source))
        if re.match(r"(The game is over, and you did not win|The Program is over\. You did not win|You did not win\.)", s):
            out.append(Claim("won", me, False, source))
        m = re.match(r"You finish(?:ed)? (?:in )?(sharing )?(first place|place (\d+))", s)
        if m:
            out.append(Claim("won", me, m.group(2) == "first place" or m.group(3) == "1", source))
    return out


def by_claims(text: str, victims: list[str], names: list[str], source: str, me: str | None = None) -> list[Claim]:
    """Who put a player out, where a sentence says it: "... eliminated by X", "at the hands of X";
    in the reader's own status line, the reader is the one put out."""
    out = []
    for s in sentences(text):
        if me is not None and me in victims and s.startswith("Your status: "):
            s = me + " " + s[len("Your status: "):]
        m = re.search(r"(?:eliminated|out|the end of \S.*?),?\s+(?:by|at the hands of)\s+(?:the team of\s+)?(.*)", s)
        if not m:
            continue
        before, after = s[:m.start(1)], m.group(1)
        for v in names_in(before, names):
            if v in victims:
                by = set(names_in(after, names))
                if re.match(r"(?:their|your) own team", after):
                    by = {"(their own team)"}
                # the subject is what went out: a player, or one of their agents ("Dana.2", Hashmi)
                agent = re.search(rf"(?<!\w){re.escape(v)}(\.\d+)", before, re.I)
                if by:
                    out.append(Claim("by", v + (agent.group(1) if agent else ""), frozenset(by), source))
    return out


# ---- per engine: what the post states, and where a message names a place --------------------------

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


def _br(day: ToldDay, game, names) -> list[Claim]:
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


def _ht(day: ToldDay, game, names) -> list[Claim]:
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
    for s in sentences(day.post):
        m = re.match(r"(.*) loses their last life and is out of the game", s)
        if m:
            claims += [Claim("out", n, True, "the post") for n in names_in(m.group(1), names)]
        m = re.match(r"(Winner|Shared win): (.*)", s)
        if m:
            won = set(names_in(m.group(2), names))
            claims += [Claim("won", n, n in won, "the post") for n in names]
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


def _tk(day: ToldDay, game, names) -> list[Claim]:
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


def _hashmi(day: ToldDay, game, names) -> list[Claim]:
    claims = []
    code = re.search(r"\[code\](.*?)\[/code\]", day.post, re.S)
    if code:  # where each agent stands, as the post's map shows it
        claims += [Claim("place", tag, sq, "the post (map)") for tag, sq in _map_tokens(code.group(1), r"\b([A-Z]\d)\b")]
    for me, text in day.messages.items():
        for m in re.finditer(r"^([A-Z]\d) [\w ]+? on ([A-T]\d+)\b", plain(text), re.M):
            claims.append(Claim("place", m.group(1), m.group(2), f"{me}'s message (Your agents)"))
    for s in sentences(day.post):
        m = re.match(r"(.*) has no agent left and is out of the game", s)
        if m:
            claims += [Claim("out", n, True, "the post") for n in names_in(m.group(1), names)]
        m = re.match(r"(.*) (wins|share the win): ", s)
        if m:
            won = set(names_in(m.group(1), names))
            claims += [Claim("won", n, n in won, "the post") for n in names]
        if re.match(r"No one wins", s):
            claims += [Claim("won", n, False, "the post") for n in names]
        for pattern in _hashmi_victory():
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


def _hashmi_victory() -> list:
    """Hashmi's `victory` phrases (the story's sentence of the end) as patterns, read from the
    engine's phrases.yaml so a phrase added there is read too; {{ winners }} is the winners."""
    if not _VICTORY:
        from pathlib import Path

        from ruamel.yaml import YAML

        root = Path(__file__).resolve().parents[1] / "templates" / "hashmi-battle-royale" / "phrases.yaml"
        for p in YAML(typ="safe").load(root.read_text(encoding="utf-8"))["victory"]:
            parts = re.split(r"(\{\{.*?\}\})", p["text"])
            rx = "".join("(?P<winners>.+?)" if x.startswith("{{ winners") else ".+?" if x.startswith("{{") else re.escape(x)
                         for x in parts if x)
            _VICTORY.append(re.compile(rx + "$"))
    return _VICTORY


def _kharnage(day: ToldDay, game, names) -> list[Claim]:
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


POST = {"battle-royale": _br, "hostile-takeover": _ht, "team-kill": _tk, "hashmi-battle-royale": _hashmi,
        "kharnage": _kharnage}


def victims_of(day: ToldDay, names: list[str]) -> list[str]:
    """Everyone a text of the day could say was put out today (the public events' names)."""
    out = set()
    for e in day.events:
        if e.is_public and e.kind in ("eliminated", "player_out", "death", "life_lost"):
            for key in ("players_out", "persons", "player"):
                v = e.data.get(key)
                out.update([v] if isinstance(v, str) else v or [])
    return [n for n in names if n in out]


def day_claims(engine_name: str, game, day: ToldDay) -> list[Claim]:
    names = list(game.roster)
    victims = victims_of(day, names)
    # an engine without a post extractor here yet: its messages' status lines are still read
    claims = POST.get(engine_name, lambda *_: [])(day, game, names) + by_claims(day.post, victims, names, "the post")
    for me, text in day.messages.items():
        claims += message_claims(text, me, f"{me}'s message")
        claims += by_claims(text, victims, names, f"{me}'s message", me)
    return claims


ONCE = ("out", "won", "team")  # the facts a text tells on one line: out or in, the win, the reader's team


def told_twice(engine_name: str, game, day: ToldDay, kinds=ONCE) -> list[str]:
    """Facts one text (the post, or one message) states on two of its lines: each line is read
    alone, as if it were the whole text, and a fact (kind and subject) read from two lines is told
    twice ("Your status: ... no one won" and "You did not win."), whether or not the lines agree."""
    names = list(game.roster)
    victims = victims_of(day, names)
    post_of = POST.get(engine_name, lambda *_: [])
    out = []
    for me, text in [(None, day.post)] + list(day.messages.items()):
        source = "the post" if me is None else f"{me}'s message"
        lines: dict[tuple[str, str], dict[int, str]] = defaultdict(dict)
        for i, line in enumerate(x for x in text.splitlines() if plain(x).strip()):
            alone = ToldDay(day.day, day.before, day.after, day.events, "" if me else line, {me: line} if me else {})
            claims = post_of(alone, game, names) + by_claims(line, victims, names, source, me)
            if me is not None:
                claims += message_claims(line, me, source)
            for c in claims:
                if c.kind in kinds:
                    lines[c.kind, c.subject][i] = plain(line).strip()
        for (kind, subject), said in sorted(lines.items()):
            if len(said) > 1:
                out.append(f"{source} tells {kind} of {subject} on {len(said)} lines: " + " | ".join(said.values()))
    return out


def contradictions(claims: list[Claim]) -> list[str]:
    """Claims about the same subject and kind that disagree, as lines a reader can check."""
    groups: dict[tuple[str, str], list[Claim]] = defaultdict(list)
    for c in claims:
        groups[c.kind, c.subject].append(c)
    out = []
    for (kind, subject), cs in sorted(groups.items()):
        values = {c.value for c in cs}
        if len(values) > 1:
            said = "; ".join(f"{c.source}: {sorted(c.value) if isinstance(c.value, frozenset) else c.value}" for c in cs)
            out.append(f"{kind} of {subject}: {said}")
    return out


def resolved_day(root, day: int) -> tuple[object, ToldDay]:
    """A day `gm resolve` wrote, read back as a ToldDay (the tests of rulings run the extractor on it)."""
    import json

    from gm.events import Event
    from gm.forum.render import message_filename
    from gm.storage.gamedir import GameDir

    game = GameDir(root).load()
    result = root / "days" / f"{day:02d}" / "result"
    after = game.engine.state_from_json(json.loads((result / "state.json").read_text(encoding="utf-8")))
    events = [Event.from_record(json.loads(x)) for x in
              (result / "events.jsonl").read_text(encoding="utf-8").splitlines() if x.strip()]
    stems = {message_filename(n, set()): n for n in game.roster}
    messages = {stems[p.stem]: p.read_text(encoding="utf-8") for p in (result / "messages").glob(f"*.{game.ext}")
                if ".part" not in p.name}
    post = (result / f"narration.{game.ext}").read_text(encoding="utf-8")
    return game, ToldDay(day, None, after, events, post, messages)
