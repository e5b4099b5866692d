"""Movement Phase orders (handbook III.D); no movement is the default.

    movement: stay | hold                              # Hold Ground: -20% to be hit tonight
    movement: {move: [Forest, Beach]}                  # one or two zones, the route in order
    movement: {run: [Beach, Field, Cliffs], drop: Uzi} # up to five; drop something if your hands are full
    movement: {follow: Bruno}                          # after the target of your Attack, Cover or Analyze
    movement: {follow: true}                           # (the action's only target)
    movement: {follow: Bruno, run: true, drop: Uzi}    # following at a Run
    movement: escape                                   # with a deactivated collar, from an escape zone
    movement: {escape: [Beach]}                        # move (one or two zones) first, then escape
"""

from __future__ import annotations

from gm.errors import Location
from gm.suggest import did_you_mean
from gm.text import the
from gm.yamlio import item_loc, value_loc

from .order_base import PlayerOrders, BrChecker, single_key
from .state import Player

MOVE_KEYWORDS = {"stay": "stay", "none": "stay", "hold": "hold", "hold_ground": "hold", "escape": "escape"}
KINDS = ("move", "run", "hold", "stay", "follow", "escape")
SHAPE = ("movement is one of `stay`, `hold`, `{move: [ZONE, ...]}`, `{run: [ZONE, ...], drop: ITEM}`, "
         "`{follow: NAME}` (with `run: true` to follow at a Run) or `escape` / `{escape: [ZONE, ...]}`")
NO_RUN = {"all_out_attack": "an All-Out Attack", "set_trap": "a Set Trap", "heal": "a Heal"}


def check_route(c: BrChecker, player: Player, raw, where: Location, longest: int, verb: str,
                collar_off: bool = False) -> list[str] | None:
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
        shut_zone = c.state.zones[zone]
        last = i == len(raw) - 1
        if (shut_zone.closed or shut_zone.closing) and (last or not collar_off):
            shut = "is closed" if shut_zone.closed else "closes at dawn"
            how = "stopping in" if collar_off else "moving through"
            c.warn(at, f"{the(zone)} {shut}: {player.name} will die {how} it")
        route.append(zone)
        here = zone
    return route


def check_movement(c: BrChecker, orders: PlayerOrders, player: Player, node, where: Location) -> None:
    if isinstance(node, dict) and "follow" in node:
        _check_follow(c, orders, player, node, where)
        return
    # `{run: [...], drop: ITEM}` is the one other movement written with two keys
    kv = ("run", node["run"]) if isinstance(node, dict) and set(node) == {"run", "drop"} else single_key(node)
    if kv is None:
        c.error(where, SHAPE)
        return
    kind, value = kv
    if kind in MOVE_KEYWORDS and value is None:
        kind = MOVE_KEYWORDS[kind]
        if kind == "escape":
            _check_escape(c, orders, player, [], where)
        elif _allowed(c, orders, kind, where):
            orders.movement = kind
        return
    if kind not in ("move", "run", "escape"):
        c.error(where, f"unknown movement '{kind}'{did_you_mean(kind, KINDS)}")
        return
    at = value_loc(c.path, node, kind) if isinstance(node, dict) else where
    if kind == "escape":
        route = check_route(c, player, value, at, 2, "Escape", collar_off=True)
        if route is not None:
            _check_escape(c, orders, player, route, at)
        return
    if not _allowed(c, orders, kind, where):
        return
    route = check_route(c, player, value, at, 2 if kind == "move" else 5, kind.capitalize(), _collar_off(c, orders, player))
    if route is None:
        return
    if kind == "run" and isinstance(node, dict) and node.get("drop") is not None:
        drop = c.held_item(player, node["drop"], value_loc(c.path, node, "drop"))
        if drop is None:
            return
        if not c.rules.counts_against_limit(drop):
            c.warn(value_loc(c.path, node, "drop"), f"dropping the {drop} does not lighten a Run: it does not count "
                   "toward the carrying limit (with full hands, the Run will shrink to a Move)")
        orders.run_drop = drop
    orders.movement = kind
    orders.route = route


