"""A GM's own templates: broken ones become one located error; the catalogue of shipped ones.

A game folder's templates/ is first on the loader path (gm/forum/render.py); `shipped/NAME` always
names the shipped template, so a GM's template can extend it and replace a block.
docs/templates.md is the GM's guide.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from gm.forum.sandbox import _STEPS, TemplateTimeout, _InsideLoader, _bounded_globals, _counted_sandbox, _plain_environment
from gm.markup import Markup, Safe, and_join, key_values, written
from gm.narration import article, number_word, with_article
from gm.paths import templates_dir
from gm.text import the

TEMPLATES = templates_dir()


def _speaking():
    from contextvars import ContextVar

    global _SPEAKING
    if _SPEAKING is None:
        _SPEAKING = ContextVar("gm_pronoun_table", default={})
    return _SPEAKING


_SPEAKING = None


def pronouns_now(name):
    """`{{ pronouns(name).their }}` in any template: the roster's `pronouns:` of the game being
    rendered (set by template_errors, which every rendering enters), `they` for anyone else."""
    from gm.narration import pronouns_of

    return pronouns_of(_speaking().get(), name)


class template_errors:
    """A broken template becomes one located error: `templates/narration.j2:12: error: ...`.

    Jinja rewrites tracebacks so that template frames carry the template's file and line; the
    innermost such frame is where the problem is. Shipped templates are named by their path in gm.
    While it is entered, `pronouns(name)` in a template reads this game's roster.
    """

    def __init__(self, game):
        self.game = game
        self.timer = None
        self.token = None

    def __enter__(self):
        import signal
        import threading

        self.token = _speaking().set(dict(getattr(self.game, "pronouns", None) or {}))

        limits = getattr(self.game, "limits", None)
        if self.game.templates_dir.is_dir() and limits is not None and threading.current_thread() is threading.main_thread():
            def out_of_time(signum, frame):
                raise TemplateTimeout(f"the templates took more than {limits.template_seconds} s to render "
                                      "(the limit is template_seconds under limits: in game.yaml)")
            self.timer = signal.signal(signal.SIGALRM, out_of_time)
            signal.setitimer(signal.ITIMER_REAL, limits.template_seconds)
        if self.game.templates_dir.is_dir() and limits is not None:
            _STEPS[0] = limits.template_steps
        return self

    def __exit__(self, kind, exc, tb):
        _STEPS[0] = None
        if self.token is not None:
            _speaking().reset(self.token)
            self.token = None
        if self.timer is not None:
            import signal

            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.timer)
        if exc is None:
            return False
        import jinja2
        from jinja2.exceptions import SecurityError

        if isinstance(exc, (TemplateTimeout, RecursionError)) and self.game.templates_dir.is_dir():
            from gm.errors import LocatedError, Location

            path, line = _template_frame(tb)
            message = str(exc) if isinstance(exc, TemplateTimeout) else "a macro or include calls itself without end"
            raise LocatedError(Location(self._shown(path), line), message) from None
        if not isinstance(exc, (jinja2.TemplateError, SecurityError)):
            path, line = _template_frame(tb)
            own = self.game.templates_dir.resolve()
            if isinstance(exc, Exception) and path and Path(path).resolve().is_relative_to(own):
                from gm.errors import LocatedError, Location

                # the GM's own template failed as it ran (1 // 0, a huge number, ...): theirs to fix
                raise LocatedError(Location(self._shown(path), line), f"{type(exc).__name__}: {exc}") from None
            return False
        from gm.errors import LocatedError, Location

        if isinstance(exc, jinja2.TemplateSyntaxError) and exc.filename:
            path, line = exc.filename, exc.lineno
        else:
            path, line = _template_frame(tb)
        message = exc.message or type(exc).__name__
        if isinstance(exc, jinja2.UndefinedError):
            message += " (templates see only the names listed in docs/templates.md)"
        elif isinstance(exc, SecurityError):
            message = f"not allowed in a template: {message}"
        elif isinstance(exc, jinja2.TemplateNotFound):
            message = f"no template called {exc.name!r}"
        raise LocatedError(Location(self._shown(path), line), message) from None

    def _shown(self, path: str | None) -> str:
        if not path:
            return "templates"
        p = Path(path).resolve()
        for root, label in ((self.game.root.resolve(), None), (TEMPLATES.resolve(), "shipped templates")):
            try:
                rel = p.relative_to(root).as_posix()
            except ValueError:
                continue
            from gm.paths import display_path

            return display_path(self.game.root / rel) if label is None else f"{label}/{rel}"
        return path


def check_templates(game) -> list:
    """Every template of the game folder compiled: a syntax error is a located error for `gm check`."""
    import jinja2

    from gm.errors import LocatedError, Problem

    problems: list[Problem] = []
    if not game.templates_dir.is_dir():
        return problems
    env = game_environment(game)
    from gm.narration import PHRASES

    problems += check_pools(game)
    # everything but folders: a FIFO or a link out is named here, not passed over in silence
    for path in sorted(p for p in game.templates_dir.rglob("*") if not p.is_dir() and not p.name.startswith(".")
                       and p.name != PHRASES):
        name = path.relative_to(game.templates_dir).as_posix()
        try:
            with template_errors(game):
                env.get_template(name)
        except LocatedError as exc:
            problems.append(exc.problem)
        except (UnicodeDecodeError, jinja2.TemplateError) as exc:
            from gm.errors import Location
            from gm.paths import display_path

            problems.append(Problem(Location(display_path(path)), f"cannot be read as a template: {exc}"))
    return problems


def template_catalogue(game) -> list[tuple[str, list[str], bool]]:
    """(name, its blocks, overridden by the game?) for every shipped template of the game's engine."""
    import jinja2

    env = game_environment(game)
    out = []
    for folder in (TEMPLATES / game.engine.facts.name, TEMPLATES / "common"):
        for path in sorted(folder.glob("*.j2")):
            source = path.read_text(encoding="utf-8")
            blocks = [b.name for b in env.parse(source).find_all(jinja2.nodes.Block)]
            out.append((path.name, blocks, (game.templates_dir / path.name).is_file()))
    from gm.narration import PHRASES, load_pools

    if (TEMPLATES / game.engine.facts.name / PHRASES).is_file():  # its "blocks" are its pools, replaced one by one
        out.append((PHRASES, sorted(load_pools(game.engine.facts.name)), (game.templates_dir / PHRASES).is_file()))
    return out


