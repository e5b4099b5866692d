"""Claiming a building (rulebook, Claiming a Building): one d12 of damage a turn against its points
(small 10, large 25); at zero it changes hands and comes back at full points in the new owner's
colour. Owned buildings can be stolen the same way."""

from __future__ import annotations

from gm.events import Event, public

from . import grid
from .choices import Choice
from .rules import Rules
from .state import Player, State


def reason(code: str, text: str) -> dict:
    return {"code": code, "text": text}


def why_not(state: State, rules: Rules, p: Player, choice: Choice) -> dict | None:
    b = state.find_building(choice.square)
    if b.owner == p.name:
        return reason("own", f"the {b.size} building at {b.label} is already {p.name}'s")
    if not b.touches(p.at):
        return reason("not_next_to", f"the {b.size} building at {b.label} is not next to {p.name}'s pawn on {grid.name(p.at)}")
    return None


def carry_out(state: State, rules: Rules, p: Player, choice: Choice, dice, step: str) -> list[Event]:
    b = state.find_building(choice.square)
    owner = b.owner
    before = b.points
    roll = dice.roll(rules.die, f"Round {state.round_of(state.day)}: {p.label} claims the {b.size} building "
                                f"at {b.label} ({before} points left): damage")
    left = max(0, before - roll)
    claimed = left == 0
    if claimed:
        b.owner = p.name
        b.points = rules.full_points(b.size)
    else:
        b.points = left
    return [public("claim", step, player=p.name, colour=p.colour, building=b.label, size=b.size, roll=roll,
                   before=before, left=left, claimed=claimed, previous_owner=owner,
                   previous_colour=state.players[owner].colour if owner else None, points=b.points,
                   about=[p.name] + ([owner] if owner else []))]


def options(state: State, p: Player) -> list[Choice]:
    return [Choice("claim", square=b.squares[0]) for b in state.buildings if b.owner != p.name and b.touches(p.at)]
