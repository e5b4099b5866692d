"""The state of a Team Kill game between two days, and its JSON form.

Everything is kept per *person*: a seat at the table with its own hand. In the usual game a
person is a player; in the 4/5-player variant each player has two persons ("Akane 1" and
"Akane 2"), seated half a table apart, always in one team (RULINGS.md TK-18).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DEAL, PLAY = "deal", "play"


@dataclass
class Person:
    name: str
    player: str
    hand: list[str] = field(default_factory=list)
    out_turn: int | None = None  # the turn they were eliminated in
    out_day: int | None = None

    @property
    def out(self) -> bool:
        return self.out_turn is not None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "player": self.player, "hand": list(self.hand),
                "out_turn": self.out_turn, "out_day": self.out_day}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Person":
        return cls(d["name"], d["player"], list(d["hand"]), d.get("out_turn"), d.get("out_day"))


@dataclass
class Team:
    members: list[str]  # persons, in seat order
    formed: int | None = None  # the day it formed by a confrontation (None: everyone's own team)

    def to_json(self) -> dict[str, Any]:
        return {"members": list(self.members), "formed": self.formed}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Team":
        return cls(list(d["members"]), d.get("formed"))


@dataclass
class State:
    day: int  # the last resolved day (-1 before Day 0)
    stage: str
    players: list[str]  # the roster, in seat order
    variant: bool = False  # two persons a player
    persons: dict[str, Person] = field(default_factory=dict)  # in seat order
    teams: list[Team] = field(default_factory=list)
    shows: list[list[str]] = field(default_factory=list)  # pairs of players who show each other their hands
    first: str | None = None  # the person who took the first turn
    active: str | None = None  # the person whose turn is next
    turn: int = 0  # turns played
    passes: int = 0  # turns in a row without a confrontation
    undealt: list[str] = field(default_factory=list)  # cards left in the box at the deal
    discarded: list[str] = field(default_factory=list)
    standing: dict[str, dict] = field(default_factory=dict)  # player -> standing orders (orders.py)
    over: bool = False
    end: str | None = None  # last_standing | two_winners | all_eliminated | all_passed
    winners: list[str] = field(default_factory=list)
    first_player: str | None = None  # named in game.yaml (None: Day 0 rolls for it)
    pending: dict | None = None  # a decision the day stopped for (house rule `ask`): pending.py

    # ---- seats and players ------------------------------------------------------------

    @property
    def seats(self) -> list[str]:
        return list(self.persons)

    def in_play(self) -> list[str]:
        """Persons still in the game, in seat order."""
        return [n for n, p in self.persons.items() if not p.out]

    def players_in(self) -> list[str]:
        """Players with a person still in the game, in roster order."""
        alive = {p.player for p in self.persons.values() if not p.out}
        return [n for n in self.players if n in alive]

    def persons_of(self, player: str) -> list[str]:
        """The player's persons, in seat order, from an index of the seats made once (the seats
        never change after the deal; a new `persons` is indexed again): a scan of the table for
        each player would make every order check and message walk the whole table."""
        index = self.__dict__.get("_seats_of")
        if index is None or index[0] is not self.persons or index[1] != len(self.persons):
            by_player: dict[str, list[str]] = {}
            for n, p in self.persons.items():
                by_player.setdefault(p.player, []).append(n)
            index = self.__dict__["_seats_of"] = (self.persons, len(self.persons), by_player)
        return list(index[2].get(player, ()))

    def player_of(self, person: str) -> str:
        return self.persons[person].player

    def hand_of_player(self, player: str) -> list[str]:
        return [c for n in self.persons_of(player) for c in self.persons[n].hand]

    def neighbours(self, person: str) -> tuple[str | None, str | None]:
        """(left, right): the nearest persons still in the game on either side (TK-2: right is
        the next seat in the roster's order, clockwise; left the previous)."""
        live = self.in_play()
        seats = self.seats
        if person not in seats or len(live) < 2:
            return None, None
        i = seats.index(person)
        n = len(seats)
        right = next(seats[(i + k) % n] for k in range(1, n) if not self.persons[seats[(i + k) % n]].out)
        left = next(seats[(i - k) % n] for k in range(1, n) if not self.persons[seats[(i - k) % n]].out)
        return left, right

    def next_active(self, after: str) -> str | None:
        """The next person clockwise still in the game (TK-1)."""
        seats = self.seats
        i = seats.index(after)
        n = len(seats)
        return next((seats[(i + k) % n] for k in range(1, n + 1) if not self.persons[seats[(i + k) % n]].out), None)

    # ---- teams ----------------------------------------------------------------------------

    def team_of(self, person: str) -> Team:
        return next(t for t in self.teams if person in t.members)

    def teammates(self, person: str) -> list[str]:
        return [m for m in self.team_of(person).members if m != person]

    def team_players(self, team: Team) -> list[str]:
        return list(dict.fromkeys(self.persons[m].player for m in team.members))

    def sort_teams(self) -> None:
        """Members in seat order, teams by their first member's seat, empty teams dropped."""
        seat = {n: i for i, n in enumerate(self.persons)}
        for t in self.teams:
            t.members.sort(key=seat.__getitem__)
        self.teams = sorted((t for t in self.teams if t.members), key=lambda t: seat[t.members[0]])

    def shows_between(self, a: str, b: str) -> bool:
        return sorted([a, b]) in self.shows

    # ---- cards ----------------------------------------------------------------------------

    def all_cards(self) -> list[str]:
        """Every card of the deck, wherever it is (held, discarded, left in the box)."""
        held = [c for p in self.persons.values() for c in p.hand]
        waiting = list(self.pending["cards"]) if self.pending and self.pending["kind"] == "loot" else []
        return held + waiting + self.discarded + self.undealt

    # ---- JSON -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "engine": "team-kill", "day": self.day, "stage": self.stage, "players": list(self.players),
            "variant": self.variant, "persons": [p.to_json() for p in self.persons.values()],
            "teams": [t.to_json() for t in self.teams], "shows": [list(s) for s in self.shows],
            "first": self.first, "active": self.active, "turn": self.turn, "passes": self.passes,
            "undealt": list(self.undealt), "discarded": list(self.discarded),
            "standing": {k: self.standing[k] for k in sorted(self.standing)},
            "over": self.over, "end": self.end, "winners": list(self.winners),
            "first_player": self.first_player, "pending": self.pending,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "State":
        return cls(
            d["day"], d["stage"], list(d["players"]), d.get("variant", False),
            {p["name"]: Person.from_json(p) for p in d["persons"]},
            [Team.from_json(t) for t in d.get("teams", [])], [list(s) for s in d.get("shows", [])],
            d.get("first"), d.get("active"), d.get("turn", 0), d.get("passes", 0),
            list(d.get("undealt", [])), list(d.get("discarded", [])), dict(d.get("standing", {})),
            d.get("over", False), d.get("end"), list(d.get("winners", [])), d.get("first_player"),
            d.get("pending"),
        )
