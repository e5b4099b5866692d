"""The forum Battle Royale of battle-royale-handbook.txt.

Phases in the handbook's "Order of Actions" (III.F): dawn (last night's closures); free actions;
the Action Phase: smoke grenades ("before all other attacks"), Use Item and Heal, attacks (Ranged,
Melee, Explosives, or as the zone says), Set Trap, Search, Analyze; movement, all at once (mines,
escapes, then C-4); votes; the night's reports (Binoculars, Tracking Unit).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gm.capabilities import Forms, FromPackage, Rulings, Views, Vocabulary
from gm.engine import Engine, Facts, GameSetup, Hidden, Phase, Secrets, ThreadVotes
from gm.text import the

from . import thread_votes
from .orders import check_orders_doc, default_orders
from .roster import initial_state, read_game
from .state import State


@lru_cache(maxsize=None)
def day_phases(day0: bool) -> list[Phase]:
    """The phases in the handbook's order. Their modules are loaded when a day is resolved, so that
    `gm check` and `gm status` do not pay for them."""
    if day0:
        from . import setup

        return [Phase("day 0", setup.resolve)]
    from . import analyze, attacks, dawn, free_actions, movement, night, search, smoke, traps, use_items, votes

    return [
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


class Votes(ThreadVotes):
    """The votes of the public thread: red marks, yellow closes, lime drops (gm votes)."""

    kinds = staticmethod(thread_votes.vote_kinds)
    check = staticmethod(thread_votes.check_votes_doc)
    lay = staticmethod(thread_votes.lay_votes)
    cast = staticmethod(thread_votes.cast_votes)


class BattleRoyale(Views, Forms, Rulings, Vocabulary, Engine):
    facts = Facts(
        name="battle-royale",
        title="Battle Royale",
        demo_day=2,  # the demo's most eventful day: two deaths, closures, explosions
        sample_day=2,  # the PM corpus's day, mid-game
        own_heading="You",
        new_game_hint=("Edit game.yaml (roster, house rules), run `gm commit {dir} --day 0` and post it, write "
                       "days/00/orders/ (as {dir}/examples/day0-orders.yaml shows), then run "
                       "`gm check {dir} --day 0` and `gm resolve {dir} --day 0`."),
        players=(2, None),  # no maximum: a class of any size
    )
    state_class = State
    public_status = FromPackage("status")  # status.py: the player's own status, said in every message
    votes = Votes()
    check_orders = staticmethod(check_orders_doc)
    default_orders = staticmethod(default_orders)
    # RULINGS.md, "What is public": never public, roles, health, inventories, bonuses, the school
    # of a living player; the items hidden in the zones; the traps set. Day 0 deals them from lists
    # anyone can rebuild, so it is sealed; a later roll that decides a hidden fact seals its day
    secrets = Secrets(
        hidden=(Hidden("players.*.role", "others", "the game ends"),
                Hidden("players.*.school", "others", "its holder dies"),
                Hidden("players.*.zone", "others", "its holder dies", seen_by_sharing="zone"),
                Hidden("players.*.health", "others", "the game ends"),
                Hidden("players.*.items", "others", "the game ends", seen_by_sharing="zone"),
                Hidden("players.*.bonuses", "others", "the game ends"),
                Hidden("players.*.requested_role", "others", "the game ends"),
                Hidden("zones.*.hidden", "everyone", "the game ends"),
                Hidden("traps", "everyone", "the game ends")),
        sealed_days=(0,),
        sealed_why=("Day 0's dice drew the schools, the hidden items, the granted role requests and the bonuses "
                    "from lists anyone can rebuild, so its seed (or its roll log) would show them"),
        sealing_rolls=("a search, a loot, a trap, a poisoning, a contested item, a tie for a kill, a choice among "
                       "several covering students, a proficiency drawn at random, a reward drop or a bounty"),
    )

    def setup(self, doc: Any, path: str) -> GameSetup:
        rules, entries, problems = read_game(doc, path)
        state = initial_state(rules, entries) if not [p for p in problems if p.severity == "error"] else None
        return GameSetup(rules, [e["name"] for e in entries], problems, state)

    learned_kinds = frozenset({"analysis", "binoculars", "tracking", "attack", "poison"})  # what player_learned reads

    def player_learned(self, history, rules, player: str) -> list[str]:
        from .learned import learned

        return learned(history, player, lambda: self.places(rules))

    def orders_echo(self, orders, rules) -> str | None:
        from .echo import orders_echo

        return orders_echo(orders.record(), self.places(rules)) if orders.received else None

    def places(self, rules) -> dict[str, str]:
        return {name: f"{z.at} {the(name)}" for name, z in rules.zones.items()}

    def defaults_note(self, state: State) -> str:
        if state.day < 0:  # Day 0
            return "they wake up in a random zone, with a random bonus"
        return "they get the defaults: Defend, no movement"

    def sealing_rolls(self, rules) -> str:
        """None with `seal_hidden_rolls: false`: every later day is posted at once (RULINGS.md, "The public roll log")."""
        return self.secrets.sealing_rolls if rules.house.seal_hidden_rolls else ""

    def open_rolls(self, rules) -> str:
        """With `seal_hidden_rolls: false` the rolls that would seal a day are posted with it."""
        return "" if rules.house.seal_hidden_rolls else self.secrets.sealing_rolls

    def target_odds(self, rules) -> bool:
        """Hidden by the declaration; `target_odds: true` in house_rules shows them (RULINGS.md, "What a target sees")."""
        return self.secrets.target_odds or rules.house.target_odds

    def players_due(self, state: State) -> list[str]:
        """Who owes orders today: every living player (everyone, on Day 0)."""
        return [p.name for p in state.alive()]

    def phases(self, day: int, state: State) -> list[Phase]:
        return day_phases(day == 0)

    def new_notes(self):
        from .today import Today

        return Today()

    def decided(self, state: State, rules) -> bool:
        return state.day > 0 and len(state.alive()) <= 1

    def final_phase(self) -> Phase:
        from . import endgame

        return Phase("end of day", endgame.resolve)

    # -- gm simulate ------------------------------------------------------------------------------

    def sim_game(self, players: int | None) -> dict:
        """`gm simulate battle-royale`: the default house rules and `players` students (20 unless
        told), per ten of them one pair of Lovers, two Lone Wolf requests and six Dedicated Students."""
        return {"engine": self.facts.name, "title": "Simulated Battle Royale", "roster": sim_roster(players or 20)}

    def sim_reference(self) -> dict:
        from gm.yamlio import load_file, plain

        from .sim_stats import UNDECIDED

        return {"undecided": UNDECIDED, "weapons": plain(load_file(self.data_dir / "handbook-averages.yaml")),
                "weapons_note": "the handbook's average damage per hit attempt (section V), with no modifiers"}

    def new_game_files(self, title: str | None) -> dict[str, str]:
        files = super().new_game_files(title)
        # an example beside the game, not in days/00/orders/: sample orders there would be read as real ones
        files["examples/day0-orders.yaml"] = (self.data_dir / "new-day0.yaml").read_text(encoding="utf-8")
        return files


def sim_roster(n: int) -> list[dict]:
    """The simulated class: per ten students, one pair of Lovers, two Lone Wolf requests, six Dedicated."""
    names = [f"Student {i:0{len(str(n))}d}" for i in range(1, n + 1)]
    roster: list[dict] = []
    i = 0
    while i < n:
        slot = i % 10
        if slot == 0 and i + 1 < n:
            roster.append({"name": names[i], "role": "Lover", "partner": names[i + 1]})
            roster.append({"name": names[i + 1], "role": "Lover", "partner": names[i]})
            i += 2
            continue
        roster.append({"name": names[i], "role": "Lone Wolf" if slot in (2, 3) else "Dedicated Student"})
        i += 1
    return roster

