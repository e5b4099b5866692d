"""Kharnage (../shared/rules/kharnage.txt): four rounds of Battle cards revealed together and
resolved by initiative; armies in three lines; Domination tokens for the most Unit cards destroyed.

Days:
  - Day 0, the set-up: armies from game.yaml's roster, every Reserve and Battle deck shuffled with
    the audited dice, the opening draw of the «0» card (Chief and Large unit only), 3 Battle cards.
  - Days 1 to 4, one round each: every player's card and standing war plan (orders.py); reveal,
    the activations in initiative order, the end of the round; after round 4, the final score.

The cards are data (games/kharnage/components.yaml: stand-in armies, replaceable through
`components:` in game.yaml). A choice the war plan leaves open is made by a documented rule
(targeting.py, destroy.py) and explained in the player's message.
"""

from __future__ import annotations

from typing import Callable

from gm.capabilities import Forms, FromPackage, RosterSetup, Rulings, Views, Vocabulary
from gm.engine import Engine, Facts, Hidden, Phase, Secrets

from . import endgame, rounds, setup
from .gm_steps import GM
from .orders import check_all, check_orders_doc, default_orders
from .rules import Rules
from .state import SETUP, State


def _phase(name: str, fn: Callable) -> Phase:
    """The engine's phase functions take (state, orders, dice, rules); the Day context carries them."""
    return Phase(name, lambda day: fn(day.state, day.orders, day.dice, day.rules))


class Kharnage(Views, Forms, Rulings, Vocabulary, RosterSetup, Engine):
    facts = Facts(
        name="kharnage",
        title="Kharnage",
        config_keys=("house_rules", "roster", "components"),
        demo_day=None,  # the demo prints its last day: the final score
        sample_day=2,  # the PM corpus's day, mid-game
        new_game_hint=("Edit game.yaml (the players in seat order and their armies, house rules), run "
                       "`gm commit {dir} --day 0` and post it (the shuffles of every deck: the commitment that "
                       "matters most), then `gm resolve {dir} --day 0` (the set-up: shuffles, opening draws and hands)."),
        players=(2, 4),  # one army each: 2 to 4 with the stand-ins (a GM's components may hold more)
    )
    state_class = State
    public_status = FromPackage("status")  # status.py: the player's own status, said in every message
    check_orders = staticmethod(check_orders_doc)
    # the order of each Reserve and Battle deck, and the Battle cards in a hand; Day 0 shuffled them
    secrets = Secrets(
        hidden=(Hidden("players.*.reserve", "everyone", "the game ends"),
                Hidden("players.*.deck", "everyone", "the game ends"),
                Hidden("players.*.hand", "others", "the game ends")),
        sealed_days=(0,),
        sealed_why=("Day 0's dice shuffled every Reserve and Battle deck, so its seed (or its roll log) would "
                    "show every player's coming draws and hand"),
        sealing_rolls="a Battle card drawn for a player who sent no orders",
    )

    def sealing_rolls(self, rules: Rules) -> str:
        """Only `silent_card: random` draws a card from a hand (RULINGS.md): `lowest` and `highest` roll nothing secret."""
        return self.secrets.sealing_rolls if rules.silent_card == "random" else ""

    def check_all(self, orders, missing, state: State, rules: Rules, day: int, folder: str):
        return check_all(orders, missing, state, rules, folder)

    # -- gm simulate ------------------------------------------------------------------------------

    def sim_reference(self) -> dict:
        return {"weapons_label": "attack", "weapons_note": "damage: attack points; hit: attacks that destroyed "
                                                           "something; kills: Unit cards destroyed"}

    def default_orders(self, player: str, day: int):
        return default_orders(player)

    def defaults_note(self, state: State) -> str:
        return "they play a Battle card drawn from their hand, with their standing war plan"

    def players_due(self, state: State) -> list[str]:
        if state.stage == SETUP:
            return []
        if state.pending:  # pace activation: only the active player
            return [state.pending[0]]
        return [p.name for p in state.players.values() if p.hand]

    def phases(self, day: int, state: State) -> list[Phase]:
        if state.stage == SETUP:
            return [_phase(setup.STEP, setup.set_up)]
        end = _phase(rounds.END, rounds.end_of_round)
        yeah = _phase(rounds.YEAH, rounds.yeah)  # the GM's no_yeah list, if any: first thing of the day
        if state.pending:  # pace activation: one activation a day, the round's end after the last
            active = state.pending[0]
            one = _phase(rounds.step_name(active), rounds.activation(active))
            return [yeah, one, end] if len(state.pending) == 1 else [yeah, one]
        if state.pace == "activation":
            return [yeah, _phase(rounds.REVEAL, rounds.reveal)]
        # the activations are known only after the reveal: one phase walks them in order
        return [yeah, _phase(rounds.REVEAL, rounds.reveal), _phase("activations", _activations), end]

    def final_phase(self) -> Phase:
        return _phase(endgame.STEP, endgame.resolve)

    def message_recipients(self, before, after, orders) -> list[str]:
        """Everyone, every day: the armies are everyone's, and each hand is someone's."""
        return sorted(after.players)


def _activations(state: State, orders: dict, dice, rules: Rules) -> list:
    events = []
    for name in state.order:
        events += rounds.activation(name)(state, orders, dice, rules)
    return events


__all__ = ["Kharnage", "GM"]
