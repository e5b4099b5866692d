"""Reading a forum thread saved as text: its posts, and the bold coloured votes in them.

A thread file is the posts' BBCode source, each post after a separator line:

    --- post by Akane ---
    I've seen enough. [color=red][b]Bruno[/b][/color]
    --- post by Bruno at 2025-03-01 18:40 ---
    [quote="Akane"][color=red][b]Bruno[/b][/color][/quote]
    Rude. [b][color=red]Akane[/color][/b]
    --- deadline ---
    --- post by Chiaki ---
    Too late for this one: [color=red][b]Akane[/b][/color]

Separator lines are matched case-insensitively; the time is optional. Posts after a
`--- deadline ---` line (or later than `--deadline`) do not count. Inside a post, text in
[quote], [code] and struck-through text ([s], [strike], [del]) does not count; the rest is
cut into spans of the same style, and a bold span in a colour is a vote (docs/votes.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from gm.errors import GmError, LocatedError, Location

_SEPARATOR = re.compile(r"^\s*-{3,}\s*post\s+by\s+(?P<rest>.+?)\s*-{3,}\s*$", re.I)
_TIME = re.compile(r"^(?P<name>.+?)\s+at\s+(?P<time>\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}(?::\d{2})?)$")
_DEADLINE = re.compile(r"^\s*-{3,}\s*deadline\b.*?-{3,}\s*$", re.I)
_TAG = re.compile(r"\[(/?)([A-Za-z*]+)((?:=|\s)[^\]\n]*)?\]")

QUOTES = {"quote"}
VERBATIM = {"code", "noparse", "icode", "php", "html", "plain"}
STRUCK = {"s", "strike", "del"}
BOLD = {"b", "strong"}
COLOURS = {  # CSS names and hex codes of the vote colours
    "red": "red", "#f00": "red", "#ff0000": "red",
    "yellow": "yellow", "#ff0": "yellow", "#ffff00": "yellow",
    "lime": "lime", "#0f0": "lime", "#00ff00": "lime",
}


@dataclass
class Span:
    """A run of text with one style, and the line of the thread file where it starts."""

    text: str
    line: int
    bold: bool
    colour: str | None  # a vote colour (red, yellow, lime), another colour as written, or None


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
    deadline_line: int | None  # the `--- deadline ---` line, if any
    stray_line: int | None  # text before the first separator (it belongs to no post)


def read_thread(text: str, where: str, deadline: datetime | None = None) -> Thread:
    """Every post of the thread, in order, with its spans; `late` marks those after the deadline."""
    posts: list[Post] = []
    body: list[tuple[int, str]] = []
    late = False
    inside = False  # lines belong to the last post (not before the first, not after a deadline line)
    marker = stray = None

    def close() -> None:
        if posts and inside:
            posts[-1].spans, posts[-1].notes = _spans(body)

    for n, line in enumerate(text.splitlines(), 1):
        m = _SEPARATOR.match(line)
        if m or _DEADLINE.match(line):
            close()
            body, inside = [], bool(m)
        if not m and _DEADLINE.match(line):
            late, marker = True, marker or n
            continue
        if m:
            name, when = _author(m.group("rest").strip(), where, n, line)
            if deadline is not None and when is not None and when > deadline:
                late = True
            posts.append(Post(len(posts) + 1, name, n, when, late))
        elif inside:
            body.append((n, line))
        elif line.strip() and stray is None and not posts:
            stray = n
    close()
    if not posts:
        raise GmError(f"{where}: no posts found: begin each post with a line `--- post by NAME ---` (docs/votes.md)")
    return Thread(posts, marker, stray)


def _author(rest: str, where: str, n: int, line: str) -> tuple[str, datetime | None]:
    t = _TIME.match(rest)
    if not t:
        return rest, None
    try:
        return t.group("name").strip(), datetime.fromisoformat(t.group("time").replace("T", " "))
    except ValueError:
        raise LocatedError(Location(where, n, line.find(t.group("time")) + 1),
                           f"not a date and time: {t.group('time')!r} (write it as 2025-03-01 18:40)") from None


def _spans(body: list[tuple[int, str]]) -> tuple[list[Span], list[str]]:
    """Cut a post's source into styled spans, leaving out quotes, code and struck-through text."""
    spans: list[Span] = []
    notes: list[str] = []
    stack: list[tuple[str, str | None]] = []  # (tag, colour for [color=...])
    for n, line in body:
        pos = 0
        for m in list(_TAG.finditer(line)) + [None]:
            end = m.start() if m else len(line)
            if end > pos:
                _add(spans, line[pos:end], n, stack)
            if m is None:
                break
            pos = m.end()
            closing, tag, arg = m.group(1), m.group(2).lower(), (m.group(3) or "")
            verbatim = any(t in VERBATIM for t, _ in stack)
            if verbatim and not (closing and tag in VERBATIM):
                _add(spans, m.group(0), n, stack)
                continue
            if closing:
                for i in range(len(stack) - 1, -1, -1):
                    if stack[i][0] == tag:
                        del stack[i:]
                        break
            elif tag != "*":
                colour = arg.lstrip("= ").strip().strip("\"'").lower() if tag == "color" else None
                stack.append((tag, COLOURS.get(colour, colour)))
        _add(spans, "\n", n, stack)
    if any(t in QUOTES for t, _ in stack):
        notes.append("a [quote] is never closed: the rest of the post counts as quoted")
    return _merge(spans), notes


def _add(spans: list[Span], text: str, line: int, stack) -> None:
    tags = {t for t, _ in stack}
    if tags & (QUOTES | VERBATIM | STRUCK):
        return
    colours = [c for t, c in stack if t == "color"]
    spans.append(Span(text, line, bool(tags & BOLD), colours[-1] if colours else None))


def _merge(spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for s in spans:
        if out and (out[-1].bold, out[-1].colour) == (s.bold, s.colour):
            out[-1].text += s.text
        else:
            out.append(Span(s.text, s.line, s.bold, s.colour))
    return out
