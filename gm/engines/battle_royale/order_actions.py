"""The Action Phase orders (handbook III.C), one per player; Defend is the default.

    action: defend | search
    action: {attack: {weapon: Rifle, targets: [Bruno, Bruno]}}         # leave out weapon: unarmed
    action: {all_out_attack: {weapon: Knife, targets: [Bruno, Bruno, Bruno, Chiaki, Chiaki]}}
    action: {cover: Chiaki}
    action: {analyze: Bruno}
    action: {heal: Chiaki}                                              # or yourself
    action: {heal: {target: Chiaki, item: First Aid Kit}}               # 2 health, uses the kit
    action: {use_item: Megaphone}
    action: {use_item: {item: Deactivator, target: Chiaki}}             # target: yourself by default
    action: {use_item: {item: Smoke Grenade, target: Bruno}}            # the same as attacking with it
    action: {set_trap: {item: Poison Vial, target: Bruno}}
    action: {set_trap: {item: Land Mine, path: [Beach, Forest]}}        # your zone and one next to it
    action: {set_trap: {item: C-4, day: 3}}                             # goes off after Day 3's movement
"""

from __future__ import annotations

import math

from gm.errors import Location
from gm.suggest import did_you_mean
from gm.text import the
from gm.yamlio import item_loc, value_loc

from .order_base import PlayerOrders, BrChecker, single_key
from .rules import Weapon
from .state import Player

ACTIONS = ("defend", "search", "attack", "all_out_attack", "cover", "analyze", "heal", "use_item", "set_trap")
SHAPE = ("an action is one of `defend`, `search`, `attack: {weapon: ITEM, targets: [NAME, ...]}`, "
         "`all_out_attack: {...}`, `cover: NAME`, `analyze: NAME`, `heal: NAME`, `use_item: ITEM` or "
         "`set_trap: {item: ITEM, ...}`")
SPELLINGS = {"analyse": "analyze", "all_out_attack": "all_out_attack", "all-out_attack": "all_out_attack",
             "defence": "defend", "defense": "defend"}  # British and other spellings a GM may use
USABLE = ("Deactivator", "Megaphone", "Smoke Grenade")


def hit_attempts(weapon: Weapon, all_out: bool) -> int:
    """An All-Out Attack makes 50% more hit attempts, rounded up (III.C.2)."""
    return math.ceil(weapon.hits * 3 / 2) if all_out else weapon.hits


def check_action(c: BrChecker, orders: PlayerOrders, player: Player, node, where: Location) -> None:
    kv = single_key(node)
    if kv is None:
        c.error(where, SHAPE)
        return
    kind, value = kv
    kind = SPELLINGS.get(kind.casefold(), kind) if isinstance(kind, str) else kind
    if kind in ("defend", "search"):
        if value is not None:
            c.error(where, f"`{kind}` takes nothing: write `action: {kind}`")
            return
        orders.action = kind
        return
    if kind not in ACTIONS:
        from .order_free import KINDS as FREE

        if kind in FREE:  # `action: {trade: ...}`: a free action written where the one action goes
            c.error(where, f"'{kind}' is a free action, not the day's action: write it under `free:`, "
                           f"e.g. `free: [ {kind}: ... ]`, and keep `action:` for defend, search, attack, ...")
        else:
            c.error(where, f"unknown action '{kind}'{did_you_mean(kind, ACTIONS)}")
        return
    at = value_loc(c.path, node, kind) if isinstance(node, dict) else where
    if value is None:
        c.error(where, f"`{kind}` needs more: {SHAPE}")
        return
    if kind in ("attack", "all_out_attack"):
        _check_attack(c, orders, player, kind, value, at)
    elif kind in ("cover", "analyze"):
        target = c.player_here(player, value, at, f"the {'Cover' if kind == 'cover' else 'Analyze'}")
        if target == player.name:
            c.error(at, f"{player.name} cannot {kind} themselves" + (" (Defend does that)" if kind == "cover" else ""))
        elif target:
            orders.action, orders.target = kind, target
    elif kind == "heal":
        _check_heal(c, orders, player, value, at)
    elif kind == "use_item":
        _check_use_item(c, orders, player, value, at)
    else:
        _check_set_trap(c, orders, player, value, at)


def _weapon_for(c: BrChecker, player: Player, raw, where: Location) -> tuple[str | None, Weapon | None]:
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
        hint = " (set it with `set_trap`)" if spec.item_class == "trap" else ""
        c.error(where, f"the {item} is not a weapon{hint}")
        return None, None
    return item, spec.weapon


