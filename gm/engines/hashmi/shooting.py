"""SHOOT (40-48, 74-79): the SHOOT die (fire, misfire, backfire), the RANGE die, a direction
chosen from the order's targets, the TARGET die for the first agent in reach (every agent on the
path for rockets and laser-guided missiles), blasts and gas; ammunition spent whatever happens;
the Accurate agent's second try (62)."""

from __future__ import annotations

from .board import DIRECTIONS, Square
from .components import Weapon
from .context import Ctx
from .deaths import strike
from .state import Agent

DIRS = tuple(DIRECTIONS)


def shot_paths(ctx: Ctx, a: Agent, w: Weapon, rng: int) -> list[tuple[str, list[Square]]]:
    """Every way the shot may go after the RANGE roll, as (label, squares in order). A laser-guided
    missile may turn once, after any number of squares (S-27)."""
    board = ctx.board
    through = w.through_walls or a.power == "Invisible"
    out = []
    for d in DIRS:
        if w.area:
            out.append((d, [board.landing(a.at, d, rng)]))
            continue
        straight = board.line(a.at, d, rng, through)
        out.append((d, straight))
        if w.turns:
            for k in range(1, len(straight)):
                for d2 in DIRS:
                    if DIRECTIONS[d2][0] * DIRECTIONS[d][0] + DIRECTIONS[d2][1] * DIRECTIONS[d][1] != 0:
                        continue
                    rest = board.line(straight[k - 1], d2, rng - k, through)
                    if rest:
                        out.append((f"{d} {k}, then {d2} {len(rest)}", straight[:k] + rest))
    return out


def reach(ctx: Ctx, a: Agent, w: Weapon, squares: list[Square]) -> list[Agent]:
    """Who the shot would put to the TARGET die (or hit outright, for blasts and gas), in order."""
    occ = ctx.state.occupied()
    if w.area == "blast":
        return [occ[s] for s in ctx.board.around(squares[0]) if s in occ]
    if w.area == "zone":
        zone = ctx.board.zone(squares[0])
        return [occ[s] for s in ctx.board.zone_squares(zone) if s in occ]
    out = []
    for i, s in enumerate(squares, 1):
        if i < w.min or s not in occ:
            continue  # inside the minimum range: neither hit nor in the way (S-26)
        out.append(occ[s])
        if not w.multi:
            break
    return out


def choose(ctx: Ctx, a: Agent, w: Weapon, rng: int, spec: dict) -> tuple[str, list[Square], list[Agent], str]:
    """The way the shot goes: the first listed target in reach (sparing own agents from blasts
    when `spare_own`), else the `else` direction, else a way that reaches an enemy and no friend,
    else one that reaches nobody."""
    paths = [(label, sq, reach(ctx, a, w, sq)) for label, sq in shot_paths(ctx, a, w, rng)]
    spare = spec.get("spare_own", True)
    for target in spec.get("at") or []:
        for label, sq, who in paths:
            if any(b.id == target for b in who) and not (spare and w.area and any(b.owner == a.owner for b in who)):
                return label, sq, who, "target"
    if spec.get("else") in DIRS:
        label = spec["else"]
        for lab, sq, who in paths:
            if lab == label:
                return lab, sq, who, "else"
    for label, sq, who in paths:
        if who and all(b.owner != a.owner for b in who):
            return label, sq, who, "enemy"
    for label, sq, who in paths:
        if not who:
            return label, sq, who, "nobody"
    label, sq, who = paths[0]
    return label, sq, who, "forced"


