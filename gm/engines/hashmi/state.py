"""The state of a Hashmi game between two days, and its JSON form.

Public: the board, agents (types, squares, weapons, ammunition, chests), bases, gas, storm,
Seedo, timers, credit, hand and deck counts. Secret: missions (and the undealt ones), hands,
deck orders. Views (views.py) decide who sees what; the state holds everything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

OPENING, PLACEMENT, PLAY, OVER = "opening", "placement", "play", "over"


def sq_json(sq):
    return list(sq) if sq is not None else None


def sq_load(v):
    return tuple(v) if v is not None else None


@dataclass
class Agent:
    """One of a player's three agents, named `Player.N` by its base number."""

    owner: str
    number: int
    kind: str  # Sonic, Invisible, Strong, ..., or Ordinary
    at: tuple[int, int] | None = None  # None before placement and while eliminated
    alive: bool = True
    base: tuple[int, int] | None = None  # where it was terminated (the magnetic base stays there)
    credit: str | None = None  # the player credited with its first elimination, "storm", or None
    hit_once: bool = False  # a Strong agent hit once plays on as Ordinary
    weapons: list[str] = field(default_factory=list)
    ammo: int = 0
    chests: int = 0
    frozen: int = 0  # start-of-turns of `timer_owner` left
    shield: int = 0
    timer_owner: dict[str, str] = field(default_factory=dict)  # frozen/shield -> whose turns count it down
    zombie: bool = False  # recalled by the Zombie card: on the board, but not one of the "remaining agents"

    @property
    def id(self) -> str:
        return f"{self.owner}.{self.number}"

    @property
    def power(self) -> str:
        """The type that acts now: a Strong agent hit once is Ordinary."""
        if self.zombie:
            return "Zombie"
        return "Ordinary" if self.kind == "Strong" and self.hit_once else self.kind

    def to_json(self) -> dict[str, Any]:
        return {"owner": self.owner, "number": self.number, "kind": self.kind, "at": sq_json(self.at),
                "alive": self.alive, "base": sq_json(self.base), "credit": self.credit, "hit_once": self.hit_once,
                "weapons": list(self.weapons), "ammo": self.ammo, "chests": self.chests, "frozen": self.frozen,
                "shield": self.shield, "timer_owner": dict(sorted(self.timer_owner.items())), "zombie": self.zombie}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Agent":
        return cls(d["owner"], d["number"], d["kind"], sq_load(d["at"]), d["alive"], sq_load(d["base"]), d["credit"],
                   d["hit_once"], list(d["weapons"]), d["ammo"], d["chests"], d["frozen"], d["shield"],
                   dict(d.get("timer_owner", {})), d.get("zombie", False))


@dataclass
class Player:
    name: str
    seat: int  # 1..4, clockwise: "Player 1 is to the left of player 2"
    agents: list[Agent] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)  # secret
    mission: str | None = None  # secret
    out: bool = False
    out_reason: str | None = None
    assassinations: int = 0
    skip_next: bool = False
    standing: dict[str, Any] = field(default_factory=dict)  # secret: reactions the player keeps

    def living(self) -> list[Agent]:
        """The player's remaining agents: zombies are not among them (S-39)."""
        return [a for a in self.agents if a.alive and not a.zombie]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "seat": self.seat, "agents": [a.to_json() for a in self.agents],
                "hand": list(self.hand), "mission": self.mission, "out": self.out, "out_reason": self.out_reason,
                "assassinations": self.assassinations, "skip_next": self.skip_next, "standing": self.standing}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Player":
        return cls(d["name"], d["seat"], [Agent.from_json(a) for a in d["agents"]], list(d["hand"]), d["mission"],
                   d["out"], d["out_reason"], d["assassinations"], d["skip_next"], dict(d["standing"]))


