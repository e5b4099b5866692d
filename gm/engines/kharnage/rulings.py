"""The GM's rulings on a Kharnage table (gm/rulings.py has the file and the core's part).

A mod-kill takes the player out of the battle at the start of the day (RULINGS.md, "The GM's
rulings"): their Units leave the table and, with their Reserve, hand and Battle deck, are set
aside; they play no more cards and no one can attack them; the Domination and Kharnage tokens
they won stay theirs and are shown in the final score, where they are placed last (a
player the GM took out wins nothing). `take` sets a Battle card of their hand
aside; `give` puts one of their own Battle cards from their deck (or set aside) into their hand.
Kharnage has no health to set, no way back for a player who left, and positions only as lines
of an army, so no health, revive or move.
"""

from __future__ import annotations

from gm.engine import Day
from gm.events import Event

from .rules import Rules
from .state import PLAY, State

KINDS = ("kill", "give", "take")
WHY_NOT = {
    "revive": "a player taken out of a Kharnage battle does not come back",
    "health": "Kharnage has no health: Units are destroyed card by card in play",
    "move": "Kharnage has no board to move a player on (an army's lines are the war plan's)",
}


def _battle_card(rules: Rules, army: str, raw) -> str | None:
    """A Battle card of the army, by name, id or initiative, as the orders name it."""
    for b in rules.components.armies[army].battle_cards:
        if (isinstance(raw, int) and not isinstance(raw, bool) and raw == b.initiative) or \
                (isinstance(raw, str) and raw.strip().casefold() in (b.name.casefold(), b.id.casefold())):
            return b.id
    return None


def check_ruling(ruling, state: State, rules: Rules) -> str | None:
    if state.stage != PLAY:
        return "rulings on players wait until the armies are set up (Day 0)"
    if state.over:
        return "the game is over"
    p = state.players[ruling.player]
    if p.out:
        return f"{p.name} is out of the game already"
    if ruling.kind == "kill":
        if state.pending == [p.name]:
            return f"{p.name} is the last to act this round: take them out once the round is over"
        return None
    card = _battle_card(rules, p.army, ruling.value)
    if card is None:
        from gm.suggest import did_you_mean

        names = [b.name for b in rules.components.armies[p.army].battle_cards]
        return f"{p.army} have no Battle card {ruling.value!r}{did_you_mean(str(ruling.value), names)}"
    name = rules.components.battle[card].name
    ruling.value = name
    if ruling.kind == "take":
        return None if card in p.hand else f"{p.name} holds no {name} (in hand: " + (
            ", ".join(rules.components.battle[c].name for c in p.hand) or "nothing") + ")"
    if card in p.hand:
        return f"{p.name} holds the {name} already"
    if card not in p.deck and card not in p.set_aside:
        return f"the {name} was played in an earlier round: only a card of the deck (or set aside) can be given"
    return None


def apply_ruling(day: Day, ruling) -> list[Event]:
    state: State = day.state
    rules: Rules = day.rules
    p = state.players[ruling.player]
    if ruling.kind == "kill":
        p.out = True
        p.set_aside += [c for u in p.units for c in u.cards] + p.reserve + p.hand + p.deck
        p.units, p.reserve, p.hand, p.deck = [], [], [], []
        if p.name in state.pending:
            state.pending.remove(p.name)
        return []
    card = _battle_card(rules, p.army, ruling.value)
    if ruling.kind == "take":
        p.hand.remove(card)
        p.set_aside.append(card)
    else:
        (p.deck if card in p.deck else p.set_aside).remove(card)
        p.hand.append(card)
    return []
