"""One rule for text a player chose (names, salts, titles, schools), and when two names are too alike.

Such text ends up in posts, private messages, file names, logs and the audit: it must be valid
Unicode, printable, on one line, and free of the invisible characters that reorder or hide text
(bidi overrides, zero-width joiners). Two players' names must differ by more than case,
punctuation, spacing or letters that look the same ("Ann" and "(Ann)", "Ann" and "АNN" with a
Cyrillic А), or nobody can tell whose message or vote is whose; and their file names must differ
on every file system ("A|n" and "A!n" are both filed as A_n), or one player's message could be
sent to the other.
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


MAX_REASON = 500  # a reason the GM gives on the command line is quoted whole in a post


def reason_problem(text: str, what: str, missing: str, too_long: str) -> str | None:
    """Why a reason the GM gives for a post (`--reason`, `--no-beacon`) cannot be quoted in it:
    `missing` when empty, one line of plain text, at most MAX_REASON characters (None: it can)."""
    text = text.strip()
    if not text:
        return missing
    return text_problem(text, what) or (too_long if len(text) > MAX_REASON else None)


def name_key(name: str) -> str:
    """What a name reads as: without case, accents, punctuation, spaces or look-alike letters."""
    folded = unicodedata.normalize("NFKD", name.casefold()).translate(_LOOKALIKE)
    return "".join(ch for ch in folded if ch.isalnum() and not unicodedata.combining(ch))


def too_alike(names: list[str]) -> list[tuple[int, int]]:
    """(earlier, later) indices of names that read the same or would share a file (see Alike)."""
    first = Alike()
    pairs = []
    for i, name in enumerate(names):
        if name in first:
            pairs.append((first[name], i))
        else:
            first[name] = i
    return pairs


def _filed(name: str) -> str:
    """A name as a file name before the platforms' reserved names are dealt with: its
    compatibility forms spelt out (NFKC: 'Ann™' is 'AnnTM', '₨明' is 'Rs明'), letters, digits and
    marks of any alphabet kept, every run of anything else one '_'."""
    text = unicodedata.normalize("NFKC", name)
    kept = "".join(ch if ch.isalnum() or ch in "-_" or unicodedata.category(ch)[0] == "M" else "\0" for ch in text)
    return "_".join(part for part in kept.split("\0") if part).strip("_-") or "player"


def file_stem(name: str) -> str:
    """The stem of a player's files (messages/<stem>.bbcode, openings/, receipts/): a name every
    platform accepts (pathvalidate: no Windows device name such as Con or LPT1, no trailing dot or
    space). Never depends on the other players: set-up refuses two names with the same file_key."""
    from pathvalidate import sanitize_filename

    return sanitize_filename(_filed(name), platform="universal")


def file_key(name: str) -> str:
    """Two names with the same file_key would share a file on a case-blind file system (Windows,
    macOS). Computed without pathvalidate, which only ever adds '_' to a reserved stem (and a stem
    never ends in '_'), so equal keys are exactly equal file stems up to case."""
    return _filed(name).casefold()


class Alike:
    """The names seen so far, looked up by name: `name in seen` when an earlier name reads the same
    (name_key) or would share its files (file_key); `seen[name]` is what was stored for it."""

    def __init__(self):
        self._by: dict[str, object] = {}

    @staticmethod
    def _keys(name: str) -> tuple[str, str]:
        return "r:" + (name_key(name) or name), "f:" + file_key(name)

    def __contains__(self, name: str) -> bool:
        return any(k in self._by for k in self._keys(name))

    def __getitem__(self, name: str):
        for k in self._keys(name):
            if k in self._by:
                return self._by[k]
        raise KeyError(name)

    def __setitem__(self, name: str, value) -> None:
        for k in self._keys(name):
            self._by.setdefault(k, value)
