"""Simulated warlords for `gm simulate` (gm/simulate/): each writes the round's Battle card and war
plan as a GM would (orders.py), from the cards in hand.

- random: any card in hand, and every choice of the plan drawn from its options;
- aggressive: the card with the most attacks (then the lowest initiative number, to act first),
  splitting attacks and sending the Knights whenever it can, destroying the most cards;
- cautious: the card with the most reinforcement flags, never splitting nor sending Knights,
  destroying the toughest Units first;
- forum: plays the game's arc as forum players do: reinforcements early (the card with the most
  flags, then attacks), attacks late (the most attacks, then the earliest initiative), the Knights
  when they do better and the best split, destroying the Kharnage cards first, then the most cards;
- defaults: sends nothing (a card drawn as the house rule `silent_card` says, the standing plan).

A card whose Power the engine cannot know (`gm: true` in components.yaml) needs the GM's word: a
simulated GM writes that it does nothing (`gm: {NAME: []}`), as gm_steps.py allows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gm.balance import Chooser

from .orders import CHOICES
from .rules import Rules
from .state import State


def _orders(state: State, rules: Rules, due: list[str], pick_card, plan) -> dict:
    out: dict = {}
    silent: dict = {}
    for name in due:
        p = state.players[name]
        order: dict = {"plan": plan(p)}
        if p.hand and not state.pending:
            order["card"] = pick_card(p)
            if rules.components.battle[order["card"]].gm_power:
                silent[name] = []
        out[name] = order
    if silent:
        out["gm"] = silent
    return out


def random_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    def plan(p):
        return {key: choose.pick(list(options)) for key, options in sorted(CHOICES.items())}
    return _orders(state, rules, due, lambda p: choose.pick(sorted(p.hand)), plan)


def aggressive_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    battle = rules.components.battle

    def card(p):
        return min(sorted(p.hand), key=lambda c: (-len(battle[c].attacks), battle[c].initiative))
    return _orders(state, rules, due, card,
                   lambda p: {"split": "always", "knights": "always", "destroy": "most_cards"})


def cautious_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    battle = rules.components.battle

    def card(p):
        return min(sorted(p.hand), key=lambda c: (-battle[c].flags, battle[c].initiative))
    return _orders(state, rules, due, card,
                   lambda p: {"split": "never", "knights": "never", "destroy": "toughest_first"})


def forum_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    battle = rules.components.battle
    late = state.round + 1 > rules.rounds // 2  # the round about to be played is in the second half

    def card(p):
        if late:
            return min(sorted(p.hand), key=lambda c: (-len(battle[c].attacks), battle[c].initiative))
        return min(sorted(p.hand), key=lambda c: (-battle[c].flags, -len(battle[c].attacks), battle[c].initiative))
    return _orders(state, rules, due, card, lambda p: {
        "split": "best", "knights": "when_better", "destroy": "most_cards" if late else "kharnage_first"})


POLICIES = {"random": random_orders, "aggressive": aggressive_orders, "cautious": cautious_orders,
            "forum": forum_orders}
