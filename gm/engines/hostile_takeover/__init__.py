"""Hostile Takeover (../shared/rules/hostile-takeover.txt): a square grid of 2x2 tiles, buildings
to claim with a d12, combat with a d12 each, three lives, and a score for buildings held.

A forum day is one round; every player's turn is one phase, in seat order from the first player.

Days:
  - the opening day (Day 0): the roll for the first player (unless game.yaml names one). If
    game.yaml describes the board, the pawns go onto their spawns and Round 1 is Day 1.
    Otherwise the players place the board the next day.
  - the set-up day (when game.yaml has no board): every player's placements, laid in the
    rules' order (placement.py).
  - every later day: one round.

Orders (orders.py has the full reference; a list gives fallbacks, the first legal one is played):

    Akane: {move: NE}                 # one square: N NE E SE S SW W NW
    Bruno: {move: F6}                 # a square next to the pawn, or around a building Bruno owns
    Chiaki: {claim: B7}               # the building on B7: a d12 of damage
    Dana: {attack: Red}               # an adjacent player, by colour or name: a d12 each
    Emil: [attack: Red, move: NE, claim: B7]
    Farah: pass                       # also what a player who sends nothing does

Set-up day orders: `{tiles: [E5, G5], buildings: [C3, [D4, E4]], spawn: B2}`.
"""

from __future__ import annotations

from typing import Any

from gm.capabilities import Forms, FromPackage, RosterSetup, Rulings, Views, Vocabulary
from gm.engine import Engine, Facts, Phase, Secrets

from . import endgame, placement, setup, turns
from .orders import check_orders_doc, default_orders
from .rules import Rules
from .state import OPENING, PLACEMENT, PLAY, State


class HostileTakeover(Views, Forms, Rulings, Vocabulary, RosterSetup, Engine):
    facts = Facts(
        name="hostile-takeover",
        title="Hostile Takeover",
        config_keys=("house_rules", "roster", "first_player", "board"),
        demo_day=None,  # the demo prints its last day: the final score
        sample_day=5,  # the PM corpus's day, mid-game
        new_game_hint=("Edit game.yaml (roster and colours, house rules, the board), run `gm commit {dir} --day 0` "
                       "and post it, then `gm check {dir} --day 0` and `gm resolve {dir} --day 0` (the roll for the "
                       "first player); commit each round the same way before its orders come in."),
        players=(2, 4),  # "Recommended Players: 3-4"; one colour each, four colours
    )
    state_class = State
    public_status = FromPackage("status")  # status.py: the player's own status, said in every message
    check_orders = staticmethod(check_orders_doc)
    # a game of perfect information: only the orders are secret, and gm/fairness/lock.py seals them
    secrets = Secrets(target_odds=True)  # every modifier of an attack is on the board
    form_in_message = False  # message.j2 already ends with the legal orders, in the board's words

    def check_all(self, orders, missing, state: State, rules: Rules, day: int, folder: str):
        if state.stage == PLACEMENT:
            return placement.check_all(orders, missing, state, rules, folder)
        return []

    def default_orders(self, player: str, day: int):
        """A player who sent nothing passes. (On the set-up day a missing player is an error instead:
        check_all reports it, so that day is never resolved with a default.)"""
        return default_orders(player)

    def defaults_note(self, state: State) -> str:
        if state.stage == PLACEMENT:
            return "every player must send set-up orders"
        return "they pass"

    def players_due(self, state: State) -> list[str]:
        if state.stage == OPENING:
            return []
        return [p.name for p in state.in_game()]

    def day_name(self, state, day: int) -> str:
        """`Round 7 (Day 7)`, as the posts head a round."""
        n = state.round_of(day) if state.stage == PLAY else 0
        return f"Round {n} (Day {day})" if n > 0 else f"Day {day}"

    def phases(self, day: int, state: State) -> list[Phase]:
        if state.stage == OPENING:
            return [Phase("first player", setup.roll_off), Phase("set-up", setup.open_game)]
        if state.stage == PLACEMENT:
            return [Phase("set-up", placement.resolve)]
        return turns.phases(state)

    def decided(self, state: State, rules) -> bool:
        return endgame.finished(state)

    def final_phase(self) -> Phase:
        return Phase(endgame.STEP, endgame.resolve)

    # -- gm simulate ------------------------------------------------------------------------------

    def sim_game(self, players: int | None) -> Any:
        """The new game, or its first `players` seats, with only their spawns on the board."""
        doc = super().sim_game(players)
        seated = {e["name"] for e in doc["roster"]}
        spawns = doc.get("board", {}).get("spawns")
        for name in [n for n in (spawns or {}) if n not in seated]:
            del spawns[name]
        return doc

    def sim_reference(self) -> dict:
        """The rulebook's dice: a claim does a d12 of damage (6.5 on average); an attacker wins a combat
        when its d12 beats the defender's, 11 times in 24 (a tie sends no one home)."""
        return {"weapons": {"claim": 6.5, "attack": round(11 / 24, 4)}, "weapons_label": "roll",
                "weapons_note": "rulebook: a claim's d12 averages 6.5; an attack's d12 beats the defender's 11 times in 24"}

    def message_recipients(self, before, after, orders) -> list[str]:
        """Everyone, every day: the board is everyone's, and a player who is out still holds buildings."""
        return sorted(after.players)


__all__ = ["HostileTakeover"]
