"""The state of a Battle Royale game between two days, and its JSON form."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Item:
    """One physical item. `id` tells two Knives apart; `ammo` counts shots, volleys or uses left;
    a Backpack's `contents` travel with it; `worn` is for the Headband and Pretty Ribbon."""

    id: int
    name: str
    ammo: int | None = None
    contents: list["Item"] = field(default_factory=list)
    worn: bool = False

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "name": self.name}
        if self.ammo is not None:
            d["ammo"] = self.ammo
        if self.contents:
            d["contents"] = [i.to_json() for i in self.contents]
        if self.worn:
            d["worn"] = True
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Item":
        return cls(d["id"], d["name"], d.get("ammo"), [Item.from_json(i) for i in d.get("contents", [])],
                   bool(d.get("worn", False)))


@dataclass
class GroundItem:
    """An item lying in a zone. `held_for` has exclusive control of it until the end of `until_day`."""

    item: Item
    held_for: str | None = None
    until_day: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"item": self.item.to_json(), "held_for": self.held_for, "until_day": self.until_day}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "GroundItem":
        return cls(Item.from_json(d["item"]), d.get("held_for"), d.get("until_day"))


@dataclass
class Trap:
    """A set Land Mine (on the path between `zone` and `toward`) or C-4 (in `zone`, going off on `day`)."""

    item: Item
    kind: str  # mine | c4
    owner: str
    zone: str
    set_on_day: int
    toward: str | None = None
    day: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"item": self.item.to_json(), "kind": self.kind, "owner": self.owner, "zone": self.zone,
                "set_on_day": self.set_on_day, "toward": self.toward, "day": self.day}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Trap":
        return cls(Item.from_json(d["item"]), d["kind"], d["owner"], d["zone"], d["set_on_day"], d.get("toward"), d.get("day"))

    def on_path(self, a: str, b: str) -> bool:
        return self.kind == "mine" and {a, b} == {self.zone, self.toward}


# the fields of a Player after the first nine, with their defaults (kept in this order in JSON)
_EXTRA = {
    "died_on_day": None, "death": None, "killed_by": None, "rival": None, "partner": None,
    "requested_role": None, "bonuses": [], "pending_proficiency": False, "grieving": False, "avenge": None,
    "collar_off_day": None, "painted_day": None, "megaphone_day": None, "escaped_on_day": None,
}


@dataclass
class Player:
    """One student: where they are, what they carry, how they stand."""

    name: str
    role: str
    school: str | None
    zone: str | None
    health: int
    max_health: int
    items: list[Item] = field(default_factory=list)
    alive: bool = True
    died_on_day: int | None = None
    death: str | None = None  # how they died, for the record
    killed_by: str | None = None
    rival: str | None = None
    partner: str | None = None
    requested_role: str | None = None  # a Lone Wolf request, refused or granted on Day 0
    bonuses: list[str] = field(default_factory=list)  # Day 0 bonuses and proficiencies
    pending_proficiency: bool = False  # killed their Rival: chooses a proficiency in the next orders
    grieving: bool = False  # a Lover whose partner died
    avenge: str | None = None  # who killed that partner
    collar_off_day: int | None = None  # the day a Deactivator switched the collar off
    painted_day: int | None = None  # the day a paintball mark applies
    megaphone_day: int | None = None  # the last day the Megaphone's penalty applied
    escaped_on_day: int | None = None

    def to_json(self) -> dict[str, Any]:
        d = {"name": self.name, "role": self.role, "school": self.school, "zone": self.zone, "health": self.health,
             "max_health": self.max_health, "items": [i.to_json() for i in self.items], "alive": self.alive}
        for key in _EXTRA:
            value = getattr(self, key)
            d[key] = list(value) if isinstance(value, list) else value
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Player":
        p = cls(d["name"], d["role"], d.get("school"), d.get("zone"), d["health"], d["max_health"],
                [Item.from_json(i) for i in d.get("items", [])], d.get("alive", True))
        for key, default in _EXTRA.items():
            value = d.get(key, default)
            setattr(p, key, list(value) if isinstance(value, list) else value)
        return p

    @property
    def on_island(self) -> bool:
        return self.alive and self.escaped_on_day is None

    def holding(self, name: str) -> Item | None:
        """The first item of that name in hand (lowest id), so the choice never depends on order of arrival.
        Items in a Backpack are not in hand."""
        found = [i for i in self.items if i.name == name]
        return min(found, key=lambda i: i.id) if found else None

    def loaded(self, name: str) -> Item | None:
        """The weapon of that name a player fires: the one with the most ammunition left (lowest id on a tie)."""
        found = [i for i in self.items if i.name == name]
        return min(found, key=lambda i: (-(i.ammo or 0), i.id)) if found else None

    def wears(self, name: str) -> bool:
        return any(i.name == name and i.worn for i in self.items)

    def stored(self) -> list[Item]:
        """Everything inside this player's Backpacks."""
        return [c for i in sorted(self.items, key=lambda i: i.id) for c in i.contents]


