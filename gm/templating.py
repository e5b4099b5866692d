"""A GM's own templates: broken ones become one located error; the catalogue of shipped ones.

A game folder's templates/ is first on the loader path (gm/render.py); `shipped/NAME` always
names the shipped template, so a GM's template can extend it and replace a block.
docs/templates.md is the GM's guide.
"""

from __future__ import annotations

from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent / "templates"


class template_errors:
    """A broken template becomes one located error: `templates/narration.j2:12: error: ...`.

    Jinja rewrites tracebacks so that template frames carry the template's file and line; the
    innermost such frame is where the problem is. Shipped templates are named by their path in gm.
    """

    def __init__(self, game):
        self.game = game

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if exc is None:
            return False
        import jinja2
        from jinja2.exceptions import SecurityError

        if not isinstance(exc, (jinja2.TemplateError, SecurityError)):
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
        for root, label in ((self.game.root.resolve(), None), (TEMPLATES.resolve(), "gm/templates")):
            try:
                rel = p.relative_to(root).as_posix()
            except ValueError:
                continue
            from gm.yamlio import display_path

            return display_path(self.game.root / rel) if label is None else f"{label}/{rel}"
        return path


def check_templates(game) -> list:
    """Every template of the game folder compiled: a syntax error is a located error for `gm check`."""
    import jinja2

    from gm.errors import LocatedError, Problem

    problems: list[Problem] = []
    if not game.templates_dir.is_dir():
        return problems
    from gm.render import game_environment

    env = game_environment(game)
    for path in sorted(p for p in game.templates_dir.rglob("*") if p.is_file() and not p.name.startswith(".")):
        name = path.relative_to(game.templates_dir).as_posix()
        try:
            with template_errors(game):
                env.get_template(name)
        except LocatedError as exc:
            problems.append(exc.problem)
        except (UnicodeDecodeError, jinja2.TemplateError) as exc:
            from gm.errors import Location
            from gm.yamlio import display_path

            problems.append(Problem(Location(display_path(path)), f"cannot be read as a template: {exc}"))
    return problems


def template_catalogue(game) -> list[tuple[str, list[str], bool]]:
    """(name, its blocks, overridden by the game?) for every shipped template of the game's engine."""
    import jinja2

    from gm.render import game_environment

    env = game_environment(game)
    out = []
    for folder in (TEMPLATES / game.engine.name, TEMPLATES / "common"):
        for path in sorted(folder.glob("*.j2")):
            source = path.read_text(encoding="utf-8")
            blocks = [b.name for b in env.parse(source).find_all(jinja2.nodes.Block)]
            out.append((path.name, blocks, (game.templates_dir / path.name).is_file()))
    return out


def shipped_template(game, name: str) -> str:
    from gm.errors import GmError
    from gm.suggest import did_you_mean

    names = [n for n, _, _ in template_catalogue(game)]
    if name not in names:
        raise GmError(f"no shipped template called '{name}'{did_you_mean(name, names)} (templates: {', '.join(names)})")
    for folder in (TEMPLATES / game.engine.name, TEMPLATES / "common"):
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
