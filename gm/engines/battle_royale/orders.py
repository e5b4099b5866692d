"""Battle Royale orders: what a GM may write for each player, checked against the start of the day.

Vocabulary (README has the full reference):

    Akane:
      free:
        - drop: Paper Fan
        - pick_up: Rifle
        - trade: {with: Chiaki, give: First Aid Kit, get: Knife}
      action: {attack: {weapon: Rifle, targets: [Bruno, Bruno]}}   # or: defend / search
      movement: {move: [Forest, Beach]}                            # or: {run: [...], drop: Uzi} / hold / stay
      votes: {mark: Bruno, close: Cliffs, reward: Field}

Day 0 takes only `start: <zone>`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.errors import Location, Problem
from gm.salts import SALT_KEY
from gm.suggest import did_you_mean
from gm.text import the
from gm.yamlio import item_loc, key_loc, node_loc, value_loc

from .rules import Rules, Weapon
from .state import Player, State

ACTIONS_LATER = {
    "all_out_attack": "All-Out Attack",
    "set_trap": "Set Trap",
    "use_item": "Use Item",
    "cover": "Cover",
    "analyze": "Analyze",
    "heal": "Heal",
}
MOVE_KEYWORDS = {"stay": "stay", "none": "stay", "hold": "hold", "hold_ground": "hold"}


@dataclass
class FreeAction:
    kind: str  # drop | pick_up | trade
    item: str | None = None
    partner: str | None = None
    give: str | None = None
    get: str | None = None
    where: Location | None = None


@dataclass
class PlayerOrders:
    player: str
    received: bool = True
    free: list[FreeAction] = field(default_factory=list)
    action: str = "defend"  # defend | search | attack
    weapon: str | None = None  # None: unarmed
    targets: list[str] = field(default_factory=list)
    movement: str = "stay"  # stay | hold | move | run
    route: list[str] = field(default_factory=list)
    run_drop: str | None = None
    votes: dict[str, str] = field(default_factory=dict)
    start: str | None = None  # Day 0 only
    where: Location | None = None

    def record(self) -> dict:
        """What the GM summary and tests see of an order, in a stable shape."""
        d: dict = {"player": self.player, "received": self.received}
        if self.start is not None:
            d["start"] = self.start
            return d
        d.update(action=self.action, movement=self.movement)
        if self.free:
            d["free"] = [{k: v for k, v in fa.__dict__.items() if v is not None and k != "where"} for fa in self.free]
        if self.action == "attack":
            d["weapon"] = self.weapon or "Unarmed"
            d["targets"] = list(self.targets)
        if self.route:
            d["route"] = list(self.route)
        if self.run_drop:
            d["run_drop"] = self.run_drop
        if self.votes:
            d["votes"] = dict(sorted(self.votes.items()))
        return d


def default_orders(player: str, day: int) -> PlayerOrders:
    """The handbook's defaults for a player who sent nothing: Defend, no movement."""
    return PlayerOrders(player, received=False)


class _Checker:
    """Collects every problem of one file; never stops at the first."""

    def __init__(self, path: str, rules: Rules, state: State, day: int):
        self.path = path
        self.rules = rules
        self.state = state
        self.day = day
        self.problems: list[Problem] = []

    def error(self, where: Location, message: str) -> None:
        self.problems.append(Problem(where, message))

    def warn(self, where: Location, message: str) -> None:
        self.problems.append(Problem(where, message, "warning"))

    # -- names --------------------------------------------------------------

    def player_name(self, raw, where: Location, *, alive: bool = True) -> str | None:
        if not isinstance(raw, str) or not raw.strip():
            self.error(where, f"expected a player's name, found {raw!r}")
            return None
        name = raw.strip()
        players = self.state.players
        if name not in players:
            folded = {n.casefold(): n for n in players}
            if name.casefold() in folded:
                name = folded[name.casefold()]
            else:
                self.error(where, f"no player called '{name}'{did_you_mean(name, players)}")
                return None
        if alive and not players[name].alive:
            self.error(where, f"{name} is dead (died on Day {players[name].died_on_day})")
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

    def held_item(self, player: Player, raw, where: Location) -> str | None:
        if not isinstance(raw, str) or not raw.strip():
            self.error(where, f"expected an item's name, found {raw!r}")
            return None
        held = sorted({i.name for i in player.items})
        for name in held:
            if name.casefold() == raw.strip().casefold():
                return name
        have = ", ".join(held) if held else "nothing"
        self.error(where, f"{player.name} holds no '{raw}'{did_you_mean(raw, held)} (holds: {have})")
        return None