@dataclass
class ZoneState:
    """One zone between days: whether it is closed, what lies hidden or dropped in it."""

    name: str
    closed: bool = False
    closing: bool = False  # voted closed tonight; closed from the start of the next day
    hidden: list[Item] = field(default_factory=list)  # what a Search can still find here
    ground: list[GroundItem] = field(default_factory=list)  # dropped items lying here

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "closed": self.closed,
            "closing": self.closing,
            "hidden": [i.to_json() for i in self.hidden],
            "ground": [g.to_json() for g in self.ground],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "ZoneState":
        return cls(
            d["name"], d.get("closed", False), d.get("closing", False),
            [Item.from_json(i) for i in d.get("hidden", [])], [GroundItem.from_json(g) for g in d.get("ground", [])],
        )


@dataclass
class State:
    """The game between days, as state.json keeps it."""

    day: int  # the last resolved day (-1 before Day 0)
    players: dict[str, Player]
    zones: dict[str, ZoneState]
    next_item_id: int = 1
    marked: list[str] = field(default_factory=list)
    over: bool = False
    outcome: dict[str, str] = field(default_factory=dict)  # player -> "winner", "survived", "died on Day 3", ...
    traps: list[Trap] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "engine": "battle-royale",
            "day": self.day,
            "next_item_id": self.next_item_id,
            "marked": list(self.marked),
            "over": self.over,
            "outcome": dict(sorted(self.outcome.items())),
            "players": [self.players[n].to_json() for n in sorted(self.players)],
            "zones": [z.to_json() for z in self.zones.values()],
            "traps": [t.to_json() for t in sorted(self.traps, key=lambda t: t.item.id)],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "State":
        players = {p["name"]: Player.from_json(p) for p in d["players"]}
        zones = {z["name"]: ZoneState.from_json(z) for z in d["zones"]}
        return cls(d["day"], players, zones, d.get("next_item_id", 1), list(d.get("marked", [])),
                   d.get("over", False), dict(d.get("outcome", {})), [Trap.from_json(t) for t in d.get("traps", [])])

    def new_item(self, name: str, ammo: int | None = None) -> Item:
        item = Item(self.next_item_id, name, ammo)
        self.next_item_id += 1
        return item

    def alive(self) -> list[Player]:
        """Living students still on the island (an escaped student has left the game), sorted by name."""
        return [self.players[n] for n in sorted(self.players) if self.players[n].on_island]

    def by_zone(self) -> dict[str, list[Player]]:
        """Living players per zone, each list sorted by name: the index that keeps days linear."""
        index: dict[str, list[Player]] = {z: [] for z in self.zones}
        for p in self.alive():
            if p.zone is not None:
                index.setdefault(p.zone, []).append(p)
        return index
