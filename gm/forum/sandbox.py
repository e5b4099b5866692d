"""The Jinja environments posts render in: quick look-ups on plain dicts (a quarter of a large
day's rendering), and for a GM's own templates a sandbox that counts every step and bounds what a
template may read, write and ask for (docs/limits.md)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

TEMPLATE_BYTES = 1_000_000  # a GM's template file; the shipped ones are a few KB


class TemplateTimeout(Exception):
    """A GM's template ran past template_seconds, template_steps or the bounds below."""


TEMPLATE_CHARS = 20_000_000  # what one rendering of a GM's template may write (a post is a few thousand)


TEMPLATE_WIDTH = 10_000  # the widest format width, padding or repetition count a GM's template may ask for


_DICT_NAMES = frozenset(dir(dict))


def _quick_lookup(base: type) -> type:
    """`base` with the same `x.name` lookup, minus a caught exception per look-up on a dict.

    Jinja reads `e.kind` as getattr(e, "kind") and, when that raises, as e["kind"]. On a plain dict
    the first step can only succeed for a name dict itself has (`items`, `get`, ...), so for any other
    name it goes straight to e[name]: the same value or the same undefined, and a quarter less
    time spent rendering a 2,000-player day (measured)."""

    class QuickLookup(base):
        def getattr(self, obj, attribute):
            if type(obj) is dict and attribute not in _DICT_NAMES:
                try:
                    return obj[attribute]
                except KeyError:
                    pass
            return super().getattr(obj, attribute)

    QuickLookup.__name__ = QuickLookup.__qualname__ = f"Quick{base.__name__}"
    QuickLookup.context_class = _quick_call_context()
    return QuickLookup


@lru_cache(maxsize=1)
def _quick_call_context() -> type:
    """Jinja's Context, minus its look for a pass_context mark on a builtin method or a macro.

    Every `{% set _ = lines.append(...) %}` and every macro call in a template goes through
    Context.call, which first asks the callable (and its __call__) for a `jinja_pass_arg` mark.
    A method of a list or a dict cannot carry one, nor can a template's own macro: those are
    called straight away, as Context.call would call them (the same values, the same undefined
    for a StopIteration). Anything else takes Jinja's way. In the sandbox this comes after its
    own check of what may be called. A sixth of a 2,000-player day's rendering (measured)."""
    from types import BuiltinMethodType

    from jinja2.runtime import Context, Macro

    direct = (BuiltinMethodType, Macro)

    class QuickCallContext(Context):
        def call(__self, __obj, *args, **kwargs):  # noqa: N805 - Jinja's own signature
            if type(__obj) in direct:
                if kwargs:
                    kwargs.pop("_block_vars", None)
                    kwargs.pop("_loop_vars", None)
                try:
                    return __obj(*args, **kwargs)
                except StopIteration:
                    return __self.environment.undefined("value was undefined because a callable raised a "
                                                        "StopIteration exception")
            return super().call(__obj, *args, **kwargs)

    return QuickCallContext


@lru_cache(maxsize=None)
def _plain_environment():
    import jinja2

    return _quick_lookup(jinja2.Environment)


def _inside_loader_class():
    import jinja2
    from jinja2.exceptions import SecurityError

    class InsideLoader(jinja2.FileSystemLoader):
        """The game's own templates, read only from inside its templates folder: a link that
        leads out of it (to /etc/passwd, say) is refused, never rendered into a post; a FIFO or a
        device is refused, never waited on (gm/safefile.py); a file is read within TEMPLATE_BYTES."""

        def get_source(self, environment, template):
            import os

            from jinja2.loaders import split_template_path

            from gm.safefile import Refused, read_regular_text

            pieces = split_template_path(template)
            for folder in self.searchpath:
                filename = os.path.join(folder, *pieces)
                if not os.path.lexists(filename):
                    continue
                real = Path(filename).resolve()
                if not any(real.is_relative_to(Path(d).resolve()) for d in self.searchpath):
                    raise SecurityError(f"{template} leads outside the game's templates folder (a link?): not read")
                try:
                    source = read_regular_text(filename, TEMPLATE_BYTES, None)
                except Refused as exc:
                    raise SecurityError(f"{template}: {exc}") from None
                mtime = os.path.getmtime(filename)

                def uptodate(filename=filename, mtime=mtime) -> bool:
                    try:
                        return os.path.getmtime(filename) == mtime
                    except OSError:
                        return False

                return source, os.path.normpath(filename), uptodate
            raise jinja2.TemplateNotFound(template)

    return InsideLoader


_STEPS = [None]  # what is left of the running render's template_steps (None: not counted)


def _too_wide(what: str, n) -> None:
    from jinja2.exceptions import SecurityError

    raise SecurityError(f"{what} of {n:,} is more than a template may ask for ({TEMPLATE_WIDTH:,})")


def _check_format(fmt: str, args, kwargs, braces: bool) -> None:
    """Refuse a %-format or a str.format whose widths or precisions are beyond TEMPLATE_WIDTH."""
    import re

    specs = re.findall(r"\{[^{}]*:([^{}]*)\}", fmt) if braces else re.findall(r"%(?:\([^)]*\))?([-#0 +]*[*\d]*(?:\.[*\d]*)?)", fmt)
    for spec in specs:
        for number in re.findall(r"\d+", spec):
            if len(number) > 6 or int(number) > TEMPLATE_WIDTH:
                _too_wide("a format width", int(number[:30]))
    if braces and re.search(r"\{[^{}]*:[^{}]*\{", fmt) or not braces and "*" in "".join(specs):
        values = list(args) + list((kwargs or {}).values())
        if isinstance(args, dict):
            values = list(args.values())
        for v in values:  # a width taken from the arguments
            if isinstance(v, int) and abs(v) > TEMPLATE_WIDTH:
                _too_wide("a format width", v)


