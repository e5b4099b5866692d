"""The set-up day (Day 0): shuffle every Reserve and Battle deck with the audited dice, make the
opening draw of the «0» card's flags (only Chief and Large unit act, RULINGS R20), and deal the
opening hand of Battle cards."""

from __future__ import annotations

from gm.dice import DiceBase
from gm.events import Event

from . import reinforce
from .context import Ctx
from .rules import Rules
from .state import PLAY, State

STEP = "set-up"


def set_up(state: State, orders: dict, dice: DiceBase, rules: Rules) -> list[Event]:
    ctx = Ctx(state, rules, dice, STEP)
    for p in state.players.values():  # "shuffles his Unit deck (Reserve)" ... "shuffles their Battle cards"
        p.reserve = dice.shuffled(p.reserve, f"{p.name}'s Reserve ({p.army}): shuffle")
        p.deck = dice.shuffled(p.deck, f"{p.name}'s Battle deck ({p.army}): shuffle")
    for p in state.players.values():
        army = rules.components.armies[p.army]
        ctx.public("army_set_up", [p.name], player=p.name, army=p.army, reserve=len(p.reserve),
                   generals=[rules.components.unit_of[g].name for g in p.generals], flags=army.zero_flags)
        reinforce.reinforce(ctx, p, army.zero_flags, False, "opening", setup=True)
    for p in state.players.values():
        p.hand, p.deck = p.deck[:rules.hand], p.deck[rules.hand:]
        ctx.private("dealt", p.name, cards=[rules.components.battle[c].name for c in p.hand])
    state.stage = PLAY
    return ctx.events
