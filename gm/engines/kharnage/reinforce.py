"""Reinforcement: draw a face-down stack, then reveal and place it from the top, one card at a time.

The turn example fixes the procedure: the General (on a bicolor flag) replaces the last draw and so
is revealed first; each card is placed in its line and its placement skills are resolved before
the next card is revealed; Chief draws go on top of the stack (they are revealed next). Skills on
placement, in this order: Large unit (the other parts are pulled from the stack or the Reserve,
FAQ: without costing a draw), Chief, Kamikaze, Elite. During the set-up only Chief and Large unit
act (RULINGS R20).
"""

from __future__ import annotations

from . import armies, combat
from .context import Ctx
from .state import Player, Unit


def general_choice(p: Player) -> str | None:
    """The General a bicolor flag brings, by the standing `general:` order (default: the first left)."""
    pref = p.plan.get("general", "first")
    if pref == "no" or not p.generals:
        return None
    if pref in p.generals:
        return pref
    return p.generals[0]


def reinforce(ctx: Ctx, p: Player, flags: int, bicolor: bool, source: str, setup: bool = False) -> None:
    general = general_choice(p) if bicolor else None
    wanted = flags - (1 if general else 0)
    stack = [p.reserve.pop(0) for _ in range(min(wanted, len(p.reserve)))]
    short = wanted - len(stack)
    if general:
        p.generals.remove(general)
        stack.append(general)  # "the General is the last drawn Unit ... the first Unit to be placed"
    ctx.public("reinforcement", [p.name], player=p.name, source=source, flags=flags, bicolor=bicolor,
               drawn=len(stack) - (1 if general else 0), general=ctx.name(general) if general else None,
               short=short, reserve=len(p.reserve))
    if bicolor and p.generals + ([general] if general else []):
        pref = p.plan.get("general", "first")
        ctx.private("choice", p.name, decision="general", pref=pref,
                    general=ctx.name(general) if general else None)
    while stack:
        place(ctx, p, stack.pop(), stack, setup)


def place(ctx: Ctx, p: Player, card: str, stack: list[str], setup: bool) -> None:
    r = ctx.rules
    d = r.components.unit_of[card]
    cards = [card]
    if d.large:
        cards = []
        for pid, _ in d.parts:
            if pid == card:
                cards.append(pid)
            elif pid in stack:
                stack.remove(pid)
                cards.append(pid)
            elif pid in p.reserve:
                p.reserve.remove(pid)
                cards.append(pid)
    unit = Unit(cards)
    p.units.append(unit)
    ctx.public("placed", [p.name], player=p.name, unit=d.name, lines=list(armies.lines_of(r, unit)),
               large=d.large, parts=len(cards), general=d.general, armor=armies.armor(r, unit))
    chief = d.skill("chief")
    if chief:
        drawn = [p.reserve.pop(0) for _ in range(min(chief, len(p.reserve)))]
        stack.extend(drawn)
        ctx.public("chief", [p.name], player=p.name, unit=d.name, value=chief, drawn=len(drawn))
    if setup:
        return
    if d.skill("kamikaze"):
        kamikaze(ctx, p, unit)
    for sym, n in d.elite:
        kind = {"sword": "assault", "bow": "shooting", "magic": "magic"}[sym]
        if unit in p.units:
            combat.fixed_attack(ctx, p, kind, n, "elite", unit=d.name)


def kamikaze(ctx: Ctx, p: Player, unit: Unit) -> None:
    """Reveal the top of the Reserve; Armor x Armor (no Shields) as a Shooting; both to the Hill."""
    r = ctx.rules
    d = armies.unit_def(r, unit)
    revealed: list[str] = []
    if p.reserve:
        top = p.reserve.pop(0)
        rd = r.components.unit_of[top]
        revealed = [top] + [pid for pid, _ in rd.parts if pid != top and pid in p.reserve]
        for pid in revealed[1:]:
            p.reserve.remove(pid)
    points = d.armor * r.components.unit_of[revealed[0]].armor if revealed else 0
    ctx.public("kamikaze", [p.name], player=p.name, unit=d.name,
               revealed=ctx.name(revealed[0]) if revealed else None,
               revealed_armor=r.components.unit_of[revealed[0]].armor if revealed else None,
               armor=d.armor, points=points)
    if points:
        combat.fixed_attack(ctx, p, "shooting", points, "kamikaze", unit=d.name)
    if unit in p.units:
        p.units.remove(unit)
    ctx.state.hill.extend(unit.cards + revealed)
