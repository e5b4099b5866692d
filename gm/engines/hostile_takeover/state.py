"""The state of a Hostile Takeover game between two days, and its JSON form.

A game goes through three stages: `opening` (the roll for the first player; pawns go onto their
spawns if game.yaml describes the board), `placement` (the players place tiles, unclaimed
buildings and spawns from their orders) and `play` (one round a day).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import grid
from .grid import Square

OPENING, PLACEMENT, PLAY = "opening", "placement", "play"


@dataclass
class Building:
    """A small building stands on one square, a large one across two. `owner` is a player's name."""

    squares: tuple[Square, ...]
    owner: str | None
    points: int

    @property
    def size(self) -> str:
        return "large" if len(self.squares) == 2 else "small"

    @property
    def label(self) -> str:
        """Its first square in reading order: how posts and the roll log name it."""
        return grid.name(self.squares[0])

    def touches(self, sq: Square) -> bool:
        return any(grid.adjacent(sq, s) for s in self.squares) and sq not in self.squares

    def around(self) -> list[Square]:
        """Every square the building touches, in reading order."""
        out = {n for s in self.squares for n in grid.neighbours(s)} - set(self.squares)
        return sorted(out, key=grid.reading_order)

    def to_json(self) -> dict[str, Any]:
        return {"squares": grid.names(self.squares), "size": self.size, "owner": self.owner, "points": self.points}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Building":
        return cls(tuple(grid.parse(s) for s in d["squares"]), d.get("owner"), d["points"])


def building(squares, owner: str | None, points: int) -> Building:
    return Building(tuple(sorted(squares, key=grid.reading_order)), owner, points)


@dataclass
class Player:
    name: str
    colour: str
    lives: int
    at: Square | None = None  # None before the pawns are placed, and once the player is out
    spawn: Square | None = None
    out_round: int | None = None  # the round the player lost their last life
    ruled_out: bool = False  # put out by a GM's ruling (rulings.py), not by losing their lives

    @property
    def out(self) -> bool:
        return self.out_round is not None

    @property
    def label(self) -> str:
        return f"{self.name} ({self.colour})"

    @property
    def on_board(self) -> bool:
        return self.at is not None and not self.out

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "colour": self.colour, "lives": self.lives,
            "at": grid.name(self.at) if self.at else None,
            "spawn": grid.name(self.spawn) if self.spawn else None,
            "out_round": self.out_round,
        } | ({"ruled_out": True} if self.ruled_out else {})

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Player":
        return cls(d["name"], d["colour"], d["lives"], grid.parse(d["at"]) if d.get("at") else None,
                   grid.parse(d["spawn"]) if d.get("spawn") else None, d.get("out_round"), bool(d.get("ruled_out")))


@dataclass
class State:
    day: int  # the last resolved day (-1 before Day 0)
    stage: str
    players: dict[str, Player]  # in seat order (the roster's order, clockwise)
    first_player: str | None = None
    first_round_day: int | None = None  # the day of Round 1
    tiles: list[Square] = field(default_factory=list)  # top-left squares, in the order they were placed
    holes: list[Square] = field(default_factory=list)  # squares knocked out of tiles
    buildings: list[Building] = field(default_factory=list)  # in reading order of their labels
    over: bool = False
    end: str | None = None  # last_standing | max_rounds | stuck
    scores: list[dict[str, Any]] = field(default_factory=list)

    # ---- derived ------------------------------------------------------------

    @property
    def seats(self) -> list[str]:
        return list(self.players)

    def turn_order(self) -> list[str]:
        """Seat order starting with the first player."""
        seats = self.seats
        if self.first_player not in seats:
            return seats
        i = seats.index(self.first_player)
        return seats[i:] + seats[:i]

    def round_of(self, day: int) -> int:
        return day - self.first_round_day + 1 if self.first_round_day is not None else 0

    @property
    def round(self) -> int:
        """The round just played (0 before Round 1)."""
        return max(0, self.round_of(self.day))

    def floor(self) -> frozenset[Square]:
        """Every square a pawn may stand on or cross. Kept until the tiles or holes change: every
        move asks for it (a simulation, thousands of times a game)."""
        key = (tuple(self.tiles), tuple(self.holes))
        cached = self.__dict__.get("_floor")
        if cached is None or cached[0] != key:
            squares = {(c + dc, r + dr) for c, r in self.tiles for dc in (0, 1) for dr in (0, 1)}
            cached = self.__dict__["_floor"] = (key, frozenset(squares - set(self.holes)))
        return cached[1]

    def off_floor(self, sq: Square) -> str:
        """Why a square that is not floor is not: 'a hole' inside the board's frame, else 'off the board'."""
        squares = [(c + dc, r + dr) for c, r in self.tiles for dc in (0, 1) for dr in (0, 1)]
        if not squares:
            return "off the board"
        cols = [s[0] for s in squares]
        rows = [s[1] for s in squares]
        inside = min(cols) <= sq[0] <= max(cols) and min(rows) <= sq[1] <= max(rows)
        return "a hole" if inside else "off the board"

    def building_at(self) -> dict[Square, Building]:
        return {s: b for b in self.buildings for s in b.squares}

    def pawn_at(self) -> dict[Square, str]:
        return {p.at: p.name for p in self.players.values() if p.on_board}

    def in_game(self) -> list[Player]:
        """Players not out, in seat order."""
        return [p for p in self.players.values() if not p.out]

    def owned_by(self, name: str) -> list[Building]:
        return [b for b in self.buildings if b.owner == name]

    def find_building(self, sq: Square) -> Building | None:
        return next((b for b in self.buildings if sq in b.squares), None)

    # ---- JSON ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "engine": "hostile-takeover",
            "day": self.day,
            "stage": self.stage,
            "first_player": self.first_player,
            "first_round_day": self.first_round_day,
            "players": [p.to_json() for p in self.players.values()],
            "tiles": grid.names(self.tiles),
            "holes": grid.names(self.holes),
            "buildings": [b.to_json() for b in self.buildings],
            "over": self.over,
            "end": self.end,
            "scores": self.scores,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "State":
        players = {p["name"]: Player.from_json(p) for p in d["players"]}
        return cls(
            d["day"], d["stage"], players, d.get("first_player"), d.get("first_round_day"),
            [grid.parse(s) for s in d.get("tiles", [])], [grid.parse(s) for s in d.get("holes", [])],
            [Building.from_json(b) for b in d.get("buildings", [])], d.get("over", False), d.get("end"),
            list(d.get("scores", [])),
        )
