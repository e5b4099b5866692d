"""The forum Battle Royale of battle-royale-handbook.txt.

Phases in the handbook's "Order of Actions" (III.F): dawn (last night's closures); free actions;
the Action Phase: smoke grenades ("before all other attacks"), Use Item and Heal, attacks (Ranged,
Melee, Explosives, or as the zone says), Set Trap, Search, Analyze; movement, all at once (mines,
escapes, then C-4); votes; the night's reports (Binoculars, Tracking Unit).
"""

from __future__ import annotations

from typing import Any

from gm.roster import new_game_yaml
from gm.engine import GameSetup, Phase

from . import (analyze, attacks, dawn, endgame, free_actions, movement, night, search, setup, smoke, thread_votes, traps,
               use_items, votes)
from .orders import check_orders_doc, default_orders
from .roster import initial_state, read_game
from .rules import DATA
from .state import State
from .views import gm_view, player_status, player_view, player_views, public_view, status_rows

DAY_PHASES = [
    Phase("dawn", dawn.resolve),
    Phase("free actions", free_actions.resolve),
    Phase("smoke", smoke.resolve),
    Phase("use items", use_items.resolve),
    Phase("attacks", attacks.resolve),
    Phase("traps", traps.resolve),
    Phase("search", search.resolve),
    Phase("analyze", analyze.resolve),
    Phase("movement", movement.resolve),
    Phase("votes", votes.resolve),
    Phase("night", night.resolve),
]
DAY0_PHASES = [Phase("day 0", setup.resolve)]


class BattleRoyale:
    name = "battle-royale"
    title = "Battle Royale"
    config_keys = ("house_rules", "roster")
    demo_day = 1
    personal_events = {"death": "player"}  # the dead learn how they died
    new_game_hint = ("Edit game.yaml (roster, house rules), write days/00/orders/, then run "
                     "`gm check {dir} --day 0` and `gm resolve {dir} --day 0`.")

    def setup(self, doc: Any, path: str) -> GameSetup:
        rules, entries, problems = read_game(doc, path)
        state = initial_state(rules, entries) if not [p for p in problems if p.severity == "error"] else None
        return GameSetup(rules, [e["name"] for e in entries], problems, state)

    def state_from_json(self, data: dict) -> State:
        return State.from_json(data)

    def state_to_json(self, state: State) -> dict:
        return state.to_json()

    def check_orders(self, doc, path, rules, state, day, seen):
        return check_orders_doc(doc, path, rules, state, day, seen)

    def check_all(self, orders, missing, state, rules, day, folder):
        return []  # every Battle Royale check needs only one player's orders

    def default_orders(self, player: str, day: int):
        return default_orders(player, day)

    def defaults_note(self, state: State) -> str:
        if state.day < 0:  # Day 0
            return "they wake up in a random zone, with a random bonus"
        return "they get the defaults: Defend, no movement"

    def players_due(self, state: State) -> list[str]:
        """Who owes orders today: every living player (everyone, on Day 0)."""
        return [p.name for p in state.alive()]

    def phases(self, day: int, state: State) -> list[Phase]:
        return DAY0_PHASES if day == 0 else DAY_PHASES

    def finished(self, state: State, rules) -> bool:
        return state.day > 0 and len(state.alive()) <= 1

    def final_phase(self) -> Phase:
        return Phase("end of day", endgame.resolve)

    def is_over(self, state: State) -> bool:
        return state.over

    def public_view(self, state, rules) -> dict:
        return public_view(state, rules)

    def player_view(self, state, rules, player: str) -> dict:
        return player_view(state, rules, player)

    def player_views(self, state, rules, players) -> dict[str, dict]:
        """player_view for every player in `players`, sharing the work (render_day uses it)."""
        return player_views(state, rules, players)

    def gm_view(self, state, rules) -> dict:
        return gm_view(state, rules)

    def message_recipients(self, before, after, orders) -> list[str]:
        """Everyone who was alive at the start of the day (those who died today learn how)."""
        return sorted(orders)

    def player_status(self, state, rules, player: str) -> list[str]:
        return player_status(state, rules, player)

    def orders_record(self, orders) -> dict:
        return orders.record()

    def status_rows(self, state, rules):
        return status_rows(state, rules)

    def thread_votes(self, state, rules):
        """The votes of the public thread: red marks, yellow closes, lime drops (gm votes)."""
        return thread_votes.vote_kinds(state, rules)

    def check_votes(self, doc, path, rules, state, day):
        return thread_votes.check_votes_doc(doc, path, rules, state, day)

    def lay_votes(self, orders, votes):
        return thread_votes.lay_votes(orders, votes)

    def example_dir(self):
        return DATA / "examples" / "demo"

    def new_game_files(self, title: str | None) -> dict[str, str]:
        text = new_game_yaml(DATA / "new-game.yaml", "Battle Royale", title)
        return {"game.yaml": text, "days/00/orders/starting-zones.yaml": (DATA / "new-day0.yaml").read_text(encoding="utf-8")}
