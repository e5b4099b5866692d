"""What an army is worth and whom it can reach: lines, Armor, combat points, attack range.

An Immobilized Unit (a Web on it) "loses all their Unit skill symbols ... Only its Armor remains":
no Swords, Bows, Magic, Shields or other skills (RULINGS R18). An Absent Unit is not part of its
army at all.
"""

from __future__ import annotations

from .cards import UnitDef
from .rules import Rules
from .state import Player, State, Unit


def unit_def(rules: Rules, unit: Unit) -> UnitDef:
    return rules.components.unit_of[unit.key]


def name_of(rules: Rules, unit: Unit) -> str:
    return unit_def(rules, unit).name


def lines_of(rules: Rules, unit: Unit) -> tuple[int, ...]:
    return tuple(sorted({rules.components.line_of[c] for c in unit.cards}))


def armor(rules: Rules, unit: Unit) -> int:
    """"+1 Armor value per Shield symbol to the Unit's Armor" (FAQ: the symbols on its own card only)."""
    d = unit_def(rules, unit)
    return d.armor + (0 if unit.web else d.shields)


def symbols(rules: Rules, unit: Unit, skill: str) -> int:
    """A skill's value on a Unit in play (0 when Immobilized)."""
    return 0 if unit.web else unit_def(rules, unit).skill(skill)


def elite_symbols(rules: Rules, unit: Unit, skill: str) -> int:
    return 0 if unit.web else next((v for k, v in unit_def(rules, unit).elite if k == skill), 0)


def closest_line(rules: Rules, units: list[Unit]) -> int | None:
    """"the closest non-empty line to the Hill" among these Units (a Large unit is in all its lines)."""
    return min((lines_of(rules, u)[0] for u in units), default=None)


def front(rules: Rules, units: list[Unit]) -> list[Unit]:
    """The Units of the closest non-empty line, in the order they were placed."""
    line = closest_line(rules, units)
    return [u for u in units if line in lines_of(rules, u)]


def contribution(rules: Rules, unit: Unit, kind: str) -> int:
    """The combat points one Unit brings to an Assault or a Shooting (Powder aside)."""
    extra = 0
    if rules.elite_symbols_count_again:
        extra = elite_symbols(rules, unit, "magic") + elite_symbols(rules, unit, "sword" if kind == "assault" else "bow")
    if kind == "assault":
        return symbols(rules, unit, "sword") + symbols(rules, unit, "magic") + extra
    return symbols(rules, unit, "bow") + symbols(rules, unit, "magic") + extra


def powder_bonus(rules: Rules, p: Player) -> int:
    """"During a Shooting attack, add +1 combat point per Unit with Bow skill in your Army" for each
    Powder Unit (RULINGS R17: Units, not symbols; Immobilized and Absent Units do not count)."""
    units = p.present()
    powder = sum(1 for u in units if symbols(rules, u, "powder"))
    return powder * sum(1 for u in units if symbols(rules, u, "bow") > 0) if powder else 0


def attack_points(rules: Rules, p: Player, kind: str) -> int:
    total = sum(contribution(rules, u, kind) for u in p.present())
    return total + (powder_bonus(rules, p) if kind == "shooting" else 0)


def has_units(p: Player) -> bool:
    return any(not u.absent for u in p.units)


def sides(state: State, name: str) -> tuple[str | None, str | None]:
    """The nearest army with Units on the left (the next seats clockwise) and on the right
    (RULINGS R7: an army with no Units is skipped for "the next player")."""
    seats = state.seats
    i = seats.index(name)
    n = len(seats)
    found: list[str | None] = []
    for step in (1, -1):
        hit = None
        for k in range(1, n):
            other = state.players[seats[(i + step * k) % n]]
            if other.name == name:
                break
            if has_units(other):
                hit = other.name
                break
        found.append(hit)
    return found[0], found[1]


def clockwise(state: State, name: str) -> list[str]:
    """The other players, clockwise from the active player (the last tie-break of a target choice)."""
    seats = state.seats
    i = seats.index(name)
    return [seats[(i + k) % len(seats)] for k in range(1, len(seats))]


def legal_targets(state: State, name: str, kind: str) -> list[str]:
    """The armies an attack of this kind may hit, clockwise from the active player.

    Assault: the armies to the left and right (R7); Shooting (and the Magic of an Elite, which may
    be either, FAQ): any army with Units."""
    if kind == "assault":
        left, right = sides(state, name)
        near = {x for x in (left, right) if x}
        return [o for o in clockwise(state, name) if o in near]
    return [o for o in clockwise(state, name) if has_units(state.players[o])]
