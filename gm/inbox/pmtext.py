"""A free-text PM read through the engine's vocabulary (gm/vocabulary.py): what was read without
doubt, the reading in words, and every phrase that could not be placed or reads two ways.

How it reads (docs/inbox.md): the text is cut into sentences (line ends, `.`, `;`, `then`); each
sentence into orders at each order word ("shoot", "go to", "vote"); the words after an order are
matched to today's objects, forgivingly (case, accents, typos, a nickname that starts one name
only) with rapidfuzz. A close match that is not sure, an order word missing what it needs, a
question, a condition ("if"), or a sentence naming someone with no order are doubts for the GM,
with the choices. Words that are neither orders nor objects are chatter, listed as not read.
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
CHANGE = ("actually", "instead", "change", "changed", "switch", "no wait", "wait", "correction", "rather",
          "make that", "make it", "update", "updated", "edit", "new plan")
SCRATCH = ("scratch that", "nvm", "never mind", "nevermind", "ignore that", "cancel that", "forget that",
           "disregard that", "ignore the last", "scratch the last")
NEGATION = ("don't", "dont", "not", "never", "won't", "wont")  # not "no": "actually no, attack quinn"
CONDITION = ("if", "unless", "when", "in case", "depending")
# what no engine reads from free text: it points at orders not in the PM, or leaves the choice to the GM
UNREADABLE = ("same as yesterday", "same as last", "same as before", "as before", "same orders", "same as usual",
              "as usual", "same card", "same plan", "whichever", "you decide", "gm's choice", "gms choice", "up to you")
COUNTS = {"once": 1, "twice": 2, "thrice": 3, "two times": 2, "three times": 3, "four times": 4}
_PRONOUNS = {"him", "her", "them", "he", "she", "they"}
ITEM_KINDS = ("item", "weapon", "stored", "lying", "card")
_SELF = {"me", "myself", "self", "i"}
_EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F\u200d]")
_SENTENCE = re.compile(r"(?:\n+|[.;!]+(?=\s|$)|(?<=\?)|\s+then\s+|,\s*then\s+|\s+after that\s+|\s+and then\s+|\s*->\s*|\s+=>\s+)",
                       re.IGNORECASE)


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


def _has(words: list[str], phrases) -> bool:
    joined = " " + " ".join(words) + " "
    return any(f" {p} " in joined for p in phrases)


def read_text(text: str, vocab: Vocabulary) -> Reading:
    """One PM's free text, read through the engine's vocabulary."""
    reading = Reading()
    reader = Reader(vocab)
    said: list[tuple[list, list]] = []  # each sentence with orders or doubts: its (section, value, words), its doubts
    first_words: list[str] = []
    parts = _SENTENCE.split(text)
    if vocab.splitters:
        extra = re.compile(r"(?:,\s*|\s+)?(?<!\w)(?:" + "|".join(re.escape(w) for w in sorted(vocab.splitters, key=len, reverse=True))
                           + r")(?!\w),?", re.IGNORECASE)
        parts = [p for part in parts for p in extra.split(part)]
    for raw in parts:
        raw = raw.strip()
        toks = tokens(raw)
        if not toks:
            continue
        if not first_words:
            first_words = toks
        salt = re.match(r"^\s*(?:my\s+)?salt\b\s*(?:is\b|=|:)?\s*(.+)$", raw, re.IGNORECASE)
        if salt:
            reading.salt = salt.group(1).strip().strip("\"'“”").strip()
            continue
        if _has(toks, SCRATCH):
            if said:
                dropped, doubts = said.pop()
                for section, value, words in dropped:
                    _unplace(reading, vocab, section, value, words)
                for d in doubts:
                    reading.doubts.remove(d)
                reading.notes.append("scratched: " + "; ".join([w for _, _, w in dropped] + [d.phrase for d in doubts]))
            toks = _after_any(toks, SCRATCH)
            if not toks:
                continue
        changed = _has(toks, CHANGE)
        before = len(reading.doubts)
        read: list = []
        if _has(toks, vocab.unreadable) or _has(toks, UNREADABLE):
            reading.doubts.append(Doubt(raw, "gm cannot read this surely: write it by hand"))
        elif raw.endswith("?") or _has(toks[:3], CONDITION) or _has(toks, ("if", "unless")):
            if _mentions(reader, toks) or _find_verbs(reader, toks):
                reading.doubts.append(Doubt(raw, "a question or a condition: gm writes no order from it"))
            else:
                reading.notes.append(f"not read (chatter): {raw}")
        else:
            read = _read_sentence(reader, toks, raw, reading) or []
            for section, value, words in read:
                _place(reading, vocab, section, value, words, changed, raw)
        if read or len(reading.doubts) > before:
            said.append((read, reading.doubts[before:]))
    reading.partial = _has(first_words[:4], CHANGE + ("also", "add", "oh and", "plus", "ps")) \
        or bool(first_words) and first_words[0] in ("also", "ps", "oh", "plus", "add")
    return reading


def _after_any(toks: list[str], phrases) -> list[str]:
    joined = " ".join(toks)
    for p in phrases:
        at = (" " + joined + " ").find(f" {p} ")
        if at >= 0:
            return joined[at + len(p):].split()
    return toks


def _mentions(reader: Reader, toks: list[str], proper: bool = False) -> bool:
    """Does the sentence name something of the game (a word of three letters or more, no filler)?
    `proper`: only a proper name counts ("Juno", "B7"), not a word of the game ("first", "left")."""
    kinds = sorted(reader.vocab.objects)
    for i, t in enumerate(toks):
        if t in STOP or t in FILLERS or t in _SELF or len(t) < 3:
            continue
        m = reader.match_object(toks, i, kinds)
        if m and not (m.doubt is None and m.name == reader.vocab.player) and not (proper and m.name == m.name.lower()):
            return True
    return False


def _exact_span(reader: Reader, toks: list[str], i: int, kinds) -> int:
    """How many words from `i` spell an object exactly (0: none)."""
    tables = [reader.tables.get(k, {}) for k in kinds]
    for n in range(min(4, len(toks) - i), 0, -1):
        phrase = " ".join(toks[i:i + n])
        if any(phrase in t for t in tables):
            return n
    return 0


def _alone(reader: Reader, toks: list[str]):
    """A sentence that is one object and nothing else ("levy", "Deep Muster please"), of a kind that
    only one order takes as its one slot: that order."""
    words = [t for t in toks if t not in FILLERS and t not in STOP and t not in ("please", "pls", "plz", "thx", "ty")]
    if not words:
        return None
    m = reader.match_object(words, 0, sorted(reader.vocab.objects))
    if m is None or m.doubt is not None or m.end != len(words):
        return None
    takers = [o for o in reader.vocab.orders if any(sl.kind == m.kind for sl in o.slots)]
    if len(takers) != 1 or len([sl for sl in takers[0].slots if not sl.optional]) != 1:
        return None
    return takers[0], m


def _find_verbs(reader: Reader, toks: list[str]) -> list[tuple[int, OrderWord | None, int]]:
    """Where each order word stands. Words that spell an object the order before takes ("turn pass",
    a card called "Sneak Attack") are that object, not a new order."""
    out: list[tuple[int, OrderWord | None, int]] = []
    every = sorted(reader.vocab.objects)
    i = 0
    while i < len(toks):
        prev = out[-1][1] if out else None
        if prev is not None and out[-1][0] + out[-1][2] == i:  # right after the order word: its object?
            kinds = [sl.kind for sl in prev.slots if sl.kind != "text"]
            m = reader.match_object(toks, i, kinds) if kinds else None
            if m is not None and m.doubt is None and (m.end - i > 1 or reader.verb_at(toks, i, False) is None
                                                      or _exact_span(reader, toks, i, kinds)):
                i = m.end
                continue
        span = _exact_span(reader, toks, i, every)
        found = reader.verb_at(toks, i, fuzzy=False)
        if span > 1 and (found is None or span > found[1]):
            i += span  # a name of two words or more is that name ("sneak attack")
            continue
        if found and not (i and toks[i - 1] in NEGATION):
            out.append((i, found[0], found[1]))
            i += found[1]
        elif found:  # negated: "don't attack bruno"
            out.append((i, None, found[1]))
            i += found[1]
        else:
            i += 1
    return out


def _read_sentence(reader: Reader, toks: list[str], raw: str, reading: Reading) -> list | None:
    verbs = _find_verbs(reader, toks)
    if not verbs:
        # the first word that is no filler may be an order word misspelt
        first = next((i for i, t in enumerate(toks) if t not in FILLERS and t not in CHANGE), None)
        if first is not None:
            found = reader.verb_at(toks, first, fuzzy=True)
            if found:
                verbs = [(first, found[0], found[1])]
                reading.notes.append(found[2])
    if not verbs:
        alone = _alone(reader, toks)
        if alone is not None:
            order, m = alone
            value, words = reader.read_order(order, toks, raw, reading)
            if value is not None:
                reading.notes.append(f"read '{raw}' as '{words}' ({m.name} is what only '{order.name}' takes)")
                section, v = next(iter(value.items()))
                return [(section, v, words)]
            return None
        if _mentions(reader, toks):
            reading.doubts.append(Doubt(raw, "names something of the game but gives no order gm knows"))
            return None
        reading.notes.append(f"not read (chatter): {raw}")
        return []
    before = toks[:verbs[0][0]]
    out = []
    lone = _alone(reader, before) if before else None
    if lone is not None:  # "Volley Fire please, shooting at Bruno": the card alone is its own order
        value, words = reader.read_order(lone[0], before, " ".join(before), reading)
        if value is None:
            return None
        out.append((*next(iter(value.items())), words))
    elif before and _mentions(reader, before, proper=True):  # "bruno, attack him": whose order, about whom?
        reading.doubts.append(Doubt(raw, "names something of the game before the order: what is it for?"))
        return None
    for n, (i, order, width) in enumerate(verbs):
        end = verbs[n + 1][0] if n + 1 < len(verbs) else len(toks)
        if order is None:
            reading.notes.append(f"not an order (negated): {' '.join(toks[i - 1:end])}")
            continue
        if i and toks[i - 1] in ("my", "the") and end == i + width and n + 1 < len(verbs):
            continue  # "change my move to hold": "my move" names the order that follows
        value, words = reader.read_order(order, toks[i + width:end], raw if len(verbs) == 1 else " ".join(toks[i:end]),
                                         reading)
        if value is None:
            continue
        section, v = next(iter(value.items()))
        out.append((section, v, words))
    return out


def _place(reading: Reading, vocab: Vocabulary, section: str, value: Any, words: str, changed: bool, raw: str) -> None:
    how = vocab.sections.get(section, "one")
    have = reading.sections.get(section)
    said = reading.said.setdefault(section, [])
    if have is None:
        reading.sections[section] = [value] if how == "append" else value
        said[:] = [words]
        return
    if how == "append":
        have.append(value)
        said.append(words)
    elif how == "update" and isinstance(have, dict) and isinstance(value, dict):
        clash = [k for k in value if k in have and have[k] != value[k]]
        if clash and not changed:
            reading.doubts.append(Doubt(raw, f"two {section} for {', '.join(clash)}: which one?",
                                        [(f"{k}: {have[k]}", {section: {k: have[k]}}) for k in clash] +
                                        [(f"{k}: {value[k]}", {section: {k: value[k]}}) for k in clash]))
            for k in clash:
                del have[k]
            return
        have.update(value)
        said.append(words)
    elif have == value:
        return
    elif changed:
        reading.notes.append(f"changed their mind: '{words}' replaces '{'; '.join(said)}'")
        reading.sections[section] = value
        said[:] = [words]
    else:
        reading.sections.pop(section)
        reading.doubts.append(Doubt(raw, f"two orders for the {section}: which one?",
                                    [("; ".join(said), {section: have}), (words, {section: value})]))
        said.clear()


def _unplace(reading: Reading, vocab: Vocabulary, section: str, value: Any, words: str) -> None:
    """Take back an order a later "scratch that" cancels."""
    have = reading.sections.get(section)
    said = reading.said.get(section, [])
    if vocab.sections.get(section, "one") == "append" and isinstance(have, list) and value in have:
        have.remove(value)
        if words in said:
            said.remove(words)
        if not have:
            reading.sections.pop(section)
    elif vocab.sections.get(section) == "update" and isinstance(have, dict) and isinstance(value, dict):
        for k in value:
            have.pop(k, None)
        if words in said:
            said.remove(words)
        if not have:
            reading.sections.pop(section)
    elif have == value:
        reading.sections.pop(section)
        said.clear()


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