def _single_key(node) -> tuple[str, object] | None:
    if isinstance(node, str):
        return node, None
    if isinstance(node, dict) and len(node) == 1:
        key = next(iter(node))
        return str(key), node[key]
    return None


def check_player_orders(c: _Checker, name: str, node, where: Location) -> PlayerOrders:
    orders = PlayerOrders(name, where=where)
    player = c.state.players[name]
    if c.day == 0:
        return _check_day0(c, orders, node, where)
    if node is None:
        c.warn(where, f"{name} has an empty entry: the defaults apply (Defend, no movement)")
        orders.received = False
        return orders
    if not isinstance(node, dict):
        c.error(where, f"orders for {name} must be a mapping with free, action, movement and votes")
        return orders
    for key in node:
        if key not in ("free", "action", "movement", "votes"):
            c.error(key_loc(c.path, node, key),
                    f"unknown order section '{key}'{did_you_mean(str(key), ['free', 'action', 'movement', 'votes', SALT_KEY])}"
                    f" (sections are free, action, movement and votes, and any player may add a {SALT_KEY})")
    if "free" in node:
        _check_free(c, orders, player, node["free"], value_loc(c.path, node, "free"))
    if "action" in node:
        _check_action(c, orders, player, node["action"], value_loc(c.path, node, "action"))
    if "movement" in node:
        _check_movement(c, orders, player, node["movement"], value_loc(c.path, node, "movement"))
    if "votes" in node:
        _check_votes(c, orders, node["votes"], value_loc(c.path, node, "votes"))
    _warn_if_staying_in_a_closed_zone(c, orders, player, value_loc(c.path, node, "movement") if "movement" in node else where)
    return orders


def _warn_if_staying_in_a_closed_zone(c: _Checker, orders: PlayerOrders, player: Player, where: Location) -> None:
    zone = c.state.zones[player.zone]
    if orders.movement in ("stay", "hold") and (zone.closed or zone.closing):
        shut = "is closed" if zone.closed else "closes at dawn"
        c.warn(where, f"{the(player.zone)} {shut} and {player.name} does not move out: {player.name} will die there")


def _check_day0(c: _Checker, orders: PlayerOrders, node, where: Location) -> PlayerOrders:
    if not isinstance(node, dict) or set(node) != {"start"}:
        c.error(where, f"Day 0 orders for {orders.player} are only `start: <zone>`")
        return orders
    orders.start = c.zone_name(node["start"], value_loc(c.path, node, "start"))
    return orders


def _check_free(c: _Checker, orders: PlayerOrders, player: Player, node, where: Location) -> None:
    if not isinstance(node, list):
        c.error(where, "free actions must be a list, e.g. `- drop: Knife`")
        return
    zone = c.state.zones.get(player.zone) if player.zone else None
    for i, entry in enumerate(node):
        at = item_loc(c.path, node, i)
        kv = _single_key(entry)
        if kv is None or kv[0] not in ("drop", "pick_up", "trade"):
            c.error(at, "a free action is one of `drop: ITEM`, `pick_up: ITEM` or `trade: {with: NAME, give: ITEM, get: ITEM}`")
            continue
        kind, value = kv
        vat = value_loc(c.path, entry, kind) if isinstance(entry, dict) else at
        if kind == "drop":
            item = c.held_item(player, value, vat)
            if item:
                orders.free.append(FreeAction("drop", item=item, where=vat))
        elif kind == "pick_up":
            item = c.catalog_item(value, vat)
            if item and zone is not None:
                lying = sorted({g.item.name for g in zone.ground if g.held_for in (None, player.name) or (g.until_day or -1) < c.day})
                if item not in lying:
                    there = ", ".join(lying) if lying else "nothing"
                    c.error(vat, f"there is no {item} lying in {the(player.zone)} (lying there: {there})")
                    continue
                orders.free.append(FreeAction("pick_up", item=item, where=vat))
        else:
            _check_trade(c, orders, player, value, vat)


