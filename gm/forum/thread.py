"""Reading a forum thread saved as text: its posts, and the bold coloured votes in them.

A thread file is the posts' BBCode source, each post after a separator line that carries the
file's key, a word the GM chose and declared on the file's first line:

    --- thread key: lantern42 ---
    --- lantern42 post by Akane ---
    I've seen enough. [color=red][b]Bruno[/b][/color]
    --- lantern42 post by Bruno at 2025-03-01 18:40 ---
    [quote="Akane"][color=red][b]Bruno[/b][/color][/quote]
    Rude. [b][color=red]Akane[/color][/b]
    --- lantern42 deadline ---
    --- lantern42 post by Chiaki ---
    Too late for this one: [color=red][b]Akane[/b][/color]

A player does not know the key, so a separator typed inside a post (`--- post by Akane ---`)
stays text of that post, with a warning: nobody can post in another's name or end the day.
Separator lines are matched case-insensitively; the time is optional. Posts after the deadline
line (or later than `--deadline`) do not count. Inside a post, text in [quote], [code] and
struck-through text ([s], [strike], [del]) does not count; the rest is cut into spans of the
same style, and a bold span in a colour is a vote (docs/votes.md). Reading is linear in the
file's size, whatever the posts hold.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime

from gm.errors import GmError, LocatedError, Location

_KEY_LINE = re.compile(r"^-{3,} *thread +key *: *(?P<key>[A-Za-z0-9_-]{4,40}) *-{3,}$", re.I)
_TIME = re.compile(r"^(?P<name>.+?) +at +(?P<time>\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}(?::\d{2})?)$")
_TAG = re.compile(r"\[(/?)([A-Za-z*]{1,20})((?:=|\s)[^\]\[\n]{0,500})?\]")
_MAX_SEPARATOR = 300  # characters: a longer line is never a separator (so matching it stays cheap)

QUOTES = {"quote"}
VERBATIM = {"code", "noparse", "icode", "php", "html", "plain"}
STRUCK = {"s", "strike", "del"}
HIDDEN = QUOTES | VERBATIM | STRUCK
BOLD = {"b", "strong"}


@dataclass
class Span:
    """A run of text with one style, and the line of the thread file where it starts."""

    text: str
    line: int
    bold: bool
    colour: str | None  # the colour as written, lower case (`red`, `#ff0`, `rgb(226, 80, 65)`), or None


@dataclass
class Post:
    number: int  # 1, 2, ... in the file
    author: str
    line: int  # the separator's line
    time: datetime | None
    late: bool  # after the deadline
    spans: list[Span] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class Thread:
    posts: list[Post]
    deadline_line: int | None  # the deadline line, if any
    stray_line: int | None  # text before the first separator (it belongs to no post)
    fakes: list[tuple[int, str]] = field(default_factory=list)  # (line, author of the post) of typed separators


def _separator(line: str) -> str | None:
    """What is between the dashes of a separator-shaped line (`--- X ---`), or None."""
    s = line.strip()
    if len(s) > _MAX_SEPARATOR or not (s.startswith("---") and s.endswith("---")) or len(s) < 7:
        return None
    inner = s.strip("-").strip()
    return inner or None


def _key_of(text: str, where: str) -> tuple[str, int]:
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        m = _KEY_LINE.match(line.strip())
        if m:
            return m.group("key").casefold(), n
        break
    example = f"--- thread key: {secrets.token_hex(4)} ---"
    raise GmError(f"{where}: a thread file begins with a key line, e.g. `{example}`, and every separator carries "
                  f"the key: `--- KEY post by NAME ---`. Pick a new key for each file and keep it to yourself: a player "
                  "who types a separator in a post cannot know it (docs/votes.md)")


def read_thread(text: str, where: str, deadline: datetime | None = None, markdown: bool = False, zone=None) -> Thread:
    """Every post of the thread, in order, with its spans; `late` marks those after the deadline.
    `markdown`: the posts are a Markdown forum's (Discourse), read by `_from_markdown`."""
    if text.startswith("\ufeff"):  # a byte order mark, as Windows editors save it
        text = text[1:]
    key, key_line = _key_of(text, where)
    posts: list[Post] = []
    fakes: list[tuple[int, str]] = []
    body: list[tuple[int, str]] = []
    late = False
    inside = False  # lines belong to the last post (not before the first, not after a deadline line)
    marker = stray = None

    def close() -> None:
        if posts and inside:
            posts[-1].spans, posts[-1].notes = _spans(body, markdown)

    for n, line in enumerate(text.splitlines(), 1):
        if n <= key_line:
            continue
        inner = _separator(line)
        word, _, rest = (inner or "").partition(" ")
        if inner is not None and word.casefold() == key:
            rest = rest.strip()
            if rest.casefold().startswith("deadline"):
                close()
                body, inside = [], False
                late, marker = True, marker or n
                continue
            low = rest.casefold()
            if low.startswith("post by "):
                close()
                body, inside = [], True
                name, when = _author(rest[len("post by "):].strip(), where, n, line, zone)
                if deadline is not None and when is not None and when > deadline:
                    late = True
                posts.append(Post(len(posts) + 1, name, n, when, late))
                continue
        if inner is not None and inside and ("post by" in inner.casefold() or "deadline" in inner.casefold()):
            fakes.append((n, posts[-1].author))
        if inside:
            body.append((n, line))
        elif line.strip() and stray is None and not posts:
            stray = n
    close()
    if not posts:
        raise GmError(f"{where}: no posts found: begin each post with a line `--- {key} post by NAME ---` (docs/votes.md)")
    return Thread(posts, marker, stray, fakes)


