"""Forum profiles: which markup a forum takes, which tags it has, and how long a post may be.

game.yaml chooses one with `forum: xenforo`, or with settings of its own:

    forum:
      profile: phpbb
      max_length: 20000        # this board's own limit, if its admin changed the default
      handles:                 # forum user name -> player, for `gm votes`
        ShadowFox99: Akane

Without `forum:`, posts use plain BBCode (or Markdown, by `format:`) with no length limit.
Lengths are counted in characters, as the forums count them. docs/forums.md has the details.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from gm.errors import Problem
from gm.forum.machine_lines import is_machine_line
from gm.markup import BB_HEADING, GENERIC, MD_HEADING, Forum  # the generic forums, kept with the markup
from gm.suggest import did_you_mean
from gm.yamlio import key_loc, value_loc


PROFILES: dict[str, Forum] = {f.name: f for f in [
    # A stock phpBB 3 board: no [spoiler] unless the admin adds it; [size] is a percentage.
    Forum("phpbb", "phpBB", "bbcode", 60000, BB_HEADING, None),
    # vBulletin 3/4: [size] runs 1-7; no stock spoiler tag; posts up to 10,000 characters.
    Forum("vbulletin", "vBulletin", "bbcode", 10000, "[b][size=4]{}[/size][/b]", None),
    # XenForo 2: [SPOILER="title"] is built in; [size] runs 1-7; 25,000 characters.
    Forum("xenforo", "XenForo", "bbcode", 25000, "[b][size=5]{}[/size][/b]", '[spoiler="{title}"]\n{body}\n[/spoiler]'),
    # SMF 2: sizes in points; no stock spoiler; 20,000 characters.
    Forum("smf", "SMF", "bbcode", 20000, "[b][size=14pt]{}[/size][/b]", None),
    # MyBB 1.8: named sizes; no stock spoiler; 65,535 characters.
    Forum("mybb", "MyBB", "bbcode", 65535, "[b][size=large]{}[/size][/b]", None),
    # Discourse: Markdown, with [details] built in; 32,000 characters.
    Forum("discourse", "Discourse", "markdown", 32000, MD_HEADING, '[details="{title}"]\n{body}\n[/details]'),
    # Discord and other chat servers that speak Markdown: 2,000 characters a message, ||spoilers||.
    Forum("discord", "Discord", "markdown", 2000, MD_HEADING, "{title}: ||{body}||"),
]}
FORUM_KEYS = ("profile", "max_length", "handles")


@dataclass(eq=False, repr=False)
class ForumSettings:
    """game.yaml's `forum:` read: the forum, and forum user names -> players."""

    forum: Forum
    handles: dict[str, str]  # forum user name -> player name


def read_forum(doc: dict, path: str, fmt: str | None, roster: list[str], title: str = "",
               engine: str = "") -> tuple[ForumSettings, list[Problem]]:
    """The `forum:` setting of game.yaml, checked. `fmt` is the `format:` setting, if any; `title`
    and `engine` (the game's) set how short its posts may be (length_problem)."""
    problems: list[Problem] = []
    node = doc.get("forum")
    if node is None:
        return ForumSettings(GENERIC.get(fmt or "bbcode", GENERIC["bbcode"]), {}), problems
    settings = node if isinstance(node, dict) else {"profile": node}
    where = (lambda k: value_loc(path, node, k)) if isinstance(node, dict) else (lambda k: value_loc(path, doc, "forum"))
    if isinstance(node, dict):
        for key in node:
            if key not in FORUM_KEYS:
                problems.append(Problem(key_loc(path, node, key), f"unknown forum setting '{key}'{did_you_mean(str(key), FORUM_KEYS)}"
                                        f" (settings: {', '.join(FORUM_KEYS)})"))
    name = settings.get("profile")
    forum = PROFILES.get(str(name).strip().casefold()) if isinstance(name, str) else None
    if forum is None:
        problems.append(Problem(where("profile"), f"unknown forum {name!r}{did_you_mean(str(name), PROFILES)}"
                                f" (forums: {', '.join(PROFILES)})"))
        return ForumSettings(GENERIC.get(fmt or "bbcode", GENERIC["bbcode"]), {}), problems
    if fmt is not None and fmt != forum.format:
        problems.append(Problem(value_loc(path, doc, "format"), f"format: {fmt} does not suit {forum.label}, which takes "
                                f"{forum.format} (leave out `format:` and the forum decides)"))
    if "max_length" in settings:
        limit = settings["max_length"]
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 500:
            problems.append(Problem(where("max_length"), "max_length must be a whole number of characters, at least 500"))
        else:
            forum = replace(forum, max_length=limit)
    why = length_problem(forum, title, engine)
    if why and "max_length" in settings:
        problems.append(Problem(where("max_length"), f"max_length is {forum.max_length}, and {why}"))
    elif why:
        problems.append(Problem(value_loc(path, doc, "title" if "title" in doc else "forum"),
                                f"a {forum.label} post holds at most {forum.max_length} characters, and {why}: shorten the title"))
    handles = _handles(settings.get("handles"), where("handles"), path, roster, problems)
    return ForumSettings(forum, handles), problems


