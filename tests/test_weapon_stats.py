"""The engine's odds against the handbook's own figures (section V): over many seeded attacks with no
modifiers, the average damage per attack (and per collateral roll) matches the "Average: ..." the
handbook states for each weapon, and every hit attempt is clamped to 5-95%.

Each check runs the engine's own code (attacks.strike, the trap functions) with AuditedDice over many
seeds, and allows 4.5 standard errors (computed from the weapon's own table) plus the handbook's
rounding to two decimals, so it cannot flake.
"""

from __future__ import annotations

import hashlib
import math

import pytest

from gm.dice import AuditedDice
from gm.engine import Day
from gm.engines.battle_royale import traps
from gm.engines.battle_royale.attacks import Volley, cover_index, strike
from gm.engines.battle_royale.common import new_item
from gm.engines.battle_royale.order_base import PlayerOrders
from gm.engines.battle_royale.rules import load_rules, parse_house_rules
from gm.engines.battle_royale.state import Player, State, Trap, ZoneState
from gm.engines.battle_royale.today import Today

SEEDS = 50
PER_SEED = 200  # 10,000 attacks a weapon
HEALTH = 10**7

# weapon: (the handbook's average damage per attack, its average collateral damage or None)
HANDBOOK = {
    "Unarmed": (0.75, None),
    "Fire Axe": (1.56, None),
    "Sledgehammer": (1.8, None),
    "Knife": (0.78, None),
    "Baseball Bat": (1.26, None),
    "Metal Pipe": (1.4, None),
    "Switchblade": (0.78, None),
    "Handgun": (1.2, None),
    "Revolver": (1.68, None),
    "Shotgun": (1.8, None),
    "Rifle": (2.24, None),
    "Uzi": (0.8, None),
    "Crossbow": (1.2, None),
    "Molotov Cocktail": (2.17, 0.68),
    "Grenade": (3.36, 1.6),
    "Flamethrower": (2.7, 2.16),
    "Smoke Grenade": (0.35, 0.25),
    # the handbook gives no average for Brass Knuckles: each of its attempts is an unarmed one
    "Brass Knuckles": (0.75, None),
    # the handbook's 0.5 assumes its 100% base chance; every hit attempt is capped at 95% (RULINGS.md)
    "Paper Fan": (0.475, None),
}
NEUTRAL = {"melee": "Beach", "ranged": "Crevasse", "explosive": "Crevasse"}  # no zone bonus for the class


def _rules():
    house, problems = parse_house_rules({"max_health": 1000}, "test")
    assert not problems
    return load_rules(house)


def _moments(table, chance: float) -> tuple[float, float]:
    """Mean and variance of the damage of one attempt that hits with `chance`."""
    total = sum(w for _, w in table)
    mean = sum(d * w for d, w in table) / total
    square = sum(d * d * w for d, w in table) / total
    m = chance * mean
    return m, chance * square - m * m


def _tolerance(variance: float, n: int) -> float:
    return 4.5 * math.sqrt(variance / n) + 0.005  # + the handbook's rounding


def _arena(rules, weapon_name: str):
    """An attacker, a target and a bystander in melee with the target, in a zone with no bonus for the weapon."""
    weapon = rules.unarmed if weapon_name == "Unarmed" else rules.items[weapon_name].weapon
    zone = NEUTRAL[weapon.weapon_class]
    state = State(day=1, players={}, zones={z: ZoneState(z) for z in rules.zones})
    for name in ("Akane", "Bruno", "Chiaki"):
        state.players[name] = Player(name, "Dedicated Student", "School A", zone, HEALTH, HEALTH)
    akane = state.players["Akane"]
    if weapon_name != "Unarmed":
        item = new_item(state, rules, weapon_name)
        item.ammo = None
        akane.items.append(item)
    orders = {
        "Akane": PlayerOrders("Akane", action="attack", weapon=None if weapon_name == "Unarmed" else weapon_name,
                              targets=["Bruno"]),
        "Bruno": PlayerOrders("Bruno", action="search"),  # no dodge bonus
        "Chiaki": PlayerOrders("Chiaki", action="attack", targets=["Bruno"]),  # unarmed: in melee with Bruno
    }
    return state, orders, Volley(akane, weapon_name, weapon, ["Bruno"]), zone


def _day(state, orders, dice, rules, step: str) -> Day:
    return Day(1, state, orders, dice, rules, Today(), step)


def _seed(label: str, k: int) -> bytes:
    return hashlib.sha256(f"weapon stats|{label}|{k}".encode()).digest()


def _run(rules, weapon_name: str) -> tuple[list[int], list[int]]:
    damage, collateral = [], []
    for k in range(SEEDS):
        state, orders, volley, zone = _arena(rules, weapon_name)
        players = list(state.players.values())
        dice = AuditedDice(_seed(weapon_name, k), "battle-royale", 1)
        for _ in range(PER_SEED):
            day = _day(state, orders, dice, rules, "stats")  # a fresh day: smoke, lids and megaphones forgotten
            for e in strike(day, zone, volley, state.players["Bruno"], players, "stats", {}, None, cover_index(orders, players)):
                (damage if e.kind == "attack" else collateral).append(e.data["damage"])
    return damage, collateral


