"""MOVE (33-39): declare the agent, throw its die, end on the first listed square reachable in
exactly that many steps (else by the order's policy), then what ending a move does: the Portkey
card (96), the Healer's revival (66), chests (ruling S-33), lingering gas (78), shootouts (39)."""

from __future__ import annotations

from .board import Square, reading_order
from .context import Ctx
from .deaths import revive, strike
from .search import SearchStats, reachable_ends
from .shootout import adjacent_enemies, shootout
from .state import Agent


def die_for(ctx: Ctx, a: Agent) -> int:
    move = ctx.rules.comp.move_die
    if a.zombie:
        return move["zombie"]
    return move["Sonic"] if a.power == "Sonic" else move["default"]


def can_end(ctx: Ctx, a: Agent):
    """Any free square; a zombie may also end on another agent (not a zombie), unless a ceasefire holds."""
    occ = ctx.state.occupied()
    if a.zombie and not ctx.ceasefire():
        return lambda sq: sq not in occ or not occ[sq].zombie
    return lambda sq: sq not in occ


def zombie_avoid(ctx: Ctx, a: Agent, spec: dict) -> frozenset:
    """The squares a zombie's path keeps off: its own team's agents (`spare_own`, the default),
    and under a ceasefire every agent (it pulls no one)."""
    if not a.zombie:
        return frozenset()
    occ = ctx.state.occupied()
    return frozenset(sq for sq, b in occ.items() if b is not a and (
        ctx.ceasefire() or b.zombie or (spec.get("spare_own", True) and b.owner == a.owner)))


def _rank(ctx: Ctx, a: Agent, spec: dict, n: int, through: bool) -> list[Square]:
    """Every square in the else-policy's order: no shootout (unless `shootout: allow|seek`),
    no gas and no active storm, then nearest to `toward` (default: the first listed square),
    ties in reading order."""
    board, state = ctx.board, ctx.state
    near = board.distances(a.at, through)
    cands = [s for s, d in near.items() if d <= n and (n - d) % 2 == 0 and s != a.at]
    toward = spec.get("toward") or (spec["to"][0] if spec.get("to") else None)
    tdist = board.distances(toward, True) if toward is not None else {}
    policy = spec.get("shootout", "avoid")
    enemies = {b.at for b in state.agents() if b.alive and b.owner != a.owner and b.at is not None}

    def danger(s):
        z = board.zone(s)
        return int(z in state.gas_zones) + int(state.storm == "active" and z in board.storm_zones)

    def fight(s):
        next_to = any(nb in enemies for nb in board.neighbours(s))
        return {"avoid": int(next_to), "seek": int(not next_to)}.get(policy, 0)

    return sorted(cands, key=lambda s: (danger(s), fight(s), tdist.get(s, 999), reading_order(s)))


def do_move(ctx: Ctx, a: Agent, spec: dict, player: str, invisible_card: bool = False,
            steps_of: int | None = None) -> None:
    """A MOVE; `steps_of` is a Hitchhike's: the same distance as the move it follows, no die."""
    board, state = ctx.board, ctx.state
    through = a.power == "Invisible" or invisible_card
    sides = die_for(ctx, a) if steps_of is None else None
    n = ctx.dice.roll(sides, f"{a.id} moves (d{sides})", about=(a.owner,)) if steps_of is None else steps_of
    listed = list(spec.get("to") or [])
    stats = SearchStats()
    budget = ctx.rules.search_budget
    ok = can_end(ctx, a)
    avoid = zombie_avoid(ctx, a, spec)
    end, path, steps = None, None, n
    found = reachable_ends(board, a.at, n, through, budget, lambda s: ok(s) and s not in avoid, listed, True, stats,
                           avoid) if listed else []
    how = "listed"
    if not found and "move" in ctx.rules.ask and steps_of is None:
        ends = reachable_ends(board, a.at, n, through, budget, lambda s: ok(s) and s not in avoid, None, False, stats, avoid)
        if ends:
            ctx.pause = {"kind": "move", "agent": a.id, "roll": n, "die": sides, "invisible": invisible_card,
                         "spec": {"shootout": spec.get("shootout", "avoid"), "spare_own": spec.get("spare_own", True),
                                  "portkey": [ctx.sq(s) for s in spec.get("portkey") or []]},
                         "choices": [ctx.sq(s) for s, _ in ends]}
            ctx.pub("move_waits", [player, a.owner], agent=a.id, die=sides, roll=n, player=ctx.state.controller(player),
                    choices=ctx.pause["choices"], listed=[ctx.sq(s) for s in listed])
            return
    if not found:
        how = "policy"
        for steps in range(n, 0, -1):
            found = reachable_ends(board, a.at, steps, through, budget, lambda s: ok(s) and s not in avoid,
                                   _rank(ctx, a, spec, steps, through), True, stats, avoid)
            if found:
                break
    start = a.at
    if found:
        end, path = found[0]
        a.at = end
    ctx.pub("moved", [player, a.owner], agent=a.id, die=sides, roll=n, steps=steps if found else 0,
            start=ctx.sq(start), end=ctx.sq(a.at), path=[ctx.sq(s) for s in (path or [])], how=how,
            invisible=invisible_card, listed=[ctx.sq(s) for s in listed], gave_up=[ctx.sq(s) for s in stats.gave_up],
            hitchhike=steps_of is not None)
    if found and a.zombie:
        zombie_pulls(ctx, a, [start] + path, player)
    elif found:
        end_of_move(ctx, a, spec, player)
    if found and steps_of is None:
        ctx.last_move = (a.id, steps)