def do_shoot(ctx: Ctx, a: Agent, wname: str, spec: dict, player: str, again: bool = False) -> None:
    w = ctx.rules.comp.weapons[wname]
    about = [player, a.owner]
    cost = w.ammo if ctx.rules.ammunition else 0
    a.ammo -= cost  # "After each shooting action, and regardless of the outcome"
    ev = dict(agent=a.id, weapon=wname, ammo_spent=cost, ammo_left=a.ammo, again=again)
    fired = "fire"
    if not w.always_fires:
        faces = [("fire", w.fire), ("misfire", w.misfire), ("backfire", w.backfire)]
        fired, _ = ctx.dice.weighted([f for f in faces if f[1]], f"{a.id} {wname}: SHOOT die", about=(a.owner,))
    if fired == "misfire":
        ctx.pub("shot", about, result="misfire", odds=_odds(w), **ev)
        return _accurate(ctx, a, wname, spec, player, again)
    if fired == "backfire":
        ctx.pub("shot", about, result="backfire", odds=_odds(w), **ev)
        strike(ctx, a, "backfire", None, None, f"its own {wname}")
        return
    lo, hi = w.range
    rng = lo if lo == hi else ctx.dice.pick(list(range(lo, hi + 1)), f"{a.id} {wname}: RANGE die", about=(a.owner,))
    label, squares, who, why = choose(ctx, a, w, rng, spec)
    if why in ("enemy", "nobody", "forced") and "aim" in ctx.rules.ask and not again:
        # house rule ask: no listed target in reach and no `else`: the player aims next day
        ways = [lab for lab, _ in shot_paths(ctx, a, w, rng)]
        ctx.pause = {"kind": "aim", "agent": a.id, "weapon": wname, "range": rng, "choices": ways,
                     "spec": {"spare_own": spec.get("spare_own", True), "again": spec.get("again", True)},
                     "shot": ev}
        ctx.pub("aim_waits", about, agent=a.id, weapon=wname, range=rng, player=ctx.state.controller(player),
                choices=ways, listed=list(spec.get("at") or []), **{k: v for k, v in ev.items() if k not in ("agent", "weapon")})
        return
    fire(ctx, a, w, rng, label, squares, who, why, spec, player, again, ev)


def finish_aim(ctx: Ctx, pending: dict, way: str | None, player: str) -> None:
    """A shot that waited for its direction (house rule ask): the SHOOT and RANGE dice were thrown
    the day before; the way is the one `decide:` names (with no orders, the else-policy's)."""
    a = ctx.state.agent(pending["agent"])
    w = ctx.rules.comp.weapons[pending["weapon"]]
    spec = dict(pending["spec"])
    if not a.alive:
        return
    paths = {lab: sq for lab, sq in shot_paths(ctx, a, w, pending["range"])}
    if way in paths:
        label, squares, who, why = way, paths[way], reach(ctx, a, w, paths[way]), "decided"
    else:
        label, squares, who, why = choose(ctx, a, w, pending["range"], spec)
    fire(ctx, a, w, pending["range"], label, squares, who, why, spec, player, False, dict(pending["shot"]))


def fire(ctx: Ctx, a: Agent, w: Weapon, rng: int, label: str, squares, who, why: str, spec: dict, player: str,
         again: bool, ev: dict) -> None:
    """The shot goes its way: blasts and gas hit everyone in reach; other weapons roll the TARGET die."""
    state = ctx.state
    wname = w.name
    about = [player, a.owner]
    land = ctx.sq(squares[0]) if w.area and squares else None
    ctx.pub("shot", about + [b.owner for b in who], result="fire", odds=_odds(w), range=rng, way=label, chosen=why,
            landing=land, in_reach=[b.id for b in who], **ev)
    if w.area == "zone" and squares:
        zone = ctx.board.zone(squares[0])
        if zone not in state.gas_zones:
            state.gas_zones.append(zone)
    if w.area:
        cause = "blast" if w.area == "blast" else "gas"
        for b in who:
            strike(ctx, b, cause, a, player, wname)
        return
    hit_any = False
    for b in who:
        if not b.alive:
            continue
        outcome, _ = ctx.dice.weighted([("hit", w.accuracy), ("miss", 6 - w.accuracy)] if w.accuracy < 6 else [("hit", 6)],
                                       f"{a.id} {wname} at {b.id}: TARGET die", about=(a.owner,))
        ctx.pub("target_roll", about + [b.owner], agent=a.id, weapon=wname, target=b.id, outcome=outcome,
                accuracy=w.accuracy)
        if outcome == "hit":
            hit_any = True
            strike(ctx, b, "shot", a, player, wname)
    if not hit_any and a.alive:
        _accurate(ctx, a, wname, spec, player, again)


def _accurate(ctx: Ctx, a: Agent, wname: str, spec: dict, player: str, again: bool) -> None:
    """ "can perform the shooting action a second time if he fails with the first time": free,
    same weapon, ammunition spent again (S-30)."""
    if again or a.power != "Accurate" or not a.alive or not spec.get("again", True):
        return
    w = ctx.rules.comp.weapons[wname]
    if ctx.rules.ammunition and a.ammo < w.ammo:
        ctx.pub("no_second_try", [player], agent=a.id, weapon=wname, ammo=a.ammo)
        return
    do_shoot(ctx, a, wname, spec, player, again=True)


def _odds(w: Weapon) -> dict:
    return {"fire": w.fire, "misfire": w.misfire, "backfire": w.backfire, "accuracy": w.accuracy}
