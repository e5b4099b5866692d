"""Free actions (handbook III.B): item management, trades, and the free use of items.

    free:
      - drop: Paper Fan
      - pick_up: Rifle                      # an item lying in your zone
      - trade: {with: Chiaki, give: First Aid Kit, get: Knife}
      - store: Knife                        # into your Backpack (two items, concealed, unusable)
      - take_out: Knife                     # out of it
      - wear: Headband                      # Headband or Pretty Ribbon; `take_off:` to stop
      - track: Bruno                        # Tracking Unit: where Bruno is (default: how many in each zone)
      - proficiency: Evasion Proficiency    # after killing your Rival: Battle or Evasion
"""

from __future__ import annotations

from gm.errors import Location
from gm.suggest import did_you_mean
from gm.text import the
from gm.yamlio import item_loc, value_loc

from .order_base import FreeAction, PlayerOrders, BrChecker, single_key
from .state import Player

KINDS = ("drop", "pick_up", "trade", "store", "take_out", "wear", "take_off", "track", "proficiency")
SHAPE = ("a free action is one of `drop: ITEM`, `pick_up: ITEM`, `trade: {with: NAME, give: ITEM, get: ITEM}`, "
         "`store: ITEM`, `take_out: ITEM`, `wear: ITEM`, `take_off: ITEM`, `track: NAME` or `proficiency: NAME`")


def check_free(c: BrChecker, orders: PlayerOrders, player: Player, node, where: Location) -> None:
    if not isinstance(node, list):
        c.error(where, "free actions must be a list, e.g. `- drop: Knife`")
        return
    zone = c.state.zones.get(player.zone) if player.zone else None
    for i, entry in enumerate(node):
        at = item_loc(c.path, node, i)
        kv = single_key(entry)
        if kv is None or kv[0] not in KINDS:
            hint = did_you_mean(kv[0], KINDS) if kv else ""
            c.error(at, SHAPE + hint)
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
        elif kind == "trade":
            _check_trade(c, orders, player, value, vat)
        elif kind in ("store", "take_out"):
            _check_backpack(c, orders, player, kind, value, vat)
        elif kind in ("wear", "take_off"):
            _check_wear(c, orders, player, kind, value, vat)
        elif kind == "track":
            _check_track(c, orders, player, value, vat)
        else:
            _check_proficiency(c, orders, player, value, vat)


def _check_trade(c: BrChecker, orders: PlayerOrders, player: Player, value, where: Location) -> None:
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


def _check_backpack(c: BrChecker, orders: PlayerOrders, player: Player, kind: str, value, where: Location) -> None:
    if kind == "take_out":
        item = c.held_item(player, value, where, stored=True)
        if item:
            orders.free.append(FreeAction("take_out", item=item, where=where))
        return
    item = c.held_item(player, value, where)
    if item is None:
        return
    packs = [i for i in player.items if i.name == "Backpack"]
    if not packs:
        c.error(where, f"{player.name} has no Backpack to store the {item} in")
        return
    if item == "Backpack" and len(packs) == 1:
        c.error(where, "a Backpack cannot go inside itself")
        return
    room = sum(c.rules.items["Backpack"].get("holds", 2) - len(p.contents) for p in packs)
    storing = len(orders.free_of("store")) - len(orders.free_of("take_out"))
    if storing >= room:
        c.error(where, f"{player.name}'s Backpack{'s are' if len(packs) > 1 else ' is'} full "
                       f"(a Backpack holds {c.rules.items['Backpack'].get('holds', 2)} items)")
        return
    orders.free.append(FreeAction("store", item=item, where=where))


def _check_wear(c: BrChecker, orders: PlayerOrders, player: Player, kind: str, value, where: Location) -> None:
    item = c.held_item(player, value, where)
    if item is None:
        return
    if not c.rules.items[item].get("wearable"):
        wearable = sorted(n for n, s in c.rules.items.items() if s.get("wearable"))
        c.error(where, f"the {item} is not worn (only the {' and the '.join(wearable)} are; Camouflage works while held)")
        return
    worn = player.wears(item)
    if kind == "wear" and worn:
        c.warn(where, f"{player.name} already wears the {item}")
    if kind == "take_off" and not worn:
        c.warn(where, f"{player.name} is not wearing the {item}")
    orders.free.append(FreeAction(kind, item=item, where=where))


def _check_track(c: BrChecker, orders: PlayerOrders, player: Player, value, where: Location) -> None:
    name = c.player_name(value, where, alive=False)
    if name is None:
        return
    coming = any((fa.kind in ("pick_up", "take_out") and fa.item == "Tracking Unit") or
                 (fa.kind == "trade" and fa.get == "Tracking Unit") for fa in orders.free)
    if player.holding("Tracking Unit") is None and not coming:
        c.error(where, f"{player.name} holds no Tracking Unit (in hand, not in a Backpack)")
        return
    if orders.free_of("track"):
        c.error(where, "the Tracking Unit looks for one player a night")
        return
    orders.free.append(FreeAction("track", target=name, where=where))


def _check_proficiency(c: BrChecker, orders: PlayerOrders, player: Player, value, where: Location) -> None:
    names = list(c.rules.proficiencies)
    chosen = None
    if isinstance(value, str):
        key = value.strip().casefold()
        chosen = next((n for n in names if key in (n.casefold(), n.split()[0].casefold())), None)
    if chosen is None:
        c.error(where, f"no proficiency called {value!r}{did_you_mean(str(value), names)} (choose: {', '.join(names)})")
        return
    if not player.pending_proficiency:
        c.error(where, f"{player.name} has no proficiency to choose (one is won by killing your Rival)")
        return
    if orders.free_of("proficiency"):
        c.error(where, "one proficiency per Rival killed")
        return
    orders.free.append(FreeAction("proficiency", item=chosen, where=where))


def after_free(c: BrChecker, player: Player, orders: PlayerOrders) -> Player:
    """The player as their free actions leave them (they come first), to check the rest of the orders
    against: what they drop, store or give away is gone, what they take out, pick up or get is in hand.
    A pick-up or trade may still fail tonight; then the action finds nothing in hand and says so."""
    import copy

    if not orders.free:
        return player
    p = copy.deepcopy(player)
    for fa in orders.free:
        if fa.kind == "drop" or (fa.kind == "trade" and fa.give):
            item = p.holding(fa.item if fa.kind == "drop" else fa.give)
            if item is not None:
                p.items.remove(item)
        if fa.kind == "store":
            item = p.holding(fa.item)
            pack = next((i for i in p.items if i.name == "Backpack" and i is not item), None)
            if item is not None and pack is not None:
                p.items.remove(item)
                pack.contents.append(item)
        elif fa.kind == "take_out":
            pack = next((i for i in p.items if any(x.name == fa.item for x in i.contents)), None)
            if pack is not None:
                item = next(x for x in pack.contents if x.name == fa.item)
                pack.contents.remove(item)
                p.items.append(item)
        elif fa.kind == "pick_up":
            zone = c.state.zones[player.zone]
            lying = sorted((g.item for g in zone.ground if g.item.name == fa.item), key=lambda i: i.id)
            if lying:
                p.items.append(copy.deepcopy(lying[0]))
        elif fa.kind == "trade" and fa.get:
            partner = c.state.players[fa.partner]
            got = partner.loaded(fa.get)
            if got is not None:
                p.items.append(copy.deepcopy(got))
        elif fa.kind in ("wear", "take_off"):
            item = p.holding(fa.item)
            if item is not None:
                item.worn = fa.kind == "wear"
    return p
