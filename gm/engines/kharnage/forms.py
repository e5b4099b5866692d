"""A Kharnage player's orders echoed back (a receipt) and what they may order (`gm form`, the end of
their message): their own hand and their own standing war plan, nothing of anyone else's."""

from __future__ import annotations

from .rules import Rules
from .state import State
from .views import plan_lines, player_view

PLAN = "plan: general, assault, shooting, elite, split, destroy, knights, web, stomp (standing: kept until changed)"


def receipt_lines(orders, state: State, rules: Rules, player: str) -> list[str]:
    card = rules.components.battle[orders.card] if orders.card else None
    hand = len(state.players[player].hand)
    how = {"lowest": "the lowest initiative of your hand", "highest": "the highest initiative of your hand"}.get(
        rules.silent_card, f"drawn at random from your hand, each of its {hand} card(s) 1 in {hand}")
    first = (f"Battle card: {card.name} (initiative {card.initiative})" if card
             else f"Battle card: you named none, so {how}")
    plan = orders.plan if orders.plan is not None else state.players[player].plan  # none sent: the standing plan
    return [first] + [f"War plan, {line}" for line in plan_lines(plan, rules)]


def order_form(state: State, rules: Rules, player: str | None, view: dict | None = None) -> list[str]:
    if player is None:
        return ["card: a Battle card in your hand, by name, id or initiative", PLAN]
    me = (view if view is not None else player_view(state, rules, player))["me"]
    hand = [f"{c['name']} ({c['initiative']})" for c in me["hand_cards"]]
    if not hand:
        return []
    return [f"card: one of your hand: {', '.join(hand)}", PLAN, "your plan now: " + "; ".join(me["plan"])]
