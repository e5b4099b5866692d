"""Combat (rulebook, Combat): attacker and defender each roll a d12 and the higher wins. The loser
goes back to their spawn and loses a life; a winning attacker takes the defender's square; a tie
does nothing. Whoever stands on the loser's spawn is pushed to a square next to it. A player
with no lives left is out: the pawn leaves the board, their buildings stay theirs."""

from __future__ import annotations

from collections import deque

from gm.events import Event, public

from . import grid
from .grid import Square
from .moves import blocked
from .choices import Choice
from .rules import Rules
from .state import Player, State


def reason(code: str, text: str) -> dict:
    return {"code": code, "text": text}


def why_not(state: State, rules: Rules, p: Player, choice: Choice) -> dict | None:
    t = state.players[choice.target]
    if t.out:
        return reason("out", f"{t.label} is out of the game")
    if not t.on_board or not grid.adjacent(p.at, t.at):
        return reason("not_next_to", f"{t.label} is not next to {p.name}'s pawn on {grid.name(p.at)}")
    return None


def push_square(state: State, spawn: Square) -> Square | None:
    """Where a pawn pushed off `spawn` goes (RULINGS.md): the first free square of N, NE, E, SE, S,
    SW, W, NW; if all eight are blocked, the nearest free square a pawn could walk to, ties broken in
    reading order; failing that, the first free square in reading order."""
    for n in grid.neighbours(spawn):
        if blocked(state, n) is None:
            return n
    floor = state.floor()
    walls = state.building_at()
    seen = {spawn}
    frontier = deque([spawn])
    while frontier:
        ring = sorted(frontier, key=grid.reading_order)
        frontier = deque()
        found = []
        for sq in ring:
            for n in grid.neighbours(sq):
                if n in seen or n not in floor or n in walls:
                    continue
                seen.add(n)
                if blocked(state, n) is None:
                    found.append(n)
                frontier.append(n)
        if found:
            return min(found, key=grid.reading_order)
    free = [sq for sq in floor if blocked(state, sq) is None]
    return min(free, key=grid.reading_order) if free else None


def send_home(state: State, rules: Rules, loser: Player, start: Square, step: str) -> list[Event]:
    """The loser, already lifted off `start`, loses a life and goes back to spawn (or out of the game)."""
    events = []
    loser.lives = max(0, loser.lives - 1)
    if loser.lives == 0:
        loser.out_round = state.round_of(state.day)
        events.append(public("life_lost", step, player=loser.name, colour=loser.colour, lives=0, start=grid.name(start),
                             spawn=None, out=True, buildings=len(state.owned_by(loser.name)), about=[loser.name]))
        return events
    occupant = state.pawn_at().get(loser.spawn)
    events.append(public("life_lost", step, player=loser.name, colour=loser.colour, lives=loser.lives,
                         start=grid.name(start), spawn=grid.name(loser.spawn), out=False, buildings=None,
                         about=[loser.name]))
    if occupant is not None:
        o = state.players[occupant]
        target = push_square(state, loser.spawn)
        o.at = target
        events.append(public("pushed", step, player=o.name, colour=o.colour, start=grid.name(loser.spawn),
                             end=grid.name(target), spawn_of=loser.name, about=[o.name, loser.name]))
    loser.at = loser.spawn
    return events


def carry_out(state: State, rules: Rules, p: Player, choice: Choice, dice, step: str) -> list[Event]:
    t = state.players[choice.target]
    what = f"Round {state.round_of(state.day)}: {p.label} attacks {t.label}"
    a = dice.roll(rules.die, f"{what}: {p.name}'s roll")
    d = dice.roll(rules.die, f"{what}: {t.name}'s roll")
    winner = p if a > d else t if d > a else None
    loser = (t if winner is p else p) if winner else None
    field = t.at
    events = [public("combat", step, attacker=p.name, attacker_colour=p.colour, defender=t.name,
                     defender_colour=t.colour, attacker_roll=a, defender_roll=d,
                     winner=winner.name if winner else None, loser=loser.name if loser else None,
                     taken=grid.name(field) if winner is p else None, about=[p.name, t.name])]
    if loser is None:
        return events
    start = loser.at
    loser.at = None
    if winner is p:
        p.at = field  # the attacker steps into the square the defender left
    events += send_home(state, rules, loser, start, step)
    return events


def options(state: State, p: Player) -> list[Choice]:
    return [Choice("attack", target=t.name) for t in state.in_game()
            if t.name != p.name and t.on_board and grid.adjacent(p.at, t.at)]
