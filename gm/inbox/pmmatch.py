"""The words of a free-text PM matched to the engine's vocabulary (gm/vocabulary.py), forgivingly:
case, accents, typos, a nickname that starts one name only (rapidfuzz). A close match that is not
sure is a doubt with its choices. gm/inbox/pmtext.py cuts a PM into sentences and orders and asks
this module's Reader for the order words and objects in each.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from gm.vocabulary import OrderWord, Vocabulary

SURE = 88  # a fuzzy score at least this, with no rival close behind, is a sure match
CLOSE = 72  # at least this: a doubt with the choices; below: not that object
FILLERS = frozenset("""i i'll ill ill i'm im i'd id will wanna want to wants would like please pls plz gonna going
    and also then just ok okay so my me today tonight day orders order for the a an um uh hey hi hello gm
    let's lets let imma ima i'mma gotta should can could try trying attempt""".split())
STOP = frozenset("""to at in on into the a an of and with w/ w using by from for it his her their my your this that
    then also is are be up out over around again too""".split())
COUNTS = {"once": 1, "twice": 2, "thrice": 3, "two times": 2, "three times": 3, "four times": 4}
_PRONOUNS = {"him", "her", "them", "he", "she", "they"}
ITEM_KINDS = ("item", "weapon", "stored", "lying", "card")
_SELF = {"me", "myself", "self", "i"}
_EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F\u200d]")


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@dataclass
class Doubt:
    """A phrase gm could not read for sure, and what it could mean (each with its orders)."""

    phrase: str
    why: str
    choices: list[tuple[str, dict]] = field(default_factory=list)  # (in words, {section: value})


@dataclass
class Reading:
    """What one PM said, as gm read it."""

    sections: dict = field(default_factory=dict)  # read without doubt: section -> value
    doubts: list[Doubt] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # chatter, changes of mind, matches made forgivingly
    salt: str | None = None
    said: dict = field(default_factory=dict)  # section -> the reading of its orders, in words
    partial: bool = False  # the PM changes an earlier one ("change my move", "also") rather than replacing it


@dataclass
class _Match:
    kind: str
    name: str
    start: int
    end: int
    note: str = ""
    doubt: Doubt | None = None


def tokens(text: str) -> list[str]:
    text = _EMOJI.sub(" ", fold(text))
    text = re.sub(r"\bw/\s*", " with ", text)
    text = re.sub(r"\b(x|\*)\s?(\d)\b", r" x\2 ", text)
    text = re.sub(r"\b(\d)\s?x\b", r" x\1 ", text)
    text = re.sub(r"[\"()\[\]{}:,!*_~`]|(?<!\w)'|'(?!\w)", " ", text)
    return text.split()


class Reader:
    """Reads free text for one player with one vocabulary."""

    def __init__(self, vocab: Vocabulary, mentioned: list[str] | None = None):
        self.vocab = vocab
        self.verbs: dict[tuple[str, ...], OrderWord] = {}
        for order in vocab.orders:
            for w in order.words:
                self.verbs.setdefault(tuple(tokens(w)), order)
        self.longest = max((len(k) for k in self.verbs), default=1)
        # kind -> spelling as the reader's words -> proper name, made once (a PM asks many times)
        self.tables: dict[str, dict[str, str]] = {
            kind: {" ".join(tokens(sp)): name for sp, name in table.items()} for kind, table in vocab.objects.items()}
        self._pools: dict[tuple, dict[str, tuple[str, str]]] = {}
        self.mentioned: list[str] = list(mentioned or [])  # players named so far, for "him"
        self.last_item: str | None = None  # the item named last, for "it"

    # -- order words --------------------------------------------------------------------------

    def verb_at(self, toks: list[str], i: int, fuzzy: bool) -> tuple[OrderWord, int, str] | None:
        for n in range(min(self.longest, len(toks) - i), 0, -1):
            key = tuple(toks[i:i + n])
            if key in self.verbs:
                return self.verbs[key], n, ""
        if fuzzy and len(toks[i]) >= 4:
            from rapidfuzz import fuzz, process

            singles = {k[0]: v for k, v in self.verbs.items() if len(k) == 1 and len(k[0]) >= 4}
            best = process.extract(toks[i], list(singles), scorer=fuzz.ratio, limit=2)
            if best and best[0][1] >= 80 and (len(best) < 2 or best[1][1] < best[0][1] - 5 or
                                             singles[best[1][0]] is singles[best[0][0]]):
                return singles[best[0][0]], 1, f"read '{toks[i]}' as '{best[0][0]}'"
        return None

    # -- objects ------------------------------------------------------------------------------

    def match_object(self, toks: list[str], i: int, kinds: list[str]) -> _Match | None:
        pool = self._pools.get(tuple(kinds))
        if pool is None:
            pool = self._pools[tuple(kinds)] = {}
            for kind in kinds:
                for spelling, name in self.tables.get(kind, {}).items():
                    pool.setdefault(spelling, (kind, name))
        if not pool:
            return None
        for n in range(min(4, len(toks) - i), 0, -1):
            phrase = " ".join(toks[i:i + n])
            if phrase in pool:
                kind, name = pool[phrase]
                return _Match(kind, name, i, i + n)
        word = toks[i]
        if word in STOP or word in FILLERS or len(word) < 3:
            return None
        from rapidfuzz import fuzz, process
        from rapidfuzz.distance import OSA

        doubt: _Match | None = None
        for n in range(min(3, len(toks) - i), 0, -1):  # a slip of the keys, in a name of one to three words
            phrase = " ".join(toks[i:i + n])
            if len(phrase) < 4 or toks[i + n - 1] in STOP:
                continue
            found = process.extract(phrase, list(pool), scorer=fuzz.ratio, limit=6)
            close = [(s, _closeness(phrase, s, sc, OSA)) for s, sc, _ in found]
            close = sorted([(s, c) for s, c in close if c >= CLOSE], key=lambda x: -x[1])
            if not close:
                continue
            names = list(dict.fromkeys(pool[s] for s, _ in close))
            top = close[0][1]
            rivals = [pool[s] for s, c in close if c >= top - 8 and pool[s] != pool[close[0][0]]]
            if top >= SURE and not rivals:
                kind, name = pool[close[0][0]]
                return _Match(kind, name, i, i + n, note=f"read '{phrase}' as {name}")
            if doubt is None:
                doubt = _Match(names[0][0], names[0][1], i, i + n,
                               doubt=Doubt(phrase, "could be " + " or ".join(nm for _, nm in names[:3])))
        # a nickname: the start of one proper name's word ("chi", "void"), and of no other's
        starts = {pool[s] for s in pool if any(w.startswith(word) for w in s.split()) and pool[s][1] != pool[s][1].lower()}
        if len({name for _, name in starts}) == 1:
            kind, name = next(iter(starts))
            return _Match(kind, name, i, i + 1, note=f"read '{word}' as {name}")
        if doubt is not None:
            return doubt
        if len(starts) > 1:
            names = sorted({name for _, name in starts})
            return _Match(next(iter(starts))[0], names[0], i, i + 1,
                          doubt=Doubt(word, "could be " + " or ".join(names[:4])))
        return None

    # -- one order -----------------------------------------------------------------------------

    def read_order(self, order: OrderWord, toks: list[str], original: str, reading: Reading) -> tuple[dict | None, str]:
        """The order's value from the words after it (or a doubt in `reading`)."""
        values: dict[str, Any] = {}
        kinds = sorted({s.kind for s in order.slots if s.kind != "text"})
        slots = list(order.slots)
        text_slot = next((s for s in slots if s.kind == "text"), None)
        if text_slot is not None:
            value = _text_after(original, order)
            if value:
                values[text_slot.name] = value
        left: list[str] = []
        misplaced: list[str] = []  # objects of the game this order does not take: never dropped in silence
        everything = sorted(self.vocab.objects)
        i = 0
        pending: Doubt | None = None
        last = None
        while i < len(toks) and text_slot is None:
            word = toks[i]
            if word in COUNTS or re.fullmatch(r"x\d", word) or (word.isdigit() and i + 1 < len(toks) and toks[i + 1] == "times"):
                count = COUNTS.get(word) or (int(word[1]) if word.startswith("x") else int(word))
                if last is not None and values.get(last.name):
                    values[last.name] += [values[last.name][-1]] * (count - 1)
                i += 2 if word.isdigit() else 1
                continue
            if i + 1 < len(toks) and " ".join(toks[i:i + 2]) in COUNTS:
                count = COUNTS[" ".join(toks[i:i + 2])]
                if last is not None and values.get(last.name):
                    values[last.name] += [values[last.name][-1]] * (count - 1)
                i += 2
                continue
            if word in _PRONOUNS and "player" in kinds:
                people = [p for p in dict.fromkeys(self.mentioned) if p != self.vocab.player]
                if len(people) == 1:
                    m = _Match("player", people[0], i, i + 1, note=f"read '{word}' as {people[0]}")
                else:
                    m = _Match("player", "", i, i + 1, doubt=Doubt(word, "whom does it name?" if not people
                                                                   else "could be " + " or ".join(people)))
            elif word in _SELF and "player" in kinds and word != "i":
                m = _Match("player", self.vocab.player, i, i + 1)
            else:
                m = self.match_object(toks, i, kinds)
            if m is None and word == "it" and self.last_item and any(
                    self.last_item in self.vocab.objects.get(k, {}).values() for k in kinds):
                kind = next(k for k in kinds if self.last_item in self.vocab.objects.get(k, {}).values())
                m = _Match(kind, self.last_item, i, i + 1, note=f"read 'it' as the {self.last_item}")
            if m is None:
                if word not in STOP and word not in FILLERS and word not in _SELF:
                    other = self.match_object(toks, i, everything)
                    if other is not None and other.doubt is None:
                        misplaced.append(" ".join(toks[other.start:other.end]))
                        i = other.end
                        continue
                    left.append(word)
                i += 1
                continue
            prep = toks[i - 1] if i else ""
            slot = _slot_for(slots, m.kind, values, prep)
            if slot is None:
                misplaced.append(" ".join(toks[m.start:m.end]))
                i = m.end
                continue
            if m.kind in ITEM_KINDS:
                self.last_item = m.name
            if m.doubt is not None:
                if pending is None:
                    pending = (m.doubt, slot)
                if slot.many:
                    values.setdefault(slot.name, []).append(None)
                else:
                    values[slot.name] = None
                last = slot if slot.many else last
                i = m.end
                continue
            if m.note:
                reading.notes.append(m.note)
            if m.kind == "player":
                self.mentioned.append(m.name)
            if slot.many:
                values.setdefault(slot.name, []).append(m.name)
            else:
                values[slot.name] = m.name
            last = slot if slot.many else last
            i = m.end
        for slot in slots:
            if slot.most and isinstance(values.get(slot.name), list) and len(values[slot.name]) > slot.most:
                reading.doubts.append(Doubt(original.strip(), f"{order.name} takes at most {slot.most} "
                                                            f"{slot.name}, the PM names {len(values[slot.name])}"))
                return None, ""
            if slot.name not in values:
                fallback = order.default(slot.name, self.vocab) if order.default else None
                if fallback is not None:
                    values[slot.name] = fallback
                    reading.notes.append(f"no {slot.name} named in '{original.strip()}': {fallback} "
                                         f"(the only one {self.vocab.player} has)" if fallback != "bare hands" else
                                         f"no {slot.name} named in '{original.strip()}': bare hands")
                    continue
                if slot.optional and not slot.ask:
                    continue
                choices = _slot_choices(order, slot, values, self.vocab)
                reading.doubts.append(Doubt(original.strip(), f"{order.name}: which {slot.name}?", choices))
                return None, ""
        if pending is not None:
            reading.doubts.append(_with_choices(pending[0], order, pending[1], values, self.vocab))
            return None, ""
        if misplaced:
            reading.doubts.append(Doubt(original.strip(), f"names {', '.join(misplaced)}, which '{order.name}' does "
                                                        "not take here: what is it for?"))
            return None, ""
        if left:
            reading.notes.append(f"words not read in '{original.strip()}': {' '.join(left)}")
        return {order.section: order.make(values)}, _says(order, values)


