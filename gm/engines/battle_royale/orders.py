"""Battle Royale orders: what a GM may write for each player, checked against the start of the day.

One entry per player, with up to four sections (README has the walkthrough):

    Akane:
      free:                                 # order_free.py: drop, pick_up, trade, store, take_out,
        - drop: Paper Fan                   #   wear, take_off, track, proficiency
        - trade: {with: Chiaki, give: First Aid Kit, get: Knife}
      action: {attack: {weapon: Rifle, targets: [Bruno, Bruno]}}   # order_actions.py: defend, search,
                                            #   attack, all_out_attack, cover, analyze, heal, use_item, set_trap
      movement: {follow: Bruno}             # order_moves.py: stay, hold, move, run, follow, escape
      votes: {mark: Bruno, close: Cliffs, reward: Field}

Day 0 takes `start: <zone>` and the role's bonus: `bonus: Scavenger`; a Lone Wolf request (granted on
a chance) names one bonus for each outcome: `bonus: {Lone Wolf: Shadow, Dedicated Student: Scavenger}`.
"""

from __future__ import annotations

from gm.errors import Location, Problem
from gm.salts import SALT_KEY
from gm.suggest import did_you_mean
from gm.text import the
from gm.yamlio import key_loc, value_loc

from .order_actions import check_action
from .order_base import FreeAction, PlayerOrders, BrChecker, default_orders
from .order_free import after_free, check_free
from .order_moves import check_movement
from .rules import Rules
from .state import Player, State

__all__ = ["FreeAction", "PlayerOrders", "BrChecker", "default_orders", "check_orders_doc", "check_player_orders"]


def check_player_orders(c: BrChecker, name: str, node, where: Location) -> PlayerOrders:
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
    for key in ("free", "action", "movement", "votes"):
        if key in node and node[key] is None:  # a form's empty `key:` line, left as it was: the default
            c.warn(key_loc(c.path, node, key), f"{name}'s `{key}:` is empty: "
                   + {"free": "no free actions", "action": "Defend", "movement": "no movement", "votes": "no votes"}[key])
            node = {k: v for k, v in node.items() if k != key}
    if "free" in node:
        check_free(c, orders, player, node["free"], value_loc(c.path, node, "free"))
    _warn_if_track_lost(c, orders)
    ready = after_free(c, player, orders)  # free actions come first: the rest is checked against their result
    if "action" in node:
        check_action(c, orders, ready, node["action"], value_loc(c.path, node, "action"))
    if "movement" in node:
        check_movement(c, orders, ready, node["movement"], value_loc(c.path, node, "movement"))
    if "votes" in node:
        _check_votes(c, orders, node["votes"], value_loc(c.path, node, "votes"))
    _warn_if_staying_in_a_closed_zone(c, orders, player, value_loc(c.path, node, "movement") if "movement" in node else where)
    return orders


def _warn_if_track_lost(c: BrChecker, orders: PlayerOrders) -> None:
    """`track:` reads the Tracking Unit at night: storing, dropping or trading it away first undoes it."""
    track = orders.free_of("track")
    if not track:
        return
    gone = [fa for fa in orders.free if (fa.kind in ("store", "drop") and fa.item == "Tracking Unit")
            or (fa.kind == "trade" and fa.give == "Tracking Unit")]
    if gone:
        c.warn(track[0].where, f"{orders.player} will not track {track[0].target}: the Tracking Unit must be in hand at "
                               f"night, and the free action `{gone[0].kind}` moves it before then")


def _warn_if_staying_in_a_closed_zone(c: BrChecker, orders: PlayerOrders, player: Player, where: Location) -> None:
    zone = c.state.zones[player.zone]
    if orders.movement in ("stay", "hold") and (zone.closed or zone.closing):
        shut = "is closed" if zone.closed else "closes at dawn"
        c.warn(where, f"{the(player.zone)} {shut} and {player.name} does not move out: {player.name} will die there")


