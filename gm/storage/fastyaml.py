"""A fast reader for what people write, giving the same data and locations as ruamel's round trip.

It composes the document with ruamel.yaml's C parser (YAML 1.2 tags resolved by ruamel's own
resolver) and builds plain dicts and lists that carry an `lc` like ruamel's CommentedMap and
CommentedSeq: `.lc.line`, `.lc.col`, `.lc.key(k)`, `.lc.value(k)`, `.lc.item(i)`, all 0-based.
Anything it is not sure to read exactly as the round-trip loader does returns FALLBACK.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

FALLBACK = object()

_TAG = "tag:yaml.org,2002:"
_STR, _NULL, _BOOL, _INT, _FLOAT = (_TAG + t for t in ("str", "null", "bool", "int", "float"))
_MAP, _SEQ = _TAG + "map", _TAG + "seq"


# tabs (the round-trip loader explains them), and line breaks the two scanners count differently
_HANDED_OVER = ("\t", "\x85", "\u2028", "\u2029")


class _Fallback(Exception):
    pass


class LineCol:
    """Where a mapping's keys and values, or a sequence's items, start (0-based line, column)."""

    __slots__ = ("line", "col", "data")

    def __init__(self, line: int, col: int):
        self.line = line
        self.col = col
        self.data: dict[Any, tuple[int, int, int, int]] = {}

    def key(self, k) -> tuple[int, int]:
        return self.data[k][0], self.data[k][1]

    def value(self, k) -> tuple[int, int]:
        return self.data[k][2], self.data[k][3]

    def item(self, i) -> tuple[int, int]:
        return self.data[i][0], self.data[i][1]


class LocatedMap(dict):
    __slots__ = ("lc",)


class LocatedList(list):
    __slots__ = ("lc",)


@lru_cache(maxsize=1)
def _composer():
    try:
        from ruamel.yaml import YAML

        yaml = YAML(typ="safe", pure=False)
        if "CParser" not in getattr(yaml.Parser, "__name__", ""):
            return None
        yaml.Resolver = _remembering(yaml.Resolver)
        return yaml
    except Exception:  # ruamel.yaml.clib missing: the round-trip loader does it all
        return None


def _remembering(resolver: type) -> type:
    """ruamel's resolver, remembering the tag of each plain scalar within a document: an orders file
    repeats the same names, zones and numbers, and each fresh look-up costs ruamel two caught
    exceptions to find the YAML version (a sixth of reading a 2,000-player day). Same tags."""

    class Remembering(resolver):
        def resolve(self, kind, value, implicit):
            if type(value) is not str:
                return super().resolve(kind, value, implicit)
            memo = self.__dict__.setdefault("_gm_tags", {})
            key = (kind, value, implicit)
            tag = memo.get(key)
            if tag is None:
                tag = memo[key] = super().resolve(kind, value, implicit)
            return tag

    return Remembering


def read_events(text: str, limits, refuse) -> Any:
    """Read `text` once, event by event: every event is counted against `limits` (refused, with
    its place, by `refuse(event, message)`: see gm/yamlio.py's load_text), and the document is
    built from the same events when it is of the plain kind people write. Anything else (an
    alias, a tag, a second document, a syntax error, a tab...) gives FALLBACK once the whole text
    has been counted: `fast_load` or the round-trip loader read it then.

    The same data and locations as `fast_load` (the C composer), without composing the text a
    second time: a 2,000-player day's orders and game.yaml are read in about half the time.
    """
    from ruamel.yaml.error import YAMLError

    yaml = _composer()
    if yaml is None:  # no C parser: the pure one counts, the round-trip loader reads
        from ruamel.yaml import YAML

        parser = YAML(typ="safe", pure=True)
        building = False
    else:
        parser = yaml
        building = not any(c in text for c in _HANDED_OVER) and not _has_directive(text)
    tag_of = _scalar_tags() if building else None
    depth_limit, alias_limit, node_limit = limits.yaml_depth, limits.yaml_aliases, limits.yaml_nodes
    counted: list[tuple[str | None, int]] = []  # open lists and mappings: (anchor, values before it)
    sizes: dict[str, int] = {}  # anchor -> how many values its node stands for
    open_anchors: set[str] = set()
    total = aliases = documents = 0
    root: Any = None
    open_nodes: list[list] = []  # [container, key waiting for its value (or _NO_KEY), key line, key column]
    try:
        for event in parser.parse(text):
            kind = type(event).__name__
            if kind == "ScalarEvent":
                total += 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
                if building:
                    try:
                        value = _event_scalar(event, tag_of, yaml)
                    except _Fallback:
                        building = False
                    else:
                        building = _place(open_nodes, value, event.start_mark, True)
                        if building and not open_nodes:
                            root = value
            elif kind in ("SequenceStartEvent", "MappingStartEvent"):
                total += 1
                anchor = event.anchor
                counted.append((anchor, total - 1))
                if anchor is not None:
                    open_anchors.add(anchor)
                if len(counted) > depth_limit:
                    refuse(event, f"lists and mappings nest more than {depth_limit} deep here "
                                  "(the limit is yaml_depth under limits: in game.yaml)")
                if building:
                    mark = event.start_mark
                    if event.tag not in (None, "!"):
                        building = False  # a tag written in the text: the round-trip loader keeps it
                    else:
                        node = LocatedList() if kind[0] == "S" else LocatedMap()
                        node.lc = LineCol(mark.line, mark.column)
                        building = _place(open_nodes, node, mark, False)
                        if not open_nodes:
                            root = node
                        open_nodes.append([node, _NO_KEY, 0, 0])
            elif kind in ("SequenceEndEvent", "MappingEndEvent"):
                anchor, before = counted.pop()
                if anchor is not None:
                    sizes[anchor] = total - before
                    open_anchors.discard(anchor)
                if building:
                    open_nodes.pop()
            elif kind == "AliasEvent":
                building = False  # fast_load repeats the node it names
                aliases += 1
                if aliases > alias_limit:
                    refuse(event, f"more than {alias_limit} aliases (*name) in one file "
                                  "(the limit is yaml_aliases under limits: in game.yaml)")
                if event.anchor in open_anchors:
                    refuse(event, f"the alias *{event.anchor} is inside the node &{event.anchor} it repeats "
                                  "(a value cannot contain itself)")
                total += sizes.get(event.anchor, 1)
            else:
                if kind == "DocumentStartEvent":
                    documents += 1
                    building = building and documents == 1
                continue
            if total > node_limit:
                refuse(event, f"more than {node_limit:,} values in one file, counting what each alias "
                              "repeats (the limit is yaml_nodes under limits: in game.yaml)")
    except YAMLError:
        return FALLBACK  # the round-trip loader words the error; nothing before it was beyond the limits
    return root if building else FALLBACK


_NO_KEY = object()


def _has_directive(text: str) -> bool:
    """A %YAML or %TAG line: it changes how values read, so the round-trip loader reads such a text."""
    return text.startswith("%") or "\n%" in text


def _place(open_nodes: list[list], value: Any, mark, scalar: bool) -> bool:
    """Put `value` (which starts at `mark`) into the innermost open list or mapping: as an item,
    a key, or the value of the key before it. False when fast_load would not read it so."""
    if not open_nodes:
        return True
    top = open_nodes[-1]
    node = top[0]
    if type(node) is LocatedList:
        node.lc.data[len(node)] = (mark.line, mark.column, 0, 0)
        node.append(value)
        return True
    key = top[1]
    if key is _NO_KEY:  # this value is a key
        if not scalar or value in node:
            return False  # a list or mapping as a key, or a duplicate: the round-trip loader's
        top[1], top[2], top[3] = value, mark.line, mark.column
        return True
    node[key] = value
    node.lc.data[key] = (top[2], top[3], mark.line, mark.column)
    top[1] = _NO_KEY
    return True


def _scalar_tags():
    """value, implicit -> tag, as the composer resolves a plain or quoted scalar (YAML 1.2)."""
    from ruamel.yaml.nodes import ScalarNode
    from ruamel.yaml.resolver import VersionedResolver

    resolver = VersionedResolver()
    memo: dict[tuple, str] = {}

    def tag_of(value: str, implicit) -> str:
        key = (value, implicit)
        tag = memo.get(key)
        if tag is None:
            tag = memo[key] = str(resolver.resolve(ScalarNode, value, implicit))
        return tag

    return tag_of


def _event_scalar(event, tag_of, yaml) -> Any:
    """A scalar event's value, as `_scalar` reads the node the composer makes of it."""
    tag = event.tag
    value = event.value
    if tag is not None and tag != "!":
        raise _Fallback  # a tag written in the text: the round-trip loader keeps it
    tag = tag_of(value, event.implicit)
    if value == "" and not event.style:
        raise _Fallback
    if tag == _STR:
        return value
    if tag == _NULL:
        return None
    if tag == _BOOL:
        return value.lower() == "true"
    if tag in (_INT, _FLOAT):
        from ruamel.yaml.nodes import ScalarNode

        return yaml.constructor.construct_object(ScalarNode(tag, value, event.start_mark, event.end_mark,
                                                            style=event.style), deep=True)
    raise _Fallback  # a merge key (<<), a timestamp, a binary...


def fast_load(text: str) -> Any:
    yaml = _composer()
    if yaml is None or any(c in text for c in _HANDED_OVER) or _has_directive(text) or "!" in text:
        # a directive or a tag (`!!str 1`): its nodes do not say what the round-trip loader makes of
        # them (under `%YAML 1.1`, `yes` is true; a written tag is kept, as a TaggedScalar)
        return FALLBACK
    try:
        node = yaml.compose(text)
    except Exception:
        return FALLBACK
    if node is None:
        return None
    try:
        return _build(node, yaml.constructor)
    except _Fallback:
        return FALLBACK


def _scalar(node, constructor) -> Any:
    tag = node.tag
    if node.value == "" and not node.style:
        raise _Fallback  # an empty value: the two composers place it differently
    if tag == _STR:
        return node.value
    if tag == _NULL:
        return None
    if tag == _BOOL:
        return node.value.lower() == "true"
    if tag in (_INT, _FLOAT):
        return constructor.construct_object(node, deep=True)
    raise _Fallback


def _build(node, constructor) -> Any:
    kind = type(node).__name__
    mark = node.start_mark
    if kind == "ScalarNode":
        return _scalar(node, constructor)
    if kind == "SequenceNode":
        if node.tag != _SEQ:
            raise _Fallback
        out = LocatedList()
        out.lc = LineCol(mark.line, mark.column)
        for i, item in enumerate(node.value):
            out.append(_build(item, constructor))
            out.lc.data[i] = (item.start_mark.line, item.start_mark.column, 0, 0)
        return out
    if kind == "MappingNode":
        if node.tag != _MAP:
            raise _Fallback
        out = LocatedMap()
        out.lc = LineCol(mark.line, mark.column)
        for k, v in node.value:
            if type(k).__name__ != "ScalarNode" or k.tag == _TAG + "merge":
                raise _Fallback
            key = _scalar(k, constructor)
            if key in out:
                raise _Fallback  # a duplicate key: the round-trip loader words the error
            out[key] = _build(v, constructor)
            out.lc.data[key] = (k.start_mark.line, k.start_mark.column, v.start_mark.line, v.start_mark.column)
        return out
    raise _Fallback


# ---- kept between runs (gm/storage/cache.py: read_yaml, keep_yaml) ------------------------------------
# What read_events or fast_load builds, as nested tuples marshal can keep: a mapping is (0, line,
# col, [(key, key line, key col, value line, value col, value), ...]), a list (1, line, col,
# [(line, col, item), ...]); a scalar (text, number, true/false, null) is itself (never a tuple).

_SCALARS = (str, int, float, bool, type(None))


def pack(data: Any) -> Any:
    if type(data) is LocatedMap:
        spots = data.lc.data
        return (0, data.lc.line, data.lc.col, [(k, *spots[k], pack(v)) for k, v in data.items()])
    if type(data) is LocatedList:
        spots = data.lc.data
        return (1, data.lc.line, data.lc.col, [(*spots[i][:2], pack(v)) for i, v in enumerate(data)])
    if type(data) in _SCALARS:
        return data
    raise TypeError(f"not kept: {type(data).__name__}")  # not what the readers make


def unpack(packed: Any) -> Any:
    if type(packed) is not tuple:
        return packed
    kind, line, col, entries = packed
    lc = LineCol(line, col)
    spots = lc.data
    if kind == 0:
        out: Any = LocatedMap()
        for key, kl, kc, vl, vc, value in entries:
            out[key] = unpack(value)
            spots[key] = (kl, kc, vl, vc)
    else:
        out = LocatedList()
        for i, (il, ic, value) in enumerate(entries):
            out.append(unpack(value))
            spots[i] = (il, ic, 0, 0)
    out.lc = lc
    return out
