"""A Team Kill player's orders echoed back (a receipt) and what they may order (`gm form`), from their
own orders, their own standing orders and their own hand: nothing of anyone else's cards."""

from __future__ import annotations

from .describe import describe, standing_lines
from .rules import Rules
from .state import State
from .views import player_view

BLANK = [
    "turn: pass | left | right | a neighbour's name",
    "sign: team | kill (or by who is opposite: {NAME: team, default: kill})",
    "reveal: [ CARD, ... ] (the card to reveal in a showdown, by preference)",
    "loot: split | a teammate's name",
    "show_cards: true | false; bomb_choice: win | lose",
    "today only: leave_team: true; give: {card: CARD, to: NAME}",
]


def receipt_lines(orders, state: State, rules: Rules, player: str) -> list[str]:
    """Today's orders in words, then the standing orders that hold where none was sent today."""
    sent = {k: describe(k, v, player) for k, v in orders.sent.items()}
    lines = [f"{k}: {v}" for k, v in sent.items()]
    kept = [line for line in standing_lines(state, player) if line.split(":", 1)[0] not in sent]
    return lines + [f"standing, {line}" for line in kept]


def order_form(state: State, rules: Rules, player: str | None, view: dict | None = None) -> list[str]:
    if player is None:
        return list(BLANK)
    me = (view if view is not None else player_view(state, rules, player))["me"]
    if me["out"]:
        return []
    cards = [c["name"] for h in me["hands"] if not h["out"] for c in h["cards"]]
    lines = [f"your cards: {', '.join(cards) or 'none'}", "your standing orders: " + "; ".join(me["standing"])]
    if me["my_turn"]:
        lines.append("the next turn is yours: pass, or " + " or ".join(o["side"] for o in me["options"] if not o["own_person"]))
    return lines + BLANK
