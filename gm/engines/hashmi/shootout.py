"""Shootouts (49-53): the Cowgirl (who triggered it) shoots first with 1 in 3, the Cowboy answers
with 1 in 4, until one is eliminated or both have missed every shot, and then both are."""

from __future__ import annotations

from .context import Ctx
from .deaths import strike
from .state import Agent


def shootout(ctx: Ctx, cowgirl: Agent, cowboy: Agent, why: str) -> None:
    dice = ctx.rules.comp.shootout
    shots = ctx.rules.comp.shootout_shots
    about = [cowgirl.owner, cowboy.owner]
    ctx.pub("shootout", about, cowgirl=cowgirl.id, cowboy=cowboy.id, why=why,
            odds={"cowgirl": dict(dice["cowgirl"]), "cowboy": dict(dice["cowboy"])})
    fired = {cowgirl.id: 0, cowboy.id: 0}
    shooter, target, role = cowgirl, cowboy, "cowgirl"
    while cowgirl.alive and cowboy.alive and (fired[cowgirl.id] < shots or fired[cowboy.id] < shots):
        if fired[shooter.id] < shots:
            fired[shooter.id] += 1
            outcome, _ = ctx.dice.weighted(list(dice[role].items()),
                                           f"shootout: {shooter.id} ({role}) shot {fired[shooter.id]} at {target.id}")
            ctx.pub("shootout_shot", about, shooter=shooter.id, target=target.id, role=role, n=fired[shooter.id],
                    outcome=outcome)
            if outcome == "hit":
                strike(ctx, target, "shootout", shooter, shooter.owner, "a shootout")
        shooter, target = target, shooter
        role = "cowboy" if role == "cowgirl" else "cowgirl"
    if cowgirl.alive and cowboy.alive:
        ctx.pub("shootout_limit", about, cowgirl=cowgirl.id, cowboy=cowboy.id, shots=shots)
        for a in (cowgirl, cowboy):
            strike(ctx, a, "limit", None, None, "the shootout's last shot")


def adjacent_enemies(ctx: Ctx, a: Agent) -> list[Agent]:
    """Agents of other players on a square next to `a` (up, right, down, left) with no wall
    between, in seat order from the next player, then base number (S-13, S-14)."""
    occ = ctx.state.occupied()
    seats = ctx.state.seats
    start = seats.index(a.owner)
    order = {name: (i - start) % len(seats) for i, name in enumerate(seats)}
    out = []
    for nb in ctx.board.neighbours(a.at):
        b = occ.get(nb)
        if b is not None and b.owner != a.owner:
            out.append(b)
    return sorted(out, key=lambda b: (order[b.owner], b.number))
