"""A Battle card's Power: the stand-ins' vocabulary (reinforce, attack), and the GM's steps for a
Power the engine cannot know (`gm:` in the day's orders, applied at the Power's place).

GM steps, each one of:
    reinforce: N                               draw and place N Units (no bicolor flag)
    attack: {type: assault|shooting, points: N} a fixed-value attack, targets by the war plan
    destroy: {army: PLAYER, unit: NAME}        destroyed by the active player (counts, may Kharnage)
    discard: {army: PLAYER, unit: NAME}        to the Hill, not destroyed (FAQ)
    note: "text"                               a line for the narration

A destroy or discard may name a rule instead, worked out on the battlefield as it stands when the
Power is played (RULINGS.md, "A Power the engine cannot know"): `army: every_other` (every army but
the active player's, clockwise from them), `unit: cheapest | toughest` (the lowest or highest Armor,
ties to the Unit placed earliest), and `line: 1 | 2 | 3` (only the Units on that line):
    discard: {army: every_other, unit: cheapest, line: 1}     Endless Horde, as the card reads
"""

from __future__ import annotations

from . import armies, combat, reinforce
from .context import Ctx
from .state import Player

STEP_KINDS = ("reinforce", "attack", "destroy", "discard", "note")


def power(ctx: Ctx, p: Player, card, steps: list[dict] | None) -> None:
    pw = card.power
    if not pw:
        return
    if pw.get("gm"):
        ctx.public("power", [p.name], player=p.name, card=card.name, text=pw["text"], gm=True,
                   steps=len(steps or []))
        for step in steps or []:
            gm_step(ctx, p, step)
        return
    ctx.public("power", [p.name], player=p.name, card=card.name, text=None, gm=False, steps=0)
    if "reinforce" in pw:
        reinforce.reinforce(ctx, p, pw["reinforce"], False, "power")
    elif "attack" in pw:
        combat.fixed_attack(ctx, p, pw["attack"]["type"], pw["attack"]["points"], "power")


def gm_step(ctx: Ctx, p: Player, step: dict) -> None:
    kind = step["kind"]
    if kind == "note":
        ctx.public("gm_note", [p.name], player=p.name, text=step["text"])
    elif kind == "reinforce":
        reinforce.reinforce(ctx, p, step["n"], False, "gm")
    elif kind == "attack":
        combat.fixed_attack(ctx, p, step["type"], step["points"], "gm")
    else:
        victims = armies.clockwise(ctx.state, p.name) if step["army"] == EVERY_OTHER else [step["army"]]
        for army_of in victims:
            if step["army"] == EVERY_OTHER and not armies.has_units(ctx.state.players[army_of]):
                continue  # an army wiped out already is not one the Power can reach
            _remove(ctx, p, kind, army_of, step["unit"], step.get("line"))


EVERY_OTHER = "every_other"
UNIT_RULES = ("cheapest", "toughest")


def _chosen(ctx: Ctx, victim: Player, unit_name: str, line: int | None):
    """The Unit a step names, on the battlefield as it stands now: by name, or by a rule (the lowest
    or highest Armor; ties to the one placed earliest), only on `line` when the step gives one."""
    r = ctx.rules
    units = [u for u in victim.units if not u.absent and (line is None or line in armies.lines_of(r, u))]
    if unit_name in UNIT_RULES:
        if not units:
            return None
        sign = 1 if unit_name == "cheapest" else -1
        return min(units, key=lambda u: (sign * armies.armor(r, u), victim.units.index(u)))
    return next((u for u in units if armies.name_of(r, u).casefold() == unit_name.casefold()), None)


def _remove(ctx: Ctx, p: Player, kind: str, army_of: str, unit_name: str, line: int | None = None) -> None:
    victim = ctx.state.players[army_of]
    r = ctx.rules
    unit = _chosen(ctx, victim, unit_name, line)
    if unit is None:
        ctx.public("gm_step_skipped", [p.name, army_of], player=p.name, action=kind, victim=army_of,
                   unit=unit_name if line is None else f"{unit_name} (line {line})")
        return
    had = armies.has_units(victim)
    victim.units.remove(unit)
    if kind == "destroy":
        p.collected.extend(unit.cards)
    else:
        ctx.state.hill.extend(unit.cards)
    ctx.public("gm_" + kind, [p.name, army_of], player=p.name, victim=army_of, unit=armies.name_of(r, unit),
               cards=len(unit.cards))
    if kind == "destroy" and had and not armies.has_units(victim):
        combat.kharnage(ctx, p, army_of)