def _targets(c: BrChecker, player: Player, value, key: str) -> tuple[list[str], int, Location] | None:
    raw_targets = value[key]
    tat = value_loc(c.path, value, key)
    listed = isinstance(raw_targets, list)
    if isinstance(raw_targets, str):
        raw_targets = [raw_targets]
    if not isinstance(raw_targets, list) or not raw_targets:
        c.error(tat, "targets must be a name or a list of names")
        return None
    targets = []
    for i, raw in enumerate(raw_targets):
        at = item_loc(c.path, value[key], i) if listed else tat
        name = c.player_here(player, raw, at, "that attack")
        if name == player.name:
            c.error(at, f"{player.name} cannot attack themselves")
        elif name:
            targets.append(name)
    return targets, len(raw_targets), tat


def _check_attack(c: BrChecker, orders: PlayerOrders, player: Player, kind: str, value, where: Location) -> None:
    all_out = kind == "all_out_attack"
    if not isinstance(value, dict) or "targets" not in value or not set(value) <= {"weapon", "targets"}:
        c.error(where, "an attack is `{weapon: ITEM, targets: [NAME, ...]}` (leave out weapon for an unarmed attack)")
        return
    wat = value_loc(c.path, value, "weapon") if "weapon" in value else where
    weapon_name, weapon = _weapon_for(c, player, value.get("weapon"), wat)
    got = _targets(c, player, value, "targets")
    if weapon is None or got is None:
        return
    targets, given, tat = got
    if len(targets) != given:
        return
    label = weapon_name or "an unarmed attack"
    if all_out and weapon.one_use:
        c.error(wat, f"the {weapon_name} is used up when thrown: one-use items cannot be used with an All-Out Attack")
        return
    hits = hit_attempts(weapon, all_out)
    if len(targets) > hits:
        extra = " in an All-Out Attack" if all_out else " a day"
        c.error(tat, f"{label} allows {hits} hit attempt{'s' if hits > 1 else ''}{extra}, {len(targets)} given")
        return
    if weapon.single_target and len(set(targets)) > 1:
        c.error(tat, f"{label} strikes a single target")
        return
    if weapon_name and weapon.ammo is not None:
        left = player.loaded(weapon_name).ammo or 0
        if len(targets) > left:
            word = c.rules.items[weapon_name].ammo_word
            c.error(tat, f"{player.name}'s {weapon_name} has {left} {word}{'s' if left != 1 else ''} left, {len(targets)} given")
            return
    orders.action = kind
    orders.weapon = weapon_name
    orders.targets = targets


def _check_heal(c: BrChecker, orders: PlayerOrders, player: Player, value, where: Location) -> None:
    if isinstance(value, dict):
        if "target" not in value or not set(value) <= {"target", "item"}:
            c.error(where, "a Heal is `heal: NAME` or `heal: {target: NAME, item: First Aid Kit}`")
            return
        raw, item_raw = value["target"], value.get("item")
        tat = value_loc(c.path, value, "target")
    else:
        raw, item_raw, tat = value, None, where
    target = c.player_here(player, raw, tat, "the Heal")
    item = None
    if item_raw is not None:
        iat = value_loc(c.path, value, "item")
        item = c.held_item(player, item_raw, iat)
        if item and not c.rules.items[item].get("heal"):
            c.error(iat, f"the {item} does not heal (a First Aid Kit does)")
            return
    if target and (item_raw is None or item):
        orders.action, orders.target, orders.item = "heal", target, item


def _check_use_item(c: BrChecker, orders: PlayerOrders, player: Player, value, where: Location) -> None:
    if isinstance(value, dict):
        if "item" not in value or not set(value) <= {"item", "target"}:
            c.error(where, "Use Item is `use_item: ITEM` or `use_item: {item: ITEM, target: NAME}`")
            return
        raw, raw_target = value["item"], value.get("target")
        iat = value_loc(c.path, value, "item")
        tat = value_loc(c.path, value, "target") if "target" in value else where
    else:
        raw, raw_target, iat, tat = value, None, where, where
    item = c.held_item(player, raw, iat)
    if item is None:
        return
    if item not in USABLE:
        c.error(iat, _not_usable(c, item))
        return
    if item == "Smoke Grenade":
        if raw_target is None:
            c.error(iat, "a Smoke Grenade is thrown at someone: `use_item: {item: Smoke Grenade, target: NAME}`")
            return
        target = c.player_here(player, raw_target, tat, "the Smoke Grenade")
        if target == player.name:
            c.error(tat, f"{player.name} cannot throw a Smoke Grenade at themselves")
        elif target:
            orders.action, orders.weapon, orders.targets = "attack", item, [target]
        return
    if item == "Megaphone":
        if raw_target is not None:
            c.error(tat, "the Megaphone distracts everyone in the zone: it takes no target")
            return
        orders.action, orders.item = "use_item", item
        return
    target = player.name if raw_target is None else c.player_here(player, raw_target, tat, "the Deactivator")
    if (player.holding(item).ammo or 0) <= 0:
        c.error(iat, f"{player.name}'s Deactivator has broken down (both uses spent)")
        return
    if target:
        orders.action, orders.item, orders.target = "use_item", item, target


