"""Machine-readable lines inside forum posts: `gm-commit {...}`, `gm-lock {...}`, `gm-salt {...}`, ...

Each line is a tag, one space, and the object in canonical JSON (gm/canonical.py, RFC 8785),
posted verbatim in a code block: what a checker hashes is exactly what the post shows, with
nothing to decode or re-encode. Two rules keep a line whole on every forum:

- no line holds `[` before a letter, `/` or `*` (a BBCode tag such as `[/code]`), nor three
  backquotes, which could end its code block or be changed by the forum;
- a post is split into parts only between lines, and a line longer than the forum allows is an
  error that says so (`check_fits`), never a line cut in two.

Standard library only (gm verify needs no more).
"""

from __future__ import annotations

import json
import re

from gm.canonical import NotCanonical, canonical
from gm.errors import GmError, LocatedError, Location, StateError

TAGS = ("gm-commit", "gm-round", "gm-lock", "gm-file", "gm-salt", "gm-reveal", "gm-seal", "gm-beacon", "gm-ruling", "gm-open")
_BREAKS_BLOCK = re.compile(r"\[/?[A-Za-z*]|```")  # what a forum could read as markup, even in a code block
PART_ROOM = 60  # what a part adds around a machine line: "Part 9 of 9" in bold, the code block, line ends
_LINE = re.compile(r"(gm-[a-z]+) (\{.*\})")
# A machine line counts only at the start of a line of its own, or just after the opening of a
# code block: a tag anywhere else (inside a salt, a name or prose) is text, never a line.
_START = re.compile(r"^[ \t]*(?:\[code\]|```)?[ \t]*")


def machine_line(tag: str, obj: dict) -> str:
    """`<tag> <canonical JSON>`; a value that would break the post's code block is an error."""
    try:
        text = canonical(obj)
    except NotCanonical as exc:
        raise StateError(f"the {tag} line cannot be written: {exc}") from None
    if _BREAKS_BLOCK.search(text):
        raise StateError(f"the {tag} line would hold {_BREAKS_BLOCK.search(text).group()!r}, which a forum reads "
                         "as markup: rename what holds it (a player, a file, the game's title)")
    return f"{tag} {text}"


def line_tag_at(line: str, tag: str) -> int:
    """Where `<tag> {` starts on the line, if the line is that machine line; -1 otherwise."""
    at = _START.match(line).end()
    return at if line.startswith(tag + " {", at) else -1


def is_machine_line(line: str) -> bool:
    return _LINE.match(line, _START.match(line).end()) is not None


def check_machine_lines(post: str, written: list[str], what: str) -> None:
    """A post holds no machine line but those gm wrote into it: a name, a salt or a template that
    would start one of its own is an error here, never a line a checker could misread."""
    allowed = set(written)
    for n, line in enumerate(post.splitlines(), 1):
        if is_machine_line(line):
            body = line[_START.match(line).end():]
            if not any(body.startswith(w) for w in allowed):
                raise StateError(f"{what}, line {n}: a machine line gm did not write ({body[:40]!r}...): text a "
                                 "player chose, or a template, would start one; rename it")


def check_fits(text: str, limit: int | None, what: str) -> None:
    """Every machine line of a post must fit whole in one part of the forum's posts."""
    if limit is None:
        return
    room = limit - PART_ROOM  # a part's header and the code block around the line
    for n, line in enumerate(text.splitlines(), 1):
        found = _LINE.search(line) if is_machine_line(line) else None
        if found and len(found.group(0)) > room:
            tag, width = found.group(1), len(found.group(0))
            raise StateError(f"{what}, line {n}: the {tag} line is {width} characters, and a post on this forum "
                             f"holds at most {limit}: it cannot be posted whole, and a cut line cannot be checked "
                             "(shorten the salts or names it holds, or post on a forum with longer posts)")


def find_machine_lines(text: str, tag: str, where: str) -> list[tuple[int, dict, str]]:
    """Every `<tag> {...}` line of a text (a post's source, or a copy of the page), as
    (line number, object, the JSON text exactly as posted). A line that is cut, altered or not
    in the canonical encoding is an error located on it."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        at = line_tag_at(line, tag)
        if at < 0:
            continue
        body = line[at + len(tag) + 1:].rstrip()
        end = body.rfind("}")
        body = body[: end + 1]
        try:
            obj = json.loads(body)
        except json.JSONDecodeError as exc:
            raise LocatedError(Location(where, n, at + len(tag) + 2 + exc.pos),
                               f"the {tag} line is cut or altered ({exc.msg}): copy it whole, on one line") from None
        if not isinstance(obj, dict):
            raise LocatedError(Location(where, n, at + 1), f"the {tag} line holds no object")
        try:
            same = canonical(obj) == body
        except NotCanonical:
            same = False
        if not same:
            raise LocatedError(Location(where, n, at + 1), f"the {tag} line is not as gm wrote it (not in the canonical "
                               "encoding of docs/fairness.md): it was altered, or copied through something that changed it")
        found.append((n, obj, body))
    return found


def find_machine_line(text: str, tag: str, where: str) -> dict:
    """The object of the one `<tag> {...}` line in a post."""
    found = find_machine_lines(text, tag, where)
    if not found:
        raise GmError(f"{where}: no `{tag} {{...}}` line found (copy the whole post, including its code block)")
    if len({body for _, _, body in found}) > 1:
        raise LocatedError(Location(where, found[1][0], 1), f"{where} holds two different {tag} lines; give one post")
    return found[0][1]
