"""`gm preview`: one HTML page with a day's posts as the forum would show them.

The correction post of a day resolved again, the narration (in its numbered parts, if it has
them), the reveal post and every private message, each in a box like a forum post. BBCode and Markdown are turned into HTML here, the
way forums do it: text is escaped first, then the tags gm writes become elements, and
anything else stays as written. The page needs no network and no script, and `gm preview`
opens nothing: it only writes the file.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from gm.errors import StateError
from dataclasses import replace

from gm.gamedir import FORMATS, Game, GameDir
from gm.paths import display_path
from gm.storage.atomic import replace_file_atomically

GENERATOR = '<meta name="generator" content="gm preview">'

# ---- BBCode ------------------------------------------------------------------------------------

_BB = re.compile(r"\[(/?)([A-Za-z*]+)(?:=([^\]\n]*))?\]")
_SIZES_1_7 = {"1": "x-small", "2": "small", "3": "medium", "4": "large", "5": "x-large", "6": "xx-large", "7": "48px"}
_NAMED = {"xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large"}
_COLOUR = re.compile(r"^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-zA-Z]{3,20})$")
_SIMPLE = {"b": "strong", "i": "em", "u": "u", "s": "s", "strike": "s", "del": "s"}
_BLOCKS = {"list", "quote", "code", "spoiler", "details"}


def _size(arg: str) -> str | None:
    arg = arg.strip().strip("\"'").lower()
    if arg in _SIZES_1_7:
        return _SIZES_1_7[arg]
    if arg in _NAMED:
        return arg
    m = re.fullmatch(r"(\d{1,3})(%|pt|px)?", arg)
    if not m:
        return None
    return f"{m.group(1)}{m.group(2) or '%'}"


def bbcode_to_html(text: str) -> str:
    """BBCode as a forum shows it. Unknown or malformed tags stay as text; tags left open are closed."""
    out: list[str] = []
    stack: list[str] = []  # closing HTML for each open tag, by BBCode name
    names: list[str] = []
    pos = 0
    source = html.escape(text, quote=False)
    for m in _BB.finditer(source):
        out.append(_text(source[pos:m.start()], names))
        pos = m.end()
        closing, tag, arg = m.group(1), m.group(2).lower(), html.unescape(m.group(3) or "")
        if closing:
            if tag in names:
                while names:
                    name = names.pop()
                    out.append(stack.pop())
                    if name == tag:
                        break
                if tag in _BLOCKS and source.startswith("\n", pos):
                    pos += 1  # a block's own line break, as forums drop it
                continue
            out.append(m.group(0))
            continue
        opened = _open(tag, arg)
        if opened is None:
            out.append(m.group(0))
            continue
        if tag == "*":
            if "list" in names and names[-1] == "li":
                out.append(stack.pop())
                names.pop()
            out.append(opened)
            stack.append("</li>")
            names.append("li")
            continue
        out.append(opened[0])
        stack.append(opened[1])
        names.append(tag)
        if tag in _BLOCKS and source.startswith("\n", pos):
            pos += 1
    out.append(_text(source[pos:], names))
    out += reversed(stack)
    return "".join(out)


def _text(text: str, names: list[str]) -> str:
    if names and names[-1] in ("list", "li"):
        text = text.strip("\n")
        if not text.strip():
            return ""
    if "code" in names:
        return text
    return text.replace("\n", "<br>\n")


def _open(tag: str, arg: str):
    if tag in _SIMPLE:
        return f"<{_SIMPLE[tag]}>", f"</{_SIMPLE[tag]}>"
    if tag == "*":
        return "<li>"
    if tag == "color" and _COLOUR.match(arg.strip().strip("\"'")):
        return f'<span style="color: {arg.strip().strip(chr(34) + chr(39))}">', "</span>"
    if tag == "size" and _size(arg):
        return f'<span style="font-size: {_size(arg)}">', "</span>"
    if tag == "list":
        return "<ul>", "</ul>"
    if tag == "quote":
        who = f"<cite>{html.escape(arg.strip().strip(chr(34)))} wrote:</cite>" if arg else ""
        return f"<blockquote>{who}", "</blockquote>"
    if tag == "code":
        return "<pre><code>", "</code></pre>"
    if tag in ("spoiler", "details"):
        title = html.escape(arg.strip().strip('"')) or "Spoiler"
        return f"<details><summary>{title}</summary>", "</details>"
    return None


# ---- Markdown ----------------------------------------------------------------------------------

_MD_INLINE = [
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<em>\1</em>"),
    (re.compile(r"\|\|(.+?)\|\|"), r'<span class="spoiler">\1</span>'),
]
_MD_SPOILER_BLOCK = re.compile(r"\|\|(.+?)\|\|", re.S)
_MD_ESCAPE = re.compile(r"\\([\\`*_\[\]<>~|#+\-=.!])")


def markdown_to_html(text: str) -> str:
    """The Markdown gm writes (headings, bold, italics, lists, code, details, ||spoilers||) as HTML."""
    out, pos = [], 0
    for m in _MD_SPOILER_BLOCK.finditer(text):
        if "\n" in m.group(1):  # a spoiler over several lines hides whole blocks
            out += [_blocks(text[pos:m.start()]), f'<div class="spoiler">{_blocks(m.group(1))}</div>']
            pos = m.end()
    out.append(_blocks(text[pos:]))
    return "\n".join(x for x in out if x)


def _blocks(text: str) -> str:
    blocks: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            blocks.append("<pre><code>" + html.escape("\n".join(lines[i + 1:j]), quote=False) + "</code></pre>")
            i = j + 1
            continue
        m = re.match(r'^\[details="(.*)"\]$', line)
        if m:
            blocks.append(f"<details><summary>{_inline(m.group(1))}</summary>")
        elif line == "[/details]":
            blocks.append("</details>")
        elif re.match(r"^#{1,6} ", line):
            level = len(line.split(" ", 1)[0])
            blocks.append(f"<h{level}>{_inline(line[level + 1:])}</h{level}>")
        elif line.startswith("- "):
            items = []
            while i < len(lines) and lines[i].startswith("- "):
                items.append(f"<li>{_inline(lines[i][2:])}</li>")
                i += 1
            blocks.append("<ul>" + "".join(items) + "</ul>")
            continue
        elif line.strip():
            para = [line]
            while i + 1 < len(lines) and lines[i + 1].strip() and not re.match(r"^(#{1,6} |- |```|\[/?details)", lines[i + 1]):
                i += 1
                para.append(lines[i])
            blocks.append("<p>" + "<br>\n".join(_inline(p) for p in para) + "</p>")
        i += 1
    return "\n".join(blocks)


def _inline(text: str) -> str:
    """Backslash escapes are set aside first, so an escaped `*` never becomes emphasis."""
    escaped: list[str] = []

    def hold(m: re.Match) -> str:
        escaped.append(m.group(1))
        return f"\x00{len(escaped) - 1}\x00"

    text = html.escape(_MD_ESCAPE.sub(hold, text), quote=False)
    for pattern, repl in _MD_INLINE:
        text = pattern.sub(repl, text)
    return re.sub(r"\x00(\d+)\x00", lambda m: html.escape(escaped[int(m.group(1))]), text)


# ---- the page ----------------------------------------------------------------------------------

CSS = """
body { font-family: Verdana, Arial, sans-serif; font-size: 14px; background: #e8ecf0; color: #222; margin: 0; padding: 8px; }
.post .body { overflow-wrap: anywhere; }
h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 28px; }
.post { background: #fff; border: 1px solid #b8c4d0; border-radius: 4px; margin: 12px 0; max-width: 860px; }
.post header { background: #d4dde6; padding: 6px 10px; font-weight: bold; font-size: 12px; }
.post .body { padding: 10px 14px; line-height: 1.45; }
blockquote { border-left: 3px solid #9ab; margin: 6px 0; padding: 4px 10px; background: #f2f5f8; }
pre { background: #f4f4f4; border: 1px solid #ddd; padding: 6px; overflow-x: auto; white-space: pre; }  /* boards scroll, never wrap */
details { border: 1px dashed #9ab; padding: 4px 8px; margin: 6px 0; }
.spoiler { background: #333; color: #333; border-radius: 3px; } .spoiler:hover { color: #fff; }
"""


def _post(title: str, body_html: str, kind: str) -> str:
    return (f'<article class="post {kind}"><header>{html.escape(title)}</header>\n'
            f'<div class="body">\n{body_html}\n</div></article>')


def preview_page(game: Game, day: int, posts: list[tuple[str, str, str]], note: str | None = None) -> str:
    """posts: (section, title, source) in order; each source rendered as the game's forum does."""
    render = bbcode_to_html if game.format == "bbcode" else markdown_to_html
    label = game.forum.label if game.forum is not None else game.format
    parts = [f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">{GENERATOR}',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',  # a phone's width (390 px)
             # no script, no fetch: a player's text that slipped an escape would still do nothing
             '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'">',
             f"<title>Day {day}: {html.escape(game.title)} (preview)</title><style>{CSS}</style></head><body>",
             f"<h1>Day {day}: {html.escape(game.title)}</h1>",
             f"<p>A preview of the posts as {html.escape(label)} shows them. Nothing here has been posted.</p>"]
    if note:
        parts.append(f'<p class="note"><strong>{html.escape(note)}</strong></p>')
    section = None
    for sec, title, source in posts:
        if sec != section:
            parts.append(f'<h2 id="{sec.lower().replace(" ", "-")}">{html.escape(sec)}</h2>')
            section = sec
        parts.append(_post(title, render(source), sec.split()[0].lower()))
    parts.append("</body></html>\n")
    return "\n".join(parts)


def day_posts(gd: GameDir, game: Game, day: int) -> list[tuple[str, str, str]]:
    """What a GM posts for a day, from its result folder: the correction (if the day was resolved
    again), the narration (its parts, if any), the reveal, every message."""
    result = gd.result_dir(day)
    ext = game.ext
    files = {}
    for path in [*result.glob(f"*.{ext}"), *(result / "messages").glob(f"*.{ext}")]:
        files[path.relative_to(result).as_posix()] = path
    return posts_from(files, ext)


_PART = re.compile(r"(.+)\.part([1-9][0-9]{0,4})")


def posts_from(files: dict, ext: str) -> list[tuple[str, str, str]]:
    """(section, title, text) of each post among a day's files (relative name -> text, or a path
    to read): a split post is shown part by part, in the parts' order."""
    posts: dict[str, list[tuple[int, object]]] = {}
    for rel, source in files.items():
        if not rel.endswith("." + ext):
            continue
        stem = rel[: -len(ext) - 1]
        m = _PART.fullmatch(stem)
        if m and (m.group(1) + "." + ext) in files:
            posts.setdefault(m.group(1), []).append((int(m.group(2)), source))
        else:
            posts.setdefault(stem, [])

    def read(source) -> str:
        return source if isinstance(source, str) else source.read_text(encoding="utf-8")

    def told(stem: str, section: str, title: str) -> list[tuple[str, str, str]]:
        parts = sorted(posts.get(stem) or [], key=lambda np: np[0])
        if not parts:
            return [(section, title, read(files[f"{stem}.{ext}"]))]
        return [(section, f"{title}, part {n} of {len(parts)}", read(src)) for n, (_, src) in enumerate(parts, 1)]

    out = []
    if "correction" in posts:  # a re-resolved day: the thread hears of it first
        out += told("correction", "Public thread", "The correction")
    if "narration" in posts:
        out += told("narration", "Public thread", "Narration")
    if "reveal" in posts:
        out += told("reveal", "Public thread", "The dice revealed")
    for stem in sorted(s for s in posts if s.startswith("messages/")):
        out += told(stem, "Private messages", f"Private message to {stem[len('messages/'):]}")
    return out


def write_preview(gd: GameDir, game: Game, day: int, rendered: dict[str, str], forum,
                  out: Path | None = None) -> tuple[str, str | None]:
    """Write the page (days/NN/preview.html unless `out`); never over a file gm did not write.

    `rendered` holds the day's post files as `forum` takes them (gm/gmday/rerender.py replays the day
    for them). When the result folder holds other posts (game.yaml's `forum:` changed after the
    day was resolved), the page shows the rendered ones, and says so: the second value is that note."""
    if not gd.is_resolved(day):
        raise StateError(f"Day {day} has not been resolved: there is nothing to preview yet")
    path = out or gd.day_dir(day) / "preview.html"
    if path.exists():
        head = path.read_text(encoding="utf-8", errors="replace")[:400]
        if GENERATOR not in head:
            raise StateError(f"{display_path(path)} exists and was not written by gm preview; not overwriting it")
    wanted = forum
    on_disk = day_posts(gd, game, day) if wanted.format == game.format else []
    fresh = posts_from(rendered, FORMATS[wanted.format])
    note = None
    if fresh != on_disk:
        note = (f"The result folder holds Day {day}'s posts as they were rendered when it was resolved, not for "
                f"{wanted.label}: this page shows them rendered again for {wanted.label}. "
                f"`gm render {display_path(gd.root)} --day {day} --forum {wanted.name}` writes those posts to paste; "
                "the record is not changed.")
    shown = replace(game, format=wanted.format, forum=wanted)
    replace_file_atomically(path, preview_page(shown, day, fresh, note))
    return display_path(path), note
