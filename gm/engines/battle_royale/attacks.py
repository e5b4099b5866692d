"""Attacks and All-Out Attacks (handbook III.C.1-2, III.F.2, IV.C, V): zone by zone, in steps.

Ranged, then Melee, then Explosives, unless the zone says otherwise (the Forest: Melee first); a
Flamethrower acts in the melee step, a Smoke Grenade before everything (smoke.py). Within one step
every attack is simultaneous: a player killed in the step still makes their own attacks of that
step, and deaths are applied when the step ends. A player killed in an earlier step does not act
later. An attack on a covered player goes to whoever covers them. The sound of a fight carries:
which kinds of attack happened in a zone is public, who fought is not (RULINGS.md, What is public).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gm.engine import Day
from gm.events import Event, private, public

from .common import kill, loot, mark_reward, scatter
from .explosives import MeleeIndex, collateral, collateral_victims
from .hit_chance import hit_chance, lid_stops, vest_absorbs
from .order_base import PlayerOrders
from .rules import Weapon
from .state import Player, State
from .today import acting


@dataclass
class Volley:
    """One player's attack tonight."""

    attacker: Player
    weapon_name: str  # "Unarmed" for fists
    weapon: Weapon
    targets: list[str]
    all_out: bool = False


def volleys_in(day: Day, zone_players: list[Player]) -> list[Volley]:
    """The attacks that still stand in a zone (smoke may have negated some), in name order."""
    rules = day.rules
    out = []
    for p in zone_players:
        o = acting(day, p.name)
        if o is None or not o.attacking:
            continue
        if o.weapon is None:
            out.append(Volley(p, "Unarmed", rules.unarmed, list(o.targets), o.all_out))
        else:
            out.append(Volley(p, o.weapon, rules.items[o.weapon].weapon, list(o.targets), o.all_out))
    return out


def stays(state: State, orders: dict[str, PlayerOrders], name: str) -> bool:
    """Does the player stay in the zone tonight? (A follower of someone who cannot move stays too.)"""
    o = orders.get(name)
    if o is None or o.movement in ("stay", "hold"):
        return True
    if o.follow is not None:
        leader = state.players[o.follow]
        lo = orders.get(o.follow)
        return not leader.on_island or lo is None or lo.movement in ("stay", "hold")
    return False


def cover_index(orders: dict[str, PlayerOrders], zone_players: list[Player]) -> dict[str, list[str]]:
    """Who means to cover whom in a zone (target -> the names covering them), built once a step."""
    index: dict[str, list[str]] = {}
    for p in zone_players:
        o = orders.get(p.name)
        if o is not None and o.action == "cover" and o.target:
            index.setdefault(o.target, []).append(p.name)
    return index


def redirect(day: Day, attacker: Player, target: Player, covers: dict[str, list[str]], purpose: str) -> Player:
    """Cover (III.C.6): an attack on a covered player goes to the one covering them. Players covering each
    other keep their own attacks (they "essentially Defend themselves"); one redirection, never a chain."""
    state = day.state
    coverers = sorted(n for n in covers.get(target.name, ())
                      if n != attacker.name and state.players[n].alive and acting(day, n) is not None)
    if not coverers:
        return target
    own = acting(day, target.name)
    if own is not None and own.action == "cover" and own.target in coverers:
        return target
    name = coverers[0] if len(coverers) == 1 else day.dice.pick(
        coverers, f"{purpose}: which of those covering {target.name} takes it", about=(attacker.name,),
        hides=day.rules.house.seal_hidden_rolls)  # its die has a side per covering student: how many cover is hidden
    return state.players[name]


def strike(day: Day, zone: str, v: Volley, aimed_at: Player, zone_players: list[Player], purpose: str,
           ledger: dict[str, dict[str, int]], ammo_left: int | None, covers: dict[str, list[str]],
           melee: MeleeIndex | None = None) -> list[Event]:
    """One hit attempt, with everything it sets off (cover, lid, vest, paint, smoke, collateral)."""
    state, rules, dice, step = day.state, day.rules, day.dice, day.step
    a = v.attacker
    target = redirect(day, a, aimed_at, covers, purpose)
    # who stands in melee with the target is settled as the item is thrown, before its smoke negates anything
    near = collateral_victims(day, v.weapon, a, target, zone_players, melee) if v.weapon.collateral else []
    chance, why = hit_chance(day, zone, a, target, v.weapon, all_out=v.all_out)
    hit, roll = dice.chance(chance, f"{purpose}: hit?", about=(a.name,))
    damage, damage_roll, saved, absorbed = 0, None, None, 0
    if hit:
        if v.weapon.paint:
            target.painted_day = state.day + 1
        elif lid_stops(day, target, v.weapon):
            saved = "Metal Pot Lid"
        else:
            damage, damage_roll = dice.weighted(list(v.weapon.damage), f"{purpose}: damage", about=(a.name,))
            absorbed = vest_absorbs(rules, target, v.weapon, damage)
            if absorbed:
                damage -= absorbed
                saved = "Bulletproof Vest"
        if v.weapon.smoke:
            day.notes.negated.setdefault(target.name, a.name)
        target.health -= damage
        if damage:
            ledger.setdefault(target.name, {}).setdefault(a.name, 0)
            ledger[target.name][a.name] += damage
    covered = aimed_at.name if target is not aimed_at else None
    events = [private(
        "attack", [a.name, target.name], step, attacker=a.name, target=target.name, weapon=v.weapon_name,
        weapon_class=v.weapon.weapon_class, chance=chance, why=why, roll=roll, hit=hit, damage=damage,
        damage_roll=damage_roll, ammo_left=ammo_left, zone=zone, covered=covered, saved=saved, absorbed=absorbed,
        all_out=v.all_out, paint=v.weapon.paint, smoke=v.weapon.smoke,
    )]
    if v.weapon.collateral is not None:
        events += collateral(day, zone, v.weapon, v.weapon_name, a, target, near, ledger, all_out=v.all_out)
    return events


