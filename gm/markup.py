"""The markup of posts, without Jinja: escaping player-chosen text for BBCode and Markdown, the few
tags templates need in each forum's dialect, and a check that BBCode tags balance."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


class Safe(str):
    """Text that is already markup for the target format."""


_BB_TAG_START = re.compile(r"\[(?=/?[A-Za-z*])")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>~|])")
_MD_LINE_START = re.compile(r"^([#+\-=]|\d+\.)", re.M)
_BACKTICKS = re.compile(r"`{3,}")


_MENTION = re.compile(r"@(?=[\w<\[])")
_MACHINE_LINE = re.compile(r"gm-[a-z]+ \{")  # gm/forum/machine_lines.py: canonical JSON, which holds no tag


def escape_mentions(text: str) -> str:
    """A zero-width space after '@' keeps `@everyone`, `@here` and `@name` from pinging anyone."""
    return _MENTION.sub("@\u200b", text) if "@" in text else text


def escape_bbcode(text: str) -> str:
    """A zero-width space after '[' keeps '[b]' from being read as a tag, yet it reads the same.
    (Most text has neither '[' nor '@': then there is nothing to search.)"""
    return escape_mentions(_BB_TAG_START.sub("[\u200b", text) if "[" in text else text)


def escape_markdown(text: str) -> str:
    """Backslash the characters that make emphasis, links, code or HTML, and a line-leading
    '#', '-', '+' or '1.' that would start a heading or a list."""
    text = escape_mentions(_MD_SPECIAL.sub(r"\\\1", text))
    return _MD_LINE_START.sub(lambda m: m.group(1)[:-1] + "\\." if m.group(1)[-1] == "." else "\\" + m.group(1), text)


@dataclass(frozen=True)
class Forum:
    """What one forum's posts may hold: markup, heading, spoiler tag, length."""

    name: str
    label: str
    format: str  # bbcode | markdown
    max_length: int | None  # characters per post; None: no limit
    heading: str  # "{}" is the (escaped) heading text
    spoiler: str | None  # "{title}" and "{body}"; None: the forum has no spoiler tag

    @property
    def spoilers(self) -> bool:
        return self.spoiler is not None


BB_HEADING = "[b][size=150]{}[/size][/b]"
MD_HEADING = "## {}"
# a forum's tags when game.yaml names no forum (gm/forum/profiles.py has the named ones)
GENERIC = {
    "bbcode": Forum("bbcode", "BBCode", "bbcode", None, BB_HEADING, None),
    "markdown": Forum("markdown", "Markdown", "markdown", None, MD_HEADING, None),
}


class Markup:
    """The few pieces of markup templates need, in one format, with the tags of one forum."""

    def __init__(self, fmt: str, forum=None):
        self.fmt = fmt
        self.forum = forum if forum is not None and forum.format == fmt else GENERIC.get(fmt)
        self.escape = {"bbcode": escape_bbcode, "markdown": escape_markdown}.get(fmt, str)

    def esc(self, value: Any) -> Safe:
        if isinstance(value, Safe):
            return value
        return Safe(self.escape(str(value)))

    def b(self, value: Any) -> Safe:
        v = self.esc(value)
        return Safe({"bbcode": f"[b]{v}[/b]", "markdown": f"**{v}**"}.get(self.fmt, v))

    def i(self, value: Any) -> Safe:
        v = self.esc(value)
        return Safe({"bbcode": f"[i]{v}[/i]", "markdown": f"*{v}*"}.get(self.fmt, v))

    def color(self, value: Any, colour: str) -> Safe:
        v = self.esc(value)
        return Safe(f"[color={colour}]{v}[/color]" if self.fmt == "bbcode" else v)

    def heading(self, value: Any) -> Safe:
        v = self.esc(value)
        return Safe(self.forum.heading.format(v) if self.forum else f"== {v} ==")

    def spoiler(self, body: Any, title: str = "Spoiler") -> Safe:
        """Rendered markup (a `{% filter spoiler("title") %}` block) hidden behind a title where the
        forum has spoilers; elsewhere the title in bold and the body as it is."""
        body = str(body).strip("\n")
        if self.forum is not None and self.forum.spoiler:
            return Safe(self.forum.spoiler.format(title=self.esc(title), body=body))
        return Safe(f"{self.b(title)}\n{body}")

    def bullets(self, lines) -> Safe:
        lines = [self.esc(x) for x in lines]
        if not lines:
            return Safe("")
        if self.fmt == "bbcode":
            return Safe("[list]\n" + "".join(f"[*]{x}\n" for x in lines) + "[/list]")
        return Safe("\n".join(f"- {x}" for x in lines))

    def code(self, value: Any) -> Safe:
        """A monospace block. Text inside cannot end the block early: a '[' that starts a tag (BBCode)
        or a run of backticks (Markdown) is broken with a zero-width space."""
        text = str(value)
        if self.fmt == "bbcode":  # a machine line is quoted as written: its '@' (a salt's, a name's) is not escaped
            lines = text.split("\n")
            text = "\n".join(x if _MACHINE_LINE.match(x) else escape_mentions(x) for x in lines) if "@" in text else text
            return Safe("[code]" + _BB_TAG_START.sub("[\u200b", text) + "[/code]")
        if self.fmt == "markdown":
            return Safe(f"```\n{_BACKTICKS.sub(lambda m: chr(0x200b).join(m.group(0)), text)}\n```")
        return Safe(text)


