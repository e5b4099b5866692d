"""Narration that varies without touching the game: phrase pools, the narration stream, pronouns.

Every engine words its public post the same way. `templates/<engine>/phrases.yaml` holds pools
of phrasings per kind of event, each with the conditions it fits; a game folder's
`templates/phrases.yaml` replaces any pool it names. A template asks
`phrase("gunfire", zone=z, first_blood=true)` and gets one phrasing, rendered with those names.

Which phrasing is picked comes from the narration stream: HMAC-SHA256 of the day's dice key under
its own label, so it never draws on the audited dice (no roll, no state and no private outcome can
depend on a phrase). A phrasing whose sentences an earlier day's post (or this one) already told is
passed over while another fits, and so is one whose sentence was told with other names (its frame:
"Trouble in the X"), so a game does not say the same sentence twice.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gm.paths import templates_dir

PHRASES = "phrases.yaml"
MAX_PHRASES_BYTES = 256 * 1024
MAX_PHRASE_CHARS = 1000


# ---- pronouns --------------------------------------------------------------------------------

@dataclass(frozen=True, eq=False, repr=False)
class Pronouns:
    """A player's pronouns as a template uses them: `{{ p.they }} fell`, `{{ p.their }} bag`."""

    they: str
    them: str
    their: str
    theirs: str
    plural: bool  # "they were", "they have"

    @property
    def They(self) -> str:  # noqa: N802 (the word as it starts a sentence)
        return self.they.capitalize()

    @property
    def Their(self) -> str:  # noqa: N802
        return self.their.capitalize()

    @property
    def were(self) -> str:
        return "were" if self.plural else "was"

    @property
    def are(self) -> str:
        return "are" if self.plural else "is"

    @property
    def have(self) -> str:
        return "have" if self.plural else "has"


PRONOUNS = {
    "she": Pronouns("she", "her", "her", "hers", False),
    "he": Pronouns("he", "him", "his", "his", False),
    "they": Pronouns("they", "them", "their", "theirs", True),
}
PRONOUN_FORMS = {"she": "she", "she/her": "she", "he": "he", "he/him": "he", "they": "they", "they/them": "they"}


def read_pronouns(doc, path: str) -> tuple[dict[str, str], list]:
    """`pronouns:` of each roster entry in game.yaml (she, he or they; they when not given)."""
    from gm.errors import Problem
    from gm.yamlio import value_loc

    out: dict[str, str] = {}
    problems: list = []
    roster = doc.get("roster") if isinstance(doc, dict) else None
    if not isinstance(roster, list):
        return out, problems
    for node in roster:
        if not isinstance(node, dict) or "pronouns" not in node or not isinstance(node.get("name"), str):
            continue
        raw = node.get("pronouns")
        form = PRONOUN_FORMS.get(str(raw).strip().casefold()) if isinstance(raw, str) else None
        if form is None:
            problems.append(Problem(value_loc(path, node, "pronouns"),
                                    f"pronouns must be she, he or they, not {raw!r}"))
            continue
        out[node["name"].strip()] = form
    return out, problems


def pronouns_of(table: dict[str, str], name: Any) -> Pronouns:
    return PRONOUNS[table.get(str(name), "they")]


# ---- words -----------------------------------------------------------------------------------

_AN_EXCEPTIONS = ("uni", "use", "usu", "uti", "eu", "one", "once", "ewe")
_AN_SILENT_H = ("hour", "honest", "honou", "heir")


def article(word: Any) -> str:
    """'a' or 'an' by the sound the word starts with: an Uzi, an Axe, a Uniform, an hour, an 8."""
    text = str(word).strip()
    low = text.casefold()
    if not low:
        return "a"
    if low.startswith(_AN_SILENT_H):
        return "an"
    if low[0] in "8" or (low[:2] in ("11", "18") and (len(low) == 2 or not low[2].isdigit())):
        return "an"
    if low[0] in "aeiou" and not low.startswith(_AN_EXCEPTIONS):
        return "an"
    return "a"


