"""The chance to hit and what a hit does (handbook III.C, IV.C and V): every modifier in one place.

The handbook writes a bonus for the defender as a "-X% Dodge Bonus": it takes X from the
attacker's chance. Every hit attempt is clamped to 5-95% (house rules hit_chance_min/max).
"""

from __future__ import annotations

from gm.engine import Day
from gm.text import the

from .rules import Rules, Weapon
from .state import Player
from .today import acting

ALL_OUT_PENALTY = 10  # III.C.2
DEFEND = 10  # III.C.5
COVER = 15  # III.C.6
ANALYZE = 20  # III.C.8, against the analyzed player's attacks
MOVE_DODGE = {"run": 10, "hold": 20}  # III.D.2-3, that same night
RIVAL = 10  # Rivals, 3
PAINT = 5  # V.G.2, the day after the hit


def _held(rules: Rules, p: Player, prop: str) -> list[tuple[str, int]]:
    """(item, value) of a property of the items in a player's hands (wearables only when worn)."""
    out = []
    for i in sorted(p.items, key=lambda i: i.id):
        spec = rules.items.get(i.name)
        if spec is None or not spec.get(prop):
            continue
        if spec.get("wearable") and not i.worn:
            continue
        if (i.name, spec.get(prop)) not in out:
            out.append((i.name, spec.get(prop)))
    return out


def attacker_mods(day: Day, attacker: Player, target: Player, zone: str, weapon: Weapon,
                  all_out: bool) -> list[tuple[str, int]]:
    rules = day.rules
    mods: list[tuple[str, int]] = []
    bonus = rules.zones[zone].hit_bonus.get(weapon.weapon_class, 0)
    if bonus:
        mods.append((the(zone), bonus))
    if all_out:
        mods.append(("All-Out Attack", -ALL_OUT_PENALTY))
    if attacker.name in day.notes.megaphoned:
        mods.append(("Megaphone", -rules.items["Megaphone"].get("hit_penalty", 10)))
    mods += _held(rules, attacker, "hit")
    for b in attacker.bonuses:
        if rules.effect(b, "hit"):
            mods.append((b, rules.effect(b, "hit")))
    if attacker.rival == target.name:
        mods.append(("your Rival", RIVAL))
    if attacker.grieving and rules.house.lovers_grief_hit_penalty:
        mods.append(("grief", -rules.house.lovers_grief_hit_penalty))
    if attacker.avenge == target.name and rules.house.lovers_vengeance_hit_bonus:
        mods.append(("vengeance", rules.house.lovers_vengeance_hit_bonus))
    return mods


def target_mods(day: Day, attacker: Player | None, target: Player, weapon: Weapon | None) -> list[tuple[str, int]]:
    """What makes the target harder (negative) or easier (positive) to hit."""
    rules = day.rules
    mods: list[tuple[str, int]] = []
    o = acting(day, target.name)
    if o is not None and o.action == "defend":
        mods.append(("target defends", -DEFEND))
    if o is not None and o.action == "cover":
        extra = sum(rules.effect(b, "cover") for b in target.bonuses)
        mods.append(("target covers", -COVER - extra))
    if o is not None and o.action == "analyze" and attacker is not None and o.target == attacker.name:
        mods.append(("target analyzes you", -ANALYZE))
    moving = day.orders.get(target.name)
    if moving is not None and moving.movement in MOVE_DODGE:
        mods.append(("target runs" if moving.movement == "run" else "target holds ground", -MOVE_DODGE[moving.movement]))
    painted = target.painted_day == day.state.day
    for name, value in _held(rules, target, "dodge"):
        if name == "Camouflage" and painted:
            continue  # a paintball mark cancels Camouflage for the day
        mods.append((f"target's {name}", -value))
    if weapon is not None and weapon.weapon_class == "melee":
        for name, value in _held(rules, target, "melee_dodge"):
            if name != weapon.name:
                mods.append((f"target's {name}", -value))
    dodge = sum(rules.effect(b, "dodge") for b in target.bonuses)
    if dodge:
        mods.append(("target's training", -dodge))
    if painted:
        mods.append(("paint mark", PAINT))
    return mods


_SEEN = ("target runs", "target holds ground", "paint mark", "target analyzes you")


def _combined(mods: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The target's defences (Defend, Cover, items, a role's training) as one figure: apart, a
    Cover could only be a Lover's and training only a Lone Wolf's, and a role is learned only by
    Analyze (RULINGS.md, "What an attacker sees"). What the attacker can see stays apart."""
    hidden = [v for label, v in mods if label not in _SEEN]
    seen = [(label, v) for label, v in mods if label in _SEEN]
    return ([("target's defences", sum(hidden))] if hidden else []) + seen


def hit_chance(day: Day, zone: str, attacker: Player, target: Player, weapon: Weapon, *,
               base: int | None = None, all_out: bool = False) -> tuple[int, list[str]]:
    """The chance to hit and the reasons for it, clamped to the house rules' bounds (5-95%)."""
    rules = day.rules
    base = weapon.hit_chance if base is None else base
    mods = attacker_mods(day, attacker, target, zone, weapon, all_out)
    mods += _combined(target_mods(day, attacker, target, weapon))
    chance = base + sum(v for _, v in mods)
    why = [f"base {base}%"] + [f"{label} {value:+d}%" for label, value in mods]
    lo, hi = rules.house.hit_chance_min, rules.house.hit_chance_max
    clamped = max(lo, min(hi, chance))
    if clamped != chance:
        why.append(f"clamped to {clamped}%")
    return clamped, why


def lid_stops(day: Day, target: Player, weapon: Weapon) -> bool:
    """A Metal Pot Lid negates the first hit by a melee weapon each day (V.E.1); one lid a day, however many held."""
    if weapon.weapon_class == "melee" and target.holding("Metal Pot Lid") and target.name not in day.notes.lid_used:
        day.notes.lid_used.add(target.name)
        return True
    return False


def vest_absorbs(rules: Rules, target: Player, weapon: Weapon, damage: int) -> int:
    """A Bulletproof Vest negates the first two points of every ranged hit, except a Crossbow's (V.E.2)."""
    vest = rules.items["Bulletproof Vest"]
    if weapon.weapon_class == "ranged" and target.holding("Bulletproof Vest") and weapon.name not in vest.get("except", []):
        return min(damage, vest.get("absorbs", 2))
    return 0
