"""Attacks: the Battle card's Assaults and Shootings, and the fixed-value attacks of Elite,
Kamikaze, Veteran and Powers.

A Battle card's attack: combat points (Swords or Bows, Magic, Powder) -> Knights -> target(s) and
split -> Stomp -> destruction in line order -> Kharnage -> Web; Flight Units that added points are
noted for the end of the activation. A fixed-value attack (RULINGS R6) has only its stated points,
hits one army, and triggers none of Knights, Stomp, Web or Flight.
"""

from __future__ import annotations

from . import armies, targeting
from .context import Ctx
from .state import Player, Unit
from .targeting import Simulated

LABEL = {"assault": "Assault", "shooting": "Shooting", "magic": "Magic missiles"}


def plan_refs(p: Player, kind: str, fixed: bool):
    """The preference list for an attack: `elite` for the fixed-value attacks (if it names any),
    else the list for the attack's kind; Magic missiles use the Shooting list."""
    plan = p.plan
    if fixed and isinstance(plan.get("elite"), list):
        return plan["elite"]
    return plan.get("shooting" if kind == "magic" else kind, "auto")


def battle_attack(ctx: Ctx, p: Player, kind: str, n: int) -> None:
    """The n-th attack (1-based) of the Battle card."""
    r = ctx.rules
    plan = p.plan
    base = armies.attack_points(r, p, kind)
    knights = [u for u in p.present() if armies.symbols(r, u, "knight")] if kind == "assault" else []
    extra = sum(armies.symbols(r, u, "sword") for u in knights)
    use_knights = False
    stomps = _stomps(ctx, p, []) if kind == "assault" else 0
    refs = plan_refs(p, kind, False)
    split = plan.get("split", "best")
    if knights and extra:
        rule = plan.get("knights", "when_better")
        if rule == "always":
            use_knights = True
        elif rule == "when_better":
            without, _ = targeting.choose(ctx, p, kind, base, refs, split, False, stomps, plan)
            stomps_with = _stomps(ctx, p, knights)
            with_, _ = targeting.choose(ctx, p, kind, base + extra, refs, split, False, stomps_with, plan)
            score = (lambda s: (s.kharnages, s.cards) if s else (0, 0))
            use_knights = score(with_) > score(without)
        ctx.private("choice", p.name, decision="knights", attack=n, type=kind, rule=rule, used=use_knights,
                    knights=len(knights), extra=extra)
    points = base
    discarded: list[str] = []
    if use_knights:
        points += extra
        for u in knights:
            p.units.remove(u)
            ctx.state.hill.extend(u.cards)
            discarded.append(armies.name_of(r, u))
        stomps = _stomps(ctx, p, [])
    flyers = [u for u in p.present() if armies.symbols(r, u, "flight") and armies.contribution(r, u, kind) > 0]
    webbers = [u for u in p.present() if armies.symbols(r, u, "web") and armies.contribution(r, u, kind) > 0]
    hits = _attack(ctx, p, kind, points, "card", fixed=False, stomps=stomps, n=n, knights=discarded)
    for u in flyers:
        ctx.flyers.setdefault(p.name, [])
        if u.key not in ctx.flyers[p.name]:
            ctx.flyers[p.name].append(u.key)
    if hits:
        _webs(ctx, p, webbers, hits)


def fixed_attack(ctx: Ctx, p: Player, kind: str, points: int, source: str, unit: str | None = None) -> None:
    _attack(ctx, p, kind, points, source, fixed=True, stomps=0, unit=unit)


def _stomps(ctx: Ctx, p: Player, leaving: list[Unit]) -> int:
    return sum(1 for u in p.present() if u not in leaving and armies.symbols(ctx.rules, u, "stomp"))


