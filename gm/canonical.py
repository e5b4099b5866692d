"""The one JSON encoding of every machine-readable line: RFC 8785 (JSON Canonicalization Scheme),
with one addition so that a line reads the same on every forum.

A verifier in any language gets the same bytes from the same object, so a hash of a posted line
is a hash of exactly what was posted, with nothing to decode and re-encode first. gm's records
hold only what RFC 8785 encodes without ambiguity: objects with text keys, arrays, text, whole
numbers of at most 2**53 - 1, true, false and null. In short (docs/fairness.md, "The encoding"):

- no whitespace; object members sorted by their keys' UTF-16 code units;
- text as UTF-8, with only `"`, `\\` and the control characters escaped: \\b \\t \\n \\f \\r by
  name, the rest as \\u00xx (lowercase hex); everything else, é and ж included, as itself;
- the addition: inside text, the six characters a forum may read as markup, `[ ] < > &` and the
  backquote, are also written as \\u00xx (\\u005b \\u005d \\u003c \\u003e \\u0026 \\u0060), so
  a player called `[b]Akane` cannot end a code block or turn bold. Any JSON reader decodes them;
  the hash of a line is the hash of the line as posted, with nothing to undo;
- whole numbers in plain decimal.

Standard library only, like the rest of what a checker needs.
"""

from __future__ import annotations

import hashlib
from typing import Any

_NAMED = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_MARKUP = "[]<>&`"
_SAFE_INT = (1 << 53) - 1


class NotCanonical(ValueError):
    """A value gm's canonical encoding does not take (a fraction, a lone surrogate, ...)."""


def _text(s: str) -> str:
    out = ['"']
    for ch in s:
        if ch in _NAMED:
            out.append(_NAMED[ch])
        elif ch < " " or ch in _MARKUP:
            out.append(f"\\u{ord(ch):04x}")
        elif "\ud800" <= ch <= "\udfff":
            raise NotCanonical("text with a lone surrogate has no UTF-8 form")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def canonical(obj: Any) -> str:
    """The RFC 8785 text of `obj`."""
    if obj is None:
        return "null"
    if obj is True:
        return "true"
    if obj is False:
        return "false"
    if isinstance(obj, int):
        if abs(obj) > _SAFE_INT:
            raise NotCanonical(f"{obj} is too large to be read the same by every JSON reader")
        return str(obj)
    if isinstance(obj, float):
        if obj.is_integer() and abs(obj) <= _SAFE_INT:
            return str(int(obj))
        raise NotCanonical(f"{obj!r}: gm's records hold whole numbers only")
    if isinstance(obj, str):
        return _text(obj)
    if isinstance(obj, (list, tuple)):
        return "[" + ",".join(canonical(v) for v in obj) + "]"
    if isinstance(obj, dict):
        for k in obj:
            if not isinstance(k, str):
                raise NotCanonical(f"an object key must be text, not {k!r}")
        items = sorted(obj.items(), key=lambda kv: kv[0].encode("utf-16-be"))
        return "{" + ",".join(_text(k) + ":" + canonical(v) for k, v in items) + "}"
    raise NotCanonical(f"{type(obj).__name__} has no JSON form")


def digest(obj: Any) -> str:
    """SHA-256 (hex) of the canonical UTF-8 bytes of `obj`."""
    return hashlib.sha256(canonical(obj).encode("utf-8")).hexdigest()