def is_plural(word: Any) -> bool:
    """'Brass Knuckles', 'Binoculars': a name that is a plural noun takes no 'a' ("with Brass Knuckles")."""
    last = str(word).strip().split(" ")[-1].casefold()
    return len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is", "as", "os"))


def with_article(word: Any) -> str:
    return str(word) if is_plural(word) else f"{article(word)} {word}"


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def number_word(n: Any) -> str:
    """'two', 'eleven', '13': a small count as a word, as prose writes it."""
    return NUMBER_WORDS[n] if isinstance(n, int) and 0 <= n < len(NUMBER_WORDS) else str(n)


_TAGS = re.compile(r"\[/?[a-z*]+(?:=[^\]]*)?\]|\*\*|__|^#+ |^> ?", re.I | re.M)
_SPLIT = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[^a-z\s])")


def sentences(text: str) -> list[str]:
    """The sentences of a post as a reader sees them: markup dropped, one line or less each."""
    out = []
    for line in _TAGS.sub("", text).splitlines():
        line = line.strip().lstrip("*-").strip()
        if line:
            out += [s.strip() for s in _SPLIT.split(line) if s.strip()]
    return out


class Framer:
    """A sentence's frame: the sentence with its names taken out (players, places, squares such as
    "F3", numbers), so "Trouble in the Forest" and "Trouble in the Beach", or "Cracks in C3" and
    "Cracks in F3", are heard as the same sentence told twice.
    Linear in the sentence: one-word names are looked up word by word, the few with spaces by one
    pattern."""

    _WORD = re.compile(r"[^\W\d_][\w-]*")
    _THE = re.compile(r"\b(?:the|The) \x00")
    _DIGITS = re.compile(r"\d+")
    _SQUARE = re.compile(r"\b[A-Z]{1,2}\d{1,2}\b")  # a board's square ("F3"): a name like any other

    def __init__(self, names=()):
        names = {str(n).strip() for n in names if str(n).strip()}
        self.single = frozenset(n for n in names if self._WORD.fullmatch(n))  # "Bruno" (and so "Bruno's")
        multi = sorted((n for n in names if not self._WORD.fullmatch(n)), key=len, reverse=True)  # "The Septagon"
        self.multi = re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in multi)) if multi else None

    def __call__(self, sentence: str) -> str:
        if self.multi is not None:
            sentence = self.multi.sub("\x00", sentence)
        single = self.single
        if single:
            sentence = self._WORD.sub(lambda m: "\x00" if m.group() in single else m.group(), sentence)
        return self._DIGITS.sub("#", self._SQUARE.sub("\x00", self._THE.sub("\x00", sentence)))


# ---- phrase pools ----------------------------------------------------------------------------

@dataclass(frozen=True, eq=False, repr=False)
class Phrasing:
    """One way of telling an event, with the conditions it fits."""

    text: str
    when: tuple[tuple[str, Any], ...] = ()
    unless: tuple[tuple[str, Any], ...] = ()

    @property
    def weight(self) -> int:
        return len(self.when) + len(self.unless)

    def fits(self, names: dict) -> bool:
        return all(_holds(names, k, v) for k, v in self.when) and not any(_holds(names, k, v) for k, v in self.unless)


def _holds(names: dict, key: str, want: Any) -> bool:
    """`key: want` holds when the name's value equals want, is one of want (a list), or, for a list
    value, contains want."""
    if key not in names:
        return want is False or want is None
    have = names[key]
    if isinstance(want, list):
        return any(_holds(names, key, w) for w in want)
    if isinstance(have, (list, tuple, set, frozenset)) and not isinstance(want, bool):
        return want in have
    if isinstance(want, bool):
        return bool(have) == want
    return have == want


Pools = dict[str, tuple[Phrasing, ...]]


