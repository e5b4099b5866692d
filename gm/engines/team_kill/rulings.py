"""The GM's rulings on a Team Kill table (gm/rulings.py has the file and the core's part).

A mod-kill eliminates the player's persons at the start of the day, as a Bomb does: no one
collects their cards, which are discarded (RULINGS.md TK-R1). It never completes a circle of
passes; the end checks run at once (one player left wins). `take` moves a card from the
player's hand to the discard pile; `give` hands them a card from the discard pile or the box.
There is no health, no position and no way back in the rules, so no health, move or revive.
"""

from __future__ import annotations

from gm.checker import find_name
from gm.engine import Day
from gm.events import Event

from .eliminate import eliminate
from .rules import Rules
from .state import PLAY, State
from .turns import end_checks

KINDS = ("kill", "give", "take")
WHY_NOT = {
    "revive": "an eliminated player's cards are gone to the others or discarded: Team Kill has no way back",
    "health": "Team Kill has no health: a player is in or eliminated (`- kill: NAME`)",
    "move": "Team Kill has no positions: the seats never change",
}


def check_ruling(ruling, state: State, rules: Rules) -> str | None:
    if state.stage != PLAY:
        return "rulings on players wait until the cards are dealt (Day 0 deals them)"
    if state.over:
        return "the game is over"
    live = [n for n in state.persons_of(ruling.player) if not state.persons[n].out]
    if not live:
        return f"{ruling.player} is already eliminated"
    if state.pending:
        return (f"the table waits on a decision ({state.pending['kind']}, from the last day): rule on players the day "
                "after it is settled")
    if ruling.kind == "kill":
        return None
    names = [c.name for c in rules.deck.cards]
    card = find_name(str(ruling.value), names)
    if card is None:
        from gm.suggest import did_you_mean

        return f"no card called '{ruling.value}'{did_you_mean(str(ruling.value), names)}"
    ruling.value = card
    if ruling.kind == "take":
        if card not in state.hand_of_player(ruling.player):
            return f"{ruling.player} does not hold the {card} (their hand: {', '.join(state.hand_of_player(ruling.player))})"
        return None
    if card not in state.discarded and card not in state.undealt:
        holder = next((p.player for p in state.persons.values() if card in p.hand), None)
        return (f"the {card} is in {holder}'s hand: `- take:` it from them first" if holder else
                f"the {card} is not in the discard pile or the box")
    return None


def apply_ruling(day: Day, ruling) -> list[Event]:
    state: State = day.state
    live = [n for n in state.persons_of(ruling.player) if not state.persons[n].out]
    if ruling.kind == "kill":
        events = eliminate(state, day.rules, live, "ruling", None, None, day.number, day.step)
        if state.active is not None and state.persons[state.active].out:
            state.active = state.next_active(state.active)
        state.passes = min(state.passes, max(len(state.in_play()) - 1, 0))  # a mod-kill completes no circle
        return events + end_checks(state, day.rules, day.number, day.step)
    if ruling.kind == "take":
        holder = next(n for n in live if ruling.value in state.persons[n].hand)
        state.persons[holder].hand.remove(ruling.value)
        state.discarded.append(ruling.value)
    elif ruling.kind == "give":
        pile = state.discarded if ruling.value in state.discarded else state.undealt
        pile.remove(ruling.value)
        state.persons[live[0]].hand.append(ruling.value)
    return []
