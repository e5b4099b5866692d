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

`canonical` writes with the standard library's C encoder (`json.dumps` with sorted keys, no
whitespace, non-ASCII as itself: the same escapes, lowercase hex included), escapes the markup
characters, and takes the text only when it must be what the reference encoder (`reference`,
the rules above written out) gives: read back, it equals the value (every key was text, nothing
was a tuple) with no fraction, exponent, NaN or Infinity; no run of 16 digits (a number beyond
2**53 - 1); nothing at U+D800 or above (a lone surrogate, or a key UTF-16 could sort otherwise).
Anything else, a value gm never writes, is handed to `reference`, which writes it or says why
not. tests/test_speed_linear.py checks the two against each other on random values.
"""

from __future__ import annotations

import hashlib
import json
import re
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


def reference(obj: Any) -> str:
    """The RFC 8785 text of `obj`, written out rule by rule (slow, obviously right)."""
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
        return "[" + ",".join(reference(v) for v in obj) + "]"
    if isinstance(obj, dict):
        for k in obj:
            if not isinstance(k, str):
                raise NotCanonical(f"an object key must be text, not {k!r}")
        items = sorted(obj.items(), key=lambda kv: kv[0].encode("utf-16-be"))
        return "{" + ",".join(_text(k) + ":" + reference(v) for k, v in items) + "}"
    raise NotCanonical(f"{type(obj).__name__} has no JSON form")


def _no_json_form(obj: Any):
    raise TypeError(type(obj).__name__)


def _c_encoder():
    """The standard library's C encoder, made once (json.dumps makes one for every call), or
    JSONEncoder.encode where there is none; either way checked on a sample before it is used."""
    plain = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=_no_json_form).encode
    try:
        from json.encoder import c_make_encoder, encode_basestring

        make = c_make_encoder(None, _no_json_form, encode_basestring, None, ":", ",", True, False, True)

        def dumps(obj: Any) -> str:
            return "".join(make(obj, 0))

        sample = {"b": [1, -2, True, None, "é\n\x01\"\\\x7f"], "a": {}}
        if dumps(sample) == plain(sample) == '{"a":{},"b":[1,-2,true,null,"é\\n\\u0001\\"\\\\\x7f"]}':
            return dumps
    except (ImportError, TypeError, ValueError):
        pass
    return plain


_dumps = _c_encoder()
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')  # one string literal of the C encoder's text
_BIG = re.compile(r"\d{16}")  # a number beyond 2**53 - 1 has 16 digits or more (in text: only slower)
_MARKUP_ESCAPES = tuple((ch, f"\\u{ord(ch):04x}") for ch in "<>&`")


class _Odd(Exception):
    pass


def _reject_number(text: str):
    raise _Odd  # a fraction, an exponent, NaN or Infinity: `reference` says what to do with it


def _bracketed(match: re.Match) -> str:
    return match.group().replace("[", "\\u005b").replace("]", "\\u005d")


def _fast(obj: Any) -> str:
    out = _dumps(obj)
    if (not out.isascii() and max(out) >= "\ud800") or _BIG.search(out):  # a lone surrogate, or a key UTF-16 may sort otherwise
        raise _Odd
    if json.loads(out, parse_float=_reject_number, parse_constant=_reject_number) != obj:
        raise _Odd  # a key that was not text, a tuple, ...
    for ch, esc in _MARKUP_ESCAPES:
        if ch in out:
            out = out.replace(ch, esc)
    if "[" in out or "]" in out:
        rest = _STRING.sub("", out)  # the text without its strings: brackets there are arrays
        if len(out) - len(rest) and (rest.count("[") != out.count("[") or rest.count("]") != out.count("]")):
            out = _STRING.sub(_bracketed, out)
    return out


def canonical(obj: Any) -> str:
    """The RFC 8785 text of `obj` (the C encoder's, proved equal to `reference`'s; see above)."""
    if type(obj) is dict or type(obj) is list:
        try:
            return _fast(obj)
        except (_Odd, TypeError, ValueError, RecursionError):
            pass
    return reference(obj)


def digest(obj: Any) -> str:
    """SHA-256 (hex) of the canonical UTF-8 bytes of `obj`."""
    return hashlib.sha256(canonical(obj).encode("utf-8")).hexdigest()
