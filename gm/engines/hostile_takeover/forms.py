"""A player's orders echoed back (a receipt) and what they may order (`gm form`), from their own
orders and their own view: the board is public, so the form names squares and colours freely."""

from __future__ import annotations

from .rules import Rules
from .state import PLACEMENT, PLAY, State
from .views import player_view


def receipt_lines(orders, state: State, rules: Rules, player: str) -> list[str]:
    record = orders.record()
    if "tiles" in record:  # the set-up day
        return [f"Tiles: {', '.join(record['tiles']) or 'none'}",
                f"Buildings: {', '.join(record['buildings']) or 'none'}",
                f"Spawn: {record['spawn'] or 'none'}"]
    tries = record["orders"]
    if not tries:
        return ["Your turn: pass"]
    lines = [f"Your turn: {tries[0]}"] + [f"else: {t}" for t in tries[1:]]
    if any(c.kind == "attack" for c in orders.choices):
        lines.append(attack_odds(rules.die))
    return lines


def attack_odds(die: int) -> str:
    """An attack's odds, which every player can work out (rulebook, Combat: each rolls the die, the
    higher wins, a tie changes nothing): the same for every attack, whoever the defender is."""
    tie = 100 / die
    win = (100 - tie) / 2
    return (f"Odds of an attack: you win {win:.0f}%, a tie (nothing happens) {tie:.0f}%, you lose {win:.0f}% "
            f"(each rolls a d{die})")


def order_form(state: State, rules: Rules, player: str | None, view: dict | None = None) -> list[str]:
    if state.stage == PLACEMENT:
        if player is None:  # the thread's blank form: the orders to copy under one's own name
            return ["YOUR NAME: {tiles: [ SQUARE, ... ], buildings: [ SQUARE, [ SQUARE, SQUARE ], ... ], spawn: SQUARE}"]
        return ["tiles: [ SQUARE, ... ], buildings: [ SQUARE, [ SQUARE, SQUARE ], ... ], spawn: SQUARE"]
    if state.stage != PLAY:
        return []
    shape = ["one of: move: DIRECTION (N NE E SE S SW W NW) or SQUARE, claim: SQUARE, attack: COLOUR, pass",
             "a list gives fallbacks, tried in turn: [ attack: Red, move: NE ]"]
    if player is None:
        return ["YOUR NAME: {move: NE}   # " + shape[0], "## " + shape[1]]
    me = (view if view is not None else player_view(state, rules, player))["me"]
    if not me["options"]:
        return []
    return [f"legal now: {', '.join(o['yaml'] for o in me['options'])}", shape[1]]


def form_text(state: State, rules: Rules, player: str, view: dict | None = None) -> str:
    """`player`'s form as orders YAML under their name (Engine.form_text): each order legal from
    where their pawn stands, one a line; on the set-up day, their tiles, buildings and spawn."""
    from gm.text import yaml_scalar as q

    rows = [f"{q(player)}:"]
    if state.stage == PLACEMENT:
        rows += ["  # tiles: [ SQUARE, SQUARE ]   # the top-left square of each 2x2 tile, in your turns' order",
                 "  # buildings: [ SQUARE, [ SQUARE, SQUARE ] ]   # unclaimed buildings: small on one square, large on two",
                 "  # spawn: SQUARE"]
        return "\n".join(rows) + "\n"
    me = (view if view is not None else player_view(state, rules, player))["me"] if state.stage == PLAY else None
    if not me or not me["options"]:
        return "\n".join(rows + ["  ## no legal order now: you pass"]) + "\n"
    rows.append("  ## one order (an earlier turn may change what is legal: for fallbacks, write them as a list")
    rows.append("  ## instead, `- move: NE` under your name, first choice first); nothing sent: pass")
    rows += [f"  # {o['yaml']}" for o in me["options"]]
    return "\n".join(rows) + "\n"
