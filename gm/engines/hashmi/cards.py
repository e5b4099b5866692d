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
             "Hitchhike": "it is played after another agent's MOVE (standing: hitchhike)",
             "You Too": "it answers Miss a Turn, Freeze or Disarm played against you (standing: you_too)",
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
    face = ctx.dice.pick(faces, f"{player}'s Go for {a.id}: GO die", about=(player,))
    squares = ctx.rules.comp.go[face]
    occ = ctx.state.occupied()
    usable = [s for s in squares if s != a.at and not (occ.get(s) is not None and (ctx.ceasefire() or occ[s].owner == a.owner))]
    listed = [s for s in spec.get("to") or [] if s in usable]
    if not listed and len(usable) > 1 and "go" in ctx.rules.ask:
        # house rule ask: none of the listed squares is on the face: the player chooses next day
        ctx.pause = {"kind": "go", "agent": a.id, "face": [ctx.sq(s) for s in squares],
                     "choices": [ctx.sq(s) for s in usable]}
        ctx.pub("go_waits", [player, a.owner], player=ctx.state.controller(player), agent=a.id,
                face=ctx.pause["face"], choices=ctx.pause["choices"])
        return None
    free = [s for s in usable if s not in occ]
    dest = (listed or free or usable or [None])[0]
    land(ctx, player, a, squares, dest)


def land(ctx, player: str, a: Agent, squares, dest) -> None:
    """Go's agent lands on `dest`, terminating an agent there (or stopped if it survives)."""
    occ = ctx.state.occupied()
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


def finish_go(ctx, pending: dict, square, player: str) -> None:
    """A Go that waited for its square (house rule ask): the GO die was thrown the day before."""
    board = ctx.board
    a = ctx.state.agent(pending["agent"])
    if not a.alive:
        return
    squares = [board.parse(s) for s in pending["face"]]
    occ = ctx.state.occupied()
    usable = [s for s in squares if s != a.at and not (occ.get(s) is not None and (ctx.ceasefire() or occ[s].owner == a.owner))]
    free = [s for s in usable if s not in occ]
    dest = square if square in usable else (free or usable or [None])[0]
    land(ctx, player, a, squares, dest)


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
    if you_too(ctx, a.owner, player, "Freeze"):
        b = _mirror_target(ctx, player, False)
        if b is not None:
            _timer(ctx, a.owner, b, "frozen", "Freeze")


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
    if you_too(ctx, name, player, "Miss a Turn"):
        ctx.state.players[player].skip_next = True


def hypnotise(ctx, player, spec, extra):
    """ "take control of one team's actions in their next turn" (#93): the next turn `target`
    plays is written by the card player (S-43)."""
    name = spec.get("target")
    st = ctx.state
    p = st.players.get(name)
    if p is None or p.out or name == player:
        return "Hypnotise names another player in the game"
    if name in st.hypnosis:
        return f"{name} is already hypnotised: a Hypnotise waits for {name}'s next turn"
    st.hypnosis[name] = player
    ctx.pub("card", [player, name], player=player, card="Hypnotise", target=name)
    if you_too(ctx, name, player, "Hypnotise") and player not in st.hypnosis:
        st.hypnosis[player] = name


def you_too(ctx, holder: str, player: str, card: str) -> bool:
    """ "Return the favour by asking an opponent to do the same when they use MISS A TURN, FREEZE,
    DISARM OR HYPNOTISE action against you": the holder's standing `you_too` (default every one of
    those cards) plays it at once; the same card's effect then falls on the card player (S-44)."""
    st = ctx.state
    if holder == player or holder not in st.players:
        return False
    p = st.players[holder]
    wish = p.standing.get("you_too", ["Miss a Turn", "Freeze", "Disarm", "Hypnotise"])
    if p.out or "You Too" not in p.hand or card not in wish:
        return False
    p.hand.remove("You Too")
    st.discards.append("You Too")
    ctx.pub("you_too", [holder, player], player=holder, against=player, card=card)
    return True


def _mirror_target(ctx, player: str, most_armed: bool) -> Agent | None:
    """The card player's agent the mirrored card falls on: the most armed one for Disarm, else the
    lowest-numbered (ruling S-44)."""
    living = ctx.state.players[player].living()
    if not living:
        return None
    if most_armed:
        return sorted(living, key=lambda a: (-len(a.weapons), -a.ammo, a.number))[0]
    return living[0]


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
    if you_too(ctx, a.owner, player, "Disarm"):
        b = _mirror_target(ctx, player, True)
        if b is not None:
            ctx.pub("card", [a.owner, player], player=a.owner, card="Disarm", target=b.id, weapons=list(b.weapons), ammo=b.ammo)
            ctx.state.discards += b.weapons
            b.weapons, b.ammo = [], 0


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
    chosen = ctx.dice.pick(names, f"{player}'s Russian Roulette: Players die", about=(player,))
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
    kinds = sorted({x.kind if x.kind != "Strong" or not x.hit_once else "Ordinary" for x in ctx.state.agents() if not x.alive})
    want = spec.get("becomes")
    if want not in kinds:
        return f"no eliminated agent is {want} (eliminated: {', '.join(kinds) or 'none'})"
    ctx.pub("card", [player], player=player, card="Chameleon", agent=a.id, was=a.power, becomes=want)
    a.kind, a.hit_once = want, False


def zombie(ctx, player, spec, extra):
    """ "recall one of your eliminated agents as a zombie agent": on its base (or the nearest free
    square), carrying nothing; at most as many zombies as there are zombie pieces (S-39)."""
    st = ctx.state
    a = st.agent(spec.get("agent")) if isinstance(spec.get("agent"), str) else None
    if a is None or a.owner != player or a.alive or a.base is None:
        return "Zombie recalls one of your own eliminated agents"
    if sum(1 for x in st.agents() if x.alive and x.zombie) >= ZOMBIE_PIECES:
        return f"all {ZOMBIE_PIECES} zombie pieces are on the board"
    from .deaths import revive

    if not revive(ctx, a, "zombie", player):
        return "no free square for the zombie"
    a.zombie = True
    a.weapons, a.ammo, a.chests = [], 0, 0
    ctx.pub("card", [player], player=player, card="Zombie", agent=a.id, square=ctx.sq(a.at))


def zombie_control(ctx, player, spec, extra):
    """ "take full control of any zombie agent for one round during your turn": for the rest of
    this turn the player's MOVE actions may move that zombie, and its pulls are credited to them."""
    a = _agent(ctx, spec.get("agent"))
    if a is None or not a.zombie:
        return "Zombie Control names a zombie on the board"
    extra["controlled"].add(a.id)
    ctx.pub("card", [player, a.owner], player=player, card="Zombie Control", agent=a.id)


ZOMBIE_PIECES = 3  # "3 Zombie pieces"

_CARDS = {"Take Your Time": take_your_time, "Go": go, "Freeze": freeze, "Shield": shield, "Ceasefire": ceasefire,
          "Cancel Ceasefire": cancel_ceasefire, "Call Seedo": call_seedo, "See Me Outside": see_me_outside,
          "Miss a Turn": miss_a_turn, "Switch": switch, "Disarm": disarm, "Electrify": electrify, "Zap'em": zap_em,
          "Russian Roulette": russian_roulette, "Chameleon": chameleon, "Zombie": zombie,
          "Zombie Control": zombie_control, "Hypnotise": hypnotise}
PLAYED = frozenset(_CARDS)
