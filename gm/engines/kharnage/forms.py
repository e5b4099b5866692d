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


_PLAN_CHOICES = {
    "general": "a General's name, first or no",
    "assault": "auto, or a list tried in order: left, right, players, armies",
    "shooting": "as assault, for Shooting attacks",
    "elite": "as assault, for Elite, Kamikaze, Veteran and Power attacks",
    "split": "never, always or best",
    "destroy": "kharnage_first, most_cards, toughest_first, cheapest_first, or Unit names",
    "knights": "never, always or when_better",
    "web": "most_symbols, toughest, or Unit names",
    "stomp": "most_cards, toughest, or Unit names",
}


def form_text(state: State, rules: Rules, player: str, view: dict | None = None) -> str:
    """`player`'s form as orders YAML under their name (Engine.form_text): the card, one of their
    hand, and their standing war plan entry by entry, each at its value now, to change by
    uncommenting it (and `plan:` above it)."""
    from gm.text import yaml_scalar as q

    me = (view if view is not None else player_view(state, rules, player))["me"]
    hand = me["hand_cards"]
    rows = [f"{q(player)}:"]
    if not hand:
        return "\n".join(rows + ["  ## no Battle card in your hand: no orders"]) + "\n"
    rows.append(f"  # card: {q(hand[0]['name'])}   # your hand: "
                + ", ".join(f"{c['name']} ({c['initiative']})" for c in hand))
    rows.append("  ## your war plan stands as it is; to change an entry, uncomment it with `plan:`")
    rows.append("  # plan:")
    plan = state.players[player].plan
    for key, line in zip(_PLAN_CHOICES, plan_lines(plan, rules)):
        value = line.split(": ", 1)[1]
        raw = plan.get(key)
        shown = f"[ {', '.join(q(v) for v in value.split(', '))} ]" if isinstance(raw, list) else q(value)
        rows.append(f"  #   {key}: {shown}   # {_PLAN_CHOICES[key]}")
    return "\n".join(rows) + "\n"
