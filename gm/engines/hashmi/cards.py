"""Action cards played as actions (83-105). Charm, Portkey and Invisible are not played alone:
Charm answers an elimination (deaths.py), Portkey and Invisible ride on a MOVE (movement.py).

Every card here returns None when played, or the reason it cannot be played now (the order is
then skipped and the card stays in hand)."""

from __future__ import annotations

from .board import DIRECTIONS
from .context import Ctx
from .deaths import strike
from .shootout import shootout
from .state import Agent

REACTIONS = {"Charm": "it is thrown when an agent is about to be eliminated (standing: charm)",
             "Portkey": "it is played with a move that ends on a portkey (move: portkey: [...])",
             "Invisible": "it is played with a move (move: invisible: true)"}


def counter(ctx: Ctx, why: str) -> int:
    return ctx.dice.pick(list(ctx.rules.comp.counter), f"counter die: {why}")


def play(ctx: Ctx, player: str, card: str, spec: dict, extra: dict) -> str | None:
    fn = _CARDS[card]
    return fn(ctx, player, spec, extra)


def _agent(ctx: Ctx, aid) -> Agent | None:
    a = ctx.state.agent(aid) if isinstance(aid, str) else None
    return a if a is not None and a.alive else None


def take_your_time(ctx, player, spec, extra):
    if extra["actions_used"] > 0:
        return "Take Your Time must be the first action of the turn"
    k = counter(ctx, f"{player}'s Take Your Time")
    extra["bonus"] += k + 1
    ctx.pub("card", [player], player=player, card="Take Your Time", roll=k, actions=k + 1)


def go(ctx, player, spec, extra):
    a = _agent(ctx, spec.get("agent"))
    if a is None:
        return "that agent is not on the board"
    if a.frozen:
        return f"{a.id} is frozen"
    faces = list(range(len(ctx.rules.comp.go)))
    face = ctx.dice.pick(faces, f"{player}'s Go for {a.id}: GO die")
    squares = ctx.rules.comp.go[face]
    occ = ctx.state.occupied()
    usable = [s for s in squares if s != a.at and not (occ.get(s) is not None and (ctx.ceasefire() or occ[s].owner == a.owner))]
    listed = [s for s in spec.get("to") or [] if s in usable]
    free = [s for s in usable if s not in occ]
    dest = (listed or free or usable or [None])[0]
    ctx.pub("card", [player, a.owner], player=player, card="Go", agent=a.id, face=[ctx.sq(s) for s in squares],
            end=ctx.sq(dest))
    if dest is None:
        return None
    victim = occ.get(dest)
    if victim is not None:
        if not strike(ctx, victim, "go", a, player, "Go"):
            ctx.pub("go_blocked", [player], agent=a.id, square=ctx.sq(dest))
            return None
    a.at = dest
    if ctx.state.storm == "active" and ctx.board.zone(dest) in ctx.board.storm_zones:
        ctx.state.go_landed.append(a.id)


def _timer(ctx, player, a: Agent, what: str, card: str):
    k = counter(ctx, f"{player}'s {card} on {a.id}")
    setattr(a, what, k + 1)
    a.timer_owner[what] = player
    ctx.pub("card", [player, a.owner], player=player, card=card, agent=a.id, roll=k, turns=k + 1)


def freeze(ctx, player, spec, extra):
    a = _agent(ctx, spec.get("target"))
    if a is None:
        return "that agent is not on the board"
    _timer(ctx, player, a, "frozen", "Freeze")


def shield(ctx, player, spec, extra):
    a = _agent(ctx, spec.get("agent"))
    if a is None or a.owner != player:
        return "Shield goes on one of your own agents on the board"
    _timer(ctx, player, a, "shield", "Shield")


def ceasefire(ctx, player, spec, extra):
    k = counter(ctx, f"{player}'s Ceasefire")
    ctx.state.ceasefire_left, ctx.state.ceasefire_owner = k + 1, player
    ctx.pub("card", [player], player=player, card="Ceasefire", roll=k, turns=k + 1)


def cancel_ceasefire(ctx, player, spec, extra):
    if not ctx.ceasefire():
        return "there is no ceasefire to cancel"
    ctx.state.ceasefire_left, ctx.state.ceasefire_owner = 0, None
    ctx.pub("card", [player], player=player, card="Cancel Ceasefire")


def call_seedo(ctx, player, spec, extra):
    a = _agent(ctx, spec.get("agent"))
    if a is None or a.owner != player:
        return "Seedo comes to the zone of one of your own agents"
    k = counter(ctx, f"{player}'s Call Seedo")
    st = ctx.state
    st.seedo_zone, st.seedo_left, st.seedo_owner = ctx.board.zone(a.at), k + 1, player
    ctx.pub("card", [player], player=player, card="Call Seedo", zone=st.seedo_zone, roll=k, turns=k + 1)


