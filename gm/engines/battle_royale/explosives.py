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


class MeleeIndex:
    """Who means to strike whom in melee, and who covers whom, in one zone: built once per attack step
    so that each explosion looks up the few players around its target instead of scanning the zone.

    It holds the orders as written; whether each of those players still acts (smoke negates an action
    during the step) and is still alive is checked at the moment of each throw, as before.
    """

    def __init__(self, day: Day, zone_players: list[Player]):
        self.day = day
        self.here = {p.name for p in zone_players}
        self.melee_by: dict[str, list[str]] = {}  # target -> those attacking them in melee
        self.covered_by: dict[str, list[str]] = {}  # covered -> those covering them
        for p in zone_players:
            o = day.orders.get(p.name)
            if o is None:
                continue
            if o.attacking:
                for t in dict.fromkeys(self._melee(o)):
                    self.melee_by.setdefault(t, []).append(p.name)
            if o.action == "cover" and o.target:
                self.covered_by.setdefault(o.target, []).append(p.name)

    def _melee(self, o) -> list[str]:
        rules = self.day.rules
        weapon = rules.unarmed if o.weapon is None else rules.items[o.weapon].weapon
        return list(o.targets) if weapon is not None and weapon.weapon_class == "melee" else []

    def _acts(self, name: str) -> bool:
        return acting(self.day, name) is not None

    def melee_targets(self, name: str) -> list[str]:
        """Whom a player's standing attack tonight strikes in melee (none if it is not a melee attack)."""
        o = acting(self.day, name)
        return self._melee(o) if o is not None and o.attacking else []

    def cover_partners(self, name: str) -> set[str]:
        out = {n for n in self.covered_by.get(name, ()) if self._acts(n)}
        o = acting(self.day, name)
        if o is not None and o.action == "cover" and o.target:
            out.add(o.target)
        return out

    def living_here(self, names: set[str]) -> set[str]:
        players = self.day.state.players
        return {n for n in names if n in self.here and players[n].alive}

    def in_melee_with(self, name: str, *, attackers_only: bool = False) -> set[str]:
        """Living players in the zone in melee with `name`: attacking them in melee, attacked by them in
        melee (unless `attackers_only`), or in a Cover with them."""
        out = {n for n in self.melee_by.get(name, ()) if self._acts(n)}
        if not attackers_only:
            out |= set(self.melee_targets(name))
        out |= self.cover_partners(name)
        return self.living_here(out) - {name}


def collateral_victims(day: Day, weapon: Weapon, thrower: Player, target: Player,
                       zone_players: list[Player], index: MeleeIndex | None = None) -> list[str]:
    coll = weapon.collateral
    if coll is None:
        return []
    index = index or MeleeIndex(day, zone_players)
    if coll.around == "both":  # the Flamethrower: those targeting the user or the target in melee
        near = index.in_melee_with(target.name, attackers_only=True)
        near |= index.in_melee_with(thrower.name, attackers_only=True)
        near |= index.living_here(index.cover_partners(target.name))
    else:
        near = index.in_melee_with(target.name)
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
        hit, roll = dice.chance(chance, f"{purpose}: hit?", about=(thrower.name,))
        damage, damage_roll = 0, None
        if hit:
            damage, damage_roll = dice.weighted(list(coll.damage), f"{purpose}: damage", about=(thrower.name,))
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
