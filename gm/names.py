"""One rule for text a player chose (names, salts, titles, schools), and when two names are too alike.

Such text ends up in posts, private messages, file names, logs and the audit: it must be valid
Unicode, printable, on one line, and free of the invisible characters that reorder or hide text
(bidi overrides, zero-width joiners). Two players' names must differ by more than case,
punctuation, spacing or letters that look the same ("Ann" and "(Ann)", "Ann" and "АNN" with a
Cyrillic А), or nobody can tell whose message or vote is whose.
"""

from __future__ import annotations

import unicodedata

# letters of other alphabets that look like Latin ones, as they would be read
_LOOKALIKE = str.maketrans({
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s",
    "һ": "h", "ԁ": "d", "ɡ": "g", "ո": "n", "ν": "v", "ο": "o", "ρ": "p", "α": "a", "ι": "i", "κ": "k",
    "τ": "t", "υ": "u", "χ": "x", "ϲ": "c", "ӏ": "l", "ı": "i", "ℓ": "l",
    "0": "o", "1": "l", "|": "l",
})


def text_problem(text: str, what: str = "a name") -> str | None:
    """Why `text` cannot be used as text a player chose (None: it can)."""
    for ch in text:
        code = ord(ch)
        if 0xD800 <= code <= 0xDFFF:
            return f"{what} holds a broken character (a lone surrogate, U+{code:04X}): retype it"
        cat = unicodedata.category(ch)
        if ch in "\n\r\u2028\u2029\x85":
            return f"{what} must be one line"
        if cat in ("Cc", "Cf", "Co", "Cn", "Zl", "Zp"):
            return f"{what} holds an invisible or control character (U+{code:04X} {unicodedata.name(ch, 'unnamed')})"
        if cat == "Zs" and ch != " ":
            return f"{what} holds an unusual space (U+{code:04X}): use a plain space"
    return None


def name_key(name: str) -> str:
    """What a name reads as: without case, accents, punctuation, spaces or look-alike letters."""
    folded = unicodedata.normalize("NFKD", name.casefold()).translate(_LOOKALIKE)
    return "".join(ch for ch in folded if ch.isalnum() and not unicodedata.combining(ch))


def too_alike(names: list[str]) -> list[tuple[int, int]]:
    """(earlier, later) indices of names that read the same (see name_key)."""
    first: dict[str, int] = {}
    pairs = []
    for i, name in enumerate(names):
        key = name_key(name) or name
        if key in first:
            pairs.append((first[key], i))
        else:
            first[key] = i
    return pairs