def _read_pools(raw: bytes, shown: str) -> Pools:
    """A phrases.yaml as pools; every mistake one located error."""
    from gm.errors import LocatedError, Location
    from gm.yamlio import item_loc, key_loc, load_bytes, value_loc

    if len(raw) > MAX_PHRASES_BYTES:
        raise LocatedError(Location(shown, 1, 1), f"is larger than {MAX_PHRASES_BYTES // 1024} KiB")
    doc = load_bytes(raw, shown)
    if doc is None:
        return {}
    if not isinstance(doc, dict):
        raise LocatedError(Location(shown, 1, 1), "phrases.yaml maps a pool's name to its phrasings, e.g. "
                                                  "`quiet: [\"The island was quiet.\"]`")
    pools: Pools = {}
    for name, items in doc.items():
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise LocatedError(key_loc(shown, doc, name), f"a pool's name is lower-case letters, digits and _, not {name!r}")
        if not isinstance(items, list) or not items:
            raise LocatedError(value_loc(shown, doc, name), f"pool '{name}' needs a list of phrasings")
        out = []
        for i, item in enumerate(items):
            where = item_loc(shown, items, i)
            if isinstance(item, str):
                item = {"text": item}
            if not isinstance(item, dict) or not isinstance(item.get("text"), str):
                raise LocatedError(where, "a phrasing is text, or `{text: ..., when: {name: value}}`")
            unknown = sorted(set(item) - {"text", "when", "unless"})
            if unknown:
                raise LocatedError(where, f"unknown field '{unknown[0]}' in a phrasing (text, when, unless)")
            if len(item["text"]) > MAX_PHRASE_CHARS:
                raise LocatedError(where, f"a phrasing is at most {MAX_PHRASE_CHARS} characters")
            conds = []
            for part in ("when", "unless"):
                c = item.get(part) or {}
                if not isinstance(c, dict) or not all(isinstance(k, str) for k in c):
                    raise LocatedError(where, f"`{part}:` maps names to values, e.g. `{part}: {{first_blood: true}}`")
                conds.append(tuple(sorted((k, _plain(v)) for k, v in c.items())))
            out.append(Phrasing(str(item["text"]), conds[0], conds[1]))
        pools[name] = tuple(out)
    return pools


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value if isinstance(value, (bool, int, float)) or value is None else str(value)


_SHIPPED: dict[tuple[str, float], Pools] = {}


def load_pools(engine: str, game_templates: Path | None = None) -> Pools:
    """The engine's shipped pools, with the game folder's pools laid over them by name."""
    path = templates_dir() / engine / PHRASES
    pools: Pools = {}
    if path.is_file():
        stamp = (str(path), path.stat().st_mtime)
        if stamp not in _SHIPPED:
            _SHIPPED[stamp] = _read_pools(path.read_bytes(), f"shipped templates/{engine}/{PHRASES}")
        pools = dict(_SHIPPED[stamp])
    own = game_templates / PHRASES if game_templates is not None else None
    if own is not None and os.path.lexists(own):  # a FIFO or a link out is refused, not passed over
        from gm.paths import display_path

        from gm.yamlio import read_bytes

        pools.update(_read_pools(read_bytes(own, MAX_PHRASES_BYTES, None), display_path(own)))
    return pools


_COMPILED: dict = {}  # (environment, text) -> compiled phrasing; environments live for the process


# ---- the narration stream --------------------------------------------------------------------