def _collar_off(c: BrChecker, orders: PlayerOrders, player: Player) -> bool:
    """Is the player's collar off today as far as their own orders tell (their own Deactivator)?"""
    own = orders.action == "use_item" and orders.item == "Deactivator" and orders.target == player.name
    return own or player.collar_off_day == c.day


def _allowed(c: BrChecker, orders: PlayerOrders, kind: str, where: Location) -> bool:
    """No Run after an All-Out Attack, a Set Trap or a Heal; no Hold Ground after an All-Out Attack (III.C, III.D)."""
    if kind == "run" and orders.action in NO_RUN:
        c.error(where, f"a Run is not allowed after {NO_RUN[orders.action]} (Move, or no movement)")
        return False
    if kind == "hold" and orders.all_out:
        c.error(where, "Hold Ground is not allowed after an All-Out Attack (Move, or no movement)")
        return False
    return True


def _check_follow(c: BrChecker, orders: PlayerOrders, player: Player, node, where: Location) -> None:
    if not set(node) <= {"follow", "run", "drop"}:
        c.error(where, "a follow is `{follow: NAME}`, or `{follow: NAME, run: true, drop: ITEM}` to follow at a Run")
        return
    run = node.get("run", False)
    if not isinstance(run, bool):
        c.error(value_loc(c.path, node, "run"), "run must be true or false")
        return
    if "drop" in node and not run:
        c.error(value_loc(c.path, node, "drop"), "only a Run drops an item: add `run: true`")
        return
    fat = value_loc(c.path, node, "follow")
    if orders.action not in ("attack", "all_out_attack", "cover", "analyze"):
        c.error(fat, "only an Attack, All-Out Attack, Cover or Analyze lets a player follow its target")
        return
    if run and orders.all_out:
        c.error(fat, "a Run is not allowed after an All-Out Attack: follow with a Move (`{follow: NAME}`)")
        return
    targets = orders.action_targets()
    raw = node["follow"]
    if raw is True:
        if len(targets) != 1:
            c.error(fat, f"`follow: true` needs an action with one target; name whom to follow ({', '.join(targets)})")
            return
        name = targets[0]
    else:
        name = c.player_name(raw, fat)
        if name is None:
            return
        if name not in targets:
            c.error(fat, f"{player.name} can only follow the target of their action ({', '.join(targets) or 'none'}), not {name}")
            return
    if run and node.get("drop") is not None:
        drop = c.held_item(player, node["drop"], value_loc(c.path, node, "drop"))
        if drop is None:
            return
        if not c.rules.counts_against_limit(drop):
            c.warn(value_loc(c.path, node, "drop"), f"dropping the {drop} does not lighten a Run: it does not count "
                   "toward the carrying limit (with full hands, the Run will shrink to a Move)")
        orders.run_drop = drop
    zone = c.state.zones[player.zone]
    if zone.closed or zone.closing:
        shut = "is closed" if zone.closed else "closes at dawn"
        c.warn(fat, f"{the(player.zone)} {shut}: if {name} does not move (or dies first), {player.name} stays and dies there")
    orders.movement = "run" if run else "move"
    orders.follow = name


def _check_escape(c: BrChecker, orders: PlayerOrders, player: Player, route: list[str], where: Location) -> None:
    end = route[-1] if route else player.zone
    zones = c.rules.house.escape_zones
    if end not in zones:
        c.error(where, f"students escape from {' or '.join(the(z) for z in zones)}, not from {the(end)}")
        return
    if not _collar_off(c, orders, player):
        c.warn(where, f"{player.name} escapes today without deactivating the collar: the escape works only if "
                      "someone else's Deactivator does it")
    orders.movement = "escape"
    orders.route = route
