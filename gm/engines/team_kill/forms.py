"""A Team Kill player's orders echoed back (a receipt) and what they may order (`gm form`), from their
own orders, their own standing orders and their own hand: nothing of anyone else's cards."""

from __future__ import annotations

from .describe import describe, standing_lines
from .rules import Rules
from .state import DEAL, State
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


def form_text(state: State, rules: Rules, player: str, view: dict | None = None) -> str:
    """`player`'s form as orders YAML under their name (Engine.form_text): their standing orders
    at their values now (to change, uncomment), the choices beside them from their own hand and
    neighbours; today-only orders when they have a team. Day 0 takes a salt only."""
    from gm.text import yaml_scalar as q

    rows = [f"{q(player)}:"]
    if state.stage == DEAL:
        rows.append('  # salt: "any words you like"   # mixed into the shuffle and the deal')
        return "\n".join(rows) + "\n"
    me = (view if view is not None else player_view(state, rules, player))["me"]
    if me["out"]:
        return "\n".join(rows + ["  ## you are out of the game: no orders"]) + "\n"
    cards = list(dict.fromkeys(c["name"] for h in me["hands"] if not h["out"] for c in h["cards"]))
    standing = "; ".join(me["standing"]) or "none"
    rows.append(f"  ## your standing orders now: {standing}")
    rows.append("  ## they hold until you change them: uncomment a line to change it")
    sides = [f"{o['side']} ({', '.join(o['team'])})" for o in me["options"] if not o["own_person"]]
    rows.append("  # turn: pass   # " + ("the next turn is yours: pass, " + ", ".join(sides) if sides
                                         else "pass, left, right, or a neighbour's name"))
    rows.append("  # sign: kill   # team or kill (or by who is opposite: {NAME: team, default: kill})")
    if cards:
        rows.append(f"  # reveal: [ {', '.join(q(c) for c in cards)} ]   # your cards, by preference")
    rows.append("  # loot: split   # split, or a teammate's name")
    rows.append("  # show_cards: true   # show hands with your teammates when a team forms")
    if any(rules.deck.by_name[c].effect == "bomb" for c in cards if c in rules.deck.by_name):
        rows.append("  # bomb_choice: lose   # win or lose: your Bomb against $1000 Dollars at the end")
    if me["teammates"]:
        rows.append("  # leave_team: true   # today only, before the turn")
        fresh = any(state.team_of(p).formed == state.day for p in me["persons"] if not state.persons[p].out)
        if len(cards) > 1 and fresh:  # a player always keeps one card; gives the day after a team forms
            rows.append(f"  # give: {{card: {q(cards[0])}, to: {q(me['teammates'][0])}}}   # today only, "
                        f"to a teammate of a team formed yesterday: {', '.join(me['teammates'])}")
    return "\n".join(rows) + "\n"
