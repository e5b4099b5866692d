"""What happens when an agent is about to be eliminated, written once, in this order:

Seedo's zone (83) -> Shield (99) -> Doomed (65) -> Strong (61) -> Charm (87, 122) -> Wizard (63)
-> termination: credit, loot, the base left on the square (67-72) -> Wanted prize (64) ->
a player with no agent left is out (119). Victories are checked by the turn after each action.

`cause` says what struck: shot | blast | gas | shootout | limit (both missed every shot) |
backfire | card | go | storm | gas_zone | roulette | wanted | wizard | know_it_all.
"""

from __future__ import annotations

from .context import Ctx
from .state import Agent

SHIELDED = {"shot", "blast", "gas", "card"}  # "all weapons and ... ZAP'EM and ELECTRIFY ... not SHOOTOUTS"
PLAYERS_DOING = {"shot", "blast", "gas", "shootout", "card", "go", "wanted", "wizard", "zombie"}  # the Doomed takes these
WIZARD_STRIKES = {"shot", "blast", "shootout"}  # "when successfully hit by an opponent"
NO_CREDIT = {"storm", "gas_zone", "backfire", "limit", "roulette", "know_it_all"}


def strike(ctx: Ctx, victim: Agent, cause: str, by: Agent | None = None, credit_to: str | None = None,
           what: str = "") -> bool:
    """Try to eliminate `victim`; True if it is eliminated (or was already). `by` is the agent
    that struck (None for the storm, gas, cards without an agent); `credit_to` the player credited."""
    if not victim.alive:
        return True
    credit_to = ctx.credited(credit_to)
    state, board = ctx.state, ctx.board
    zone = board.zone(victim.at) if victim.at is not None else None
    base = dict(agent=victim.id, cause=cause, what=what, by=by.id if by else None, square=ctx.sq(victim.at))
    about = [victim.owner] + ([by.owner] if by else []) + ([credit_to] if credit_to in state.players else [])
    if ctx.safe_zone(victim):
        ctx.pub("saved", about, how="seedo", zone=zone, **base)
        return False
    if victim.shield > 0 and cause in SHIELDED:
        ctx.pub("saved", about, how="shield", **base)
        return False
    if victim.zombie:  # a zombie goes back to the grave: no Doomed, Charm, Strong or Wizard, no credit
        terminate(ctx, victim, cause, by, None, what)
        return True
    if cause in PLAYERS_DOING and zone is not None:
        if zone in ctx.doomed_zones:
            ctx.pub("saved", about, how="doomed_already", zone=zone, **base)
            return False
        doomed = _doomed_in(ctx, zone, victim, by)
        if doomed is not None:
            ctx.pub("doomed", about + [doomed.owner], doomed=doomed.id, zone=zone, **base)
            strike(ctx, doomed, cause, by, credit_to, what)
            ctx.doomed_zones.add(zone)
            return False
    if victim.power == "Strong" and cause != "limit":  # the limit is no hit: "both are eliminated" (S-16/S-17)
        victim.hit_once = True
        ctx.pub("strong_hit", about, **base)
        return False
    own_attack = by is not None and by.owner == victim.owner
    if cause not in ("backfire", "know_it_all") and not own_attack and _charm(ctx, victim):
        return False
    if victim.power == "Wizard" and cause in WIZARD_STRIKES and by is not None and by.owner != victim.owner:
        outcome, _ = ctx.dice.weighted(list(ctx.rules.comp.wizard.items()), f"Wizard {victim.id} strikes back at {by.id}")
        ctx.pub("wizard", about, outcome=outcome, odds=dict(ctx.rules.comp.wizard), **base)
        if outcome in ("assassin_only", "both"):
            strike(ctx, by, "wizard", victim, victim.owner, "the Wizard's strike-back")
        if outcome == "assassin_only":
            return False
    terminate(ctx, victim, cause, by, None if cause in NO_CREDIT else credit_to, what)
    return True


def _doomed_in(ctx: Ctx, zone: str, victim: Agent, by: Agent | None) -> Agent | None:
    """A living Doomed agent in the victim's zone who dies in the victim's place."""
    for a in sorted(ctx.state.agents(), key=lambda a: a.id):
        if (a.alive and a is not victim and a.power == "Doomed" and a.at is not None
                and ctx.board.zone(a.at) == zone and by is not a):
            return a
    return None


def _charm(ctx: Ctx, victim: Agent) -> bool:
    """The victim's player throws the Charm die (twice with two Charm cards) if their standing
    orders say so. True if the victim survives."""
    p = ctx.state.players[victim.owner]
    wish = p.standing.get("charm", "always")
    if wish == "never" or (isinstance(wish, list) and victim.number not in wish):
        return False
    tries = 0
    while "Charm" in p.hand and tries < 2:
        tries += 1
        p.hand.remove("Charm")
        ctx.state.discards.append("Charm")
        faces = list(ctx.rules.comp.charm.items())
        outcome, _ = ctx.dice.weighted(faces, f"Charm for {victim.id}")
        ctx.pub("charm", [victim.owner], agent=victim.id, outcome=outcome, odds=dict(ctx.rules.comp.charm))
        if outcome == "survive":
            return True
    return False