def length_problem(forum: Forum, title: str, engine: str) -> str | None:
    """Why this forum's posts are too short for this game's machine lines (gm/forum/fits.py), or None.
    A line's fixed part (digests, keys, numbers) is under 600 characters, and a character of the title
    or engine at most 6 in a line (`\\u005b`): only a limit near that, or a long title, needs the lines
    built and measured."""
    limit = forum.max_length
    if limit is None or limit >= 1000 + 6 * (len(title) + len(engine)):
        return None
    from gm.errors import GmError
    from gm.forum.fits import PART_ROOM, shortest_length

    try:
        floor, tag, width = shortest_length(title, engine)
    except GmError:  # a title no line can hold: the title's own check says why
        return None
    if limit >= floor:
        return None
    return (f"this game's posts need at least {floor}: its {tag} line (which "
            f"holds the title and the engine) can be {width} characters, and must fit whole in one part with the part's "
            f"heading and code block around it (up to {PART_ROOM} more); a machine line is never cut")


def _handles(node, at, path: str, roster: list[str], problems: list[Problem]) -> dict[str, str]:
    if node is None:
        return {}
    if not isinstance(node, dict):
        problems.append(Problem(at, "handles map each forum user name to a player, e.g. {ShadowFox99: Akane}"))
        return {}
    out = {}
    by_fold = {n.casefold(): n for n in roster}
    for handle, player in node.items():
        name = by_fold.get(str(player).strip().casefold())
        if name is None:
            problems.append(Problem(value_loc(path, node, handle), f"no player called '{player}' on the roster"
                                    f"{did_you_mean(str(player), roster)}"))
        else:
            out[str(handle)] = name
    return out


# ---- splitting long posts ----------------------------------------------------------------

_TAG = re.compile(r"\[(/?)([A-Za-z*]+)((?:=[^\]]*)?)\]")
_SELF_CLOSING = {"*", "hr", "br"}


def part_header(fmt: str, n: int, total: int) -> str:
    text = f"Part {n} of {total}"
    return f"[b]{text}[/b]\n\n" if fmt == "bbcode" else f"**{text}**\n\n"


def split_post(text: str, fmt: str, limit: int | None) -> list[str]:
    """The post as it is when it fits; else numbered parts, each within `limit` characters.

    Parts break between paragraphs (at blank lines); a paragraph too long on its own breaks
    between lines, and a line between words; a machine line (gm-...) is never cut. What is open
    at a break is closed at the end of the part and opened again at the start of the next, so
    every part is well formed on its own: BBCode tags, and in Markdown a code fence, a
    [details] block (Discourse) or a ||spoiler|| (Discord).
    """
    if limit is None or len(text) <= limit:
        return [text]
    reserve = len(part_header(fmt, 999, 999))
    room = limit - reserve
    chunks = _pieces(text.rstrip("\n"), room)
    parts: list[str] = []
    current = ""
    for sep, chunk in chunks:
        candidate = current + sep + chunk if current else chunk
        if len(_closed(candidate, fmt)) <= room:
            current = candidate
            continue
        if current:
            parts.append(current)
        current = _reopen(parts[-1], fmt) + chunk if parts else chunk
    if current:
        parts.append(current)
    total = len(parts)
    return [part_header(fmt, i, total) + _closed(p, fmt).rstrip("\n") + "\n" for i, p in enumerate(parts, 1)]


