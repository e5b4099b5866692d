"""Simulated players for `gm simulate` (gm/simulate/): each writes its standing orders as a GM would
(orders.py): the turn, the sign, and the Bomb holder's choice. The deal (Day 0) takes no orders.

- random: pass or confront the left or right neighbour; a sign and a Bomb choice drawn each day;
- aggressive: always confronts a neighbour (left or right, drawn), shows Kill, and the Bomb wins;
- cautious: passes while a neighbour could be confronted only half the time, shows Team, and the
  Bomb loses (the $1000 Dollars are safer);
- forum: plays its hand as forum players do (below);
- defaults: sends nothing (the standing orders and the house rules' defaults).

`forum`, the default: a player reads their hand (their team's, when hands are shown). Strong (a
card of value STRONG or more, or the Bomb late in the game), they confront a neighbour and show
Kill; weak, they look for a team: they confront and show Team, or pass; in between they pass and
show Team to whoever confronts them. Teammates show each other their hands. When few are left
(BETRAYAL or fewer players), a team breaks: every member leaves it and shows Kill, since only one
player, or two with the $1000 Dollars, can win. The Bomb's holder chooses that both win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gm.balance import Chooser

from .rules import Rules
from .state import DEAL, State


def _orders(state: State, due: list[str], one) -> dict:
    if state.stage == DEAL:
        return {}
    return {name: one(name) for name in due}


def random_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    return _orders(state, due, lambda name: {"turn": choose.pick(["pass", "left", "right"]),
                                             "sign": choose.pick(["team", "kill"]),
                                             "bomb_choice": choose.pick(["win", "lose"])})


def aggressive_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    return _orders(state, due, lambda name: {"turn": choose.pick(["left", "right"]), "sign": "kill",
                                             "bomb_choice": "win"})


def cautious_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    return _orders(state, due, lambda name: {"turn": choose.pick(["pass", choose.pick(["left", "right"])]),
                                             "sign": "team", "bomb_choice": "lose"})


STRONG = 20  # a card this strong wins most showdowns (the stand-in deck runs 0 to 32)
WEAK = 10
BETRAYAL = 3  # players left when teams break


def forum_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    if state.stage == DEAL:
        return {}
    deck = rules.deck
    left = len(state.players_in())
    out = {}
    for name in due:
        persons = [p for p in state.persons_of(name) if not state.persons[p].out]
        if not persons:
            continue
        team = [m for p in persons for m in state.teammates(p) if state.player_of(m) != name]
        hand = state.hand_of_player(name)
        effects = {deck.card(c).effect for c in hand}
        best = max((deck.value(c) for c in hand), default=0)
        late = left <= BETRAYAL
        strong = best >= STRONG or ("bomb" in effects and late)
        if late or strong:
            turn, sign = choose.pick(["left", "right"]), "kill"
        elif best < WEAK and not team:
            turn, sign = choose.pick(["pass", "left", "right"]), "team"
        else:
            turn, sign = "pass", "team"
        order = {"turn": turn, "sign": sign, "show_cards": not late, "bomb_choice": "win",
                 "reveal": deck.by_value(hand)}
        if late and team:
            order["leave_team"] = True
        out[name] = order
    return out


POLICIES = {"random": random_orders, "aggressive": aggressive_orders, "cautious": cautious_orders,
            "forum": forum_orders}
