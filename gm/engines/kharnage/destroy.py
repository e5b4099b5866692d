"""Which Units an attack destroys in one army: the war plan's `destroy` rule, made exact.

The rulebook: "choose a Unit in the closest non-empty line to the Hill", "have at least as many
combat points as the Armor value", "As long as the active player has combat points, he can
continue", and destroying is mandatory (RULINGS R9: while a Unit of the closest line is
affordable, one must be destroyed; when none is, the rest of the points are lost).

Rules a plan may name:
  kharnage_first (default)  the sequence with a Kharnage if one exists, then the most cards, then
                            the most Armor destroyed
  most_cards                the most cards, then a Kharnage, then the most Armor
  toughest_first            each time, the affordable Unit with the highest Armor
  cheapest_first            each time, the affordable Unit with the lowest Armor
  [names]                   each time, the affordable Unit named earliest in the list; Units not
                            named after them, toughest first
Every tie goes to the Unit placed earliest. The exact rules search every sequence, memoised on
the Units left and the points left; identical Units are tried once. An army so large and varied
that the search would pass BUDGET positions (never with the stand-ins, whose heaviest round needs
a few hundred) is settled by `cheapest_first` instead, which is as deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

EXACT = ("kharnage_first", "most_cards")
BUDGET = 200_000
GREEDY = ("toughest_first", "cheapest_first")
RULES = EXACT + GREEDY


@dataclass(frozen=True)
class Target:
    """A Unit as the search sees it (index: its place in the army, placement order)."""

    index: int
    name: str
    armor: int
    cards: int
    lines: tuple[int, ...]


@dataclass(frozen=True)
class Outcome:
    destroyed: tuple[int, ...]  # indexes, in the order destroyed
    kharnage: bool
    cards: int
    armor: int
    points_left: int


def _front(units: tuple[Target, ...]) -> list[Target]:
    line = min(u.lines[0] for u in units)
    return [u for u in units if line in u.lines]


def plan(units: list[Target], points: int, rule) -> Outcome:
    """The Units destroyed by `points` in an army of `units` (the army's present Units)."""
    alive = tuple(units)
    if isinstance(rule, (list, tuple)) or rule in GREEDY:
        return _greedy(alive, points, rule)
    key = (lambda o: (o.kharnage, o.cards, o.armor)) if rule != "most_cards" else (lambda o: (o.cards, o.kharnage, o.armor))
    try:
        return _exact(alive, points, key)
    except _TooBig:
        return _greedy(alive, points, "cheapest_first")


class _TooBig(Exception):
    pass


def _greedy(alive: tuple[Target, ...], points: int, rule) -> Outcome:
    order: list[int] = []
    cards = armor = 0
    names = [str(n).casefold() for n in rule] if isinstance(rule, (list, tuple)) else None
    while alive:
        able = [u for u in _front(alive) if u.armor <= points]
        if not able:
            break
        if names is not None:
            pick = min(able, key=lambda u: (names.index(u.name.casefold()) if u.name.casefold() in names else len(names),
                                            -u.armor, u.index))
        elif rule == "toughest_first":
            pick = min(able, key=lambda u: (-u.armor, u.index))
        else:
            pick = min(able, key=lambda u: (u.armor, u.index))
        order.append(pick.index)
        points -= pick.armor
        cards += pick.cards
        armor += pick.armor
        alive = tuple(u for u in alive if u.index != pick.index)
    return Outcome(tuple(order), not alive, cards, armor, points)


def _exact(alive: tuple[Target, ...], points: int, key) -> Outcome:
    seen = [0]

    @lru_cache(maxsize=None)
    def best(left: tuple[Target, ...], pts: int) -> Outcome:
        seen[0] += 1
        if seen[0] > BUDGET:
            raise _TooBig
        if not left:
            return Outcome((), True, 0, 0, pts)
        able = [u for u in _front(left) if u.armor <= pts]
        if not able:
            return Outcome((), False, 0, 0, pts)
        top: Outcome | None = None
        tried = set()
        for u in able:  # placement order: the earliest wins a tie
            kind = (u.name, u.armor, u.cards, u.lines)
            if kind in tried:
                continue
            tried.add(kind)
            rest = best(tuple(x for x in left if x.index != u.index), pts - u.armor)
            got = Outcome((u.index,) + rest.destroyed, rest.kharnage, rest.cards + u.cards,
                          rest.armor + u.armor, rest.points_left)
            if top is None or key(got) > key(top):
                top = got
        return top  # type: ignore[return-value]

    return best(alive, points)