def _pieces(text: str, room: int) -> list[tuple[str, str]]:
    """(separator before it, piece): paragraphs, or lines or words of paragraphs that do not fit.

    A piece is at most `room` less some slack for the tags closed and reopened around it.
    """
    most = max(room - 120, room // 2)
    out: list[tuple[str, str]] = []
    for i, para in enumerate(text.split("\n\n")):
        sep = "\n\n" if i else ""
        if len(para) <= most:
            out.append((sep, para))
            continue
        for j, line in enumerate(para.split("\n")):
            lsep = sep if j == 0 else "\n"
            if len(line) <= most or is_machine_line(line):  # a gm-... line is never cut (gm/forum/machine_lines.py)
                out.append((lsep, line))
                continue
            for k, word in enumerate(line.split(" ")):
                wsep = lsep if k == 0 else " "
                while len(word) > most:  # one unbroken run of text longer than a post: cut it
                    out.append((wsep, word[:most]))
                    word, wsep = word[most:], ""
                out.append((wsep, word))
    return out


def _open_tags(text: str) -> list[tuple[str, str]]:
    stack: list[tuple[str, str]] = []
    for m in _TAG.finditer(text):
        closing, tag = m.group(1), m.group(2).lower()
        if tag in _SELF_CLOSING:
            continue
        if not closing:
            stack.append((tag, m.group(0)))
        elif stack and stack[-1][0] == tag:
            stack.pop()
    return stack


_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})(.*)$")
_MD_TAG = re.compile(r"\[(/?)(details)((?:=[^\]]*)?)\]", re.I)  # Discourse's [details="..."] blocks
_INLINE_CODE = re.compile(r"`[^`\n]*`")


def _open_markdown(text: str) -> list[tuple[str, str]]:
    """What is open at the end of Markdown text, outermost first, as (what closes it, what opens
    it again): a code fence, a [details] block, a ||spoiler||. Nothing inside a fence counts."""
    stack: list[tuple[str, str]] = []
    fence: str | None = None
    for line in text.split("\n"):
        if fence is not None:
            m = _FENCE.match(line)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not m.group(2).strip():
                stack.pop()
                fence = None
            continue
        m = _FENCE.match(line)
        if m and not (m.group(1)[0] == "`" and "`" in m.group(2)):
            fence = m.group(1)
            stack.append(("\n" + fence, fence + m.group(2) + "\n"))
            continue
        plain = _INLINE_CODE.sub("", line)
        for tm in re.finditer(r"\|\||" + _MD_TAG.pattern, plain, re.I):
            token = tm.group(0)
            if token == "||":
                if stack and stack[-1][0] == "||":
                    stack.pop()
                else:
                    stack.append(("||", "||"))
            elif token.startswith("[/"):
                if stack and stack[-1][0] == "\n[/details]":
                    stack.pop()
            else:
                stack.append(("\n[/details]", token + "\n"))
    return stack


def _closed(text: str, fmt: str) -> str:
    if fmt == "bbcode":
        return text + "".join(f"[/{tag}]" for tag, _ in reversed(_open_tags(text)))
    if fmt == "markdown":
        return text + "".join(close for close, _ in reversed(_open_markdown(text)))
    return text


def _reopen(previous: str, fmt: str) -> str:
    if fmt == "bbcode":
        return "".join(opening for _, opening in _open_tags(previous))
    if fmt == "markdown":
        return "".join(opening for _, opening in _open_markdown(previous))
    return ""
