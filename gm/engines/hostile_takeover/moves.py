"""Moving (rulebook, Turns): one square in any of the eight directions, or around a building the
player owns to any square it touches. No two pawns share a square; no pawn stands on a building."""

from __future__ import annotations

from gm.events import Event, public

from . import grid
from .grid import Square
from .choices import Choice
from .rules import Rules
from .state import Building, Player, State


def reason(code: str, text: str) -> dict:
    return {"code": code, "text": text}


def blocked(state: State, sq: Square, mover: str | None = None) -> dict | None:
    """Why a pawn cannot stand on `sq` now, or None if it can."""
    if not grid.in_bounds(sq):
        return reason("hole", "that is off the board")
    if sq not in state.floor():
        return reason("hole", f"{grid.name(sq)} is {state.off_floor(sq)}")
    b = state.find_building(sq)
    if b is not None:
        return reason("building", f"{grid.name(sq)} is part of the {b.size} building at {b.label}")
    occupant = state.pawn_at().get(sq)
    if occupant is not None and occupant != mover:
        return reason("occupied", f"{grid.name(sq)} is taken by {state.players[occupant].label}")
    return None


def around_buildings(state: State, p: Player, target: Square) -> list[Building]:
    """The player's own buildings that touch both the pawn and the target square."""
    return [b for b in state.owned_by(p.name) if b.touches(p.at) and b.touches(target)]


def destination(state: State, p: Player, choice: Choice) -> Square:
    return grid.step(p.at, choice.direction) if choice.direction else choice.square


def why_not(state: State, rules: Rules, p: Player, choice: Choice) -> dict | None:
    target = destination(state, p, choice)
    if not grid.in_bounds(target):
        return reason("hole", f"there is no square {choice.direction} of {grid.name(p.at)}: it is off the board")
    if target == p.at:
        return reason("already_there", f"{p.name} is already on {grid.name(target)}")
    why = blocked(state, target, p.name)
    if why is not None:
        return why
    if grid.adjacent(p.at, target) or around_buildings(state, p, target):
        return None
    return reason("too_far", f"{grid.name(target)} is not next to {p.name}'s pawn on {grid.name(p.at)}, "
                             f"and no building of {p.name}'s touches both")


def carry_out(state: State, rules: Rules, p: Player, choice: Choice, dice, step: str) -> list[Event]:
    start = p.at
    target = destination(state, p, choice)
    around = None if grid.adjacent(start, target) else around_buildings(state, p, target)[0].label
    p.at = target
    return [public("moved", step, player=p.name, colour=p.colour, start=grid.name(start), end=grid.name(target),
                   direction=grid.direction_between(start, target), around=around, about=[p.name])]


def options(state: State, p: Player) -> list[Choice]:
    """Every legal move now: the eight steps, then the squares around the player's own buildings.
    (The same test as `blocked`, with the floor, buildings and pawns indexed once: simulations ask
    this for every player every turn.)"""
    floor = state.floor()
    built = state.building_at()
    pawns = state.pawn_at()

    def free(sq: Square) -> bool:
        return grid.in_bounds(sq) and sq in floor and sq not in built and pawns.get(sq, p.name) == p.name

    out = [Choice("move", direction=d) for d in grid.DIRECTIONS if free(grid.step(p.at, d))]
    near = {grid.step(p.at, d) for d in grid.DIRECTIONS}
    for b in state.owned_by(p.name):
        if not b.touches(p.at):
            continue
        for sq in b.around():
            if sq not in near and sq != p.at and free(sq):
                near.add(sq)
                out.append(Choice("move", square=sq))
    return out
