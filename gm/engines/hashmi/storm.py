"""The storm (54-57): declared by a player on their turn once `storm_after` rounds are complete
(free, S-20), active from the start of that player's next turn; while active, every agent in
the storm zones is eliminated at activation and at the end of every turn (no credit)."""

from __future__ import annotations

from .context import Ctx
from .deaths import strike


def why_not_declare(ctx: Ctx, player: str) -> str | None:
    st = ctx.state
    if st.storm != "calm":
        return "the storm has already been declared"
    if st.round <= ctx.rules.storm_after:
        return f"the storm may be declared once {ctx.rules.storm_after} rounds are complete (this is round {st.round})"
    return None


def declare(ctx: Ctx, player: str) -> None:
    ctx.state.storm, ctx.state.storm_by = "declared", player
    ctx.pub("storm_declared", list(ctx.state.players), player=player)


def activate_if_due(ctx: Ctx, player: str) -> bool:
    st = ctx.state
    if st.storm == "declared" and st.storm_by == player:
        st.storm = "active"
        ctx.pub("storm_active", list(st.players), player=player, zones=list(ctx.board.storm_zones))
        sweep(ctx)
        return True
    return False


def sweep(ctx: Ctx, only: list[str] | None = None) -> None:
    if ctx.state.storm != "active":
        return
    for a in sorted(ctx.state.agents(), key=lambda a: a.id):
        if a.alive and a.at is not None and ctx.board.zone(a.at) in ctx.board.storm_zones:
            if only is None or a.id in only:
                strike(ctx, a, "storm", None, None, "the storm")