def _attack(ctx: Ctx, p: Player, kind: str, points: int, source: str, *, fixed: bool, stomps: int,
            n: int = 0, unit: str | None = None, knights: list[str] | None = None) -> list[str]:
    """Carry an attack out; the players whose armies it hit."""
    head = {"player": p.name, "army": p.army, "source": source, "n": n, "type": kind, "label": LABEL[kind],
            "unit": unit, "knights": knights or []}
    if points <= 0:
        ctx.public("attack", [p.name], **head, points=0, hits=[], split=False, no_target=False)
        return []
    sim, why = targeting.choose(ctx, p, kind, points, plan_refs(p, kind, fixed), p.plan.get("split", "best"),
                                fixed, stomps, p.plan)
    if sim is None:
        ctx.public("attack", [p.name], **head, points=points, hits=[], split=False, no_target=True)
        return []
    hits = _apply(ctx, p, sim)
    ctx.public("attack", [p.name] + list(sim.option.targets), **head, points=points, hits=hits,
               split=len(sim.option.targets) > 1, no_target=False)
    ctx.private("choice", p.name, decision="targets", source=source, attack=n, type=kind, label=LABEL[kind], unit=unit,
                targets=list(sim.option.targets), split=len(sim.option.targets) > 1, kharnages=sim.kharnages,
                cards=sim.cards, armor=sim.armor, destroy=_rule_text(p.plan.get("destroy", "kharnage_first")),
                **why)
    if sim.stomped:
        ctx.private("choice", p.name, decision="stomp", attack=n, rule=_rule_text(p.plan.get("stomp", "most_cards")),
                    victim=sim.option.targets[0], units=[t.name for t in sim.stomped])
    for h in hits:
        if h["kharnage"]:
            kharnage(ctx, p, h["player"])
    return list(sim.option.targets)


def _rule_text(rule) -> str:
    return ", ".join(rule) if isinstance(rule, list) else str(rule)


def _apply(ctx: Ctx, p: Player, sim: Simulated) -> list[dict]:
    """Destroy what the simulation chose, for real; one record per army hit."""
    r = ctx.rules
    hits = []
    for k, (name, pts) in enumerate(zip(sim.option.targets, sim.option.points)):
        victim = ctx.state.players[name]
        had = armies.has_units(victim)
        gone = [t.index for t in sim.stomped] if k == 0 else []
        out = sim.outcomes[k]
        gone_all = gone + list(out.destroyed)
        units = [victim.units[i] for i in gone_all]
        for u in units:
            p.collected.extend(u.cards)
        removed = set(gone_all)
        victim.units = [u for i, u in enumerate(victim.units) if i not in removed]
        hits.append({
            "player": name, "army": victim.army, "points": pts,
            "stomped": [armies.name_of(r, victim_u) for victim_u in units[:len(gone)]],
            "destroyed": [armies.name_of(r, u) for u in units[len(gone):]],
            "cards": sum(len(u.cards) for u in units), "lost": out.points_left,
            "kharnage": had and not armies.has_units(victim),
        })
    return hits


def kharnage(ctx: Ctx, p: Player, victim: str) -> None:
    """"If a player wipes out ALL of the Units from an opponent army, he achieves a Kharnage"."""
    supply = ctx.state.supply
    token = supply.get("kharnage", 0) > 0
    if token:
        supply["kharnage"] -= 1
        p.kharnages += 1
    ctx.public("kharnage", [p.name, victim], player=p.name, victim=victim, army=ctx.state.players[victim].army,
               token=token, total=p.kharnages)


def _webs(ctx: Ctx, p: Player, webbers: list[Unit], hit: list[str]) -> None:
    """R14: one Web per Web Unit that added points, on a surviving Unit of an army the attack hit."""
    r = ctx.rules
    for w in webbers:
        if ctx.state.supply.get("web", 0) <= 0:
            ctx.public("web", [p.name], player=p.name, unit=armies.name_of(r, w), target=None, victim=None,
                       supply_out=True)
            return
        for name in hit:
            victim = ctx.state.players[name]
            free = [(i, u) for i, u in enumerate(victim.units) if not u.absent and not u.web]
            if not free:
                continue
            rule = p.plan.get("web", "most_symbols")
            i, u = min(free, key=lambda iu: _web_key(ctx, iu[0], iu[1], rule))
            u.web = True
            ctx.state.supply["web"] -= 1
            ctx.public("web", [p.name, name], player=p.name, unit=armies.name_of(r, w), victim=name,
                       target=armies.name_of(r, u), supply_out=False)
            ctx.private("choice", p.name, decision="web", rule=_rule_text(rule), unit=armies.name_of(r, w),
                        victim=name, target=armies.name_of(r, u))
            break


def _web_key(ctx: Ctx, i: int, u: Unit, rule) -> tuple:
    d = armies.unit_def(ctx.rules, u)
    n_symbols = sum(v for _, v in d.skills) + d.shields
    if isinstance(rule, list):
        names = [str(x).casefold() for x in rule]
        pos = names.index(d.name.casefold()) if d.name.casefold() in names else len(names)
        return (pos, -n_symbols, -armies.armor(ctx.rules, u), i)
    if rule == "toughest":
        return (-armies.armor(ctx.rules, u), -n_symbols, i)
    return (-n_symbols, -armies.armor(ctx.rules, u), i)
