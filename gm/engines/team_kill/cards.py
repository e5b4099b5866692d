"""The deck as data (games/team-kill/components.yaml, or the GM's own file named by `components:`
in game.yaml), checked like orders: every problem located, nothing ignored in silence."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from gm.errors import LocatedError, Location, Problem
from gm.paths import display_path
from gm.suggest import did_you_mean
from gm.yamlio import item_loc, key_loc, load_file, node_loc, value_loc

# What a card may do when revealed (showdown.py carries them out, in this order: RULINGS.md TK-8).
EFFECTS = ("bomb", "scream_mask", "thousand_dollars")
CARD_KEYS = ("name", "value", "bang", "effect")
DECK_KEYS = ("cards",)
MAX_CARDS = 200
MAX_VALUE = 99
MAX_BYTES = 200_000


@dataclass(frozen=True)
class Card:
    name: str
    value: int
    bang: bool = False
    effect: str | None = None


@dataclass(frozen=True)
class Deck:
    cards: tuple[Card, ...]
    source: str  # where it came from, the same wherever gm runs: the name game.yaml gives, or the stand-in

    def __len__(self) -> int:
        return len(self.cards)

    @cached_property
    def by_name(self) -> dict[str, Card]:
        return {c.name: c for c in self.cards}

    @cached_property
    def place(self) -> dict[str, int]:
        """Each card's place in the deck file: the tie-break between equal values."""
        return {c.name: i for i, c in enumerate(self.cards)}

    def card(self, name: str) -> Card:
        return self.by_name[name]

    def value(self, name: str) -> int:
        return self.by_name[name].value

    def by_value(self, names, highest: bool = True) -> list[str]:
        """Cards ordered by value (highest first, or lowest first), then by their place in the deck."""
        sign = -1 if highest else 1
        return sorted(names, key=lambda n: (sign * self.value(n), self.place[n]))


def read_deck(path: Path, source: str) -> tuple[Deck | None, list[Problem]]:
    """The deck in `path` (called `source` in posts and summaries), or None and every problem found."""
    shown = display_path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            return None, [Problem(Location(shown), f"a card file may be at most {MAX_BYTES} bytes")]
        doc = load_file(path)
    except LocatedError as exc:
        return None, [exc.problem]
    except OSError as exc:
        return None, [Problem(Location(shown), f"cannot read the card file: {exc.strerror}")]
    return parse_deck(doc, shown, source)


def parse_deck(doc, path: str, source: str | None = None) -> tuple[Deck | None, list[Problem]]:
    problems: list[Problem] = []
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        problems.append(Problem(node_loc(path, doc), "a card file is a mapping with `cards:`, a list of "
                                                     "{name: NAME, value: N} (and `bang: true`, `effect: ...`)"))
        return None, problems
    for key in doc:
        if key not in DECK_KEYS:
            problems.append(Problem(key_loc(path, doc, key), f"unknown field '{key}' in the card file "
                                                              f"(it has only `cards:`)"))
    seq = doc["cards"]
    if not 2 <= len(seq) <= MAX_CARDS:
        problems.append(Problem(value_loc(path, doc, "cards"), f"a deck has 2 to {MAX_CARDS} cards, not {len(seq)}"))
        return None, problems
    cards: list[Card] = []
    seen: dict[str, int] = {}
    effects: dict[str, str] = {}
    for i, node in enumerate(seq):
        card = _card(path, seq, i, node, problems)
        if card is None:
            continue
        key = card.name.casefold()
        if key in seen:
            problems.append(Problem(item_loc(path, seq, i), f"'{card.name}' is in the deck twice "
                                                            f"(cards {seen[key] + 1} and {i + 1}): names must be unique"))
            continue
        if card.effect and card.effect in effects:
            problems.append(Problem(item_loc(path, seq, i), f"two cards have the effect {card.effect} "
                                                            f"('{effects[card.effect]}' and '{card.name}')"))
            continue
        seen[key] = i
        if card.effect:
            effects[card.effect] = card.name
        cards.append(card)
    if any(p.severity == "error" for p in problems):
        return None, problems
    return Deck(tuple(cards), source or path), problems


def _card(path: str, seq, i: int, node, problems: list[Problem]) -> Card | None:
    at = item_loc(path, seq, i)
    if not isinstance(node, dict):
        problems.append(Problem(at, "a card is {name: NAME, value: N}"))
        return None
    bad = False
    for key in node:
        if key not in CARD_KEYS:
            problems.append(Problem(key_loc(path, node, key), f"unknown card field '{key}'{did_you_mean(str(key), CARD_KEYS)}"))
            bad = True
    name = node.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 40:
        problems.append(Problem(value_loc(path, node, "name") if "name" in node else at,
                                "every card needs a name of 1 to 40 characters"))
        return None
    value = node.get("value")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_VALUE:
        problems.append(Problem(value_loc(path, node, "value") if "value" in node else at,
                                f"{name}: value must be a whole number from 0 to {MAX_VALUE}, not {value!r}"))
        return None
    bang = node.get("bang", False)
    if not isinstance(bang, bool):
        problems.append(Problem(value_loc(path, node, "bang"), f"{name}: bang is true or false, not {bang!r}"))
        return None
    effect = node.get("effect")
    if effect is not None and effect not in EFFECTS:
        problems.append(Problem(value_loc(path, node, "effect"),
                                f"{name}: unknown effect {effect!r}{did_you_mean(str(effect), EFFECTS)} "
                                f"(effects: {', '.join(EFFECTS)})"))
        return None
    return None if bad else Card(name.strip(), value, bang, effect)