def resolve_step(day: Day, zone: str, volleys: list[Volley], zone_players: list[Player]) -> list[Event]:
    state, orders, step = day.state, day.orders, day.step
    events: list[Event] = []
    ledger: dict[str, dict[str, int]] = {}  # victim -> attacker -> damage dealt in this step
    covers = cover_index(orders, zone_players)
    melee = MeleeIndex(day, zone_players) if any(v.weapon.collateral for v in volleys) else None
    for v in volleys:
        a = v.attacker
        if not a.alive:
            continue
        item = a.loaded(v.weapon_name) if v.weapon_name != "Unarmed" else None
        if v.weapon_name != "Unarmed" and item is None:
            events.append(private("attack_no_weapon", [a.name], step, attacker=a.name, weapon=v.weapon_name))
            continue
        total = len(v.targets)
        for n, target_name in enumerate(v.targets, 1):
            target = state.players[target_name]
            if not target.on_island or target.zone != zone:
                events.append(private("attack_no_target", [a.name], step, attacker=a.name, target=target_name,
                                      weapon=v.weapon_name, zone=zone))
                continue
            if item is not None and item.ammo is not None:
                if item.ammo <= 0:
                    events.append(private("out_of_ammo", [a.name], step, attacker=a.name, weapon=v.weapon_name))
                    break
                item.ammo -= 1
            shot = f" ({n} of {total})" if total > 1 else ""
            purpose = f"{a.name} attacks {target_name} with {v.weapon_name}{shot}"
            events += strike(day, zone, v, target, zone_players, purpose, ledger,
                             item.ammo if item is not None else None, covers, melee)
            if v.weapon.one_use and item in a.items:
                a.items.remove(item)  # thrown: used up
                break
    events += deaths(day, ledger)
    return events


def deaths(day: Day, ledger: dict[str, dict[str, int]], cause: str = "attack") -> list[Event]:
    """The end of a step: whoever is at 0 health dies. The one who dealt them most damage in the step
    killed them (a tie is drawn) and loots them; a bounty on a marked victim goes to one of everyone who
    hurt them in that step, at random ("multiple players simultaneously taking the bounty")."""
    state, rules, dice, orders, step = day.state, day.rules, day.dice, day.orders, day.step
    events: list[Event] = []
    for victim_name in sorted(ledger):
        victim = state.players[victim_name]
        if not victim.alive or victim.health > 0:
            continue
        dealt = ledger[victim_name]
        most = max(dealt.values())
        top = sorted(n for n, d in dealt.items() if d == most)
        killer = top[0] if len(top) == 1 else dice.pick(
            top, f"killing blow on {victim_name}: equal damage, who gets it", hides=rules.house.seal_hidden_rolls)
        events += kill(state, victim, state.day, cause, step, killer)
        k = state.players[killer]
        if k.health > 0 and k.alive:  # a killer dying in the same step takes nothing
            events += loot(state, rules, dice, k, victim, stays(state, orders, killer), state.day, step)
        takers = sorted(n for n, d in dealt.items() if d > 0 and state.players[n].alive and state.players[n].health > 0)
        events += mark_reward(state, rules, dice, victim_name, takers, state.day, step)
        scatter(state, victim)
    return events


def _fights(day: Day, zone: str, v: Volley) -> bool:
    """Will this volley fire at someone in the zone (as the attack phase begins)?"""
    if v.weapon_name != "Unarmed":
        item = v.attacker.loaded(v.weapon_name)
        if item is None or (item.ammo is not None and item.ammo <= 0):
            return False
    players = day.state.players
    return any(players[t].on_island and players[t].zone == zone for t in v.targets)


def resolve(day: Day) -> list[Event]:
    events: list[Event] = []
    by_zone = day.state.by_zone()
    for zone_name, zone in day.rules.zones.items():
        players = by_zone.get(zone_name, [])
        volleys = [v for v in volleys_in(day, players) if v.weapon.acts_in != "smoke"]
        if not volleys:
            continue
        # the zone hears only attacks that find someone there to fight: an attack on a player
        # elsewhere, or with no weapon left to fire, is a private order and makes no sound
        classes = sorted({v.weapon.weapon_class for v in volleys if _fights(day, zone_name, v)})
        if classes:
            events.append(public("commotion", "attacks", zone=zone_name, classes=classes))
        for weapon_class in zone.attack_order:
            step_volleys = [v for v in volleys if v.weapon.acts_in == weapon_class]
            if step_volleys:
                events += resolve_step(replace(day, step=f"{weapon_class} attacks"), zone_name, step_volleys, players)
    return events
