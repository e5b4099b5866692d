"""Reading what people wrote (game.yaml, orders) with a line and column for every node.

ruamel.yaml is imported here only, and only when a file is read, so `gm --help`
does not pay for it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from gm.errors import LocatedError, Location


def display_path(path: Path) -> str:
    """The path as the GM would type it from where they stand."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if rel.startswith("..") else rel


def _yaml():
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.allow_duplicate_keys = False
    return yaml


def load_text(text: str, path: Path) -> Any:
    """Parse YAML text; any syntax problem becomes one located error with a hint.

    The C composer of ruamel.yaml.clib reads a large orders file about seven times faster than
    the round-trip loader; whatever it cannot settle exactly as the round-trip loader would (a
    syntax error, a duplicate key, a merge key, an unusual tag) is read again by the round-trip
    loader, so the result and every line and column are the same either way.
    """
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    from gm.fastyaml import FALLBACK, fast_load

    data = fast_load(text)
    if data is not FALLBACK:
        return data
    shown = display_path(path)
    try:
        return _yaml().load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        raise LocatedError(Location(shown, line, col), _explain(exc, text, mark)) from None
    except YAMLError as exc:  # pragma: no cover - ruamel raises marked errors in practice
        raise LocatedError(Location(shown), f"not valid YAML: {exc}") from None


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


def read_bytes(path: Path) -> bytes:
    """A file's bytes, or one located error saying why they cannot be read."""
    try:
        return path.read_bytes()
    except OSError as exc:
        raise LocatedError(Location(display_path(path)), f"cannot read: {exc.strerror}") from None


def load_bytes(data: bytes, path: Path) -> Any:
    """Parse a file's bytes, read once (so what is parsed is what is hashed)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise LocatedError(Location(display_path(path)), "not a UTF-8 text file") from None
    return load_text(text, path)


def load_file(path: Path) -> Any:
    return load_bytes(read_bytes(path), path)


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
