"""What a player's orders are once checked, and the checker's helpers for names (orders.py has the vocabulary)."""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.checker import Checker
from gm.errors import Location
from gm.suggest import did_you_mean

from .rules import Rules
from .state import Player, State

ATTACKS = ("attack", "all_out_attack")


@dataclass(eq=False, repr=False)
class FreeAction:
    """One free action (drop, pick up, trade, ...), done before the Action Phase."""

    kind: str  # drop | pick_up | trade | store | take_out | wear | take_off | track | proficiency
    item: str | None = None
    partner: str | None = None
    give: str | None = None
    get: str | None = None
    target: str | None = None  # track: the player the Tracking Unit looks for
    where: Location | None = None


@dataclass(eq=False, repr=False)
class PlayerOrders:
    """One player's orders for the day, checked, as the phases read them."""

    player: str
    received: bool = True
    free: list[FreeAction] = field(default_factory=list)
    # defend | search | attack | all_out_attack | cover | analyze | heal | use_item | set_trap
    action: str = "defend"
    weapon: str | None = None  # attacks: None is unarmed
    targets: list[str] = field(default_factory=list)  # attacks: one name per hit attempt
    target: str | None = None  # cover, analyze, heal, use_item, a Poison Vial
    item: str | None = None  # heal (First Aid Kit), use_item, set_trap
    toward: str | None = None  # a Land Mine's path: from the player's zone toward this one
    trap_day: int | None = None  # C-4: the day it goes off
    movement: str = "stay"  # stay | hold | move | run | escape
    route: list[str] = field(default_factory=list)
    run_drop: str | None = None
    follow: str | None = None  # move or run after this player (the target of the action)
    votes: dict[str, str] = field(default_factory=dict)
    start: str | None = None  # Day 0 only
    bonus: dict[str, str] = field(default_factory=dict)  # Day 0: role -> chosen bonus
    where: Location | None = None

    @property
    def attacking(self) -> bool:
        return self.action in ATTACKS

    @property
    def all_out(self) -> bool:
        return self.action == "all_out_attack"

    def action_targets(self) -> list[str]:
        """Everyone the action is aimed at (a follow must name one of them)."""
        if self.attacking:
            return list(dict.fromkeys(self.targets))
        if self.action in ("cover", "analyze") and self.target:
            return [self.target]
        return []

    def free_of(self, kind: str) -> list[FreeAction]:
        return [fa for fa in self.free if fa.kind == kind]

    def record(self) -> dict:
        """What the GM summary and tests see of an order, in a stable shape."""
        d: dict = {"player": self.player, "received": self.received}
        if self.start is not None or self.bonus:
            if self.start is not None:
                d["start"] = self.start
            if self.bonus:
                d["bonus"] = dict(sorted(self.bonus.items()))
            return d
        d.update(action=self.action, movement=self.movement)
        if self.free:
            d["free"] = [{k: v for k, v in fa.__dict__.items() if v is not None and k != "where"} for fa in self.free]
        if self.attacking:
            d["weapon"] = self.weapon or "Unarmed"
            d["targets"] = list(self.targets)
        for key in ("target", "item", "toward", "trap_day", "follow", "run_drop"):
            if getattr(self, key) is not None:
                d[key] = getattr(self, key)
        if self.route:
            d["route"] = list(self.route)
        if self.votes:
            d["votes"] = dict(sorted(self.votes.items()))
        return d


def default_orders(player: str, day: int) -> PlayerOrders:
    """The handbook's defaults for a player who sent nothing: Defend, no movement."""
    return PlayerOrders(player, received=False)


def single_key(node) -> tuple[str, object] | None:
    if isinstance(node, str):
        return node, None
    if isinstance(node, dict) and len(node) == 1:
        key = next(iter(node))
        return str(key), node[key]
    return None


class BrChecker(Checker):
    """The shared checker (gm/checker.py) with the handbook's vocabulary: players, zones, items."""

    rules: Rules
    state: State

    def player_name(self, raw, where: Location, *, alive: bool = True) -> str | None:
        players = self.state.players
        name = self.name(raw, players, where, "player") if isinstance(raw, str) else None
        if name is None:
            if not isinstance(raw, str):
                self.error(where, f"expected a player's name, found {raw!r}")
            return None
        if alive and not players[name].alive and players[name].death == "ruling" and players[name].died_on_day == self.day:
            # the player could not know: the order stands, and fails at its step as against anyone dead by then
            self.warn(where, f"{name} was removed by the GM's ruling at the start of the day: this part of the "
                             "orders will not happen", secret=True)  # announced only in the day's post
            return name
        if alive and not players[name].alive:
            self.error(where, f"{name} is dead (died on Day {players[name].died_on_day})")
            return None
        if alive and players[name].escaped_on_day is not None:
            self.error(where, f"{name} escaped the island on Day {players[name].escaped_on_day}")
            return None
        return name

    def zone_name(self, raw, where: Location) -> str | None:
        if not isinstance(raw, (str, int)) or isinstance(raw, bool):
            self.error(where, f"expected a zone, found {raw!r}")
            return None
        zone = self.rules.zone_named(str(raw))
        if zone is None:
            self.error(where, f"no zone called '{raw}'{did_you_mean(str(raw), self.rules.zones)}")
        return zone

    def catalog_item(self, raw, where: Location) -> str | None:
        if not isinstance(raw, str) or not raw.strip():
            self.error(where, f"expected an item's name, found {raw!r}")
            return None
        item = self.rules.item_named(raw)
        if item is None:
            self.error(where, f"no item called '{raw}'{did_you_mean(raw, self.rules.items)}")
        return item

    def held_item(self, player: Player, raw, where: Location, *, stored: bool = False) -> str | None:
        """An item in the player's hands (or, with `stored`, in their Backpack), by its proper name."""
        if not isinstance(raw, str) or not raw.strip():
            self.error(where, f"expected an item's name, found {raw!r}")
            return None
        pool = player.stored() if stored else player.items
        held = sorted({i.name for i in pool})
        for name in held:
            if name.casefold() == raw.strip().casefold():
                return name
        have = ", ".join(held) if held else "nothing"
        if stored:
            self.error(where, f"{player.name}'s Backpack holds no '{raw}'{did_you_mean(raw, held)} (in it: {have})")
        elif any(i.name.casefold() == raw.strip().casefold() for i in player.stored()):
            self.error(where, f"{player.name}'s {raw.strip()} is in the Backpack, and items stored there cannot be used:"
                              f" `take_out: {raw.strip()}` first (a free action)")
        else:
            self.error(where, f"{player.name} holds no '{raw}'{did_you_mean(raw, held)} (holds: {have})")
        return None

    def player_here(self, player: Player, raw, where: Location, what: str) -> str | None:
        """A living player; a warning if they are not in the player's zone at the start of the day."""
        from gm.text import the

        name = self.player_name(raw, where)
        if name and self.state.players[name].zone != player.zone:
            self.warn(where, f"{name} is not in {the(player.zone)} at the start of the day: {what} will find no one",
                      secret=True)  # where another student is: not the player's to know
        return name