def key_values(record: dict, skip=(), sep: str = ", ") -> str:
    """`key=value` pairs of a record, as the GM summary lists orders and events (in Python: the
    summary of a 2,000-player day has tens of thousands of them)."""
    return sep.join(f"{k}={as_written(v)}" for k, v in record.items() if k not in skip)


def written(record: dict, skip=(), sep: str = "; ") -> str:
    """A record as a GM writes it in YAML, `key: value` (the GM summary's orders)."""
    return sep.join(f"{k}: {as_written(v)}" for k, v in record.items() if k not in skip and v is not None)


def as_written(value) -> str:
    """A value as a GM writes it in YAML: `[Kenji, Kenji]`, `{mark: Emil}`, `true`; nothing for None."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(as_written(v) if v is not None else "null" for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {as_written(v) if v is not None else 'null'}" for k, v in value.items()) + "}"
    return str(value)


def and_join(xs: list[str]) -> str:
    if not xs:
        return ""
    if len(xs) == 1:
        return xs[0]
    return ", ".join(xs[:-1]) + " and " + xs[-1]


_TAG = re.compile(r"\[(/?)([A-Za-z*]+)(?:=[^\]]*)?\]")
_SELF_CLOSING = {"*", "hr", "br"}


def bbcode_problems(text: str) -> list[str]:
    """Unbalanced or misnested BBCode tags; an empty list means the post is well formed."""
    stack: list[str] = []
    problems = []
    for m in _TAG.finditer(text):
        closing, tag = m.group(1), m.group(2).lower()
        if tag in _SELF_CLOSING:
            continue
        if not closing:
            stack.append(tag)
        elif not stack or stack[-1] != tag:
            problems.append(f"[/{tag}] at offset {m.start()} closes {('[' + stack[-1] + ']') if stack else 'nothing'}")
            if tag in stack:
                while stack and stack.pop() != tag:
                    pass
        else:
            stack.pop()
    problems += [f"[{t}] is never closed" for t in stack]
    return problems


def markdown_page_to_bbcode(text: str) -> str:
    """A page of gm's own Markdown (a players' guide) in BBCode, for a forum that reads no Markdown:
    headings bold, fenced examples in [code], list items and table rows as [list] items, `**b**`
    bold. Only the Markdown gm's pages use; a player's text never comes through here."""
    out: list[str] = []
    items: list[str] = []
    code: list[str] | None = None

    def flush() -> None:
        if items:
            out.append("[list]\n" + "".join(f"[*]{x}\n" for x in items) + "[/list]")
            items.clear()

    for line in text.splitlines():
        if code is not None:
            if line.startswith("```"):
                out.append("[code]" + "\n".join(code).replace("[/code", "[\u200b/code") + "[/code]")
                code = None
            else:
                code.append(line)
            continue
        if line.startswith("```"):
            flush()
            code = []
            continue
        line = re.sub(r"\*\*(.+?)\*\*", r"[b]\1[/b]", escape_bbcode(line))  # `[Bazooka]` is no tag
        if line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            title = line.lstrip("#").strip()
            out.append(f"[b][size=150]{title}[/size][/b]" if level == 1 else f"[b]{title}[/b]")
        elif line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                if items:  # the row above was the header: bold it
                    items[-1] = f"[b]{items[-1]}[/b]"
                continue
            items.append(" | ".join(cells))
        elif re.match(r"^\s*- ", line):
            items.append(line.split("- ", 1)[1].strip())
        elif line.startswith("  ") and items:  # a list item's continued line
            items[-1] += " " + line.strip()
        else:
            flush()
            out.append(line)
    flush()
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip("\n") + "\n"
