"""The engine's odds against the rulebook's: every weapon's chance to eliminate a target in reach,
and the shootout's outcomes, measured through the engine's own code (shooting.py, shootout.py)
with audited dice over many rolls, against the figures the weapons table and the dice give.
A measured rate must fall within 4.5 standard errors of the expected one."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from gm.dice import AuditedDice
from gm.engines.hashmi.context import Ctx
from gm.engines.hashmi.rules import default_rules
from gm.engines.hashmi.shooting import do_shoot
from gm.engines.hashmi.shootout import shootout
from gm.engines.hashmi.state import PLAY, Agent, Player, State

RULES = default_rules()
BOARD = RULES.board
SHOTS = 3000


def _state(shooter_at: str, target_at: str, kind: str = "Ordinary") -> State:
    a, b = Player("Akane", 1), Player("Bruno", 2)
    a.agents = [Agent("Akane", 1, kind, BOARD.parse(shooter_at))]
    b.agents = [Agent("Bruno", 1, "Ordinary", BOARD.parse(target_at))]
    st = State(5, PLAY, {"Akane": a, "Bruno": b}, "Akane", 1, "Akane")
    a.standing["charm"] = "never"
    return st


def rate(trials: int, one) -> float:
    return sum(one(AuditedDice(b"hashmi odds", "hashmi-odds", i)) for i in range(trials)) / trials


def within(measured: float, expected: Fraction, n: int) -> None:
    p = float(expected)
    se = math.sqrt(p * (1 - p) / n) or 1e-9
    assert abs(measured - p) <= 4.5 * se, f"measured {measured:.4f}, expected {p:.4f} (+/- {4.5 * se:.4f})"


def expected_hit(name: str, distance: int) -> Fraction:
    """From the table: fire (of 6) x the RANGE die reaching `distance` x accuracy (of 6)."""
    w = RULES.comp.weapons[name]
    lo, hi = w.range
    reach = Fraction(sum(1 for r in range(lo, hi + 1) if r >= distance), hi - lo + 1)
    return Fraction(w.fire, 6) * reach * Fraction(w.accuracy, 6)


DIRECT = [("Dagger", 1), ("Sword", 2), ("Crossbow", 3), ("Crossbow", 5), ("Pistol", 4), ("Shotgun", 5),
          ("Assault Rifle", 4), ("Assault Rifle", 6), ("Rocket Launcher", 6), ("Laser Guided Missile", 9)]


@pytest.mark.parametrize("name, distance", DIRECT)
def test_each_weapons_chance_to_eliminate_matches_its_row_of_the_table(name, distance):
    w = RULES.comp.weapons[name]

    def one(dice) -> bool:
        st = _state("A9", BOARD.name((distance, 8)))  # row 9, in line to the right, no walls
        st.players["Akane"].agents[0].weapons = [name]
        st.players["Akane"].agents[0].ammo = w.ammo
        do_shoot(Ctx(st, RULES, dice, "odds"), st.players["Akane"].agents[0], name, {"at": ["Bruno.1"]}, "Akane")
        return not st.players["Bruno"].agents[0].alive

    within(rate(SHOTS, one), expected_hit(name, distance), SHOTS)


def test_the_accurate_agent_has_a_second_chance():
    """ "therefore has twice the chance": a second try after a misfire or a miss (never after a
    backfire): p + (1 - p - backfire) * p."""
    name, distance = "Pistol", 3
    p = expected_hit(name, distance)
    back = Fraction(RULES.comp.weapons[name].backfire, 6)

    def one(dice) -> bool:
        st = _state("A9", BOARD.name((distance, 8)), "Accurate")
        st.players["Akane"].agents[0].weapons = [name]
        st.players["Akane"].agents[0].ammo = 4
        do_shoot(Ctx(st, RULES, dice, "odds"), st.players["Akane"].agents[0], name, {"at": ["Bruno.1"]}, "Akane")
        return not st.players["Bruno"].agents[0].alive

    within(rate(SHOTS, one), p + (1 - p - back) * p, SHOTS)


def test_a_grenade_lands_within_one_square_of_a_target_three_away():
    """Range 1-5, a 3x3 blast: a target 3 squares away is caught when the grenade lands 2, 3 or 4 away."""
    def one(dice) -> bool:
        st = _state("A9", "D9")
        st.players["Akane"].agents[0].weapons = ["Grenade"]
        st.players["Akane"].agents[0].ammo = 7
        do_shoot(Ctx(st, RULES, dice, "odds"), st.players["Akane"].agents[0], "Grenade", {"at": ["Bruno.1"]}, "Akane")
        return not st.players["Bruno"].agents[0].alive

    within(rate(SHOTS, one), Fraction(3, 5), SHOTS)


def test_shotgun_backfires_one_time_in_six():
    def one(dice) -> bool:
        st = _state("A9", "F9")
        st.players["Akane"].agents[0].weapons = ["Shotgun"]
        st.players["Akane"].agents[0].ammo = 3
        do_shoot(Ctx(st, RULES, dice, "odds"), st.players["Akane"].agents[0], "Shotgun", {"at": ["Bruno.1"]}, "Akane")
        return not st.players["Akane"].agents[0].alive

    within(rate(SHOTS, one), Fraction(1, 6), SHOTS)


def _shootout_outcomes(n: int) -> dict[str, float]:
    counts = {"cowgirl": 0, "cowboy": 0, "both": 0}
    for i in range(n):
        st = _state("A9", "B9")
        st.players["Bruno"].standing["charm"] = "never"
        girl, boy = st.players["Akane"].agents[0], st.players["Bruno"].agents[0]
        shootout(Ctx(st, RULES, AuditedDice(b"hashmi shootouts", "hashmi-odds", i), "odds"), girl, boy, "move")
        key = "both" if not (girl.alive or boy.alive) else ("cowgirl" if girl.alive else "cowboy")
        counts[key] += 1
    return {k: v / n for k, v in counts.items()}


def test_shootout_outcomes_match_one_in_three_against_one_in_four_over_five_shots_each():
    """Cowgirl 1 in 3 first, Cowboy 1 in 4, five shots each, both eliminated after ten misses:
    a round of two misses is (2/3)(3/4) = 1/2, so the Cowgirl wins (1/3)(1 - 1/32)/(1/2) = 31/48,
    the Cowboy (2/3)(1/4)(1 - 1/32)/(1/2) = 31/96, and both fall 1/32 of the time."""
    n = 6000
    got = _shootout_outcomes(n)
    r = Fraction(1, 2)
    within(got["cowgirl"], Fraction(1, 3) * (1 - r ** 5) / (1 - r), n)
    within(got["cowboy"], Fraction(2, 3) * Fraction(1, 4) * (1 - r ** 5) / (1 - r), n)
    within(got["both"], r ** 5, n)


def test_the_check_can_fail():
    """The tolerance is tight enough to tell the Cowgirl's 1 in 3 from a Cowboy's 1 in 4."""
    with pytest.raises(AssertionError):
        within(0.25, Fraction(1, 3), 3000)