def _check_trade(c: _Checker, orders: PlayerOrders, player: Player, value, where: Location) -> None:
    if not isinstance(value, dict) or "with" not in value or not (set(value) <= {"with", "give", "get"}):
        c.error(where, "a trade is `{with: NAME, give: ITEM, get: ITEM}` (give or get may be left out for a gift)")
        return
    partner = c.player_name(value["with"], value_loc(c.path, value, "with"))
    give = c.held_item(player, value["give"], value_loc(c.path, value, "give")) if value.get("give") is not None else None
    get = c.catalog_item(value["get"], value_loc(c.path, value, "get")) if value.get("get") is not None else None
    if value.get("give") is None and value.get("get") is None:
        c.error(where, "a trade must give or get something")
        return
    if partner == player.name:
        c.error(value_loc(c.path, value, "with"), "a player cannot trade with themselves")
        return
    if partner and any(fa.kind == "trade" and fa.partner == partner for fa in orders.free):
        c.error(where, f"{player.name} already has a trade with {partner}: write one trade per partner")
        return
    if partner and (value.get("give") is None or give) and (value.get("get") is None or get):
        orders.free.append(FreeAction("trade", partner=partner, give=give, get=get, where=where))


def _weapon_for(c: _Checker, player: Player, raw, where: Location) -> tuple[str | None, Weapon | None]:
    if raw is None or (isinstance(raw, str) and raw.strip().casefold() in ("unarmed", "fists")):
        armed = any(c.rules.items.get(i.name) and c.rules.items[i.name].weapon for i in player.items)
        if armed and not c.rules.house.unarmed_while_armed:
            c.error(where, f"{player.name} holds a weapon, and this game's house rules allow unarmed attacks only to the unarmed")
            return None, None
        return None, c.rules.unarmed
    item = c.held_item(player, raw, where)
    if item is None:
        return None, None
    spec = c.rules.items[item]
    if not spec.supported:
        c.error(where, f"using the {item} is not supported by this version of the Battle Royale engine")
        return None, None
    if spec.weapon is None:
        c.error(where, f"the {item} is not a weapon")
        return None, None
    return item, spec.weapon


def _check_action(c: _Checker, orders: PlayerOrders, player: Player, node, where: Location) -> None:
    kv = _single_key(node)
    if kv is None:
        c.error(where, "an action is one of `defend`, `search` or `attack: {weapon: ITEM, targets: [NAME, ...]}`")
        return
    kind, value = kv
    if kind in ("defend", "search") and value is None:
        orders.action = kind
        return
    if kind in ACTIONS_LATER:
        c.error(where, f"{ACTIONS_LATER[kind]} is not supported by this version of the Battle Royale engine")
        return
    if kind != "attack":
        c.error(where, f"unknown action '{kind}'{did_you_mean(kind, ['attack', 'defend', 'search'])}")
        return
    if not isinstance(value, dict) or "targets" not in value or not set(value) <= {"weapon", "targets"}:
        c.error(where, "an attack is `{weapon: ITEM, targets: [NAME, ...]}` (leave out weapon for an unarmed attack)")
        return
    weapon_name, weapon = _weapon_for(c, player, value.get("weapon"), value_loc(c.path, value, "weapon") if "weapon" in value else where)
    raw_targets = value["targets"]
    tat = value_loc(c.path, value, "targets")
    if isinstance(raw_targets, str):
        raw_targets = [raw_targets]
        listed = False
    else:
        listed = isinstance(raw_targets, list)
    if not isinstance(raw_targets, list) or not raw_targets:
        c.error(tat, "targets must be a name or a list of names")
        return
    targets = []
    for i, raw in enumerate(raw_targets):
        at = item_loc(c.path, value["targets"], i) if listed else tat
        name = c.player_name(raw, at)
        if name == player.name:
            c.error(at, f"{player.name} cannot attack themselves")
        elif name:
            targets.append(name)
            target = c.state.players[name]
            if target.zone != player.zone:
                c.warn(at, f"{name} is not in {the(player.zone)} at the start of the day: that attack will find no one")
    if weapon is None or len(targets) != len(raw_targets):
        return
    label = weapon_name or "an unarmed attack"
    if len(targets) > weapon.hits:
        c.error(tat, f"{label} allows {weapon.hits} hit attempt{'s' if weapon.hits > 1 else ''} a day, {len(targets)} given")
        return
    if weapon.single_target and len(set(targets)) > 1:
        c.error(tat, f"{label} strikes a single target")
        return
    if weapon_name and weapon.ammo is not None:
        left = player.loaded(weapon_name).ammo or 0
        if len(targets) > left:
            c.error(tat, f"{player.name}'s {weapon_name} has {left} shot{'s' if left != 1 else ''} left, {len(targets)} given")
            return
    orders.action = "attack"
    orders.weapon = weapon_name
    orders.targets = targets


