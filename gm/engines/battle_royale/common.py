"""Small rules shared by several phases: carrying, dropping, dying and looting."""

from __future__ import annotations

from gm.dice import DiceBase
from gm.events import Event, private, public

from .rules import Rules
from .state import GroundItem, Item, Player, State


def item_label(item: Item) -> str:
    """How an item is named in the roll log: its name and its number, so two Knives differ."""
    return f"{item.name} #{item.id}"


def carried(rules: Rules, player: Player) -> int:
    """Items counting against the carrying limit (a Poison Vial, say, does not)."""
    return sum(1 for i in player.items if rules.counts_against_limit(i.name))


def has_room(rules: Rules, player: Player, item: Item) -> bool:
    return not rules.counts_against_limit(item.name) or carried(rules, player) < rules.house.carrying_limit


def new_item(state: State, rules: Rules, name: str) -> Item:
    spec = rules.items[name]
    ammo = spec.ammo if spec.ammo is not None else (spec.weapon.ammo if spec.weapon is not None else None)
    return state.new_item(name, ammo)


def take_or_leave(state: State, rules: Rules, player: Player, item: Item, day: int) -> bool:
    """The player takes the item if there is room; otherwise it lies at their feet, theirs alone today."""
    if has_room(rules, player, item):
        player.items.append(item)
        return True
    state.zones[player.zone].ground.append(GroundItem(item, player.name, day))
    return False


def drop(state: State, player: Player, item: Item, day: int, keep_control: bool = True) -> None:
    player.items.remove(item)
    item.worn = False
    held_for = player.name if keep_control else None
    state.zones[player.zone].ground.append(GroundItem(item, held_for, day if keep_control else None))


def random_item_name(rules: Rules, dice: DiceBase, purpose: str, about: tuple[str, ...] = (), hides: bool = False) -> str:
    """An item of the catalogue, which anyone can rebuild: so what is picked is as public as the roll."""
    return dice.pick(sorted(rules.items), purpose, about, hides)


def kill(state: State, victim: Player, day: int, cause: str, step: str, killer: str | None = None) -> list[Event]:
    """The victim dies where they stand; the death is public, its author is not.

    A Lover's partner grieves (and knows whom to avenge, unless the killer is dead already or dies
    in the same step); a player who killed their Rival wins a
    proficiency, chosen in their next orders (RULINGS.md, Lovers and Rivals)."""
    victim.alive = False
    victim.health = min(victim.health, 0)
    victim.died_on_day = day
    victim.death = cause
    victim.killed_by = killer
    events = [public("death", step, about=[victim.name], player=victim.name, school=victim.school, zone=victim.zone, cause=cause,
                     marked=victim.name in state.marked)]
    if killer is not None:
        events.append(private("kill", [killer], step, killer=killer, victim=victim.name, zone=victim.zone, cause=cause))
    partner = state.players.get(victim.partner) if victim.partner else None
    k = state.players.get(killer) if killer else None
    if partner is not None and partner.on_island:
        partner.grieving = True
        # no vengeance on a killer already dead, or dying in this same step (at 0 health until its end)
        gone = k is not None and (not k.alive or k.health <= 0)
        partner.avenge = killer if killer != partner.name and not gone else None
        events.append(private("partner_lost", [partner.name], step, player=partner.name, partner=victim.name,
                              killer=killer if killer != partner.name else None, cause=cause,
                              **({"killer_dead": True} if gone else {})))
    if k is not None and k.rival == victim.name:
        k.pending_proficiency = True
        events.append(private("rival_killed", [k.name], step, player=k.name, rival=victim.name))
    return events


def loot(state: State, rules: Rules, dice: DiceBase, killer: Player, victim: Player, stays: bool,
         day: int, step: str) -> list[Event]:
    """Handbook III.C.1: the killer takes the victim's items, all of them if staying, else what it can carry.

    Either way the items are taken in a random order until the killer's hands are full; what is left
    lies in the zone, under the killer's exclusive control today if the killer stays (RULINGS.md, Looting).
    """
    items = sorted(victim.items, key=lambda i: i.id)
    victim.items = []
    if not items:
        return []
    order = items
    if len(items) > 1:
        labels = {item_label(i): i for i in items}
        order = [labels[x] for x in dice.shuffled(list(labels), f"{killer.name} loots {victim.name}: order of the items",
                                                  about=(killer.name,), hides=rules.house.seal_hidden_rolls)]
    taken: list[str] = []
    left: list[str] = []
    zone = state.zones[victim.zone]
    for item in order:
        item.worn = False
        if has_room(rules, killer, item):
            killer.items.append(item)
            taken.append(item.name)
        else:
            zone.ground.append(GroundItem(item, killer.name if stays else None, day if stays else None))
            left.append(item.name)
    return [private("loot", [killer.name], step, killer=killer.name, victim=victim.name, taken=taken, left=left,
                    zone=victim.zone, stays=stays)]


def mark_reward(state: State, rules: Rules, dice: DiceBase, victim: str, killers: list[str], day: int,
                step: str) -> list[Event]:
    """Handbook III.E.1: killing a marked player wins a random item; simultaneous killers draw for it."""
    if not rules.house.mark_reward or victim not in state.marked or not killers:
        return []
    living = [k for k in sorted(killers) if state.players[k].alive]
    if not living:
        return []
    winner = state.players[dice.pick(living, f"bounty on {victim}: which killer wins it", hides=rules.house.seal_hidden_rolls)]
    name = random_item_name(rules, dice, f"bounty on {victim}: the reward item", hides=rules.house.seal_hidden_rolls)
    item = new_item(state, rules, name)
    kept = take_or_leave(state, rules, winner, item, day)
    return [private("bounty", [winner.name], step, player=winner.name, victim=victim, item=name, kept=kept)]


def scatter(state: State, victim: Player) -> None:
    """Whatever a dead player still holds falls where they died, free for anyone."""
    zone = state.zones[victim.zone]
    for item in sorted(victim.items, key=lambda i: i.id):
        item.worn = False
        zone.ground.append(GroundItem(item))
    victim.items = []
