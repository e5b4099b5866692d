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
from typing import Any

from gm.inbox.pmmatch import FILLERS, STOP, _SELF, Doubt, Reading, tokens, Reader
from gm.vocabulary import OrderWord, Vocabulary

CHANGE = ("actually", "instead", "change", "changed", "switch", "no wait", "wait", "correction", "rather",
          "make that", "make it", "update", "updated", "edit", "new plan")
SCRATCH = ("scratch that", "nvm", "never mind", "nevermind", "ignore that", "cancel that", "forget that",
           "disregard that", "ignore the last", "scratch the last")
NEGATION = ("don't", "dont", "not", "never", "won't", "wont")  # not "no": "actually no, attack quinn"
CONDITION = ("if", "unless", "when", "in case", "depending")
# what no engine reads from free text: it points at orders not in the PM, or leaves the choice to the GM
UNREADABLE = ("same as yesterday", "same as last", "same as before", "as before", "same orders", "same as usual",
              "as usual", "same card", "same plan", "whichever", "you decide", "gm's choice", "gms choice", "up to you")
_SENTENCE = re.compile(r"(?:\n+|[.;!]+(?=\s|$)|(?<=\?)|\s+then\s+|,\s*then\s+|\s+after that\s+|\s+and then\s+|\s*->\s*|\s+=>\s+)",
                       re.IGNORECASE)


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