def _check_binop(operator: str, left, right) -> None:
    if operator == "*":
        for seq, n in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > TEMPLATE_CHARS:
                _too_wide("a repetition", len(seq) * n)
    elif operator == "%" and isinstance(left, str):
        _check_format(left, right if isinstance(right, (tuple, dict)) else (right,), None, braces=False)
    elif operator == "**" and isinstance(left, int) and isinstance(right, int) and abs(left) > 1 and right > 0:
        if right * abs(left).bit_length() > 100_000:
            _too_wide("a power", right)


def _bounded_concat(pieces) -> str:
    """Jinja's concat of a rendering's output, each piece a step, the whole within TEMPLATE_CHARS."""
    out = []
    total = 0
    for piece in pieces:
        total += len(piece)
        try:
            _step()
            if total > TEMPLATE_CHARS:
                raise TemplateTimeout(f"the templates wrote more than {TEMPLATE_CHARS:,} characters in one post")
        except TemplateTimeout as exc:
            if hasattr(pieces, "throw"):  # raised where the template stands, so that its place is named
                pieces.throw(exc)
            raise
        out.append(piece)
    return "".join(out)


def _bounded_globals(env) -> None:
    """The sandbox's globals and filters that take a size, with the size bounded: range() counts
    what it stands for as steps (nested ranges add up), widths and counts within TEMPLATE_WIDTH."""
    import jinja2.filters

    safe_range = env.globals["range"]

    def counted_range(*args):
        numbers = safe_range(*args)
        left = _STEPS[0]
        if left is not None:
            _STEPS[0] = max(left - len(numbers), 0)
            if len(numbers) > left:
                _step()  # out of steps: says so
        return numbers

    def sized(name, real, *positions):
        import functools

        @functools.wraps(real)  # keeps Jinja's mark for a filter that takes the environment
        def checked(*args, **kwargs):
            for i in positions:
                value = args[i] if i < len(args) else None
                if isinstance(value, int) and abs(value) > TEMPLATE_WIDTH:
                    _too_wide(f"the {name} filter's width", value)
            for value in kwargs.values():
                if isinstance(value, int) and abs(value) > TEMPLATE_WIDTH:
                    _too_wide(f"the {name} filter's width", value)
            return real(*args, **kwargs)
        return checked

    env.globals["range"] = counted_range
    env.globals["lipsum"] = sized("lipsum", env.globals["lipsum"], 0, 2, 3)
    env.filters["center"] = sized("center", jinja2.filters.do_center, 1)
    env.filters["indent"] = sized("indent", env.filters["indent"], 1)
    env.filters["wordwrap"] = sized("wordwrap", env.filters["wordwrap"], 2)
    env.filters["truncate"] = sized("truncate", env.filters["truncate"], 2, 5)

    def checked_format(value, *args, **kwargs):
        _check_format(str(value), kwargs or args, None, braces=False)
        return jinja2.filters.do_format(value, *args, **kwargs)

    env.filters["format"] = checked_format


def _step() -> None:
    left = _STEPS[0]
    if left is None:
        return
    if left <= 0:
        _STEPS[0] = None
        raise TemplateTimeout("the templates took more steps than template_steps allows "
                              "(calls and lookups; the limit is under limits: in game.yaml)")
    _STEPS[0] = left - 1


@lru_cache(maxsize=1)
def _counted_sandbox():
    from jinja2.sandbox import SandboxedEnvironment

    class CountedSandbox(_quick_lookup(SandboxedEnvironment)):
        """Jinja's sandbox, counting every call and lookup a GM's template makes (template_steps),
        each piece of output it writes, and every number a range() stands for; its output bounded
        (TEMPLATE_CHARS), and so are format widths and repetitions (TEMPLATE_WIDTH), where a
        single `"%1000000000d"` or `"x" * 10**10` would take gigabytes before any count is reached."""

        intercepted_binops = frozenset(["*", "%", "**"])
        concat = staticmethod(_bounded_concat)

        def call(self, __context, __obj, *args, **kwargs):
            _step()
            return super().call(__context, __obj, *args, **kwargs)

        def call_binop(self, context, operator, left, right):
            _step()
            _check_binop(operator, left, right)
            return super().call_binop(context, operator, left, right)

        def wrap_str_format(self, value):
            wrapped = super().wrap_str_format(value)  # str.format and format_map, sandboxed by Jinja
            if wrapped is None:
                return None
            fmt = str(value.__self__)

            def checked(*args, **kwargs):
                mapping = args[0] if value.__name__ == "format_map" and args and isinstance(args[0], dict) else {}
                _check_format(fmt, args, {**mapping, **kwargs}, braces=True)
                return wrapped(*args, **kwargs)

            return checked

        def getattr(self, obj, attribute):
            _step()
            return super().getattr(obj, attribute)

        def getitem(self, obj, argument):
            _step()
            return super().getitem(obj, argument)

    return CountedSandbox


def _InsideLoader(dirs):
    return _inside_loader_class()(dirs)