def _check_day0(c: BrChecker, orders: PlayerOrders, node, where: Location) -> PlayerOrders:
    if isinstance(node, dict) and not node:  # only a salt (taken out by the pipeline): a random start
        return orders
    if node is None:  # an empty entry (a form sent back untouched), as on any other day: the defaults
        c.warn(where, f"{orders.player} has an empty entry: a random zone and a random bonus")
        orders.received = False
        return orders
    if not isinstance(node, dict) or not set(node) <= {"start", "bonus"}:
        c.error(where, f"Day 0 orders for {orders.player} are `start: <zone>` and the role's `bonus: <name>`")
        return orders
    if "start" in node:
        orders.start = c.zone_name(node["start"], value_loc(c.path, node, "start"))
    if "bonus" in node:
        _check_bonus(c, orders, c.state.players[orders.player], node["bonus"], value_loc(c.path, node, "bonus"))
    return orders


def _menu_name(menu, raw) -> str | None:
    return next((b for b in menu if isinstance(raw, str) and b.casefold() == raw.strip().casefold()), None)


def _check_bonus(c: BrChecker, orders: PlayerOrders, player: Player, raw, where: Location) -> None:
    """One bonus from the role's menu; a Lone Wolf request names one for a refusal too."""
    if not c.rules.house.role_bonuses:
        c.error(where, "this game's house rules give no Day 0 bonuses (role_bonuses: false)")
        return
    roles = [player.role] + (["Dedicated Student"] if player.role == "Lone Wolf" else [])
    if isinstance(raw, dict):
        before = len(c.problems)
        for key in raw:
            role = next((r for r in roles if r.casefold() == str(key).strip().casefold()), None)
            if role is None:
                c.error(key_loc(c.path, raw, key), f"{player.name} asked to be a {player.role}: "
                                                   f"a bonus is chosen for {' or '.join(roles)}, not {key!r}")
                return
            _one_bonus(c, orders, role, raw[key], value_loc(c.path, raw, key))
        missing = [r for r in roles if r not in orders.bonus]
        if missing and len(c.problems) == before:
            c.warn(where, f"no bonus named for {' or '.join(missing)}: one will be drawn at random")
        return
    for role in roles:
        menu = c.rules.bonuses[role]
        name = _menu_name(menu, raw)
        if name is None and role == player.role:
            c.error(where, f"no {role} bonus called {raw!r}{did_you_mean(str(raw), menu)} (choose: {', '.join(menu)})")
            return
        if name is None:
            c.error(where, f"{player.name} asked to be a Lone Wolf, granted only on a {c.rules.house.lone_wolf_chance}% "
                           f"chance: name a bonus for each, e.g. `bonus: {{Lone Wolf: {raw}, Dedicated Student: "
                           f"{next(iter(menu))}}}`")
            return
        orders.bonus[role] = name


def _one_bonus(c: BrChecker, orders: PlayerOrders, role: str, raw, where: Location) -> None:
    menu = c.rules.bonuses[role]
    name = _menu_name(menu, raw)
    if name is None:
        c.error(where, f"no {role} bonus called {raw!r}{did_you_mean(str(raw), menu)} (choose: {', '.join(menu)})")
    else:
        orders.bonus[role] = name


VOTES = ("mark", "close", "reward")


def _check_votes(c: BrChecker, orders: PlayerOrders, node, where: Location) -> None:
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


def check_vote(c: BrChecker, key: str, raw, at: Location) -> str | None:
    """A mark (a living player) or a zone to close or drop the reward in (an open zone)."""
    if key == "mark":
        return c.player_name(raw, at)
    zone = c.zone_name(raw, at)
    if zone and (c.state.zones[zone].closed or c.state.zones[zone].closing):
        # votes are cast after movement, hours after dawn: a zone voted closed last night is closed by then
        shut = "is already closed" if c.state.zones[zone].closed else "is closed from dawn today (voted closed last night)"
        c.warn(at, f"{the(zone)} {shut}: this vote will be ignored (only open zones can be voted for)")
        return None
    return zone


def check_orders_doc(doc, path: str, rules: Rules, state: State, day: int,
                     seen: dict[str, Location]) -> tuple[dict[str, PlayerOrders], list[Problem]]:
    """Every player's orders in one file. `seen` spots a player given orders in two places."""
    c = BrChecker(path, rules, state, day)
    out: dict[str, PlayerOrders] = {}
    for name, _, node, at in c.players_in(doc, seen, c.player_name):
        out[name] = check_player_orders(c, name, node, at)
    return out, c.problems