def _slot_for(slots, kind: str, values: dict, prep: str):
    fits = [s for s in slots if s.kind == kind and (s.many or s.name not in values)]
    if not fits:
        return None
    by_prep = [s for s in fits if prep and prep in s.preps]
    if by_prep:
        return by_prep[0]
    plain = [s for s in fits if not s.preps] or fits
    return plain[0]


def _slot_choices(order: OrderWord, slot, values: dict, vocab: Vocabulary) -> list[tuple[str, dict]]:
    names = list(dict.fromkeys(vocab.objects.get(slot.kind, {}).values()))
    if len(names) > 8 or any(s.name not in values and not s.optional for s in order.slots if s is not slot):
        return []  # too many to list, or the order lacks more than this: the GM writes it
    out = []
    for name in names:
        v = dict(values)
        v[slot.name] = [name] if slot.many else name
        out.append((_says(order, v), {order.section: order.make(v)}))
    return out


def _with_choices(doubt: Doubt, order: OrderWord, slot, values: dict, vocab: Vocabulary) -> Doubt:
    names = doubt.why[len("could be "):].split(" or ") if doubt.why.startswith("could be ") else []
    for name in names:
        v = dict(values)
        if slot.many:
            v[slot.name] = [name if x is None else x for x in v.get(slot.name, [])]
        else:
            v[slot.name] = name
        if any(x is None or (isinstance(x, list) and None in x) for x in v.values()):
            continue  # a second doubt in the same order: the GM writes it
        if all(s.name in v or s.optional for s in order.slots):
            doubt.choices.append((_says(order, v), {order.section: order.make(v)}))
    return doubt


