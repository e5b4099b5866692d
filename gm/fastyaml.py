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


def fast_load(text: str) -> Any:
    yaml = _composer()
    if yaml is None or any(c in text for c in _HANDED_OVER):
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


# ---- kept between runs (gm/cache.py: read_yaml, keep_yaml) ------------------------------------
# What fast_load builds, as nested tuples marshal can keep: a mapping is (0, line, col, [(key,
# key line, key col, value line, value col, value), ...]), a list (1, line, col, [(line, col,
# item), ...]); a scalar (text, number, true/false, null) is itself. No scalar is a tuple.

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
    raise TypeError(f"not kept: {type(data).__name__}")  # not what fast_load makes


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