@pytest.mark.parametrize("weapon_name", sorted(HANDBOOK))
def test_average_damage_matches_the_handbook(weapon_name):
    rules = _rules()
    weapon = rules.unarmed if weapon_name == "Unarmed" else rules.items[weapon_name].weapon
    stated, stated_collateral = HANDBOOK[weapon_name]
    chance = min(weapon.hit_chance, rules.house.hit_chance_max) / 100
    damage, collateral = _run(rules, weapon_name)
    n = len(damage)
    assert n == SEEDS * PER_SEED
    expected, variance = _moments(weapon.damage, chance)
    assert abs(expected - stated) <= 0.005, f"the {weapon_name}'s table gives {expected:.4f}, the handbook {stated}"
    mean = sum(damage) / n
    assert abs(mean - stated) <= _tolerance(variance, n), f"{weapon_name}: {mean:.3f} a hit attempt, handbook {stated}"
    if stated_collateral is None:
        assert collateral == []
        return
    assert weapon.collateral is not None and len(collateral) == n
    c_expected, c_variance = _moments(weapon.collateral.damage, weapon.collateral.hit_chance / 100)
    assert abs(c_expected - stated_collateral) <= 0.005
    c_mean = sum(collateral) / n
    assert abs(c_mean - stated_collateral) <= _tolerance(c_variance, n), \
        f"{weapon_name} collateral: {c_mean:.3f}, handbook {stated_collateral}"


def _trap_state(rules, zone: str = "Field"):
    state = State(day=1, players={}, zones={z: ZoneState(z) for z in rules.zones})
    for name in ("Akane", "Bruno"):
        state.players[name] = Player(name, "Dedicated Student", "School A", zone, HEALTH, HEALTH)
    return state


def test_poison_vial_averages_5_1_a_hit():
    """Poison Vial: "(Average: 5.1 damage/hit)", and it always affects its target."""
    rules = _rules()
    damage = []
    for k in range(SEEDS):
        state = _trap_state(rules)
        dice = AuditedDice(_seed("poison", k), "battle-royale", 1)
        akane = state.players["Akane"]
        orders = {"Akane": PlayerOrders("Akane", action="set_trap", item="Poison Vial", target="Bruno"),
                  "Bruno": PlayerOrders("Bruno", action="search")}
        for _ in range(PER_SEED):
            akane.items.append(new_item(state, rules, "Poison Vial"))
            (e,) = traps._poison(_day(state, orders, dice, rules, "traps"), akane, orders["Akane"], {})
            damage.append(e.data["damage"])
    _, variance = _moments(rules.items["Poison Vial"].get("damage"), 1.0)
    assert abs(sum(damage) / len(damage) - 5.1) <= _tolerance(variance, len(damage))


def test_land_mine_triggers_half_the_time_and_averages_5_2_a_hit():
    """Land Mine: "a 50% chance of triggering the trap" and "(Average: 5.2 damage/hit)"."""
    rules = _rules()
    triggered, damage, crossings = 0, [], 0
    for k in range(SEEDS):
        state = _trap_state(rules, "Beach")
        dice = AuditedDice(_seed("mine", k), "battle-royale", 1)
        bruno = state.players["Bruno"]
        for _ in range(PER_SEED):
            trap = Trap(new_item(state, rules, "Land Mine"), "mine", "Akane", "Beach", 1, "Forest")
            state.traps.append(trap)
            crossings += 1
            victim, events = traps.spring(state, rules, dice, trap, [(bruno, "Beach", "Forest")], "stats")
            if victim is not None:
                triggered += 1
                damage.append(next(e for e in events if e.kind == "mine").data["damage"])
            else:
                state.traps.remove(trap)
    assert abs(triggered / crossings - 0.5) <= 4.5 * math.sqrt(0.25 / crossings)
    _, variance = _moments(rules.items["Land Mine"].get("damage"), 1.0)
    assert abs(sum(damage) / len(damage) - 5.2) <= _tolerance(variance, len(damage))


def test_c4_averages_3_68_an_attack():
    """C-4: "an unmodifiable 80% chance of hitting any person in that zone" and "(Average: 3.68 damage/attack)"."""
    rules = _rules()
    damage = []
    for k in range(SEEDS):
        state = _trap_state(rules)
        dice = AuditedDice(_seed("c4", k), "battle-royale", 1)
        for _ in range(PER_SEED // 2):
            state.traps.append(Trap(new_item(state, rules, "C-4"), "c4", "Akane", "Field", 1, None, 1))
            damage += [e.data["damage"] for e in traps.detonate(state, rules, dice, "stats") if e.kind == "c4_hit"]
    _, variance = _moments(rules.items["C-4"].get("damage"), 0.8)
    assert abs(sum(damage) / len(damage) - 3.68) <= _tolerance(variance, len(damage))


@pytest.mark.parametrize("case, chance", [("floor", 5), ("ceiling", 95)])
def test_hit_chance_clamps_at_5_and_95(case, chance):
    """ "Each hit attempt has a maximum hit chance of 95% and minimum hit chance of 5%." Below: an All-Out
    Sledgehammer at a target who Defends, Holds Ground and wears Camouflage (50 - 10 - 10 - 20 - 15 = -5);
    above: a Paper Fan (100%)."""
    rules = _rules()
    weapon_name = "Sledgehammer" if case == "floor" else "Paper Fan"
    hits = n = 0
    for k in range(SEEDS):
        state, orders, volley, zone = _arena(rules, weapon_name)
        if case == "floor":
            bruno = state.players["Bruno"]
            bruno.items.append(new_item(state, rules, "Camouflage"))
            orders["Bruno"] = PlayerOrders("Bruno", action="defend", movement="hold")
            volley.all_out = True
        dice = AuditedDice(_seed(case, k), "battle-royale", 1)
        players = list(state.players.values())
        for _ in range(PER_SEED):
            day = _day(state, orders, dice, rules, "s")
            (e, *_rest) = strike(day, zone, volley, state.players["Bruno"], players, "s", {}, None, cover_index(orders, players))
            assert e.data["chance"] == chance, e.data["why"]
            assert e.data["why"][-1] == f"clamped to {chance}%"
            hits += e.data["hit"]
            n += 1
    p = chance / 100
    assert abs(hits / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n)