def _says(order: OrderWord, values: dict) -> str:
    shown = {}
    for slot in order.slots:
        v = values.get(slot.name)
        shown[slot.name] = _listed(v) if isinstance(v, list) else ("" if v is None else str(v))
    text = order.says.format(**shown).replace("the bare hands", "bare hands")
    return re.sub(r"\s+", " ", re.sub(r"\s*\((?:with|to)?\s*\)", "", text)).strip()


def _listed(names: list[str]) -> str:
    out = []
    for name in dict.fromkeys(names):
        n = names.count(name)
        out.append(name if n == 1 else f"{name} {'twice' if n == 2 else f'{n} times'}")
    return out[0] if len(out) == 1 else ", ".join(out[:-1]) + " and " + out[-1] if out else ""


def _text_after(original: str, order: OrderWord) -> str:
    """The words after the order word, exactly as written (a salt keeps its case)."""
    low = fold(original)
    for w in sorted(order.words, key=len, reverse=True):
        m = re.search(r"(?<!\w)" + re.escape(w) + r"(?!\w)\s*(?:is|=|:)?\s*", low)
        if m:
            return original[m.end():].strip().strip("\"'“”").strip()
    return ""


def _closeness(phrase: str, spelling: str, ratio: float, osa) -> float:
    """rapidfuzz's ratio, except that one slip of the keys (a letter wrong, missing, extra or two
    swapped: "rifel") in a word of five letters or more, or two in one of eight, counts as sure,
    and a word shorter than six letters matches by slips alone."""
    slips = osa.distance(phrase, spelling)
    if (slips <= 1 and len(spelling) >= 5) or (slips <= 2 and len(spelling) >= 8):
        return max(ratio, SURE)
    if min(len(phrase), len(spelling)) < 6:
        return 0  # short words: a slip or nothing ("first" is not "fist", "else" not "lose")
    return ratio
