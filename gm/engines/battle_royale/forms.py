"""What goes back to a player before the deadline: their orders in plain words (a receipt), and
what they may order (the form at the end of their message, `gm form`). Built from their own orders
and their own view only, so nothing in it is news to them."""

from __future__ import annotations

from gm.markup import and_join
from gm.text import the

from .order_base import PlayerOrders
from .rules import Rules
from .state import State
from .views import player_view, public_view

_MOVES = {"stay": "stay where you are", "hold": "hold your ground (harder to hit, no movement)",
          "escape": "escape the island"}


def _free(fa) -> str:
    if fa.kind == "trade":
        return f"trade with {fa.partner}: give {fa.give or 'nothing'}, get {fa.get or 'nothing'}"
    if fa.kind == "track":
        return f"track {fa.target} with the Tracking Unit"
    if fa.kind == "proficiency":
        return f"choose the {fa.item}"
    return f"{fa.kind.replace('_', ' ')} {the(fa.item) if fa.item else ''}".strip()


def _action(o: PlayerOrders) -> str:
    if o.attacking:
        counts: dict[str, int] = {}
        for t in o.targets:
            counts[t] = counts.get(t, 0) + 1
        aims = and_join([t + ("" if n == 1 else f" ({n} attempts)") for t, n in counts.items()])
        kind = "all-out attack" if o.all_out else "attack"
        return f"{kind} {aims} with {'your bare hands' if not o.weapon or o.weapon == 'Unarmed' else the(o.weapon)}"
    if o.action == "heal":
        return f"heal {'yourself' if o.target == o.player else o.target}" + (f" with {the(o.item)}" if o.item else "")
    if o.action in ("cover", "analyze"):
        return f"{o.action} {o.target}"
    if o.action == "use_item":
        return f"use {the(o.item)}" + (f" on {o.target}" if o.target and o.target != o.player else "")
    if o.action == "set_trap":
        where = f" toward {the(o.toward)}" if o.toward else ""
        when = f", going off on Day {o.trap_day}" if o.trap_day is not None else ""
        aim = f" for {o.target}" if o.target else ""
        return f"set {the(o.item)}{where}{when}{aim}"
    return o.action


def _movement(o: PlayerOrders) -> str:
    if o.follow:
        return f"{o.movement} after {o.follow}"
    if o.movement in ("move", "run"):
        path = " then ".join(the(z) for z in o.route)
        drop = f", dropping {the(o.run_drop)}" if o.run_drop else ""
        return f"{o.movement} to {path}{drop}"
    return _MOVES.get(o.movement, o.movement)


def _odds(o: PlayerOrders, rules: Rules) -> str | None:
    """What the attacker can know already: the weapon's own chance to hit and its hit attempts, before
    anything about the target (their defence, items, cover) that the attacker may not know."""
    if not o.attacking:
        return None
    spec = rules.items.get(o.weapon) if o.weapon and o.weapon != "Unarmed" else None
    weapon = spec.weapon if spec is not None and spec.weapon is not None else rules.unarmed
    return (f"Odds: {weapon.hit_chance}% to hit with each of {len(o.targets)} attempt(s), before the bonuses and "
            "penalties of the night (your message will show each roll)")


def receipt_lines(orders: PlayerOrders, state: State, rules: Rules, player: str) -> list[str]:
    o = orders
    if o.start is not None or o.bonus or state.day < 0:
        lines = [f"Start: {the(o.start) if o.start else 'a random zone'}"]
        lines += [f"Bonus as a {role}: {b}" for role, b in sorted(o.bonus.items())] or ["Bonus: drawn at random"]
        return lines
    lines = [f"Free action: {_free(fa)}" for fa in o.free]
    lines.append(f"Action: {_action(o)}")
    odds = _odds(o, rules)
    if odds:
        lines.append(odds)
    lines.append(f"Movement: {_movement(o)}")
    votes = [f"{k} {v}" for k, v in sorted(o.votes.items())]
    lines.append(f"Votes: {', '.join(votes) if votes else 'none'}")
    return lines


def order_form(state: State, rules: Rules, player: str | None, view: dict | None = None) -> list[str]:
    """The form for the day after `state`: blank (the thread's), or one player's from their own view
    (`view`: that view, when the caller has it already)."""
    if state.day < 0:
        zones = ", ".join(rules.zones)
        return [f"start: one of {zones}", "bonus: one from your role's menu (your Day 0 message, or `gm rules`)"]
    public = view if view is not None else public_view(state, rules)
    open_zones = [z["name"] for z in public["zones"] if not z["closed"] and not z["closing"]]
    if player is None:
        return [
            "free (any number, first): drop: ITEM, pick_up: ITEM, trade: {with: NAME, give: ITEM, get: ITEM}, "
            "store: ITEM, take_out: ITEM, wear: ITEM, take_off: ITEM",
            "action (one): defend, search, attack: {weapon: ITEM, targets: [ NAME, ... ]}, all_out_attack: {...}, "
            "cover: NAME, analyze: NAME, heal: NAME, use_item: ITEM, set_trap: {item: ITEM, ...}",
            "movement (one): stay, hold, move: [ ZONE ], run: [ ZONE, ZONE, ... ], follow: NAME, escape",
            f"votes: mark: NAME, close: ZONE, reward: ZONE (open zones: {', '.join(open_zones) or 'none'})",
        ]
    view = view if view is not None else player_view(state, rules, player)
    me = view["me"]
    if not me["on_island"]:
        return []
    held = [i["name"] for i in me["items"]]
    weapons = [n for n in dict.fromkeys(held) if rules.items.get(n) and rules.items[n].weapon is not None]
    near = [n["name"] for n in view["nearby"]] + ([f"{view['nearby_more']} more"] if view["nearby_more"] else [])
    return [
        f"free: your items are {and_join(held) if held else 'none'}"
        + (f"; lying here: {and_join(view['lying'])}" if view["lying"] else ""),
        f"action: attack with {and_join(weapons + ['bare hands'])}; "
        f"with you in {the(me['zone'])}: {and_join(near) if near else 'no one'}",
        f"movement: zones in reach: {and_join(view['adjacent']) if view['adjacent'] else 'none open'}",
        f"votes: mark: NAME, close: ZONE, reward: ZONE (open zones: {', '.join(open_zones) or 'none'})",
    ]
