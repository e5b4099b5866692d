"""The state of a Kharnage game between two days, and its JSON form.

Cards are named by id everywhere (a copy of a Unit is `DW-U01.3`); the components say what a card
is. Every card is in exactly one place: a Reserve, an army (a Unit is one card, or every card of
a Large unit), a player's collected pile (destroyed this round), the Hill, or set aside (a General).
Battle cards are in a deck, a hand or the played pile.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gm.checker import find_name

SETUP, PLAY = "setup", "play"


@dataclass
class Unit:
    cards: list[str]  # one card, or every part of a Large unit (its first part first)
    absent: bool = False  # Flight: flipped until the end of the round
    web: bool = False  # a Web card on it: Immobilized until the end of the round

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"cards": list(self.cards)}
        if self.absent:
            d["absent"] = True
        if self.web:
            d["web"] = True
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Unit":
        return cls(list(d["cards"]), bool(d.get("absent")), bool(d.get("web")))

    @property
    def key(self) -> str:
        return self.cards[0]


@dataclass
class Player:
    name: str
    army: str
    reserve: list[str] = field(default_factory=list)  # top card first; secret order
    deck: list[str] = field(default_factory=list)  # Battle deck, top first; secret
    hand: list[str] = field(default_factory=list)  # Battle cards in hand; secret to the others
    played: list[str] = field(default_factory=list)  # Battle cards played, the latest last
    generals: list[str] = field(default_factory=list)  # set aside, in the components' order
    units: list[Unit] = field(default_factory=list)  # the army, in the order placed
    collected: list[str] = field(default_factory=list)  # cards this player destroyed this round
    tokens: list[int] = field(default_factory=list)  # Domination tokens won: 5, 3, 1 skulls
    kharnages: int = 0
    plan: dict[str, Any] = field(default_factory=dict)  # the standing war plan (orders.py)
    out: bool = False  # removed from the game by a GM's ruling (rulings.py)
    set_aside: list[str] = field(default_factory=list)  # cards a ruling took out of the game

    @property
    def skulls(self) -> int:
        return sum(self.tokens)

    @property
    def points(self) -> int:
        return self.skulls + self.kharnages

    def present(self) -> list[Unit]:
        """The Units that are part of the army now (Absent ones are not)."""
        return [u for u in self.units if not u.absent]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "army": self.army, "reserve": list(self.reserve), "deck": list(self.deck),
            "hand": list(self.hand), "played": list(self.played), "generals": list(self.generals),
            "units": [u.to_json() for u in self.units], "collected": list(self.collected),
            "tokens": list(self.tokens), "kharnages": self.kharnages, "plan": self.plan,
        } | ({"out": True} if self.out else {}) | ({"set_aside": list(self.set_aside)} if self.set_aside else {})

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Player":
        return cls(d["name"], d["army"], list(d["reserve"]), list(d["deck"]), list(d["hand"]), list(d["played"]),
                   list(d["generals"]), [Unit.from_json(u) for u in d["units"]], list(d["collected"]),
                   list(d["tokens"]), d["kharnages"], dict(d.get("plan") or {}), bool(d.get("out")),
                   list(d.get("set_aside") or []))


@dataclass
class State:
    day: int  # the last resolved day (-1 before Day 0)
    stage: str
    players: dict[str, Player]  # in seat order, clockwise: a player's left is the next seat
    round: int = 0  # the last round played
    hill: list[str] = field(default_factory=list)  # Unit cards on the Hill, in the order they went there
    supply: dict[str, int] = field(default_factory=dict)  # tokens left: skull_1/3/5, kharnage, web
    order: list[str] = field(default_factory=list)  # the last round's activation order
    pace: str = "round"  # round | activation (house rule `pace`, fixed at set-up)
    pending: list[str] = field(default_factory=list)  # pace activation: who still acts this round
    over: bool = False
    scores: list[dict[str, Any]] = field(default_factory=list)

    @property
    def seats(self) -> list[str]:
        return list(self.players)

    def to_json(self) -> dict[str, Any]:
        return {
            "engine": "kharnage", "day": self.day, "stage": self.stage, "round": self.round,
            "players": [p.to_json() for p in self.players.values()], "hill": list(self.hill),
            "supply": dict(sorted(self.supply.items())), "order": list(self.order), "pace": self.pace,
            "pending": list(self.pending), "over": self.over,
            "scores": self.scores,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "State":
        players = {p["name"]: Player.from_json(p) for p in d["players"]}
        return cls(d["day"], d["stage"], players, d.get("round", 0), list(d.get("hill", [])),
                   dict(d.get("supply", {})), list(d.get("order", [])), d.get("pace", "round"),
                   list(d.get("pending", [])), d.get("over", False), list(d.get("scores", [])))


def player_named(state: State, raw) -> str | None:
    """A player by name, or by the army they lead ('Akane', 'akane', 'Dwarves')."""
    name = find_name(raw, state.players)
    if name is None:
        army = find_name(raw, [p.army for p in state.players.values()])
        name = next((p.name for p in state.players.values() if p.army == army), None) if army else None
    return name