@dataclass
class State:
    day: int
    stage: str
    players: dict[str, Player]  # in seat order
    first_player: str | None = None
    round: int = 0  # the round being played (1-based once play starts)
    active: str | None = None  # whose turn it is
    turns_taken: int = 0
    storm: str = "calm"  # calm | declared | active
    storm_by: str | None = None
    gas_zones: list[str] = field(default_factory=list)
    chests: list[tuple[int, int]] = field(default_factory=list)  # chests lying on the board
    seedo_zone: str | None = None  # None: at home, keeping nobody safe
    seedo_left: int = 0
    seedo_owner: str | None = None
    ceasefire_left: int = 0
    ceasefire_owner: str | None = None
    go_landed: list[str] = field(default_factory=list)  # agents that landed by Go in the active storm this turn
    action_deck: list[str] = field(default_factory=list)  # secret order; top is the end
    weapon_deck: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    spare_missions: list[str] = field(default_factory=list)  # secret until the end
    assassinations_total: int = 0
    winners: list[str] = field(default_factory=list)
    victory: str | None = None
    revealed: dict[str, str] = field(default_factory=dict)  # missions shown at the end
    hypnosis: dict[str, str] = field(default_factory=dict)  # victim -> hypnotist, for the victim's next turn
    hypnotised: str | None = None  # whose turn, now, the hypnotist plays
    hypno_hand: list[str] = field(default_factory=list)  # the victim's two drawn cards, displayed
    pending: dict[str, Any] | None = None  # a turn stopped at a choice (house rule ask): what it waits for
    turns_per_day: int = 1  # the house rule as the last day was played (who owes orders follows it)

    def controller(self, name: str | None) -> str | None:
        """Who writes the orders of `name`'s turn: the hypnotist during a hypnotised turn."""
        if name is not None and self.hypnotised == name:
            return self.hypnosis.get(name, name)
        return name

    # ---- derived --------------------------------------------------------------------------------

    @property
    def seats(self) -> list[str]:
        return list(self.players)

    def turn_order(self) -> list[str]:
        seats = self.seats
        if self.first_player not in seats:
            return seats
        i = seats.index(self.first_player)
        return seats[i:] + seats[:i]

    def in_game(self) -> list[Player]:
        return [p for p in self.players.values() if not p.out]

    def agents(self) -> list[Agent]:
        return [a for p in self.players.values() for a in p.agents]

    def agent(self, aid: str) -> Agent | None:
        owner, _, num = aid.rpartition(".")
        p = self.players.get(owner)
        if p is None or not num.isdigit():
            return None
        return next((a for a in p.agents if a.number == int(num)), None)

    def occupied(self) -> dict[tuple[int, int], Agent]:
        return {a.at: a for a in self.agents() if a.alive and a.at is not None}

    @property
    def over(self) -> bool:
        return self.stage == OVER

    # ---- JSON -----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "engine": "hashmi-battle-royale", "day": self.day, "stage": self.stage,
            "players": [p.to_json() for p in self.players.values()], "first_player": self.first_player,
            "round": self.round, "active": self.active, "turns_taken": self.turns_taken, "storm": self.storm,
            "storm_by": self.storm_by, "gas_zones": list(self.gas_zones), "chests": [list(c) for c in self.chests],
            "seedo_zone": self.seedo_zone, "seedo_left": self.seedo_left, "seedo_owner": self.seedo_owner,
            "ceasefire_left": self.ceasefire_left, "ceasefire_owner": self.ceasefire_owner,
            "go_landed": list(self.go_landed), "action_deck": list(self.action_deck),
            "weapon_deck": list(self.weapon_deck), "discards": list(self.discards),
            "spare_missions": list(self.spare_missions), "assassinations_total": self.assassinations_total,
            "winners": list(self.winners), "victory": self.victory, "revealed": dict(self.revealed),
            "hypnosis": dict(sorted(self.hypnosis.items())), "hypnotised": self.hypnotised,
            "hypno_hand": list(self.hypno_hand), "pending": self.pending,
        } | ({"turns_per_day": self.turns_per_day} if self.turns_per_day != 1 else {})  # a day of one turn keeps its bytes

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "State":
        players = {p["name"]: Player.from_json(p) for p in d["players"]}
        return cls(d["day"], d["stage"], players, d["first_player"], d["round"], d["active"], d["turns_taken"],
                   d["storm"], d["storm_by"], list(d["gas_zones"]), [tuple(c) for c in d["chests"]], d["seedo_zone"],
                   d["seedo_left"], d["seedo_owner"], d["ceasefire_left"], d["ceasefire_owner"], list(d["go_landed"]),
                   list(d["action_deck"]), list(d["weapon_deck"]), list(d["discards"]), list(d["spare_missions"]),
                   d["assassinations_total"], list(d["winners"]), d["victory"], dict(d["revealed"]),
                   dict(d.get("hypnosis", {})), d.get("hypnotised"), list(d.get("hypno_hand", [])), d.get("pending"),
                   d.get("turns_per_day", 1))