def _author(rest: str, where: str, n: int, line: str, zone=None) -> tuple[str, datetime | None]:
    """A post's author and time: the time as the forum shows it, in the game's zone (`zone`; UTC when
    None), turned to UTC like the deadline it is compared with."""
    t = _TIME.match(rest)
    if not t:
        return rest, None
    try:
        when = datetime.fromisoformat(t.group("time").replace("T", " "))
        if zone is not None:
            from gm.moments import parse_moment

            when = parse_moment(when, zone, strict=False)  # a post's time the clocks repeat: the first
        return t.group("name").strip(), when
    except ValueError:
        raise LocatedError(Location(where, n, line.find(t.group("time")) + 1),
                           f"not a date and time: {t.group('time')!r} (write it as 2025-03-01 18:40)") from None


class _Style:
    """The open tags of a post, kept so that every question costs the same however many are open."""

    def __init__(self):
        self.stack: list[tuple[str, str | None]] = []  # (tag, colour for [color=...])
        self.open: dict[str, int] = {}  # tag -> how many are open
        self.colours: list[str | None] = []

    def push(self, tag: str, colour: str | None) -> None:
        self.stack.append((tag, colour))
        self.open[tag] = self.open.get(tag, 0) + 1
        if tag == "color":
            self.colours.append(colour)

    def close(self, tag: str) -> None:
        """Close the innermost open `tag` and everything opened inside it; a stray closing tag is ignored."""
        if not self.open.get(tag):
            return
        while True:
            t, _ = self.stack.pop()
            self.open[t] -= 1
            if t == "color":
                self.colours.pop()
            if t == tag:
                return

    def any_open(self, tags) -> bool:
        return any(self.open.get(t) for t in tags)


_MD_INLINE = re.compile(r"(`+)(.+?)\1|\*\*(?=\S)|__(?=\S)|(?<=\S)\*\*|(?<=\S)__|~~")


def _from_markdown(body: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """A Markdown post (Discourse) as the BBCode the span reader knows: `**bold**` and `__bold__`
    are [b], `~~struck~~` is [s], `> quoted` lines are [quote], code spans and fenced blocks are
    [code]. Each line closes what it opened, as Markdown's inline marks do."""
    out: list[tuple[int, str]] = []
    fenced = False
    for n, line in body:
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            out.append((n, "[code]" if fenced else "[/code]"))
            continue
        if fenced:
            out.append((n, line))
            continue
        quoted = line.lstrip().startswith(">")
        text = line.lstrip()[1:] if quoted else line
        opened = {"b": False, "s": False}

        def tag(m: re.Match) -> str:
            if m.group(1):
                return f"[code]{m.group(2)}[/code]"
            t = "s" if m.group(0) == "~~" else "b"
            opened[t] = not opened[t]
            return f"[{'' if opened[t] else '/'}{t}]"

        text = _MD_INLINE.sub(tag, text) + "".join(f"[/{t}]" for t, o in opened.items() if o)
        out.append((n, f"[quote]{text}[/quote]" if quoted else text))
    if fenced:
        out.append((out[-1][0] if out else 0, "[/code]"))
    return out


def _spans(body: list[tuple[int, str]], markdown: bool = False) -> tuple[list[Span], list[str]]:
    """Cut a post's source into styled spans, leaving out quotes, code and struck-through text."""
    if markdown:
        body = _from_markdown(body)
    spans: list[tuple[str, int, bool, str | None]] = []
    notes: list[str] = []
    style = _Style()

    def add(text: str, line: int) -> None:
        if not style.any_open(HIDDEN):
            spans.append((text, line, style.any_open(BOLD), style.colours[-1] if style.colours else None))

    for n, line in body:
        pos = 0
        for m in _TAG.finditer(line):
            if m.start() > pos:
                add(line[pos:m.start()], n)
            pos = m.end()
            closing, tag, arg = m.group(1), m.group(2).lower(), (m.group(3) or "")
            if style.any_open(VERBATIM) and not (closing and tag in VERBATIM):
                add(m.group(0), n)
                continue
            if closing:
                style.close(tag)
            elif tag != "*":
                colour = arg.lstrip("= ").strip().strip("\"'").lower() if tag == "color" else None
                style.push(tag, colour)  # as written: gm/forum/colours.py reads it
        if len(line) > pos:
            add(line[pos:], n)
        add("\n", n)
    if style.any_open(QUOTES):
        notes.append("a [quote] is never closed: the rest of the post counts as quoted")
    return _merge(spans), notes


def _merge(spans: list[tuple[str, int, bool, str | None]]) -> list[Span]:
    """Neighbouring spans of the same style as one (joined once, not grown piece by piece)."""
    out: list[Span] = []
    parts: list[str] = []
    for text, line, bold, colour in spans:
        if out and (out[-1].bold, out[-1].colour) == (bold, colour):
            parts.append(text)
            continue
        if out:
            out[-1].text = "".join(parts)
        out.append(Span("", line, bold, colour))
        parts = [text]
    if out:
        out[-1].text = "".join(parts)
    return out