def see_me_outside(ctx, player, spec, extra):
    a, b = _agent(ctx, spec.get("agent")), _agent(ctx, spec.get("target"))
    if a is None or a.owner != player:
        return "name one of your own agents on the board"
    if b is None or b.owner == player:
        return "the challenged agent must be another player's agent on the board"
    if ctx.safe_zone(a) or ctx.safe_zone(b):
        return "Seedo keeps his zone safe, See Me Outside included"
    ctx.pub("card", [player, b.owner], player=player, card="See Me Outside", agent=a.id, target=b.id)
    shootout(ctx, a, b, "see_me_outside")


def miss_a_turn(ctx, player, spec, extra):
    name = spec.get("target")
    p = ctx.state.players.get(name)
    if p is None or p.out:
        return "that player is not in the game"
    p.skip_next = True
    ctx.pub("card", [player, name], player=player, card="Miss a Turn", target=name)


def switch(ctx, player, spec, extra):
    ids = spec.get("agents") or []
    agents = [_agent(ctx, i) for i in ids]
    if len(agents) != 2 or None in agents or agents[0] is agents[1]:
        return "Switch names two agents on the board"
    if any(x.frozen for x in agents):
        return "frozen agents cannot be switched"
    agents[0].at, agents[1].at = agents[1].at, agents[0].at
    ctx.pub("card", [player] + [x.owner for x in agents], player=player, card="Switch", agents=[x.id for x in agents])


def disarm(ctx, player, spec, extra):
    a = _agent(ctx, spec.get("target"))
    if a is None or a.owner == player:
        return "Disarm names an opponent's agent on the board"
    ctx.pub("card", [player, a.owner], player=player, card="Disarm", target=a.id, weapons=list(a.weapons), ammo=a.ammo)
    ctx.state.discards += a.weapons
    a.weapons, a.ammo = [], 0


def electrify(ctx, player, spec, extra):
    a = _agent(ctx, spec.get("agent"))
    if a is None or a.owner != player:
        return "Electrify runs from one of your own agents"
    if ctx.ceasefire():
        return "a ceasefire holds"
    occ = ctx.state.occupied()
    victims = [occ[s] for d in DIRECTIONS for s in ctx.board.line(a.at, d, 40, False) if s in occ]
    ctx.pub("card", [player] + [v.owner for v in victims], player=player, card="Electrify", agent=a.id,
            victims=[v.id for v in victims])
    for v in victims:
        strike(ctx, v, "card", a, player, "Electrify")


def zap_em(ctx, player, spec, extra):
    ids = spec.get("agents") or []
    agents = [_agent(ctx, i) for i in ids]
    if len(agents) != 2 or None in agents or any(x.owner != player for x in agents) or agents[0] is agents[1]:
        return "Zap'em needs two of your own agents on the board"
    if ctx.ceasefire():
        return "a ceasefire holds"
    a, b = agents
    line = None
    for d in DIRECTIONS:
        squares = ctx.board.line(a.at, d, 40, False)
        if b.at in squares:
            line = squares[:squares.index(b.at)]
    if line is None:
        return f"{a.id} and {b.id} are not in one line with no wall or black square between"
    occ = ctx.state.occupied()
    victims = [occ[s] for s in line if s in occ]
    ctx.pub("card", [player] + [v.owner for v in victims], player=player, card="Zap'em", agents=[a.id, b.id],
            victims=[v.id for v in victims])
    for v in victims:
        strike(ctx, v, "card", a, player, "Zap'em")


def russian_roulette(ctx, player, spec, extra):
    if ctx.ceasefire():
        return "a ceasefire holds"
    names = [p.name for p in ctx.state.in_game()]
    chosen = ctx.dice.pick(names, f"{player}'s Russian Roulette: Players die")
    p = ctx.state.players[chosen]
    living = p.living()
    order = p.standing.get("sacrifice") or sorted((a.number for a in living), reverse=True)
    victim = next((a for n in order for a in living if a.number == n), living[-1] if living else None)
    ctx.pub("card", [player, chosen], player=player, card="Russian Roulette", chosen=chosen,
            agent=victim.id if victim else None)
    if victim is not None:
        strike(ctx, victim, "roulette", None, None, "Russian Roulette")


def chameleon(ctx, player, spec, extra):
    a = _agent(ctx, spec.get("agent"))
    if a is None or a.owner != player:
        return "Chameleon changes one of your own agents on the board"
    kinds = sorted({x.power for x in ctx.state.agents() if not x.alive})
    want = spec.get("becomes")
    if want not in kinds:
        return f"no eliminated agent is {want} (eliminated: {', '.join(kinds) or 'none'})"
    ctx.pub("card", [player], player=player, card="Chameleon", agent=a.id, was=a.power, becomes=want)
    a.kind, a.hit_once = want, False


_CARDS = {"Take Your Time": take_your_time, "Go": go, "Freeze": freeze, "Shield": shield, "Ceasefire": ceasefire,
          "Cancel Ceasefire": cancel_ceasefire, "Call Seedo": call_seedo, "See Me Outside": see_me_outside,
          "Miss a Turn": miss_a_turn, "Switch": switch, "Disarm": disarm, "Electrify": electrify, "Zap'em": zap_em,
          "Russian Roulette": russian_roulette, "Chameleon": chameleon}
PLAYED = frozenset(_CARDS)