def finish_move(ctx: Ctx, pending: dict, square, player: str) -> None:
    """The end of a move that waited for its player (house rule ask): the die already thrown (on the
    day before, in that day's roll log), the square chosen now; a square that cannot be reached in
    exactly the roll (the board changed? it cannot: nothing moves between) falls to the policy."""

    st, board = ctx.state, ctx.board
    a = st.agent(pending["agent"])
    spec = {"shootout": pending["spec"]["shootout"], "spare_own": pending["spec"]["spare_own"],
            "portkey": [board.parse(s) for s in pending["spec"]["portkey"]], "to": [square] if square else []}
    through = a.power == "Invisible" or pending["invisible"]
    ok = can_end(ctx, a)
    avoid = zombie_avoid(ctx, a, spec)
    n = pending["roll"]
    stats = SearchStats()
    found = reachable_ends(board, a.at, n, through, ctx.rules.search_budget, lambda s: ok(s) and s not in avoid,
                           spec["to"], True, stats, avoid) if square else []
    how = "decided" if found else "policy"
    steps = n
    if not found:
        for steps in range(n, 0, -1):
            found = reachable_ends(board, a.at, steps, through, ctx.rules.search_budget, lambda s: ok(s) and s not in avoid,
                                   _rank(ctx, a, spec, steps, through), True, stats, avoid)
            if found:
                break
    start = a.at
    if found:
        a.at, path = found[0]
    ctx.pub("moved", [player, a.owner], agent=a.id, die=pending["die"], roll=n, steps=steps if found else 0,
            start=ctx.sq(start), end=ctx.sq(a.at), path=[ctx.sq(s) for s in (found[0][1] if found else [])], how=how,
            invisible=pending["invisible"], listed=[ctx.sq(s) for s in spec["to"]], gave_up=[], hitchhike=False)
    if found and a.zombie:
        zombie_pulls(ctx, a, [start] + found[0][1], player)
    elif found:
        end_of_move(ctx, a, spec, player)
    if found:
        ctx.last_move = (a.id, steps)


def hitchhikes(ctx: Ctx) -> None:
    """ "Play this card as soon as another agent completes a MOVE action and move one of your agents
    by the same distance": every holder whose standing `hitchhike` names the mover's player (or
    `any`), in seat order from the mover's player, moves that agent exactly as far (S-42)."""
    if ctx.last_move is None:
        return
    aid, steps = ctx.last_move
    ctx.last_move = None
    st, board = ctx.state, ctx.board
    mover = aid.rpartition(".")[0]
    seats = st.seats
    start = seats.index(mover)
    for name in seats[start:] + seats[:start]:
        p = st.players[name]
        wish = p.standing.get("hitchhike")
        if p.out or "Hitchhike" not in p.hand or not isinstance(wish, dict):
            continue
        after = wish.get("after", "any")
        if after != "any" and mover not in after:
            continue
        a = next((x for x in p.living() if x.number == wish.get("agent")), None)
        if a is None or a.frozen or a.id == aid:
            continue
        p.hand.remove("Hitchhike")
        st.discards.append("Hitchhike")
        spec = {"to": [s for s in (board.parse(x) for x in wish.get("to", [])) if s],
                "toward": board.parse(wish["toward"]) if wish.get("toward") else None,
                "shootout": wish.get("shootout", "avoid")}
        ctx.pub("hitchhike", [name, mover], player=name, agent=a.id, after=aid, steps=steps)
        do_move(ctx, a, spec, name, steps_of=steps)


