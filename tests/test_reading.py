"""Posts read as a GM would write them, for EVERY registered engine's demo (an engine registered
later is held to it too): no sentence of the public post repeated word for word on two days
(fixed headings aside), no sentence starting in lower case, no "a" before a vowel sound (nor "an"
before a consonant), no sentence over 60 words; and in Battle Royale no bare zone name after a
preposition ("through Beach") and no "in the Beach" for a zone one is on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gm.engines import REGISTRY
from gm.gamedir import GameDir
from gm.narration import article, sentences

ENGINES = sorted(REGISTRY)
MAX_WORDS = 60
_HEADING = re.compile(r"^\s*(\[(b|size=\d+|u|i|color=\w+)\])+[^\[\]]*(\[/(b|size|u|i|color)\])+\s*$|^#+ |^\*\*[^*]+\*\*$")
_CODE = re.compile(r"\[code\].*?\[/code\]|```.*?```", re.S)
_ONE_MANY = re.compile(r"(?<![\w.,-])(1|one|One) (points|cards|votes|players|students|rounds|days|hits|shots|buildings|agents)\b")
_ARTICLE = re.compile(r"(?<![\w'-])(a|an|A|An) ([A-Za-z0-9][\w-]*)")


@pytest.fixture(scope="module", params=ENGINES)
def demo(request, demo_games):
    return request.param, demo_games.pristine(request.param)


def _posts(root: Path):
    """(day, narration text, {message file: text}) for every resolved day."""
    gd = GameDir(root)
    game = gd.load()
    for day in gd.resolved_days():
        result = gd.result_dir(day)
        narration = (result / f"narration.{game.ext}").read_text(encoding="utf-8")
        messages = {p.name: p.read_text(encoding="utf-8") for p in sorted((result / "messages").glob(f"*.{game.ext}"))}
        yield day, narration, messages


_ITEM = re.compile(r"^\s*(\[\*\]|[-*] )")


def _prose(text: str, lists: bool = True) -> list[str]:
    """The sentences of a post, headings and code blocks left out (and list entries, which are
    records such as a roster, when `lists` is false)."""
    text = _CODE.sub("", text)
    return sentences("\n".join(line for line in text.splitlines()
                                if not _HEADING.match(line) and (lists or not _ITEM.match(line))))


def problems_in(text: str) -> list[str]:
    out = []
    for s in _prose(text):
        if s[:1].islower():
            out.append(f"starts in lower case: {s!r}")
        for one, many in _ONE_MANY.findall(s):
            out.append(f"'{one} {many}' (one {many[:-1]}): {s!r}")
        if len(s.split()) > MAX_WORDS:
            out.append(f"over {MAX_WORDS} words: {s[:80]!r}...")
        for art, word in _ARTICLE.findall(s):
            if art.lower() == "a" and word[0].isalpha() and not word.isupper() and article(word) == "an":
                out.append(f"'a {word}' (an {word}): {s!r}")
            if art.lower() == "an" and article(word) == "a" and not word.isupper():
                out.append(f"'an {word}' (a {word}): {s!r}")
    return out


def test_checks_catch_what_they_should():
    assert problems_in("bare hands at Wren: 50% to hit.")
    assert problems_in("You found a Uzi.")
    assert problems_in("You found an Knife.")
    assert problems_in(" ".join(["word"] * 61) + ".")
    assert problems_in("It has 1 points left.") and not problems_in("It has 11 points left, 2.1 points more.")
    assert not problems_in("You found an Uzi and a Knife.\n[b]the heading[/b]")


def test_sentences_read_well(demo):
    engine, root = demo
    found = []
    for day, narration, messages in _posts(root):
        found += [f"Day {day} narration: {p}" for p in problems_in(narration)]
        for name, text in messages.items():
            found += [f"Day {day} {name}: {p}" for p in problems_in(text)]
    assert not found, f"{engine}: " + "\n".join(found[:30])


def test_no_sentence_of_the_post_is_told_on_two_days(demo):
    engine, root = demo
    first_day: dict[str, int] = {}
    repeated = []
    for day, narration, _ in _posts(root):
        for s in set(_prose(narration, lists=False)):
            if s in first_day and first_day[s] != day:
                repeated.append(f"Day {first_day[s]} and Day {day}: {s!r}")
            first_day.setdefault(s, day)
    assert not repeated, f"{engine}: " + "\n".join(repeated[:30])


def _frame(sentence: str, names: list[str]) -> str:
    """The sentence with its names taken out (players, places, numbers): what a reader hears as
    the same sentence again ("Trouble in the Forest" and "Trouble in the Beach")."""
    for name in sorted(names, key=len, reverse=True):
        sentence = re.sub(rf"(?<![\w]){re.escape(name)}(?![\w])", "X", sentence)
    return re.sub(r"\d+", "N", re.sub(r"\b(?:the|The) X\b", "X", sentence))


def test_no_frame_of_the_post_is_told_on_two_days(demo):
    """Issue 24: "From the Beach, X slipped off the island" on Days 3, 5 and 6, "Trouble in the X"
    on Days 2 and 7: no sentence of a phrase pool comes back with other names while its pool has
    unused ones, and the pools are grown so that seven days never run one dry."""
    from gm.narration import load_pools

    engine, root = demo
    game = GameDir(root).load()
    names = list(game.roster) + list(game.engine.places(game.rules))
    # the told sentences a phrase pool made: they hold the longest fixed words of a phrasing
    fixed = set()
    for phrasings in load_pools(game.engine.facts.name).values():
        for p in phrasings:
            parts = [t.strip(" ,.:;!?") for t in re.split(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", p.text)]
            best = max(parts, key=len)
            if len(best.split()) >= 3:
                fixed.add(best)
    first_day: dict[str, tuple[int, str]] = {}
    repeated = []
    for day, narration, _ in _posts(root):
        if day > 7:
            break  # a 7-day game; a longer one may come back to a frame once its pool is spent
        for s in set(_prose(narration, lists=False)):
            if not any(f in s for f in fixed):
                continue  # a record line (standings, the next turn), not a phrasing
            f = _frame(s, names)
            if f in first_day and first_day[f][0] != day:
                repeated.append(f"Day {first_day[f][0]} {first_day[f][1]!r} and Day {day} {s!r}")
            first_day.setdefault(f, (day, s))
    assert not repeated, f"{engine}: " + "\n".join(repeated[:30])


def _zone_rules(root: Path):
    game = GameDir(root).load()
    zones = game.rules.zones
    bare = [n for n in zones if not n.startswith("The ")]
    on = [n for n, z in zones.items() if z.at == "on"]
    preps = r"(?:in|on|at|into|onto|through|across|from|to|over|toward|towards|near|beside|between|and)"
    bare_re = re.compile(rf"\b{preps} ({'|'.join(map(re.escape, bare))})\b")
    wrong_in = re.compile(rf"\b(?:in|into) the ({'|'.join(map(re.escape, on))})\b")
    return bare_re, wrong_in


def test_battle_royale_zones_carry_their_article(demo_games):
    root = demo_games.pristine("battle-royale")
    bare_re, wrong_in = _zone_rules(root)
    assert bare_re.search("You moved through Beach.") and wrong_in.search("You wake up in the Beach.")
    found = []
    for day, narration, messages in _posts(root):
        for where, text in [("narration", narration)] + list(messages.items()):
            for s in _prose(text):
                if bare_re.search(s) or wrong_in.search(s):
                    found.append(f"Day {day} {where}: {s!r}")
    assert not found, "\n".join(found[:30])


def test_no_headline_frame_twice_while_its_pool_has_another(demo):
    """Issue 24: "Trouble in the X" on Days 2 and 7; Hostile Takeover's demo headlined "Chipping
    Away at F3" three times, Team Kill's "Akane Finds a Friend" twice, Hashmi's "Round N: X on the
    Move" four times. Over seven days of every demo, no two posts' headlines share a frame (the
    headline with its names, places, squares and numbers taken out): the pools have enough."""
    import re as _re

    from gm.narration import framer_of
    from gm.gamedir import GameDir

    engine, root = demo
    framer = framer_of(GameDir(root).load())
    seen: dict[str, int] = {}
    repeated = []
    for day, narration, _ in _posts(root):
        if day > 7:
            break  # a 7-day game, as above
        m = _re.search(r"^\[b\]\[i\](.+?)\[/i\]\[/b\]$", narration, _re.M) or _re.search(r"^\*\*_(.+?)_\*\*$", narration, _re.M)
        if not m:
            continue
        frame = framer(m.group(1))
        if frame in seen:
            repeated.append(f"Day {seen[frame]} and Day {day}: {m.group(1)!r}")
        seen.setdefault(frame, day)
    assert not repeated, f"{engine}: " + "\n".join(repeated)
