"""Which turns a forum day plays (house rule `turns_per_day`, ruling T-1): the active player's turn,
then the next players' in turn order, each written before the day by its own player. The day stops
early, before a turn no one could write in advance: a hypnotised turn (its hypnotist writes it once
its draws are displayed), a player's second turn of the day, a turn the day's events moved (a
player eliminated, Miss a Turn played), a turn stopped at a choice (`ask`), or the end of the game."""

from __future__ import annotations

from .state import State


def turns_today(state: State, turns_per_day: int | None = None) -> list[tuple[str, str]]:
    """(the player whose turn it is, who writes it) for each turn the day after `state` may play,
    in order; the first is the active player's (the hypnotist writes a hypnotised turn)."""
    if state.over or state.active is None or state.players[state.active].out:
        return []
    out = [(state.active, state.controller(state.active))]
    if state.pending is not None:  # a turn stopped at a choice: the day ends with it, as with ask
        return out
    order = state.turn_order()
    i = order.index(state.active)
    for k in range(1, len(order)):
        if len(out) >= (turns_per_day or state.turns_per_day):
            break
        name = order[(i + k) % len(order)]
        p = state.players[name]
        if p.out or p.skip_next:
            continue  # no turn (Miss a Turn is taken when the turn comes)
        if name in state.hypnosis or any(name == w for _, w in out):
            break  # its hypnotist writes it tomorrow; a writer writes one turn a day
        out.append((name, name))
    return out


def writers(state: State) -> dict[str, str]:
    """Who writes a turn today -> whose turn they write."""
    return {w: p for p, w in turns_today(state)}