def _check_route(c: _Checker, player: Player, raw, where: Location, longest: int, verb: str) -> list[str] | None:
    if isinstance(raw, (str, int)) and not isinstance(raw, bool):
        raw, listed = [raw], False
    else:
        listed = True
    if not isinstance(raw, list) or not raw:
        c.error(where, f"{verb} takes the route as a list of zones, e.g. [Forest, Beach]")
        return None
    if len(raw) > longest:
        c.error(where, f"{verb} goes at most {longest} zones, {len(raw)} given")
        return None
    route: list[str] = []
    here = player.zone
    for i, step in enumerate(raw):
        at = item_loc(c.path, raw, i) if listed else where
        zone = c.zone_name(step, at)
        if zone is None:
            return None
        if zone not in c.rules.zones[here].adjacent:
            near = ", ".join(c.rules.zones[here].adjacent)
            c.error(at, f"{the(zone)} is not next to {the(here)} (next to it: {near})")
            return None
        # orders are checked against the state before dawn: a zone voted closed last night is closed by movement
        if c.state.zones[zone].closed or c.state.zones[zone].closing:
            shut = "is closed" if c.state.zones[zone].closed else "closes at dawn"
            c.warn(at, f"{the(zone)} {shut}: {player.name} will die moving through it")
        route.append(zone)
        here = zone
    return route


def _check_movement(c: _Checker, orders: PlayerOrders, player: Player, node, where: Location) -> None:
    # `{run: [...], drop: ITEM}` is the one movement written with two keys
    kv = ("run", node["run"]) if isinstance(node, dict) and set(node) == {"run", "drop"} else _single_key(node)
    if kv is None:
        c.error(where, "movement is one of `stay`, `hold`, `{move: [ZONE, ...]}` or `{run: [ZONE, ...], drop: ITEM}`")
        return
    kind, value = kv
    if kind in MOVE_KEYWORDS and value is None:
        orders.movement = MOVE_KEYWORDS[kind]
        return
    if kind not in ("move", "run"):
        c.error(where, f"unknown movement '{kind}'{did_you_mean(kind, ['move', 'run', 'hold', 'stay'])}")
        return
    at = value_loc(c.path, node, kind) if isinstance(node, dict) else where
    route = _check_route(c, player, value, at, 2 if kind == "move" else 5, kind.capitalize())
    if route is None:
        return
    if kind == "run" and isinstance(node, dict) and node.get("drop") is not None:
        drop = c.held_item(player, node["drop"], value_loc(c.path, node, "drop"))
        if drop is None:
            return
        orders.run_drop = drop
    orders.movement = kind
    orders.route = route


VOTES = ("mark", "close", "reward")


def _check_votes(c: _Checker, orders: PlayerOrders, node, where: Location) -> None:
    if not isinstance(node, dict):
        c.error(where, "votes are a mapping: `{mark: NAME, close: ZONE, reward: ZONE}`")
        return
    for key in node:
        if key not in VOTES:
            c.error(key_loc(c.path, node, key), f"unknown vote '{key}'{did_you_mean(str(key), VOTES)}")
            continue
        choice = check_vote(c, key, node[key], value_loc(c.path, node, key))
        if choice:
            orders.votes[key] = choice


def check_vote(c: _Checker, key: str, raw, at: Location) -> str | None:
    """A mark (a living player) or a zone to close or drop the reward in (an open zone)."""
    if key == "mark":
        return c.player_name(raw, at)
    zone = c.zone_name(raw, at)
    if zone and c.state.zones[zone].closed:
        c.error(at, f"{the(zone)} is already closed")
    elif zone and c.state.zones[zone].closing:
        c.error(at, f"{the(zone)} closes at dawn (voted closed last night)")
    else:
        return zone
    return None


def check_orders_doc(doc, path: str, rules: Rules, state: State, day: int,
                     seen: dict[str, Location]) -> tuple[dict[str, PlayerOrders], list[Problem]]:
    """Every player's orders in one file. `seen` spots a player given orders in two places."""
    c = _Checker(path, rules, state, day)
    out: dict[str, PlayerOrders] = {}
    if doc is None:
        return out, c.problems
    if not isinstance(doc, dict):
        c.error(node_loc(path, doc), "an orders file maps each player's name to their orders")
        return out, c.problems
    for raw_name in doc:
        at = key_loc(path, doc, raw_name)
        name = c.player_name(raw_name, at)
        if name is None:
            continue
        if name in seen:
            c.error(at, f"{name} already has orders at {seen[name]}")
            continue
        seen[name] = at
        out[name] = check_player_orders(c, name, doc[raw_name], at)
    return out, c.problems

