"""Reading what people wrote (game.yaml, orders) with a line and column for every node.

ruamel.yaml is imported here only, and only when a file is read that is not in the user's
cache, so `gm --help`, and a `gm check` of files read before, do not pay for it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from gm.errors import LocatedError, Location
from gm.paths import display_path


def _yaml():
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.allow_duplicate_keys = False
    return yaml


def load_text(text: str, path: Path, limits=None, warnings: list | None = None, keep: bool = True) -> Any:
    """_load_text, and what YAML reads without a word but a person would not mean: an escaped half
    of a character (`"\\ud83d"`) is a located error; with `warnings`, a raw U+0085, U+2028 or
    U+2029 (YAML's line breaks) and a tag gm does not know (`!foo`) are each a warning."""
    import re

    if warnings is not None:
        _odd_text(text, display_path(path), warnings)
    data = _load_text(text, path, limits, warnings, keep)
    found = re.search(r"\\(?:u[dD][89a-fA-F][0-9a-fA-F]{2}|U0000[dD][89a-fA-F][0-9a-fA-F]{2})", text)
    if found and _has_surrogate(data):
        line = text.count("\n", 0, found.start()) + 1
        col = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
        raise LocatedError(Location(display_path(path), line, col),
                           f"{found.group()} is half of a character (a lone surrogate): write the character itself, or "
                           "its whole escape (\\U0001F600 for 😀)")
    return data


def _has_surrogate(value, depth: int = 0) -> bool:
    if isinstance(value, str):
        return any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    if depth > 200:
        return False
    if isinstance(value, dict):
        return any(_has_surrogate(k, depth + 1) or _has_surrogate(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_surrogate(v, depth + 1) for v in value)
    return False


_BREAKS = {"\x85": "U+0085 (next line)", "\u2028": "U+2028 (line separator)", "\u2029": "U+2029 (paragraph separator)"}


def _odd_text(text: str, shown: str, warnings: list) -> None:
    import re

    from gm.errors import Problem

    for ch, name in _BREAKS.items():
        at = text.find(ch)
        if at >= 0:
            line = text.count("\n", 0, at) + 1
            warnings.append(Problem(Location(shown, line, at - (text.rfind("\n", 0, at) + 1) + 1),
                                    f"holds a {name}, which YAML reads as a line break: retype this line", "warning"))
    if "!" not in text:
        return
    for n, raw in enumerate(text.split("\n"), 1):
        line = re.sub(r'"(?:[^"\\]|\\.)*"|\'(?:[^\']|\'\')*\'', lambda m: " " * len(m.group()), raw)
        line = re.sub(r"(^|\s)#.*$", "", line)
        tag = re.search(r"(?:^|[\s\[{,:-])(!!?[^\s,\[\]{}]*)", line)
        if tag and tag.group(1) not in ("!", "!!str", "!!int", "!!float", "!!bool", "!!null", "!!map", "!!seq"):
            warnings.append(Problem(Location(shown, n, tag.start(1) + 1), f"the YAML tag {tag.group(1)} is not one "
                                    "gm knows: the value is read as if it were not there", "warning"))
            return


def _load_text(text: str, path: Path, limits=None, warnings: list | None = None, keep: bool = True) -> Any:
    """Parse YAML text; any syntax problem becomes one located error with a hint.

    The text is first read as a stream of events (no nesting, no recursion) and refused, with
    its place, if it nests deeper, holds more aliases or more values than `limits` allow, or
    has an alias inside the node it names: a few hundred bytes of aliases can otherwise stand
    for billions of values, and deep nesting can exhaust the stack.

    The same events build the document when it is of the plain kind people write (gm/storage/fastyaml.py's
    read_events); else ruamel.yaml.clib's C composer reads it (fast_load), both about seven times
    faster than the round-trip loader. Whatever neither can settle exactly as the round-trip
    loader would (a syntax error, a duplicate key, a merge key, an unusual tag) is read again by
    the round-trip loader, so the result and every line and column are the same either way.

    What the first two read is kept in the user's cache (gm/storage/cache.py), unless `keep` is False:
    the same text under the same limits is then read back, without ruamel.
    """
    from gm.storage.cache import MISS, keep_yaml, read_yaml, yaml_entry
    from gm.storage.limits import DEFAULT

    if text.startswith("\ufeff"):  # a byte order mark, as some Windows editors write
        text = text[1:]
    limits = limits or DEFAULT
    entry = yaml_entry(text, limits) if keep else None
    if entry is not None:
        data = read_yaml(entry, text)  # checked against the text, never trusted as it is
        if data is not MISS:
            return data
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    from gm.storage.fastyaml import FALLBACK, fast_load, read_events

    shown = display_path(path)

    def refuse(event, message: str):
        mark = event.start_mark
        raise LocatedError(Location(shown, mark.line + 1, mark.column + 1), message)

    data = read_events(text, limits, refuse)  # the limits first, and the common case built
    if data is FALLBACK:
        data = fast_load(text)
    if data is not FALLBACK:
        if entry is not None:
            keep_yaml(entry, data)
        return data
    try:
        return _yaml().load(text)
    except MarkedYAMLError as exc:
        if warnings is not None and "\t" in text and _tab_indented(text):
            return _read_with_tabs(text, path, limits, warnings)
        mark = exc.problem_mark or exc.context_mark
        unclosed = _unclosed(exc)
        if unclosed is not None:  # the mistake is where the bracket opened, not where the parser noticed
            mark = exc.context_mark
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        raise LocatedError(Location(shown, line, col), unclosed or _explain(exc, text, mark)) from None
    except YAMLError as exc:  # pragma: no cover - ruamel raises marked errors in practice
        raise LocatedError(Location(shown), f"not valid YAML: {exc}") from None
    except TypeError:  # a complex key (`? ...` naming a mapping or a list) cannot be a key in Python
        line = next((n for n, x in enumerate(text.split("\n"), 1) if x.lstrip().startswith("?")), None)
        raise LocatedError(Location(shown, line, 1 if line else None),
                           "a key here is a mapping or a list (`? ...`): keys must be plain text, such as a name") from None


TAB_WIDTH = 4  # what most editors show; a file indented with tabs alone reads the same at any width


def _tab_indented(text: str) -> bool:
    return any(line[:1] == "\t" or (line[:1] == " " and "\t" in line[: len(line) - len(line.lstrip())])
               for line in text.splitlines())


def _read_with_tabs(text: str, path: Path, limits, warnings: list) -> Any:
    """A file indented with tabs, read with each leading tab as four spaces, and a warning naming
    every such line. Any other mistake in it is then reported as it would be without the tabs."""
    from gm.errors import Problem

    lines = text.split("\n")
    tabbed = []
    for n, line in enumerate(lines):
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in indent:
            tabbed.append(n + 1)
            lines[n] = indent.expandtabs(TAB_WIDTH) + line[len(indent):]
    shown_lines = ", ".join(map(str, tabbed[:8])) + (f" and {len(tabbed) - 8} more" if len(tabbed) > 8 else "")
    warnings.append(Problem(Location(display_path(path), tabbed[0], 1), f"tab characters indent line(s) {shown_lines}: "
                            f"read as {TAB_WIDTH} spaces each; indent with spaces to be sure it means what you meant",
                            "warning"))
    return load_text("\n".join(lines), path, limits)


def _unclosed(exc) -> str | None:
    """A `{` or `[` never closed, in a GM's words (the parser only notices on a later line)."""
    context = (exc.context or "").strip()
    problem = (exc.problem or "").strip()
    if exc.context_mark is None:
        return None
    if context == "while parsing a flow mapping" and "expected ',' or '}'" in problem:
        return "this `{` is not closed: add `}` at the end of the line (or a `,` between its entries)"
    if context == "while parsing a flow sequence" and "expected ',' or ']'" in problem:
        return "this `[` is not closed: add `]` at the end of the line (or a `,` between its items)"
    if context == "while scanning a quoted scalar":
        return "this quote is not closed: add the closing quote at the end of the text"
    return None


def _explain(exc, text: str, mark) -> str:
    problem = (exc.problem or exc.context or "not valid YAML").strip()
    name = type(exc).__name__
    if name.startswith("DuplicateKey"):
        key = problem
        if "found duplicate key" in problem:
            key = problem.split("found duplicate key", 1)[1].split("with value")[0].strip().strip('"')
        return f"{key} appears twice in the same mapping (merge the two entries into one)"
    if mark is not None:
        lines = text.splitlines()
        if 0 <= mark.line < len(lines) and "\t" in lines[mark.line][: mark.column + 1]:
            return "tab character used for indentation (YAML needs spaces: indent with two spaces)"
    if "mapping values are not allowed" in problem:
        return "unexpected ':' here (is the indentation right, or does a value need quotes?)"
    if "expected <block end>" in problem or "could not find expected" in problem:
        return f"{problem} (check the indentation of this line)"
    return problem


def read_bytes(path: Path, max_bytes: int | None = None, setting: str = "file_bytes") -> bytes:
    """A file's bytes (at most `max_bytes`: the size is checked before reading, so a huge file
    costs nothing), or one located error saying why they cannot be read (gm/safefile.py: a
    regular file, in the game folder once links are followed)."""
    from gm.safefile import Refused, read_regular

    try:
        return read_regular(path, max_bytes, setting)
    except Refused as exc:
        raise LocatedError(Location(display_path(path)), str(exc)) from None


def decode_text(data: bytes, path: Path) -> str:
    """UTF-8 with or without a byte order mark; where it is not, a located error."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = len(data[data.rfind(b"\n", 0, exc.start) + 1: exc.start].decode("utf-8", "replace")) + 1
        raise LocatedError(Location(display_path(path), line, col), "not UTF-8 text here (save the file as UTF-8)") from None
    return text[1:] if text.startswith("\ufeff") else text


def read_text_file(path: Path, max_bytes: int, setting: str = "file_bytes") -> str:
    """A text file a person wrote, bounded (see read_bytes and decode_text)."""
    return decode_text(read_bytes(path, max_bytes, setting), path)


def load_bytes(data: bytes, path: Path, limits=None, warnings: list | None = None) -> Any:
    """Parse a file's bytes, read once (so what is parsed is what is hashed). With `warnings`, a
    file indented with tabs is read anyway, with a warning added there."""
    return load_text(decode_text(data, path), path, limits, warnings)


def load_file(path: Path, limits=None) -> Any:
    from gm.storage.limits import DEFAULT

    limits = limits or DEFAULT
    return load_bytes(read_bytes(path, limits.file_bytes), path, limits)


# ---- locations of nodes -------------------------------------------------------


def _lc(node, attr: str, key) -> tuple[int, int] | None:
    lc = getattr(node, "lc", None)
    if lc is None:
        return None
    try:
        line, col = getattr(lc, attr)(key)
    except (KeyError, IndexError, TypeError, AttributeError):
        return None
    return line + 1, col + 1


def node_loc(path: str, node) -> Location:
    """Where a mapping or sequence starts; a bare scalar document is placed at the file's start."""
    lc = getattr(node, "lc", None)
    if lc is None or lc.line is None:
        return Location(path, 1, 1)
    return Location(path, lc.line + 1, lc.col + 1)


def key_loc(path: str, mapping, key) -> Location:
    pos = _lc(mapping, "key", key)
    return Location(path, *pos) if pos else node_loc(path, mapping)


def value_loc(path: str, mapping, key) -> Location:
    pos = _lc(mapping, "value", key)
    return Location(path, *pos) if pos else key_loc(path, mapping, key)


def item_loc(path: str, seq, index: int) -> Location:
    pos = _lc(seq, "item", index)
    return Location(path, *pos) if pos else node_loc(path, seq)


def plain(value: Any) -> Any:
    """ruamel's round-trip types turned into plain dicts, lists and scalars."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value


# ---- shipped rules data (kept in the user's cache, gm/storage/cache.py) ---------------------------------

_PLAIN = (str, int, float, bool, type(None))


def _is_plain(value: Any) -> bool:
    if type(value) is dict:
        return all(type(k) is str and _is_plain(v) for k, v in value.items())
    if type(value) is list:
        return all(_is_plain(v) for v in value)
    return type(value) in _PLAIN


def shipped_data(path: Path) -> Any:
    """An engine's own YAML file (games/<engine>/*.yaml) as plain dicts, lists and scalars: parsed
    once per content, gm version and Python, then read back from the cache in a fraction of the time."""
    import hashlib
    import marshal
    import sys

    from gm import __version__
    from gm.storage.cache import MISS, _read_marshal, _write_marshal, cache_dir

    raw = path.read_bytes()
    folder = cache_dir("data", f"{__version__}|{sys.implementation.cache_tag}|{marshal.version}")
    entry = None
    if folder is not None:
        entry = folder / f"{hashlib.sha256(raw).hexdigest()}.marshal"
        found = _read_marshal(entry)
        if found is not MISS:
            return found
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LocatedError(Location(display_path(path)), "not a UTF-8 text file") from None
    data = plain(load_text(text, path, keep=False))
    if entry is not None and _is_plain(data):
        _write_marshal(entry, data)
    return data
