"""Attacks (handbook III.C.1, III.F.2 and IV.C): zone by zone, Ranged then Melee unless the zone says otherwise.

Within one step every attack is simultaneous: a player killed in the step still gets their own
attacks of that step, and deaths are applied when the step ends. A player killed in an earlier
step does not act later. The sound of a fight carries: which kinds of attack happened in a
zone is public, who fought is not (RULINGS.md, What is public).
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.dice import DiceBase
from gm.events import Event, private, public

from .common import kill, loot, mark_reward, scatter
from .orders import PlayerOrders
from .rules import Rules, Weapon
from .state import Player, State

DODGE = {"defend": 10}  # action -> dodge bonus (handbook III.C.5)
MOVE_DODGE = {"run": 10, "hold": 20}  # movement -> dodge bonus in the attack phase (III.D.2-3)


@dataclass
class _Attack:
    attacker: Player
    weapon_name: str  # "Unarmed" for fists
    weapon: Weapon
    targets: list[str]


def hit_chance(rules: Rules, zone: str, weapon: Weapon, target_orders: PlayerOrders | None) -> tuple[int, list[str]]:
    """The chance to hit and the reasons for it, clamped to the house rules' bounds (5-95%)."""
    chance = weapon.hit_chance
    why = [f"base {weapon.hit_chance}%"]
    bonus = rules.zones[zone].hit_bonus.get(weapon.weapon_class, 0)
    if bonus:
        chance += bonus
        why.append(f"{zone} {bonus:+d}%")
    if target_orders is not None:
        dodge = DODGE.get(target_orders.action, 0)
        if dodge:
            chance -= dodge
            why.append(f"target defends -{dodge}%")
        dodge = MOVE_DODGE.get(target_orders.movement, 0)
        if dodge:
            chance -= dodge
            why.append(f"target {'runs' if target_orders.movement == 'run' else 'holds ground'} -{dodge}%")
    lo, hi = rules.house.hit_chance_min, rules.house.hit_chance_max
    clamped = max(lo, min(hi, chance))
    if clamped != chance:
        why.append(f"clamped to {clamped}%")
    return clamped, why


def _attacks_in(zone_players: list[Player], orders: dict[str, PlayerOrders], rules: Rules) -> list[_Attack]:
    out = []
    for p in zone_players:
        o = orders.get(p.name)
        if o is None or o.action != "attack":
            continue
        if o.weapon is None:
            out.append(_Attack(p, "Unarmed", rules.unarmed, list(o.targets)))
        else:
            out.append(_Attack(p, o.weapon, rules.items[o.weapon].weapon, list(o.targets)))
    return out


def _stays(o: PlayerOrders | None) -> bool:
    return o is None or o.movement in ("stay", "hold")


def _resolve_step(state: State, rules: Rules, dice: DiceBase, orders: dict[str, PlayerOrders], zone: str,
                  attacks: list[_Attack], step: str) -> list[Event]:
    events: list[Event] = []
    damage_by: dict[str, dict[str, int]] = {}  # victim -> attacker -> damage dealt in this step
    for atk in attacks:
        a = atk.attacker
        if not a.alive:
            continue
        item = a.loaded(atk.weapon_name) if atk.weapon_name != "Unarmed" else None
        if atk.weapon_name != "Unarmed" and item is None:
            events.append(private("attack_no_weapon", [a.name], step, attacker=a.name, weapon=atk.weapon_name))
            continue
        total = len(atk.targets)
        for n, target_name in enumerate(atk.targets, 1):
            target = state.players[target_name]
            if not target.alive or target.zone != zone:
                events.append(private("attack_no_target", [a.name], step, attacker=a.name, target=target_name,
                                      weapon=atk.weapon_name, zone=zone))
                continue
            if item is not None and item.ammo is not None:
                if item.ammo <= 0:
                    events.append(private("out_of_ammo", [a.name], step, attacker=a.name, weapon=atk.weapon_name))
                    break
                item.ammo -= 1
            chance, why = hit_chance(rules, zone, atk.weapon, orders.get(target_name))
            shot = f" ({n} of {total})" if total > 1 else ""
            purpose = f"{a.name} attacks {target_name} with {atk.weapon_name}{shot}"
            hit, roll = dice.chance(chance, f"{purpose}: hit?")
            damage = 0
            damage_roll = None
            if hit:
                damage, damage_roll = dice.weighted(list(atk.weapon.damage), f"{purpose}: damage")
                target.health -= damage
                damage_by.setdefault(target_name, {}).setdefault(a.name, 0)
                damage_by[target_name][a.name] += damage
            events.append(private(
                "attack", [a.name, target_name], step, attacker=a.name, target=target_name, weapon=atk.weapon_name,
                weapon_class=atk.weapon.weapon_class, chance=chance, why=why, roll=roll, hit=hit, damage=damage,
                damage_roll=damage_roll, ammo_left=item.ammo if item is not None else None, zone=zone,
            ))
    for victim_name in sorted(damage_by):
        victim = state.players[victim_name]
        if not victim.alive or victim.health > 0:
            continue
        dealt = damage_by[victim_name]
        most = max(dealt.values())
        top = sorted(n for n, d in dealt.items() if d == most)
        killer = top[0] if len(top) == 1 else dice.pick(top, f"killing blow on {victim_name}: equal damage, who gets it")
        events += kill(state, victim, state.day, "attack", step, killer)
        k = state.players[killer]
        if k.health > 0:  # a killer dying in the same step takes nothing
            events += loot(state, rules, dice, k, victim, _stays(orders.get(killer)), state.day, step)
            events += mark_reward(state, rules, dice, victim_name, [killer], state.day, step)
        scatter(state, victim)
    return events


def resolve(state: State, orders: dict[str, PlayerOrders], dice: DiceBase, rules: Rules) -> list[Event]:
    events: list[Event] = []
    by_zone = state.by_zone()
    for zone_name, zone in rules.zones.items():
        attacks = _attacks_in(by_zone.get(zone_name, []), orders, rules)
        if not attacks:
            continue
        classes = sorted({a.weapon.weapon_class for a in attacks})
        events.append(public("commotion", "attacks", zone=zone_name, classes=classes))
        for weapon_class in zone.attack_order:
            step_attacks = [a for a in attacks if a.weapon.weapon_class == weapon_class]
            if step_attacks:
                events += _resolve_step(state, rules, dice, orders, zone_name, step_attacks, f"{weapon_class} attacks")
    return events
