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
    house = rules.house  # every attempt is held to the house rules' bounds (5-95%): a Paper Fan's 100 is 95
    chance = max(house.hit_chance_min, min(house.hit_chance_max, weapon.hit_chance))
    return (f"Odds: {chance}% to hit with each of {len(o.targets)} attempt(s), before the bonuses and "
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


def _at(rules: Rules, zone: str) -> str:
    """'on the Beach', 'in the Forest': as the zone sits in a sentence (rules data)."""
    z = rules.zones.get(zone)
    return f"{z.at} {the(zone)}" if z is not None else f"in {the(zone)}"


def _row(order: str, note: str = "") -> str:
    """One commented order line of a form: the order, then its choices beside it."""
    return f"  # {order}" + (f"   # {note}" if note else "")


def form_text(state: State, rules: Rules, player: str, view: dict | None = None) -> str:
    """`player`'s form as orders YAML under their name (Engine.form_text): every order they may give
    today, with their own items, the players beside them and the zones in reach; Day 0 their own
    bonus menu (both menus for a Lone Wolf request). Each order is a commented line: uncommented,
    it is exactly that order."""
    from gm.text import yaml_scalar as q

    head = [f"{q(player)}:"]
    if state.day < 0:
        return "\n".join(head + _day0_rows(state, rules, player)) + "\n"
    view = view if view is not None else player_view(state, rules, player)
    me = view["me"]
    if not me["on_island"]:
        return "\n".join(head + ["  ## you are out of the game: no orders"]) + "\n"
    held = list(dict.fromkeys(i["name"] for i in me["items"]))
    stored = list(dict.fromkeys(c for i in me["items"] for c in i["contents"]))
    near = [n["name"] for n in view["nearby"]]
    someone = near[0] if near else "NAME"
    with_you = (f"with you {_at(rules, me['zone'])}: {', '.join(near)}"
                + (f" and {view['nearby_more']} more" if view["nearby_more"] else "")) if near else "no one is with you now"
    spec = rules.items.get
    loaded = {i["name"] for i in me["items"] if i.get("ammo") is None or i["ammo"] > 0}  # an empty gun fires nothing
    weapons = [n for n in held if spec(n) and spec(n).weapon is not None and n in loaded]
    rows = head + ["  ## Free actions: any number. One action, one movement. Nothing sent: the first of each."]
    free = []
    if held:
        free.append(_row(f"  - drop: {q(held[0])}", f"your items: {', '.join(held)}"))
    if view["lying"]:
        free.append(_row(f"  - pick_up: {q(view['lying'][0])}", f"lying here: {', '.join(view['lying'])}"))
    if held and near:
        free.append(_row(f"  - trade: {{with: {q(someone)}, give: {q(held[0])}, get: ITEM}}",
                         "happens only if they send the same trade"))
    if held and "Backpack" in held:
        free.append(_row(f"  - store: {q(held[0])}", "into your Backpack: concealed, not usable"))
    if stored:
        free.append(_row(f"  - take_out: {q(stored[0])}", f"in your Backpack: {', '.join(stored)}"))
    for i in me["items"]:
        if spec(i["name"]) and spec(i["name"]).get("wearable"):
            free.append(_row(f"  - {'take_off' if i['worn'] else 'wear'}: {q(i['name'])}"))
    if "Tracking Unit" in held:
        free.append(_row("  - track: NAME", "where that player is; leave it out: a count per zone"))
    if me["pending_proficiency"]:
        free.append(_row(f"  - proficiency: {q(next(iter(rules.proficiencies)))}",
                         f"due: you killed your Rival; one of {', '.join(rules.proficiencies)}"))
    if free:
        rows += [_row("free:")] + free
    rows.append(_row("action: defend", "what you do if you send no action"))
    rows.append(_row("action: search"))
    arms = weapons + ["none (bare hands: leave out weapon)"]
    w = f"weapon: {q(weapons[0])}, " if weapons else ""
    rows.append(_row(f"action: {{attack: {{{w}targets: [ {q(someone)} ]}}}}", f"weapons: {', '.join(arms)}; {with_you}"))
    lasting = [n for n in weapons if not spec(n).weapon.one_use]  # a one-use weapon cannot go all out
    w = f"weapon: {q(lasting[0])}, " if lasting else ""
    rows.append(_row(f"action: {{all_out_attack: {{{w}targets: [ {q(someone)} ]}}}}",
                     "50% more hit attempts" + ("" if lasting == weapons else ", not with a one-use weapon")))
    if near:
        rows.append(_row(f"action: {{cover: {q(someone)}}}"))
        rows.append(_row(f"action: {{analyze: {q(someone)}}}"))
    rows.append(_row(f"action: {{heal: {q(player)}}}", "+1 health: yourself or someone with you"))
    kits = [n for n in held if spec(n) and spec(n).get("heal")]
    if kits:
        rows.append(_row(f"action: {{heal: {{target: {q(player)}, item: {q(kits[0])}}}}}",
                         "+2 health, uses the kit: yourself or someone with you"))
    for n in held:
        kind = spec(n).get("trap") if spec(n) else None
        if kind == "poison":
            rows.append(_row(f"action: {{set_trap: {{item: {q(n)}, target: {q(someone)}}}}}", "someone with you"))
        elif kind == "mine":
            rows.append(_row(f"action: {{set_trap: {{item: {q(n)}, path: [ {q(me['zone'])}, ZONE ]}}}}",
                             "your zone and one next to it"))
        elif kind == "c4":
            rows.append(_row(f"action: {{set_trap: {{item: {q(n)}, day: {state.day + 1}}}}}",
                             f"goes off after that day's movement (up to Day {rules.house.last_day})"))
        elif n == "Smoke Grenade" and near:  # thrown at someone: the same as attacking with it
            rows.append(_row(f"action: {{use_item: {{item: {q(n)}, target: {q(someone)}}}}}", "thrown at someone with you"))
        elif n in ("Deactivator", "Megaphone"):
            rows.append(_row(f"action: {{use_item: {q(n)}}}"))
    reach = view["adjacent"]
    rows.append(_row("movement: stay", "what you do if you send no movement"))
    rows.append(_row("movement: hold", "no movement, harder to hit"))
    if reach:
        rows.append(_row(f"movement: {{move: [ {q(reach[0])} ]}}", f"zones next to you: {', '.join(reach)}"))
        rows.append(_row(f"movement: {{run: [ {q(reach[0])}, ZONE ]}}", "up to five zones along a route"))
    if near:
        rows.append(_row("movement: {follow: NAME}", "the one you attack, cover or analyze: go where they go"))
    public = view
    open_zones = [z["name"] for z in public["zones"] if not z["closed"] and not z["closing"]]
    rows.append(_row("votes: {mark: NAME, close: ZONE, reward: ZONE}", f"open zones: {', '.join(open_zones) or 'none'}"))
    rows.append(_row('salt: "any words you like"', "mixed into the day's dice"))
    return "\n".join(rows) + "\n"


def _day0_rows(state: State, rules: Rules, player: str) -> list[str]:
    from gm.text import yaml_scalar as q

    role = state.players[player].role
    zones = list(rules.zones)
    rows = [_row(f"start: {q(zones[0])}", f"one of {', '.join(zones)}; none: a random zone")]
    if role == "Lone Wolf":  # a request: granted on a chance, else a Dedicated Student
        wolf, student = rules.bonuses.get("Lone Wolf", {}), rules.bonuses.get("Dedicated Student", {})
        rows.append(_row(f"bonus: {{Lone Wolf: {q(next(iter(wolf)))}, Dedicated Student: {q(next(iter(student)))}}}",
                         f"granted: one of {', '.join(wolf)}; refused: one of {', '.join(student)}"))
    else:
        menu = rules.bonuses.get(role, {})
        rows.append(_row(f"bonus: {q(next(iter(menu)))}", f"as a {role}: one of {', '.join(menu)}; none: drawn at random"))
    rows.append(_row('salt: "any words you like"', "mixed into Day 0's dice"))
    return rows
