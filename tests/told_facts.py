"""The facts a day's post and messages state, read as claims (tests/test_told_facts.py runs it over
simulated games; tests/test_posts_rulings.py over a day with a ruling).

A small fact extractor per engine reads what each text states: where a player ended the day
(`place`), that a player is out of the game (`out`), who put them out (`by`), how a Battle Royale
student went out (`how`), and who won (`won`). Its patterns are the engines' own fixed sentences
(the "Your status" line of every message, the lists of the posts, the lines of _lines.j2), and the
players', zones' and squares' names are the game's own, so a claim is read, never guessed. An
engine's own extractor is `post_claims` in tests/told/<its package>.py; an engine without one is still
read by its messages' status lines.
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


def told_outs_and_wins(post: str, names: list[str], out: str, won: str) -> list[Claim]:
    """The post's sentences that put players out (`out`) or name the winners (`won`): two patterns
    whose group `who` holds the names, as the engines' fixed sentences say them."""
    claims = []
    for s in sentences(post):
        m = re.match(out, s)
        if m:
            claims += [Claim("out", n, True, "the post") for n in names_in(m.group("who"), names)]
        m = re.match(won, s)
        if m:
            winners = set(names_in(m.group("who"), names))
            claims += [Claim("won", n, n in winners, "the post") for n in names]
    return claims


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


def engine_module(engine_name: str):
    """The engine's own reader of its texts, tests/told/<its package>.py, found by name, or None:
    `post_claims(day, game, names)`, the claims its post states; `TABLES`, the sizes of the games
    played (None: the new game's); `KINDS`, the kinds of claim its texts must yield over a run."""
    from importlib import import_module
    from importlib.util import find_spec

    from gm.engines import get_engine

    package = type(get_engine(engine_name)).__module__.rsplit(".", 1)[-1]
    return import_module(f"told.{package}") if find_spec(f"told.{package}") is not None else None


def engine_claims(engine):
    """The engine's `post_claims`; an engine without one is still read by its messages' status lines
    and "by" sentences."""
    own = engine_module(engine.facts.name)
    return getattr(own, "post_claims", None) or (lambda *_: [])


def victims_of(day: ToldDay, names: list[str]) -> list[str]:
    """Everyone a text of the day could say was put out today (the public events' names)."""
    out = set()
    for e in day.events:
        if e.is_public and e.kind in ("eliminated", "player_out", "death", "life_lost"):
            for key in ("players_out", "persons", "player"):
                v = e.data.get(key)
                out.update([v] if isinstance(v, str) else v or [])
    return [n for n in names if n in out]


def day_claims(game, day: ToldDay) -> list[Claim]:
    names = list(game.roster)
    victims = victims_of(day, names)
    claims = engine_claims(game.engine)(day, game, names) + by_claims(day.post, victims, names, "the post")
    for me, text in day.messages.items():
        claims += message_claims(text, me, f"{me}'s message")
        claims += by_claims(text, victims, names, f"{me}'s message", me)
    return claims


ONCE = ("out", "won", "team")  # the facts a text tells on one line: out or in, the win, the reader's team


def told_twice(game, day: ToldDay, kinds=ONCE) -> list[str]:
    """Facts one text (the post, or one message) states on two of its lines: each line is read
    alone, as if it were the whole text, and a fact (kind and subject) read from two lines is told
    twice ("Your status: ... no one won" and "You did not win."), whether or not the lines agree."""
    names = list(game.roster)
    victims = victims_of(day, names)
    post_of = engine_claims(game.engine)
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
    from gm.gamedir import GameDir

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
