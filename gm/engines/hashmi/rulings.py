"""The GM's rulings on a Hashmi board (gm/rulings.py has the file and the core's part).

A mod-kill takes the player out at the start of the day (RULINGS.md, "The GM's rulings"): their
agents leave the board with no magnetic base and no credit to anyone (no one eliminated them),
the chests they carried stay on their squares, their weapons and hand go to the discards; a
hypnosis they cast or suffer ends. If it was their turn, the rest of it is not played and the
turn passes on as usual; the victories are checked at the next turn's start. `take` discards a
card from their hand; `give` hands them a card from the discards, unless it leaves more cards than
the hand limit outside their turn (rule 118: refused, with the way out). Agents, not players, stand on
squares and take hits, so there is no move, health or revive ruling on a player.
"""

from __future__ import annotations

from gm.checker import find_name
from gm.engine import Day
from gm.events import Event

from .state import PLAY, State
from .victory import RULED_OUT

KINDS = ("kill", "give", "take")
WHY_NOT = {
    "revive": "Hashmi brings back agents, not players, and only by its cards (Zombie, Wizard)",
    "health": "Hashmi has no health: an agent is in play or eliminated",
    "move": "agents stand on squares, not players: Hashmi has no move ruling",
}


def check_ruling(ruling, state: State, rules) -> str | None:
    if state.stage != PLAY:
        return "rulings on players wait until the agents are on the board (after Day 1)"
    if state.over:
        return "the game is over"
    p = state.players[ruling.player]
    if p.out:
        return f"{p.name} is out of the game already"
    if state.pending:
        return "the turn waits on a choice from the last day: rule on players once it is made"
    if ruling.kind == "kill":
        return None
    pool = sorted(set(p.hand)) if ruling.kind == "take" else sorted(set(state.discards))
    card = find_name(str(ruling.value), pool)
    if card is None:
        where = f"{p.name}'s hand" if ruling.kind == "take" else "the discards"
        return f"no '{ruling.value}' in {where} (there: {', '.join(pool) or 'nothing'})"
    ruling.value = card
    held = len(p.hand) + 1
    if ruling.kind == "give" and p.name != state.active and held > rules.hand_limit:
        # rule 118 punishes a hand "caught with more than 7 cards ... outside their turn": on a forum
        # only a GM's give can make one, so the give is refused rather than the player punished
        return (f"{p.name} would hold {held} cards outside their turn, over the hand limit of "
                f"{rules.hand_limit} (rule 118): `- take: {{player: {p.name}, item: CARD}}` first, or give "
                f"it on {p.name}'s turn (it is {state.active}'s)")
    return None


def apply_ruling(day: Day, ruling) -> list[Event]:
    state: State = day.state
    p = state.players[ruling.player]
    if ruling.kind == "take":
        p.hand.remove(ruling.value)
        state.discards.append(ruling.value)
        return []
    if ruling.kind == "give":
        state.discards.remove(ruling.value)
        p.hand.append(ruling.value)
        return []
    for a in p.agents:
        if not a.alive:
            continue
        if a.at is not None:
            state.chests += [a.at] * a.chests
        state.discards += a.weapons
        a.alive, a.at, a.weapons, a.ammo, a.chests, a.zombie = False, None, [], 0, 0, False
    state.discards += p.hand
    p.hand = []
    p.out, p.out_reason = True, RULED_OUT
    for victim, hypnotist in sorted(state.hypnosis.items()):
        if p.name in (victim, hypnotist):
            del state.hypnosis[victim]
    return []
