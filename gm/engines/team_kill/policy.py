"""Standing orders applied when the moment comes: the sign a person shows, the card they reveal,
whether they show their hand, the Bomb holder's choice. Never a roll: the same orders, the same
answer (RULINGS.md TK-7, TK-14)."""

from __future__ import annotations

from .outcome import KILL
from .rules import Rules
from .state import State


def _slot(state: State, person: str) -> str:
    """'1' or '2' for a person in the variant ('Akane 2' -> '2')."""
    mine = state.persons_of(state.player_of(person))
    return str(mine.index(person) + 1)


def _by(pol: dict, opposite: list[str]):
    """A conditional policy's value: the first entry naming a player on the other side, else default."""
    for who, value in pol.get("by", []):
        if who in opposite:
            return value
    return pol.get("default")


def sign_for(state: State, person: str, opposite: list[str]) -> tuple[str, bool]:
    """(the sign, whether it came from the player's orders) for a person facing `opposite` players."""
    sign = state.standing.get(state.player_of(person), {}).get("sign")
    if not sign:
        return KILL, False
    pol = sign.get("all") or sign.get(_slot(state, person))
    value = _by(pol, opposite) if pol else None
    return (value, True) if value else (KILL, False)


def reveal_for(state: State, rules: Rules, person: str, opposite: list[str]) -> tuple[str, bool]:
    """(the card the person reveals, whether their orders chose it). The first card of their list
    they still hold; else the house rule's highest (or lowest) card (TK-7)."""
    hand = state.persons[person].hand
    pol = state.standing.get(state.player_of(person), {}).get("reveal")
    if pol:
        for card in _by(pol, opposite) or []:
            if card in hand:
                return card, True
    return rules.deck.by_value(hand, highest=rules.reveal_default == "highest")[0], False


def shows_to(state: State, player: str, other: str) -> bool:
    show = state.standing.get(player, {}).get("show_cards", False)
    return other in show if isinstance(show, list) else bool(show)


def bomb_choice(state: State, rules: Rules, person: str) -> tuple[str, bool]:
    choice = state.standing.get(state.player_of(person), {}).get("bomb_choice")
    return (choice, True) if choice else (rules.bomb_default, False)
