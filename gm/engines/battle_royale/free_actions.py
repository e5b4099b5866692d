"""Free actions (handbook III.B and F.1), before anything else: every drop; then each player's own
Backpack and wearing orders, in the order written; a Rival's proficiency; then trades; then pick-ups."""

from __future__ import annotations

from gm.dice import DiceBase
from gm.engine import Day
from gm.events import Event, private
from gm.text import the

from .common import carried, drop, has_room
from .orders import FreeAction, PlayerOrders
from .rules import Rules
from .state import State

STEP = "free actions"


def _drops(state: State, orders: dict[str, PlayerOrders]) -> list[Event]:
    events = []
    for name in sorted(orders):
        p = state.players[name]
        for fa in orders[name].free:
            if fa.kind != "drop":
                continue
            item = p.holding(fa.item)
            if item is None:  # dropped twice, or traded away
                events.append(private("drop_failed", [name], STEP, player=name, item=fa.item))
                continue
            drop(state, p, item, state.day)
            events.append(private("drop", [name], STEP, player=name, item=fa.item, zone=p.zone))
    return events


def _agreed(a: FreeAction, b: FreeAction) -> bool:
    return a.give == b.get and a.get == b.give


def _trades(state: State, rules: Rules, orders: dict[str, PlayerOrders]) -> list[Event]:
    """A trade happens only when both players' orders describe the same exchange."""
    events = []
    offers = {(name, fa.partner): fa for name in sorted(orders) for fa in orders[name].free if fa.kind == "trade"}
    for (a, b), fa in sorted(offers.items()):
        if a > b and (b, a) in offers:
            continue  # handled from the other side
        both = [a, b]
        fb = offers.get((b, a))
        if fb is None or not _agreed(fa, fb):
            events.append(private("trade_failed", both, STEP, players=both, reason="no matching order", offered=fa.give, asked=fa.get, by=a))
            continue
        pa, pb = state.players[a], state.players[b]
        if rules.house.trade_needs_same_zone and pa.zone != pb.zone:
            events.append(private("trade_failed", both, STEP, players=both, reason="not in the same zone", offered=fa.give, asked=fa.get, by=a))
            continue
        give_a = pa.holding(fa.give) if fa.give else None
        give_b = pb.holding(fb.give) if fb.give else None
        if (fa.give and give_a is None) or (fb.give and give_b is None):
            events.append(private("trade_failed", both, STEP, players=both, reason="an item is no longer held", offered=fa.give, asked=fa.get, by=a))
            continue
        limit = rules.house.carrying_limit
        after_a = carried(rules, pa) - _counts(rules, give_a) + _counts(rules, give_b)
        after_b = carried(rules, pb) - _counts(rules, give_b) + _counts(rules, give_a)
        if after_a > limit or after_b > limit:
            events.append(private("trade_failed", both, STEP, players=both, reason="a carrying limit would be exceeded", offered=fa.give, asked=fa.get, by=a))
            continue
        if give_a:
            pa.items.remove(give_a)
            give_a.worn = False
            pb.items.append(give_a)
        if give_b:
            pb.items.remove(give_b)
            give_b.worn = False
            pa.items.append(give_b)
        events.append(private("trade", both, STEP, players=both, by=a, offered=fa.give, asked=fa.get))
    return events


def _counts(rules: Rules, item) -> int:
    return 1 if item is not None and rules.counts_against_limit(item.name) else 0