def shipped_template(game, name: str) -> str:
    from gm.errors import GmError
    from gm.suggest import did_you_mean

    names = [n for n, _, _ in template_catalogue(game)]
    if name not in names:
        raise GmError(f"no shipped template called '{name}'{did_you_mean(name, names)} (templates: {', '.join(names)})")
    for folder in (TEMPLATES / game.engine.facts.name, TEMPLATES / "common"):
        if (folder / name).is_file():
            return (folder / name).read_text(encoding="utf-8")
    raise AssertionError(name)


def _template_frame(tb) -> tuple[str | None, int | None]:
    """The innermost traceback frame that is a template file (Jinja names template frames so)."""
    import traceback

    found: tuple[str | None, int | None] = (None, None)
    for frame, line in traceback.walk_tb(tb):
        name = frame.f_code.co_filename
        if not name.endswith(".py") and Path(name).is_file():
            found = (name, line)
    return found


def _finalize(markup: Markup):
    def finalize(value: Any) -> Any:
        if value is None:
            return ""
        if isinstance(value, Safe):
            return value
        return markup.escape(str(value))

    return finalize


def environment(engine: str, fmt: str, extra_dirs: list[Path] | None = None, forum=None,
                places: dict[str, str] | None = None):
    """An environment whose loader looks in `extra_dirs` (a game's own templates) first, then in
    the shipped templates of the engine and the common ones. When a game brings templates of its
    own, everything is rendered in Jinja's sandbox; the shipped templates alone are ours and skip
    its cost (about a third of the rendering time), with the same output. `shipped/NAME` always names
    the shipped template, so a game's NAME can `{% extends "shipped/NAME" %}` and change a block.
    Kept for the process, so a run that renders many days compiles each template once (edited
    templates are reloaded), and compiled templates are kept in the user's cache folder for the
    next run (gm/storage/cache.py)."""
    return _environment(engine, fmt, tuple(str(Path(d).resolve()) for d in (extra_dirs or [])), forum,
                        tuple(sorted((places or {}).items())))