def _not_usable(c: BrChecker, item: str) -> str:
    spec = c.rules.items[item]
    if spec.weapon is not None:
        return f"the {item} is a weapon: `attack: {{weapon: {item}, targets: [...]}}`"
    if spec.item_class == "trap":
        return f"the {item} is a trap: `set_trap: {{item: {item}, ...}}`"
    if spec.get("heal"):
        return f"the {item} is used with a Heal: `heal: {{target: NAME, item: {item}}}`"
    if item == "Tracking Unit":
        return "the Tracking Unit works by itself each night (`free: [track: NAME]` looks for one player)"
    if spec.get("wearable"):
        return f"the {item} is worn: `free: [wear: {item}]`"
    if item == "Backpack":
        return "the Backpack is used with free actions: `store: ITEM` and `take_out: ITEM`"
    return f"the {item} works by itself while held: it is not used with Use Item"


def _check_set_trap(c: BrChecker, orders: PlayerOrders, player: Player, value, where: Location) -> None:
    if not isinstance(value, dict) or "item" not in value:
        c.error(where, "Set Trap is `set_trap: {item: Poison Vial, target: NAME}`, "
                       "`{item: Land Mine, path: [ZONE, ZONE]}` or `{item: C-4, day: N}`")
        return
    iat = value_loc(c.path, value, "item")
    item = c.held_item(player, value["item"], iat)
    if item is None:
        return
    kind = c.rules.items[item].get("trap")
    need = {"poison": "target", "mine": "path", "c4": "day"}.get(kind)
    if need is None:
        c.error(iat, f"the {item} is not a trap (traps: Poison Vial, Land Mine, C-4)")
        return
    if set(value) != {"item", need}:
        c.error(where, f"a {item} is set with `{{item: {item}, {need}: ...}}`")
        return
    at = value_loc(c.path, value, need)
    if kind == "poison":
        target = c.player_here(player, value[need], at, "the Poison Vial")
        if target == player.name:
            c.error(at, f"{player.name} cannot poison themselves")
        elif target:
            orders.action, orders.item, orders.target = "set_trap", item, target
    elif kind == "mine":
        toward = _mine_path(c, player, value[need], at)
        if toward:
            orders.action, orders.item, orders.toward = "set_trap", item, toward
    else:
        day = value[need]
        if isinstance(day, bool) or not isinstance(day, int) or not c.day <= day <= c.rules.house.last_day:
            c.error(at, f"C-4 goes off on a day from today (Day {c.day}) to the last (Day {c.rules.house.last_day}), not {day!r}")
            return
        orders.action, orders.item, orders.trap_day = "set_trap", item, day


def _mine_path(c: BrChecker, player: Player, raw, where: Location) -> str | None:
    """The zone at the other end of the path from the player's zone: `[Beach, Forest]` or just `Forest`."""
    here = player.zone
    zones = raw if isinstance(raw, list) else [raw]
    names = [c.zone_name(z, item_loc(c.path, raw, i) if isinstance(raw, list) else where) for i, z in enumerate(zones)]
    if None in names:
        return None
    others = [z for z in names if z != here]
    if len(names) > 2 or not others or (len(names) == 2 and here not in names) or len(others) != 1:
        c.error(where, f"a Land Mine goes on a path from {the(here)}, where {player.name} is, to a zone next to it: "
                       f"e.g. [{here}, {c.rules.zones[here].adjacent[0]}]")
        return None
    if others[0] not in c.rules.zones[here].adjacent:
        c.error(where, f"{the(others[0])} is not next to {the(here)} (next to it: {', '.join(c.rules.zones[here].adjacent)})")
        return None
    return others[0]
