"""Every way to win (20-25) and the secret missions (106-112), checked after every action.
"ranked from most valued to least valued": the best claim wins; equal claims share the win."""

from __future__ import annotations

from .context import Ctx
from .state import OVER

RANKS = ["battle_royale", "assassin", "peaceful", "mission", "boring", "nobody"]


RULED_OUT = "the GM's ruling"  # Player.out_reason of a player a ruling took out (rulings.py)


def left_of(state, name: str) -> str:
    """ "Player 1 is to the left of player 2 ... Player 4 is to the left of Player 1." """
    seats = state.seats
    return seats[(seats.index(name) - 1) % len(seats)]


def opposite(state, name: str) -> str | None:
    seats = state.seats
    if len(seats) != 4:
        return None
    return seats[(seats.index(name) + 2) % 4]


def mission_done(state, name: str, storm_now: bool = False) -> bool:
    p = state.players[name]
    m = p.mission
    if m == "Destroy Left":
        return all(a.credit == name for a in state.players[left_of(state, name)].agents)
    if m == "Opposite Destruction":
        opp = opposite(state, name)
        return opp is not None and all(a.credit == opp for a in p.agents)
    if m == "One a Side":
        return all(len(q.living()) == 1 for q in state.players.values())
    if m == "Peace for All":
        return storm_now and state.assassinations_total == 0
    return False  # Know it All is claimed by its own order


def claims(ctx: Ctx, storm_now: bool = False) -> list[tuple[str, str]]:
    state, rules = ctx.state, ctx.rules
    out = []
    alive = [p.name for p in state.players.values() if p.living()]
    if len(alive) == 1:
        out.append(("battle_royale", alive[0]))
    for p in state.players.values():
        if p.out_reason == RULED_OUT:  # removed by the GM (rulings.py): no victory of any kind
            continue
        if p.assassinations >= rules.assassin_target:
            out.append(("assassin", p.name))
        if p.living() and sum(a.chests for a in p.living()) >= rules.board.chests:
            out.append(("peaceful", p.name))
        if p.mission and mission_done(state, p.name, storm_now):
            out.append(("mission", p.name))
    return out


def check(ctx: Ctx, storm_now: bool = False, extra: list[tuple[str, str]] | None = None) -> bool:
    """Ends the game if someone has won (or no one is left); True if it ended."""
    state = ctx.state
    if state.over:
        return True
    found = claims(ctx, storm_now) + (extra or [])
    if not found and not any(p.living() for p in state.players.values()):
        found = [("nobody", "")]
    if not found:
        return False
    best = min(RANKS.index(k) for k, _ in found)
    winners = sorted({n for k, n in found if RANKS.index(k) == best and n}, key=state.seats.index)
    end(ctx, RANKS[best], winners)
    return True


def boring(ctx: Ctx) -> None:
    """ "the highest number of assassinations. If tied, ... remaining agents. If tied, ... treasure
    chests. If tied, no one is a winner" """
    state = ctx.state
    ranked = {p.name: (p.assassinations, len(p.living()), sum(a.chests for a in p.agents)) for p in state.players.values()}
    may_win = [n for n in state.seats if state.players[n].out_reason != RULED_OUT]  # a mod-killed player wins nothing
    top = max((ranked[n] for n in may_win), default=None)
    best = [n for n in may_win if ranked[n] == top]
    end(ctx, "boring" if len(best) == 1 else "nobody", best if len(best) == 1 else [],
        table=[{"player": n, "assassinations": ranked[n][0], "agents": ranked[n][1], "chests": ranked[n][2]}
               for n in state.seats])


def end(ctx: Ctx, how: str, winners: list[str], **data) -> None:
    state = ctx.state
    state.stage = OVER
    state.victory = how
    state.winners = winners
    state.revealed = {p.name: p.mission for p in state.players.values() if p.mission}
    ctx.pub("game_over", list(state.players), victory=how, winners=winners,
            missions={n: m for n, m in state.revealed.items()}, spare=list(state.spare_missions), **data)
