"""Team Kill, the class-trip Battle Royale card game (../shared/rules/class-trip-battle-royale.txt).

One forum day is one turn by default (`turns_per_day`). The active player passes or confronts
the team to their left or right; every sign, card choice and loot proposal comes from standing
orders sent by PM, so a day never waits on anyone. Hands are secret: the public post says who
won a showdown, never which cards.

Days:
  - Day 0: the shuffle, the deal and the first player (audited rolls); it takes no orders.
  - every later day: the free actions (standing orders laid over, leaves, gives), then the turn(s).

orders.py has the orders' reference; games/team-kill/RULINGS.md every ruling.
"""

from __future__ import annotations

from typing import Any

from gm.capabilities import Forms, FromPackage, RosterSetup, Rulings, Views, Vocabulary
from gm.engine import Day, Engine, Facts, Hidden, Phase, Secrets
from gm.errors import Location, Problem

from . import endgame, pending, setup, turns
from .orders import check_orders_doc, default_orders
from .rules import Rules
from .state import DEAL, State


def _deal(day: Day):
    return setup.deal(day.state, day.rules, day.dice, day.state.first_player)


def _settle_pending(day: Day):
    """First thing on a day after one that stopped for a decision: today's orders settle it."""
    events = turns.lay_standing(day.state, day.orders)
    day.notes["laid"] = True
    settled, finished_turn = pending.settle(day.state, day.rules, day.number)
    day.notes["used"] = int(finished_turn)
    return events + settled


def _free_actions(day: Day):
    return turns.free_actions(day.state, day.orders, day.number, laid=day.notes["laid"])


def _turns(day: Day):
    return turns.play_turns(day.state, day.rules, day.number, used=day.notes["used"])


def _next_turn(day: Day):
    return endgame.next_turn(day.state)


class TeamKill(Views, Forms, Rulings, Vocabulary, RosterSetup, Engine):
    facts = Facts(
        name="team-kill",
        title="Team Kill",
        config_keys=("house_rules", "roster", "first_player", "components", "telling"),
        demo_day=None,  # the demo prints its last day: the winner
        sample_day=3,  # the PM corpus's day, mid-game
        own_heading="Your hand",
        new_game_hint=("Edit game.yaml (the roster in seat order, house rules), run `gm commit {dir} --day 0` "
                       "and post it (the deal's dice: the one commitment that matters, as no later day rolls), "
                       "then `gm resolve {dir} --day 0` to shuffle, deal and roll for the first player."),
        players=(3, 36),  # a card each from 36 (a GM's own deck may seat more)
    )
    state_class = State
    public_status = FromPackage("status")  # status.py: the player's own status, said in every message
    check_orders = staticmethod(check_orders_doc)
    # TK-20: the cards in hands (and the cards left in the box) stay secret; Day 0 shuffled and dealt them
    secrets = Secrets(
        hidden=(Hidden("persons.*.hand", "others", "the game ends", held_by="player"),
                Hidden("undealt", "everyone", "the game ends")),
        sealed_days=(0,),
        sealed_why="Day 0's dice shuffled and dealt the deck, so its seed (or its roll log) would show everyone's card",
    )
    form_in_message = False  # message.j2 already ends with the standing orders and the turn's options

    def check_all(self, orders, missing, state: State, rules: Rules, day: int, folder: str) -> list[Problem]:
        """A warning when the coming turn would complete a full circle of passes (everyone loses), when
        the active player's standing turn no longer does what it said (its target out or moved away,
        or a teammate now on that side), and when a decision the last day stopped for (ask) has no
        answer from the players it waits on. Each names the player it concerns (their receipt)."""
        if state.stage == DEAL or state.over or state.active is None:
            return []
        if state.pending:
            return pending.unanswered(state, orders, folder)
        from .describe import stale_turn

        player = state.player_of(state.active)
        o = orders.get(player)
        turn = (o.sent.get("turn") if o is not None else None) or state.standing.get(player, {}).get("turn")
        stale = stale_turn(state, player) if not (o is not None and o.sent.get("turn")) else None
        out = []
        if stale:  # a standing turn sent before the table changed: the player hears it in their receipt
            out.append(Problem(Location(folder), f"{player}'s standing turn: {stale}", "warning", concerns=(player,)))
        if (turn is None or turn["kind"] == "pass") and state.passes + 1 >= len(state.in_play()):
            return out + [Problem(Location(folder), f"{player} is to play and will pass: that completes a full circle "
                                              "of passes, and everyone is eliminated (FAQ: \"What happens if all "
                                              "players pass?\")", "warning", concerns=(player,))]
        return out

    # -- gm simulate ------------------------------------------------------------------------------

    def sim_game(self, players: int | None) -> Any:
        """The new game's table, or `players` players around it (Player 1, Player 2, ...)."""
        self.check_seats(players)
        doc = super().sim_game(None)
        if players is not None:
            doc["roster"] = [f"Player {i:0{len(str(players))}d}" for i in range(1, players + 1)]
        return doc

    def sim_reference(self) -> dict:
        from .sim_stats import UNDECIDED

        return {"undecided": UNDECIDED}

    def default_orders(self, player: str, day: int):
        return default_orders(player)

    def defaults_note(self, state: State) -> str:
        if state.stage == DEAL:
            return "Day 0 takes nothing but an optional salt for the shuffle"
        return "they keep their standing orders (with none: pass, sign kill, reveal their best card)"

    def rolls_dice(self, state: State) -> bool:
        """Only the deal rolls (the shuffle and the first player); a turn never does (RULINGS.md, Set-up)."""
        return state.stage == DEAL

    def players_due(self, state: State) -> list[str]:
        """Everyone still in; on Day 0 too, so that a player may salt the shuffle (docs/fairness.md)."""
        return state.players_in()

    def new_notes(self) -> dict:
        """Whether the day's standing orders were laid already, and how many turns it has used."""
        return {"laid": False, "used": 0}

    def phases(self, day: int, state: State) -> list[Phase]:
        if state.stage == DEAL:
            return [Phase(setup.STEP, _deal)]
        first = [Phase(pending.STEP, _settle_pending)] if state.pending else []
        return first + [Phase(turns.FREE_STEP, _free_actions), Phase("turns", _turns)]

    def decided(self, state: State, rules) -> bool:
        return state.over

    def final_phase(self) -> Phase:
        return Phase(endgame.STEP, _next_turn)

    learned_kinds = frozenset({"your_card", "showdown", "gave", "loot"})  # what player_learned reads

    def player_learned(self, history, rules, player: str) -> list[str]:
        """The cards others showed, gave or shared with the player (learned.py)."""
        from .learned import learned

        return learned(history, player)

    def message_recipients(self, before: State, after: State, orders) -> list[str]:
        """Everyone still in before the day (a player eliminated today gets a last message)."""
        return sorted(p for p in after.players if before.stage == DEAL or p in before.players_in())


__all__ = ["TeamKill"]
