"""The GM's rulings on a Hostile Takeover board (gm/rulings.py has the file and the core's part).

Health is lives. A mod-kill puts the player out of the game at once, as losing the last life
does (their buildings stay theirs, as the rules say of a player who is out); a revived player
comes back on their spawn with one life (or the lives the ruling gives); a move puts a pawn on
a free square of the floor. Items do not exist in this game.
"""

from __future__ import annotations

from gm.engine import Day
from gm.events import Event

from . import grid
from .moves import blocked
from .rules import Rules
from .state import PLAY, State

KINDS = ("kill", "revive", "health", "move")
WHY_NOT = {
    "give": "Hostile Takeover has no items: a player holds only lives, buildings and a pawn",
    "take": "Hostile Takeover has no items: a player holds only lives, buildings and a pawn",
}


def check_ruling(ruling, state: State, rules: Rules) -> str | None:
    p = state.players[ruling.player]
    if state.stage != PLAY:
        return f"rulings on the board wait until the pawns are on it (the game is at its {state.stage} stage)"
    if ruling.kind == "revive":
        if not p.out:
            return f"{p.name} is still in the game: only a player who is out can be revived"
        why = blocked(state, p.spawn) if p.spawn else {"text": "they have no spawn"}
        return f"{p.name} cannot come back: {why['text']}" if why else None
    if p.out:
        return f"{p.name} is out of the game (to bring them back, `- revive: {p.name}` first)"
    if ruling.kind == "kill":
        return None
    if ruling.kind == "health":
        v = ruling.value
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= rules.lives:
            return f"health is lives here: a whole number from 1 to {rules.lives} (to put a player out, `- kill: {p.name}`)"
        return None
    if ruling.kind == "move":
        sq = grid.parse(str(ruling.value))
        if sq is None:
            return f"'{ruling.value}' is not a square (squares are written like B7)"
        why = blocked(state, sq, p.name)
        if why:
            return f"{p.name} cannot stand there: {why['text']}"
        ruling.value = grid.name(sq)
        return None
    return f"the Hostile Takeover engine cannot apply a '{ruling.kind}' ruling"


def apply_ruling(day: Day, ruling) -> list[Event]:
    state: State = day.state
    p = state.players[ruling.player]
    if ruling.kind == "kill":
        p.lives = 0
        p.at = None
        p.out_round = state.round_of(day.number)
        p.ruled_out = True
    elif ruling.kind == "revive":
        p.lives = 1
        p.out_round = None
        p.ruled_out = False
        p.at = p.spawn
    elif ruling.kind == "health":
        p.lives = ruling.value
    elif ruling.kind == "move":
        p.at = grid.parse(ruling.value)
    return []