@lru_cache(maxsize=32)
def _environment(engine: str, fmt: str, extra_dirs: tuple[str, ...], forum, places: tuple = ()):
    import jinja2

    markup = Markup(fmt, forum)
    shipped = jinja2.FileSystemLoader([str(TEMPLATES / engine), str(TEMPLATES / "common")])
    loaders = [_InsideLoader(list(extra_dirs))] if extra_dirs else []
    env_class = _counted_sandbox() if extra_dirs else _plain_environment()
    env = env_class(
        loader=jinja2.ChoiceLoader(loaders + [jinja2.PrefixLoader({"shipped": shipped}), shipped]),
        autoescape=False,
        undefined=jinja2.StrictUndefined,
        finalize=_finalize(markup),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # a GM's template is not folded while compiled: `"{:1000000000}".format(1)` would be run
        # then, past the sandbox's checks (Jinja folds a call of constants)
        optimized=not extra_dirs,
    )
    for name in ("esc", "b", "i", "color", "heading", "bullets", "code", "spoiler"):
        env.filters[name] = getattr(markup, name)
    env.filters["the"] = the
    env.filters["upfirst"] = lambda s: s[:1].upper() + s[1:] if isinstance(s, str) else s
    env.filters["a"] = with_article
    env.filters["article"] = article
    env.filters["word"] = number_word  # two students  # "an Uzi", "a Knife"
    env.filters["at"] = _at_filter()
    env.filters["markup"] = Safe  # text a macro already rendered (and escaped)
    env.filters["plural"] = lambda n, word, many=None: f"{n} {word if n == 1 else (many or word + 's')}"
    env.filters["percent"] = lambda n: f"{n}%"
    env.filters["names"] = lambda xs: Safe(and_join([markup.esc(x) for x in xs]))
    env.filters["joined"] = lambda xs: and_join([str(x) for x in xs])
    env.filters["fields"] = key_values
    env.filters["runs"] = runs
    env.filters["written"] = written
    env.tests["contains"] = lambda seq, x: x in seq
    env.globals["fmt"] = fmt
    env.globals["pronouns"] = pronouns_now  # the narration's own `pronouns` (the same table) stands over it
    if extra_dirs:
        _bounded_globals(env)
    env.globals["places"] = dict(places)  # the engine's places, for `at` (part of the cache key)
    env.globals["forum"] = {"name": markup.forum.name if markup.forum else fmt,
                            "spoilers": bool(markup.forum and markup.forum.spoilers)}
    from gm.storage.cache import template_cache

    # compiled once, reused by every later run (gm/storage/cache.py); constants are folded through the
    # filters while compiling, so the format, forum and places (the `at` filter) are part of the key
    env.bytecode_cache = template_cache(env, (engine, fmt, repr(markup.forum), places))
    return env


def runs(items, kind: str, *keys: str) -> list[list]:
    """Items in runs: consecutive items of `kind` equal on every key form one run (a volley of
    attacks in a message); every other item is a run of its own. In Python: a 2,000-player day
    groups tens of thousands of events."""
    out: list[list] = []
    last = None
    for item in items:
        if (last is not None and item.get("kind") == kind and last.get("kind") == kind
                and all(item.get(k) == last.get(k) for k in keys)):
            out[-1].append(item)
        else:
            out.append([item])
        last = item
    return out


def _at_filter():
    import jinja2

    @jinja2.pass_environment
    def at(env, place):
        """A place as it sits after a verb: "on the Beach", "in the Forest" (the engine's `places`,
        kept in the environment so macros imported without context see them too)."""
        return env.globals["places"].get(str(place)) or "in " + the(place)

    return at


def game_environment(game, fmt: str | None = None):
    """The environment for a game's posts: its own templates first, its forum's tags."""
    extra = [game.templates_dir] if game.templates_dir.is_dir() else None
    if extra and not game.templates_dir.resolve().is_relative_to(game.root.resolve()):
        from gm.errors import StateError
        from gm.paths import display_path

        raise StateError(f"{display_path(game.templates_dir)} leads outside the game folder (a link?): "
                         "templates are read only from inside it")
    return environment(game.engine.facts.name, fmt or game.format, extra, game.forum, game.engine.places(game.rules))


def check_pools(game) -> list:
    """`gm check`: the game's own phrases.yaml read and every phrasing compiled."""
    from gm.errors import LocatedError, Location, Problem
    from gm.narration import PHRASES, load_pools
    from gm.paths import display_path

    own = game.templates_dir / PHRASES
    if not os.path.lexists(own):  # a FIFO or a link out is refused by load_pools, not passed over
        return []
    try:
        pools = load_pools(game.engine.facts.name, game.templates_dir)
    except LocatedError as exc:
        return [exc.problem]
    import jinja2

    env = game_environment(game)
    for name, phrasings in pools.items():
        for p in phrasings:
            try:
                env.from_string(p.text)
            except jinja2.TemplateSyntaxError as exc:
                return [Problem(Location(display_path(own)), f"pool '{name}': {exc.message}: {p.text[:60]!r}")]
    return []
