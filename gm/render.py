"""Posts from templates: BBCode or Markdown, every player-chosen text escaped, nothing but views in sight.

Templates live in gm/templates/<engine>/ and are rendered in Jinja's sandbox with StrictUndefined.
Every `{{ ... }}` goes through `finalize`, which escapes plain text for the post's format; the
markup helpers (b, color, ...) return already-safe text.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from gm.templating import TEMPLATES, template_errors
from gm.text import the


class Safe(str):
    """Text that is already markup for the target format."""


_BB_TAG_START = re.compile(r"\[(?=/?[A-Za-z*])")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>~|])")
_MD_LINE_START = re.compile(r"^([#+\-=]|\d+\.)", re.M)
_BACKTICKS = re.compile(r"`{3,}")


def escape_bbcode(text: str) -> str:
    """A zero-width space after '[' keeps '[b]' from being read as a tag, yet it reads the same."""
    return _BB_TAG_START.sub("[\u200b", text)


def escape_markdown(text: str) -> str:
    """Backslash the characters that make emphasis, links, code or HTML, and a line-leading
    '#', '-', '+' or '1.' that would start a heading or a list."""
    text = _MD_SPECIAL.sub(r"\\\1", text)
    return _MD_LINE_START.sub(lambda m: m.group(1)[:-1] + "\\." if m.group(1)[-1] == "." else "\\" + m.group(1), text)


class Markup:
    """The few pieces of markup templates need, in one format, with the tags of one forum."""

    def __init__(self, fmt: str, forum=None):
        from gm.forums import GENERIC

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
        if self.fmt == "bbcode":
            return Safe(f"[code]{escape_bbcode(text)}[/code]")
        if self.fmt == "markdown":
            return Safe(f"```\n{_BACKTICKS.sub(lambda m: chr(0x200b).join(m.group(0)), text)}\n```")
        return Safe(text)


def _finalize(markup: Markup):
    def finalize(value: Any) -> Any:
        if value is None:
            return ""
        if isinstance(value, Safe):
            return value
        return markup.escape(str(value))

    return finalize


def environment(engine: str, fmt: str, extra_dirs: list[Path] | None = None, forum=None):
    """An environment whose loader looks in `extra_dirs` (a game's own templates) first, then in
    the shipped templates of the engine and the common ones. When a game brings templates of its
    own, everything is rendered in Jinja's sandbox; the shipped templates alone are ours and skip
    its cost (about a third of the rendering time), with the same output. `shipped/NAME` always names
    the shipped template, so a game's NAME can `{% extends "shipped/NAME" %}` and change a block.
    Kept for the process, so a run that renders many days compiles each template once (edited
    templates are reloaded), and compiled templates are kept in the user's cache folder for the
    next run (gm/cache.py)."""
    return _environment(engine, fmt, tuple(str(Path(d).resolve()) for d in (extra_dirs or [])), forum)


@lru_cache(maxsize=32)
def _environment(engine: str, fmt: str, extra_dirs: tuple[str, ...], forum):
    import jinja2
    from jinja2.sandbox import SandboxedEnvironment

    markup = Markup(fmt, forum)
    shipped = jinja2.FileSystemLoader([str(TEMPLATES / engine), str(TEMPLATES / "common")])
    loaders = [jinja2.FileSystemLoader(list(extra_dirs))] if extra_dirs else []
    env_class = SandboxedEnvironment if extra_dirs else jinja2.Environment
    env = env_class(
        loader=jinja2.ChoiceLoader(loaders + [jinja2.PrefixLoader({"shipped": shipped}), shipped]),
        autoescape=False,
        undefined=jinja2.StrictUndefined,
        finalize=_finalize(markup),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    for name in ("esc", "b", "i", "color", "heading", "bullets", "code", "spoiler"):
        env.filters[name] = getattr(markup, name)
    env.filters["the"] = the
    env.filters["markup"] = Safe  # text a macro already rendered (and escaped)
    env.filters["plural"] = lambda n, word, many=None: f"{n} {word if n == 1 else (many or word + 's')}"
    env.filters["percent"] = lambda n: f"{n}%"
    env.filters["names"] = lambda xs: Safe(_join([markup.esc(x) for x in xs]))
    env.filters["joined"] = lambda xs: _join([str(x) for x in xs])
    env.filters["fields"] = _fields
    env.tests["contains"] = lambda seq, x: x in seq
    env.globals["fmt"] = fmt
    env.globals["forum"] = {"name": markup.forum.name if markup.forum else fmt,
                            "spoilers": bool(markup.forum and markup.forum.spoilers)}
    from gm.cache import template_cache

    # compiled once, reused by every later run (gm/cache.py); constants are folded through the
    # filters while compiling, so the format and forum are part of the key
    env.bytecode_cache = template_cache(env, (engine, fmt, repr(markup.forum)))
    return env


def _fields(record: dict, skip=(), sep: str = ", ") -> str:
    """`key=value` pairs of a record, as the GM summary lists orders and events (in Python: the
    summary of a 2,000-player day has tens of thousands of them)."""
    return sep.join(f"{k}={'' if v is None else v}" for k, v in record.items() if k not in skip)


def _join(xs: list[str]) -> str:
    if not xs:
        return ""
    if len(xs) == 1:
        return xs[0]
    return ", ".join(xs[:-1]) + " and " + xs[-1]


def _tidy(text: str) -> str:
    """At most one blank line in a row, and exactly one newline at the end."""
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip("\n") + "\n"


def message_filename(name: str, taken: set[str]) -> str:
    """A file name for a player's message: their name with letters of any alphabet kept, anything
    a file system might mind turned into '_', and a number added when two names come out alike."""
    stem = unicodedata.normalize("NFC", re.sub(r"[^\w-]+", "_", name)).strip("_") or "player"
    base = stem
    n = 2
    while stem.casefold() in taken:
        stem = f"{base}-{n}"
        n += 1
    taken.add(stem.casefold())
    return stem


_DICT_METHODS = frozenset(dir(dict))


def event_dicts(events) -> list[dict]:
    """Events as template data. A field named like a dict method (`get`, `items`) would be shadowed
    in Jinja's `e.get`, so engines must not use such names."""
    out = []
    for e in events:
        clash = _DICT_METHODS.intersection(e.data)
        if clash:
            raise ValueError(f"event {e.kind!r} uses reserved field name(s) {sorted(clash)}")
        out.append(dict(e.data, kind=e.kind, step=e.step))
    return out


def _events_by_player(events, personal: dict[str, str]) -> dict[str, list]:
    """Each player's own events, in order: the private ones addressed to them, and the public events
    the engine names as theirs too (`personal`: event kind -> the field that names the player)."""
    out: dict[str, list] = {}
    for e in events:
        names = list(e.visibility) if not e.is_public and isinstance(e.visibility, tuple) else []
        field = personal.get(e.kind)
        if field is not None and e.data.get(field) is not None:
            names.append(e.data[field])
        for name in dict.fromkeys(names):
            out.setdefault(name, []).append(e)
    return out


def game_environment(game, fmt: str | None = None):
    """The environment for a game's posts: its own templates first, its forum's tags."""
    extra = [game.templates_dir] if game.templates_dir.is_dir() else None
    return environment(game.engine.name, fmt or game.format, extra, game.forum)


def render_post(game, name: str, **context) -> str:
    """One post from a template (commit, reveal, vote count), with the game's title and day."""
    env = game_environment(game)
    base = {"title": game.title, "day": context.get("day"), "engine": game.engine.title}
    with template_errors(game):
        return _tidy(env.get_template(name).render(game=base, **context))


def with_parts(files: dict[str, str], name: str, text: str, game) -> None:
    """`name` holds the whole post; when it is longer than the forum allows, numbered parts to
    paste one after the other go beside it (narration.part1.bbcode, ...)."""
    from gm.forums import split_post

    files[name] = text
    limit = game.forum.max_length if game.forum is not None else None
    parts = split_post(text, game.format, limit)
    if len(parts) > 1:
        stem, ext = name.rsplit(".", 1)
        for i, part in enumerate(parts, 1):
            files[f"{stem}.part{i}.{ext}"] = part


def render_day(game, rd) -> dict[str, str]:
    """Narration from the public view and public events; each message from that player's view and
    the events addressed to them; the GM summary from everything."""
    with template_errors(game):
        return _render_day(game, rd)


def _render_day(game, rd) -> dict[str, str]:
    engine = game.engine
    env = game_environment(game)
    ext = game.ext
    base = {"title": game.title, "day": rd.day, "engine": engine.title}
    public_events = [e for e in rd.events if e.is_public]
    files: dict[str, str] = {}
    with_parts(files, f"narration.{ext}", _tidy(env.get_template("narration.j2").render(
        game=base, view=engine.public_view(rd.state, game.rules), events=event_dicts(public_events))), game)
    message = env.get_template("message.j2")
    taken: set[str] = set()
    names = engine.message_recipients(rd.checked.state, rd.state, rd.checked.orders)
    own_events = _events_by_player(rd.events, engine.personal_events)
    public_dicts = event_dicts(public_events)
    missing = set(rd.checked.missing)
    salts = rd.checked.salts
    if hasattr(engine, "player_views"):  # one pass over the state for everyone (keeps big games linear)
        views = engine.player_views(rd.state, game.rules, names)
    else:
        views = {name: engine.player_view(rd.state, game.rules, name) for name in names}
    for name in names:
        with_parts(files, f"messages/{message_filename(name, taken)}.{ext}", _tidy(message.render(
            game=base, view=views[name], events=event_dicts(own_events.get(name, [])),
            public_events=public_dicts, no_orders=name in missing, salt=salts.get(name))), game)
    text_env = game_environment(game, "text")
    files["gm-summary.txt"] = _tidy(text_env.get_template("gm-summary.j2").render(
        game=base, view=engine.gm_view(rd.state, game.rules), events=event_dicts(rd.events),
        rolls=[r.record() | {"odds": r.odds} for r in rd.rolls], seed=rd.seed.hex(),
        orders=[engine.orders_record(o) for o in rd.checked.orders.values()], missing=rd.checked.missing,
        warnings=[_in_game(game.root, p) for p in rd.checked.warnings],
        salts=salts, dice_key=(rd.key or rd.seed).hex(),
        votes_file=f"days/{rd.day:02d}/votes.yaml" if rd.checked.votes_file else None))
    return files


def _in_game(root: Path, problem) -> str:
    """A diagnostic located relative to the game folder, so outputs do not depend on where gm ran."""
    try:
        rel = Path(problem.where.path).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        rel = problem.where.path
    return str(replace(problem, where=replace(problem.where, path=rel)))


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
