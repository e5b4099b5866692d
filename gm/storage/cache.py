"""What gm keeps between runs in the user's cache folder, so no command does the same work twice.

    $XDG_CACHE_HOME/gm/ (or ~/.cache/gm/)
        templates-<key>/   Jinja's compiled templates (about 180 ms of every resolve or audit)
        data-<key>/        the engines' shipped rules data, parsed from YAML once
        yaml-<key>/        the GM's own YAML files (game.yaml, orders, rulings), parsed once per text

Each entry is found by what it was made from: a compiled template by its file, its source's
checksum (Jinja checks it) and a key for everything that changes the compiled code (the Jinja and
Python versions, the environment's settings and sandbox, the format and forum its filters write,
the source of those filters); a data file by the SHA-256 of its
bytes, gm's version and Python's. So an edited template, a changed data file or an upgrade is
simply a miss, and what a command prints or writes is the same with or without the cache.

The cache is an optimisation only: a folder that cannot be made, read or written (a read-only
home, a full disk, a damaged entry) means the work is done as if there were no cache, and
nothing fails. GM_NO_CACHE=1 turns it off (the benchmark measures both).
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from gm import __version__


def cache_root() -> Path | None:
    """$XDG_CACHE_HOME/gm, or ~/.cache/gm (XDG: a relative XDG_CACHE_HOME is ignored); None when off."""
    if os.environ.get("GM_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        home = os.path.expanduser("~")
        if not os.path.isabs(home):
            return None
        base = os.path.join(home, ".cache")
    return Path(base) / "gm"


def cache_dir(kind: str, key: str) -> Path | None:
    """The folder for one kind of entry made under one key, created (private to the user) if needed."""
    root = cache_root()
    if root is None:
        return None
    folder = root / f"{kind}-{hashlib.sha256(key.encode()).hexdigest()[:16]}"
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        st = folder.stat()
    except OSError:
        return None
    if hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & 0o022):
        return None  # compiled code is run from here: only from a folder no one else can write to
    return folder if os.access(folder, os.W_OK | os.X_OK) else None


def _write(path: Path, data: bytes) -> None:
    """All at once (another gm running at the same time reads the whole entry or none of it)."""
    import tempfile

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError:
        pass
    finally:
        if os.path.exists(tmp):
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _source(module: str) -> bytes:
    """A gm module's source, by its dotted name (wherever its file stands), without importing it:
    a cache entry is keyed by the code that made it. OSError when it cannot be read."""
    from importlib.util import find_spec

    spec = find_spec(module)
    if spec is None or not spec.origin:
        raise OSError(f"no source for {module}")
    return Path(spec.origin).read_bytes()


# ---- compiled templates ------------------------------------------------------------------------


def template_cache(env, identity: tuple = ()) -> Any:
    """A Jinja bytecode cache for `env` in the user's cache folder, or None when there is none.

    Jinja folds constants while compiling: `{{ "The vote"|b }}` becomes "[b]The vote[/b]" in the
    compiled code, and constant text passes through `finalize` (the format's escaping). So the code
    depends on the environment's filters, not only on the template's source: `identity` names what
    they are made of (engine, format, forum), and the source of the modules that define them is part
    of the key, so a changed filter is a miss, never stale text."""
    import jinja2
    from jinja2.bccache import FileSystemBytecodeCache

    finalize = env.finalize
    filters = hashlib.sha256()
    for name in ("gm.forum.templating", "gm.markup", "gm.text", "gm.forum.profiles", "gm.storage.cache"):
        try:
            filters.update(_source(name))
        except OSError:
            return None
    settings = (
        __version__, filters.hexdigest(), identity,
        jinja2.__version__, sys.implementation.cache_tag, type(env).__name__, env.sandboxed,
        env.block_start_string, env.block_end_string, env.variable_start_string, env.variable_end_string,
        env.comment_start_string, env.comment_end_string, env.line_statement_prefix, env.line_comment_prefix,
        env.trim_blocks, env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline, env.optimized,
        env.is_async, bool(env.autoescape), callable(env.autoescape), finalize is not None,
        str(getattr(finalize, "jinja_pass_arg", None)), sorted(env.extensions), sorted(env.filters), sorted(env.tests),
    )
    folder = cache_dir("templates", repr(settings))
    if folder is None:
        return None

    class Cache(FileSystemBytecodeCache):
        """Jinja's own file cache; a damaged or unreadable entry is a miss, a failed write is skipped."""

        def load_bytecode(self, bucket) -> None:
            try:
                super().load_bytecode(bucket)
            except Exception:  # a truncated or foreign file: compile again
                bucket.reset()

        def dump_bytecode(self, bucket) -> None:
            try:
                super().dump_bytecode(bucket)
            except OSError:
                pass

    return Cache(str(folder))


def from_string(env, source: str) -> Any:
    """`env.from_string(source)`, the compiled code kept in `env`'s bytecode cache when it has one:
    narration's phrasings are compiled from text, which Jinja's own cache never sees (a resolve of
    the demo compiled about 60 of them, a tenth of its time). The entry is named by the text's
    SHA-256 and Jinja checks the text's checksum; the code is what `from_string` compiles."""
    bcc = getattr(env, "bytecode_cache", None)
    if bcc is None:
        return env.from_string(source)
    bucket = bcc.get_bucket(env, "phrase-" + hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest(),
                            None, source)
    code = bucket.code
    if code is None:
        code = env.compile(source)
        bucket.code = code
        bcc.set_bucket(bucket)
    return env.template_class.from_code(env, code, env.make_globals(None), None)


# ---- shipped rules data ---------------------------------------------------------------------------


MISS = object()  # no entry, or not one to trust
ENTRY_BYTES = 64 * 1024 * 1024  # far beyond what gm keeps (the largest, the rules data, is a few hundred KB)


def _read_marshal(entry: Path) -> Any:
    """An entry as written (its first 32 bytes are the SHA-256 of the rest), or MISS. Only a
    regular file of a sane size is read (gm/safefile.py: a FIFO put here would hang gm)."""
    from gm.safefile import Refused, read_regular

    try:
        stored = read_regular(entry, ENTRY_BYTES, None)
        if hashlib.sha256(stored[32:]).digest() == stored[:32]:  # whole and as written
            return marshal.loads(stored[32:])
    except (Refused, OSError, EOFError, ValueError, TypeError, RecursionError, MemoryError):
        pass
    return MISS


def _write_marshal(entry: Path, data: Any) -> None:
    try:
        payload = marshal.dumps(data)
    except ValueError:  # not marshal's kind of data: not kept
        return
    _write(entry, hashlib.sha256(payload).digest() + payload)


# ---- the GM's own YAML files ------------------------------------------------------------------------
# A GM runs `gm check` again and again as orders arrive, and most files have not changed since the
# last run: each text is parsed once (yamlio.load_text), kept as gm/storage/fastyaml.py's `pack` makes it,
# and a run whose files are all in the cache does not import ruamel.yaml at all. The entry is named
# by the text and the YAML limits it was checked against; the folder by everything that changes how
# a text is read: gm's version, the reader's source, Python, marshal, and ruamel.yaml as installed.
# Only what the fast readers build is kept (not a file read with a warning, or by the round-trip
# loader), so a hit is exactly what a parse gives, with every line and column.

# beyond this many entries or bytes, a new entry makes room: the oldest go until half of each is left
YAML_ENTRIES = 2000
YAML_BYTES = 200_000_000
# A longer text is not kept: what a GM writes by hand is far shorter (the demo's files are 0.5-2.5 KB,
# a 200-player game.yaml 12 KB), and keeping a big one costs time and memory beside its parse and 3.5
# times its size on disk (the files of a 2,000-player day are read as before).
YAML_TEXT = 64 * 1024


@lru_cache(maxsize=1)
def _yaml_key() -> str | None:
    from importlib.machinery import PathFinder

    key = hashlib.sha256(f"{__version__}|{sys.implementation.cache_tag}|{marshal.version}".encode())
    try:
        for name in ("gm.storage.fastyaml", "gm.yamlio"):
            key.update(_source(name))
        parser = PathFinder.find_spec("_ruamel_yaml")  # ruamel.yaml.clib's C parser, and ruamel.yaml itself
        package = PathFinder.find_spec("ruamel")
        files = [parser.origin if parser else None]
        for folder in (package.submodule_search_locations or []) if package else []:
            files.append(os.path.join(folder, "yaml", "__init__.py"))
        for name in files:
            if name and os.path.isfile(name):
                st = os.stat(name)
                key.update(f"|{name}|{st.st_size}|{st.st_mtime_ns}".encode())
    except (OSError, ImportError, ValueError):
        return None
    return key.hexdigest()


def yaml_entry(text: str, limits) -> Path | None:
    """Where the parse of `text`, checked against `limits`, is kept (None: no cache, or too long)."""
    if len(text) > YAML_TEXT:
        return None
    key = _yaml_key()
    folder = cache_dir("yaml", key) if key is not None else None
    if folder is None:
        return None
    named = hashlib.sha256(f"{limits.yaml_nodes}|{limits.yaml_aliases}|{limits.yaml_depth}|".encode())
    named.update(text.encode("utf-8", "surrogatepass"))
    return folder / f"{named.hexdigest()}.marshal"


def read_yaml(entry: Path, text: str | None = None) -> Any:
    """The document kept in `entry`, built anew (the caller may change it), or MISS. With `text`,
    the document is checked against it first: every key and every text value must stand in the
    text where the document says it does, or the entry is not trusted (an entry is named by its
    text, but what it holds could be another text's parse)."""
    from gm.storage.fastyaml import unpack

    found = _read_marshal(entry)
    if found is MISS:
        return MISS
    try:
        data = unpack(found)
        if text is not None and not _stands_in(data, text.split("\n")):
            return MISS
        return data
    except Exception:  # noqa: BLE001 - not a document this gm kept (any shape, any depth): parse the text again
        return MISS


def _stands_in(data: Any, lines: list[str]) -> bool:
    """Every key and text value of `data` at its place in `lines` (as written, or quoted there).
    A document that is a lone value must stand where the text's first value does."""
    def at(line: int, col: int, value) -> bool:
        if not (0 <= line < len(lines)) or col < 0:
            return False
        here = lines[line][col:]
        if hasattr(value, "lc"):  # a list opens with [ or -, a mapping with { or its first key
            return here[:1] in ("[", "-") if isinstance(value, list) else here[:1] not in ("", "[", "-")
        if isinstance(value, (list, dict)):
            return False  # not what the readers build
        if isinstance(value, str):
            first = here.rstrip()  # a plain text folded over lines starts with its first line
            return (here.startswith(value) or here[:1] in ("'", '"', "|", ">") or not value
                    or bool(first) and value.startswith(first))
        if isinstance(value, bool) or value is None:
            return True  # true/True/TRUE, null/~/nothing: many spellings, none of them text
        if isinstance(value, (int, float)):
            return here[:1] in "+-.0123456789"
        return True

    if not hasattr(data, "lc"):
        for n, line in enumerate(lines):
            body = line.strip()
            if body and not body.startswith(("#", "---", "%")):
                return at(n, len(line) - len(line.lstrip()), data)
        return data is None
    if not at(data.lc.line, data.lc.col, data):
        return False
    todo = [data]
    while todo:
        node = todo.pop()
        spots = getattr(getattr(node, "lc", None), "data", None)
        if spots is None:
            continue
        if isinstance(node, dict):
            for key, value in node.items():
                kl, kc, vl, vc = spots[key]
                if not at(kl, kc, key):
                    return False
                if not at(vl, vc, value):
                    return False
                if hasattr(value, "lc"):
                    todo.append(value)
        else:
            for i, value in enumerate(node):
                il, ic = spots[i][:2]
                if not at(il, ic, value):
                    return False
                if hasattr(value, "lc"):
                    todo.append(value)
    return True


def keep_yaml(entry: Path, data: Any) -> None:
    from gm.storage.fastyaml import pack

    try:
        packed = pack(data)
    except TypeError:
        return
    _write_marshal(entry, packed)
    try:
        with os.scandir(entry.parent) as found:
            entries = [(e.stat(), e.path) for e in found if e.name.endswith(".marshal")]
        size = sum(st.st_size for st, _ in entries)
        if len(entries) > YAML_ENTRIES or size > YAML_BYTES:
            entries.sort(key=lambda e: e[0].st_mtime_ns)
            while entries and (len(entries) > YAML_ENTRIES // 2 or size > YAML_BYTES // 2):
                st, path = entries.pop(0)
                os.unlink(path)
                size -= st.st_size
    except OSError:
        pass