@dataclass(eq=False, repr=False)
class Narrator:
    """Picks and renders phrasings for one post. `phrase` is the template's function."""

    pools: Pools
    env: Any
    key: bytes
    label: str  # "<engine>|<day>|<post>"
    told: frozenset = frozenset()  # the sentences earlier days' posts already told, and their frames (Framer)
    said: set = field(default_factory=set)  # sentences this post has told
    draws: dict = field(default_factory=dict)  # pool -> how many phrasings it gave so far
    pronoun_table: dict = field(default_factory=dict)
    context: dict = field(default_factory=dict)  # names every phrasing sees (e.g. `places` for the `at` filter)
    framer: Any = None  # a Framer: a phrasing is passed over when a sentence's frame was told (else the sentence)

    def draw(self, pool: str, n: int) -> int:
        """The k-th draw of a pool today: an index in range(n), from the day's key under its own label."""
        k = self.draws.get(pool, 0)
        self.draws[pool] = k + 1
        mac = hmac.new(self.key, f"gm-narration|{self.label}|{pool}|{k}".encode(), hashlib.sha256).digest()
        return int.from_bytes(mac[:8], "big") % n

    def pronouns(self, name: Any) -> Pronouns:
        return pronouns_of(self.pronoun_table, name)

    def phrase(self, pool: str, /, **names: Any) -> Any:
        """One phrasing of `pool` that fits `names`, rendered with them (`p`: the pronouns of
        `player`, `q`: those of `other`). The most specific fitting
        phrasings come first; among them the stream picks, passing over any whose sentences were
        told before while another fits."""
        import jinja2

        from gm.markup import Safe

        if pool not in self.pools:
            raise jinja2.TemplateRuntimeError(f"no phrase pool called {pool!r} (the pools are in {PHRASES})")
        fitting = [p for p in self.pools[pool] if p.fits(names)]
        if not fitting:
            return Safe("")
        tiers: dict[int, list[Phrasing]] = {}
        for p in fitting:
            tiers.setdefault(p.weight, []).append(p)
        start = self.draw(pool, len(fitting))
        frame = self.framer or (lambda s: s)
        rendered = [self._render(tier[(start + i) % len(tier)], names)
                    for weight in sorted(tiers, reverse=True) for tier in [tiers[weight]] for i in range(len(tier))]
        # a phrasing none of whose sentences was told, even with other names (its frame); when the
        # pool has none left, one whose very sentences were not; else the first
        for tell in (frame, lambda s: s):
            for text in rendered:
                got = [tell(s) for s in sentences(text) if len(s.split()) >= 2]  # "KHARNAGE!" alone tells nothing
                if not any(s in self.told or s in self.said for s in got):
                    break
            else:
                continue
            break
        else:
            text = rendered[0]
        for s in sentences(text):
            if len(s.split()) >= 2:
                self.said.update((s, frame(s)))
        return Safe(text)

    def _render(self, p: Phrasing, names: dict) -> str:
        tpl = _COMPILED.get((id(self.env), p.text))
        if tpl is None:
            if len(_COMPILED) > 4096:
                _COMPILED.clear()
            from gm.storage.cache import from_string

            tpl = _COMPILED[(id(self.env), p.text)] = from_string(self.env, p.text)
        who, other = names.get("player"), names.get("other")
        extra = {"p": self.pronouns(who)} if who is not None and "p" not in names else {}
        if other is not None and "q" not in names:  # the other player a phrasing names
            extra["q"] = self.pronouns(other)
        # lines joined, but a name's own spaces kept (a player may be called "-  00")
        return re.sub(r"[ \t]*\n\s*", " ", tpl.render({**self.context, **names, **extra})).strip()


def framer_of(game) -> Framer:
    """The names a game's frames leave out: its players and its places, as written and as a post
    prints them (escaped), so that a frame never depends on what a name is."""
    from gm.markup import escape_bbcode, escape_markdown

    names = list(game.roster) + list(game.engine.places(game.rules))
    return Framer(names + [escape_bbcode(n) for n in names] + [escape_markdown(n) for n in names])


def told_before(result_dirs: list[Path], ext: str, framer: Framer | None = None) -> frozenset:
    """Every sentence of the narration posts of earlier days, and its frame."""
    frame = framer or (lambda s: s)
    out: set[str] = set()
    for d in result_dirs:
        path = d / f"narration.{ext}"
        if path.is_file():
            for s in sentences(path.read_text(encoding="utf-8")):
                out.update((s, frame(s)))
                if ": " in s:  # a title after "Day 3: " is told too
                    t = s.split(": ", 1)[1]
                    out.update((t, frame(t)))
    return frozenset(out)