def zombie_pulls(ctx: Ctx, z: Agent, path: list[Square], player: str) -> None:
    """ "The zombie can pull anyone they walk over to the grave including multiple agents in one
    MOVE action": every agent on its path, in order, and on its last square (S-39); lingering gas
    still catches it. Credit to the player who moved it."""
    occ = {sq: b for sq, b in ctx.state.occupied().items() if b is not z}
    for sq in path[1:]:
        b = occ.get(sq)
        if b is not None and not b.zombie and b.alive:
            strike(ctx, b, "zombie", z, player, "a zombie")
    occ = {sq: b for sq, b in ctx.state.occupied().items() if b is not z}
    if z.at in occ:  # the agent on its last square survived: the zombie stops short (ruling Z-2)
        z.at = next(sq for sq in reversed(path[:-1]) if sq not in occ)
        ctx.pub("zombie_stopped", [z.owner], agent=z.id, square=ctx.sq(z.at))
    if z.alive and ctx.board.zone(z.at) in ctx.state.gas_zones:
        strike(ctx, z, "gas_zone", None, None, "the lingering gas")


def end_of_move(ctx: Ctx, a: Agent, spec: dict, player: str) -> None:
    """Portkey, Healer, chests, gas, shootouts: in that order (a portkey takes the agent to the
    square where the rest happens)."""
    board, state = ctx.board, ctx.state
    p = state.players[player]
    if a.at in board.portkeys and "Portkey" in ctx.hand(player) and spec.get("portkey"):
        occ = state.occupied()
        dest = next((s for s in spec["portkey"] if s in board.portkeys and s != a.at and s not in occ), None)
        if dest is not None:
            ctx.hand(player).remove("Portkey")
            state.discards.append("Portkey")
            ctx.pub("portkey", [player], agent=a.id, start=ctx.sq(a.at), end=ctx.sq(dest))
            a.at = dest
    if a.power == "Healer":
        for mate in state.players[a.owner].agents:
            if not mate.alive and mate.base == a.at:
                shift = _free_next_to(ctx, a.at, state.players[a.owner].standing.get("healer_shift"))
                if shift is None:
                    break
                a.at = shift
                revive(ctx, mate, "healer", a.owner)
                ctx.pub("healer_shift", [a.owner], agent=a.id, square=ctx.sq(shift))
                break
    n = state.chests.count(a.at)
    if n:
        state.chests = [c for c in state.chests if c != a.at]
        a.chests += n
        ctx.pub("chest_taken", [a.owner], agent=a.id, square=ctx.sq(a.at), n=n, total=a.chests)
    if board.zone(a.at) in state.gas_zones:
        strike(ctx, a, "gas_zone", None, None, "the lingering gas")
        return
    if ctx.ceasefire():
        if adjacent_enemies(ctx, a):
            ctx.pub("no_shootout", [a.owner], agent=a.id, why="ceasefire")
        return
    for enemy in adjacent_enemies(ctx, a):
        if not a.alive:
            break
        if enemy.alive and a.at is not None and enemy.at is not None:
            shootout(ctx, a, enemy, "move")


def _free_next_to(ctx: Ctx, sq: Square, order: list[str] | None = None) -> Square | None:
    """The first free square next to `sq`, in the player's standing `healer_shift` order of ways
    (default up, right, down, left), not through a wall."""
    occ = ctx.state.occupied()
    board = ctx.board
    for way in list(order or []) + ["up", "right", "down", "left"]:
        nb = board.step(sq, way)
        if nb in board.zone_of and not board.wall(sq, nb) and nb not in occ:
            return nb
    return None