def terminate(ctx: Ctx, victim: Agent, cause: str, by: Agent | None, credit_to: str | None, what: str = "") -> None:
    """The agent leaves the board: its base stays on the square, its possessions go to its
    assassin (or back to the supply, chests to the floor), the credit is written once."""
    state = ctx.state
    sq = victim.at
    victim.alive = False
    victim.base = sq
    victim.at = None
    victim.frozen = victim.shield = 0
    was_zombie, victim.zombie = victim.zombie, False
    enemy_credit = credit_to is not None and credit_to in state.players and credit_to != victim.owner
    first = victim.credit is None
    if first:
        victim.credit = credit_to if credit_to in state.players else ("storm" if cause == "storm" else "none")
        if enemy_credit:
            state.players[credit_to].assassinations += 1
            state.assassinations_total += 1
    loot = {"weapons": list(victim.weapons), "ammo": victim.ammo, "chests": victim.chests}
    taker = by if by is not None and by.alive and not by.zombie and enemy_credit and by.owner == credit_to else None
    if taker is None and enemy_credit:
        taker = next((a for a in state.players[credit_to].living()), None)
    if taker is not None:
        taker.weapons += victim.weapons
        taker.ammo += victim.ammo
        taker.chests += victim.chests
    else:
        state.chests += [sq] * victim.chests if sq is not None else []
        state.discards += victim.weapons  # the pieces go back to the supply, their cards to the discards
    victim.weapons, victim.ammo, victim.chests = [], 0, 0
    about = [victim.owner] + ([credit_to] if credit_to in state.players else [])
    ctx.pub("eliminated", about, agent=victim.id, type="Zombie" if was_zombie else victim.power, cause=cause, what=what,
            by=by.id if by else None, credit=credit_to if enemy_credit and first else None,
            square=ctx.sq(sq), loot=loot, looter=taker.id if taker else None)
    if victim.kind == "Wanted" and enemy_credit and not was_zombie:
        wanted_prize(ctx, credit_to, sq)
    player_out_check(ctx, victim.owner)


def player_out_check(ctx: Ctx, name: str, reason: str = "no agents left") -> None:
    p = ctx.state.players[name]
    if not p.out and not p.living():
        p.out = True
        p.out_reason = reason
        ctx.state.discards += p.hand
        p.hand = []
        ctx.pub("player_out", [name], player=name, reason=reason)


def revive(ctx: Ctx, a: Agent, how: str, by: str) -> bool:
    """Back on its base (or the nearest free square to it); empty-handed; the credit stays."""
    occupied = ctx.state.occupied()
    spot = a.base
    if spot is None:
        return False
    if spot in occupied:
        dist = ctx.board.distances(spot, True)
        free = sorted((d, s[1], s[0]) for s, d in dist.items() if s not in occupied)
        if not free:
            return False
        spot = (free[0][2], free[0][1])
    a.alive, a.at, a.base, a.hit_once = True, spot, None, False
    ctx.pub("revived", [a.owner, by], agent=a.id, how=how, by=by, square=ctx.sq(spot))
    return True


def wanted_prize(ctx: Ctx, player: str, near) -> None:
    """ "terminate any other agent from any team or revive a terminated agent from own team",
    as the credited player's standing `wanted_prize` list says (default: revive, else terminate)."""
    state = ctx.state
    p = state.players[player]
    wishes = p.standing.get("wanted_prize") or [{"revive": "any"}, {"terminate": "nearest"}]
    for wish in wishes:
        if "revive" in wish:
            dead = [a for a in p.agents if not a.alive and a.base is not None]
            if wish["revive"] != "any":
                dead = [a for a in dead if a.number == wish["revive"]]
            if dead and revive(ctx, dead[0], "wanted", player):
                return
        if "terminate" in wish:
            targets = [a for a in state.agents() if a.alive and a.owner != player]
            if wish["terminate"] != "nearest":
                targets = [a for a in targets if a.id == wish["terminate"]]
            elif near is not None:
                targets.sort(key=lambda a: (abs(a.at[0] - near[0]) + abs(a.at[1] - near[1]), a.id))
            if targets:
                ctx.pub("wanted_prize", [player, targets[0].owner], player=player, target=targets[0].id)
                strike(ctx, targets[0], "wanted", None, player, "the Wanted prize")
                return
    ctx.pub("wanted_prize", [player], player=player, target=None)