def _pick_ups(state: State, rules: Rules, dice: DiceBase, orders: dict[str, PlayerOrders]) -> list[Event]:
    """Several players reaching for the same item: one of them, at random, gets it."""
    events = []
    wanted: dict[tuple[str, str], list[str]] = {}
    for name in sorted(orders):
        for fa in orders[name].free:
            if fa.kind == "pick_up":
                wanted.setdefault((state.players[name].zone, fa.item), []).append(name)
    for (zone_name, item_name), claimants in sorted(wanted.items()):
        zone = state.zones[zone_name]
        lying = sorted((g for g in zone.ground if g.item.name == item_name), key=lambda g: g.item.id)
        # several claimants: a random one reaches the item first
        order = dice.shuffled(claimants, f"who reaches the {item_name} in {the(zone_name)} first",
                              hides=rules.house.seal_hidden_rolls) if len(claimants) > 1 else claimants
        for name in order:
            p = state.players[name]
            free = [g for g in lying if g.held_for in (None, name) or (g.until_day or -1) < state.day]
            if not free:
                events.append(private("pick_up_failed", [name], STEP, player=name, item=item_name, reason="someone else got there first"))
                continue
            if carried(rules, p) >= rules.house.carrying_limit and rules.counts_against_limit(item_name):
                events.append(private("pick_up_failed", [name], STEP, player=name, item=item_name, reason="hands full"))
                continue
            g = free[0]
            lying.remove(g)
            zone.ground.remove(g)
            p.items.append(g.item)
            events.append(private("pick_up", [name], STEP, player=name, item=item_name, zone=zone_name))
    return events


def _own(state: State, rules: Rules, orders: dict[str, PlayerOrders]) -> list[Event]:
    """Store in and take out of a Backpack, wear and take off, in the order each player wrote them."""
    events = []
    for name in sorted(orders):
        p = state.players[name]
        for fa in orders[name].free:
            if fa.kind == "store":
                item = p.holding(fa.item)
                packs = sorted((i for i in p.items if i.name == "Backpack" and i is not item
                                and len(i.contents) < rules.items["Backpack"].get("holds", 2)), key=lambda i: i.id)
                if item is None or not packs:
                    why = "you no longer held it" if item is None else "no Backpack with room"
                    events.append(private("store_failed", [name], STEP, player=name, item=fa.item, reason=why))
                    continue
                p.items.remove(item)
                item.worn = False
                packs[0].contents.append(item)
                events.append(private("store", [name], STEP, player=name, item=fa.item))
            elif fa.kind == "take_out":
                pack = next((i for i in sorted(p.items, key=lambda i: i.id) if any(c.name == fa.item for c in i.contents)), None)
                item = min((c for c in pack.contents if c.name == fa.item), key=lambda c: c.id) if pack else None
                if item is None or not has_room(rules, p, item):
                    why = "it was not in your Backpack" if item is None else "hands full"
                    events.append(private("take_out_failed", [name], STEP, player=name, item=fa.item, reason=why))
                    continue
                pack.contents.remove(item)
                p.items.append(item)
                events.append(private("take_out", [name], STEP, player=name, item=fa.item))
            elif fa.kind in ("wear", "take_off"):
                item = p.holding(fa.item)
                if item is None:
                    events.append(private("wear_failed", [name], STEP, player=name, item=fa.item))
                    continue
                item.worn = fa.kind == "wear"
                events.append(private(fa.kind, [name], STEP, player=name, item=fa.item))
    return events


def _proficiencies(state: State, rules: Rules, dice: DiceBase, orders: dict[str, PlayerOrders]) -> list[Event]:
    """A Rival killed last night: the proficiency named in today's orders, or one drawn at random."""
    events = []
    for p in state.alive():
        if not p.pending_proficiency:
            continue
        chosen = [fa.item for fa in orders[p.name].free_of("proficiency")] if p.name in orders else []
        drawn = not chosen
        # hides: a die as large as the list of proficiencies, whose value names the one drawn (a bonus)
        name = chosen[0] if chosen else dice.pick(sorted(rules.proficiencies), f"{p.name} named no proficiency: which one",
                                                  about=(p.name,), hides=rules.house.seal_hidden_rolls)
        p.bonuses.append(name)
        p.pending_proficiency = False
        events.append(private("proficiency", [p.name], STEP, player=p.name, proficiency=name, drawn=drawn))
    return events


def resolve(day: Day) -> list[Event]:
    state, orders, dice, rules = day.state, day.orders, day.dice, day.rules
    events = _drops(state, orders)
    events += _own(state, rules, orders)
    events += _proficiencies(state, rules, dice, orders)
    events += _trades(state, rules, orders)
    events += _pick_ups(state, rules, dice, orders)
    return events
