"""Explosives' collateral damage (handbook V.C and the clarifications).

A Molotov Cocktail, Grenade or Smoke Grenade also rolls against "any players attacking or being
attacked by that player in Melee (excepting yourself)"; a Flamethrower against "any players
targeting you or your target in Melee". Covering counts as melee range both ways ("When you cover
a player, you are counted as within melee range of them with regards to area attacks").
"""

from __future__ import annotations

from gm.engine import Day
from gm.events import Event, private

from .hit_chance import hit_chance
from .rules import Weapon
from .state import Player
from .today import acting


def _melee_targets(day: Day, name: str) -> list[str]:
    """Whom a player's standing attack tonight strikes in melee (none if it is not a melee attack)."""
    o = acting(day, name)
    if o is None or not o.attacking:
        return []
    rules = day.rules
    weapon = rules.unarmed if o.weapon is None else rules.items[o.weapon].weapon
    return list(o.targets) if weapon is not None and weapon.weapon_class == "melee" else []


def _cover_partners(day: Day, name: str, zone_players: list[Player]) -> set[str]:
    out = set()
    o = acting(day, name)
    if o is not None and o.action == "cover" and o.target:
        out.add(o.target)
    for p in zone_players:
        po = acting(day, p.name)
        if po is not None and po.action == "cover" and po.target == name:
            out.add(p.name)
    return out


def in_melee_with(day: Day, name: str, zone_players: list[Player], *, attackers_only: bool = False) -> set[str]:
    """Living players in the zone in melee with `name`: attacking them in melee, attacked by them in melee
    (unless `attackers_only`), or in a Cover with them."""
    here = {p.name for p in zone_players if p.alive}
    out = {p.name for p in zone_players if name in _melee_targets(day, p.name)}
    if not attackers_only:
        out |= set(_melee_targets(day, name))
    out |= _cover_partners(day, name, zone_players)
    return (out & here) - {name}


def collateral_victims(day: Day, weapon: Weapon, thrower: Player, target: Player,
                       zone_players: list[Player]) -> list[str]:
    coll = weapon.collateral
    if coll is None:
        return []
    if coll.around == "both":  # the Flamethrower: those targeting the user or the target in melee
        near = in_melee_with(day, target.name, zone_players, attackers_only=True)
        near |= in_melee_with(day, thrower.name, zone_players, attackers_only=True)
        near |= _cover_partners(day, target.name, zone_players) & {p.name for p in zone_players if p.alive}
    else:
        near = in_melee_with(day, target.name, zone_players)
    return sorted(near - {thrower.name, target.name})


def collateral(day: Day, zone: str, weapon: Weapon, weapon_name: str, thrower: Player, target: Player,
               near: list[str], ledger: dict[str, dict[str, int]], all_out: bool = False) -> list[Event]:
    """Every player in melee with the target rolls against the collateral chance (the attacker's and their
    own modifiers apply, as to any attack: an All-Out Attack's -10% too); a Smoke Grenade's collateral
    also negates their actions."""
    state, dice, step = day.state, day.dice, day.step
    events = []
    coll = weapon.collateral
    for name in near:
        victim = state.players[name]
        if not victim.alive:
            continue
        chance, why = hit_chance(day, zone, thrower, victim, weapon, base=coll.hit_chance, all_out=all_out)
        purpose = f"{thrower.name}'s {weapon_name} at {target.name}: collateral on {name}"
        hit, roll = dice.chance(chance, f"{purpose}: hit?")
        damage, damage_roll = 0, None
        if hit:
            damage, damage_roll = dice.weighted(list(coll.damage), f"{purpose}: damage")
            victim.health -= damage
            if damage:
                ledger.setdefault(name, {}).setdefault(thrower.name, 0)
                ledger[name][thrower.name] += damage
            if weapon.smoke:
                day.notes.negated.setdefault(name, thrower.name)
        events.append(private("collateral", [thrower.name, name], step, thrower=thrower.name, player=name,
                              target=target.name, weapon=weapon_name, chance=chance, why=why, roll=roll, hit=hit,
                              damage=damage, damage_roll=damage_roll, smoke=weapon.smoke, zone=zone))
    return events
