"""Setting up (5-19). Day 0 rolls the Players die for the first player and deals, with audited
dice: two Special Agents and one Ordinary Agent each (face up), a secret mission each (the rest
stay secret), and shuffles the two decks. Day 1 takes every player's set-up orders: the opening
hand's split, the agents' squares (one a turn, clockwise from the first player, three rounds)
and the chests' squares (one a turn); then the first player's turn starts."""

from __future__ import annotations

from .board import reading_order
from .context import Ctx
from .state import PLACEMENT, PLAY, Agent
from .turn_start import draw, start_turn


def weapon_cards(ctx: Ctx) -> list[str]:
    comp = ctx.rules.comp
    cards = [w for w, spec in comp.weapons.items() for _ in range(spec.cards)]
    if ctx.rules.ammunition:
        cards += [f"Ammo +{v}" for v, n in comp.ammunition.items() for _ in range(n)]
    return cards


def deal(ctx: Ctx) -> None:
    st, comp = ctx.state, ctx.rules.comp
    seats = st.seats
    st.first_player = ctx.dice.pick(seats, "Players die: the first player")
    order = st.turn_order()
    ctx.pub("first_player", seats, player=st.first_player, order=order)
    specials = ctx.dice.shuffled(list(comp.specials), "shuffle the Special Agent cards")
    for round_ in range(2):
        for name in order:
            st.players[name].agents.append(Agent(name, round_ + 1, specials.pop(0)))
    for name in order:
        st.players[name].agents.append(Agent(name, 3, "Ordinary"))
    ctx.pub("agents_dealt", seats, agents={n: [a.kind for a in st.players[n].agents] for n in order})
    missions = [m for m in comp.missions if not (m == "Opposite Destruction" and len(seats) != 4)]
    missions = ctx.dice.shuffled(missions, "shuffle the mission cards")
    for name in order:
        st.players[name].mission = missions.pop(0)
        ctx.tell("mission", [name], player=name, mission=st.players[name].mission)
    st.spare_missions = missions
    st.action_deck = ctx.dice.shuffled(sorted(c for c in ctx.rules.cards_in_play() for _ in range(comp.action_cards[c][0])),
                                       "shuffle the action cards")
    st.weapon_deck = ctx.dice.shuffled(sorted(weapon_cards(ctx)), "shuffle the weapon cards")
    ctx.pub("decks", seats, action=len(st.action_deck), weapon=len(st.weapon_deck), missions_left=len(missions))
    st.stage = PLACEMENT


def _legal_agent_square(ctx: Ctx, name: str, sq) -> str | None:
    st, board = ctx.state, ctx.board
    if sq in st.occupied():
        return "another agent stands there"
    zone = board.zone(sq)
    if any(a.owner != name and a.at is not None and board.zone(a.at) == zone for a in st.agents()):
        return f"zone {zone} already holds an opponent's agent"
    return None


def _legal_chest_square(ctx: Ctx, sq) -> str | None:
    st, board = ctx.state, ctx.board
    zone = board.zone(sq)
    if any(a.at is not None and board.zone(a.at) == zone for a in st.agents()):
        return f"zone {zone} holds an agent"
    if sq in st.chests:
        return "a chest is already there"
    return None


def _swap(a: Agent, b: Agent) -> None:
    a.kind, b.kind = b.kind, a.kind


def exchanges_and_trades(ctx: Ctx, orders: dict) -> None:
    """The Doomed/Wanted exchange first (#7), in turn order; then the trades both sides wrote (#8).
    Agents keep their numbers and owners: the agent cards change hands."""
    st = ctx.state
    for name in st.turn_order():
        o = orders.get(name)
        if o is not None and o.exchange:
            a, b = st.agent(o.exchange[0]), st.agent(o.exchange[1])
            was = a.kind
            _swap(a, b)
            ctx.pub("exchanged", [name, b.owner], player=name, gave=was, took=a.kind, other=b.owner, agent=b.id)
    done = set()
    for name in st.turn_order():
        o = orders.get(name)
        for other, give, take in (o.trades if o is not None else []):
            theirs = orders.get(other)
            match = theirs is not None and (name, take, give) in theirs.trades
            key = tuple(sorted([(name, give), (other, take)]))
            if key in done:
                continue
            if not match:
                ctx.tell("trade_unmatched", [name], player=name, other=other, give=give, take=take)
                continue
            done.add(key)
            a, b = st.agent(give), st.agent(take)
            _swap(a, b)
            ctx.pub("traded", [name, other], player=name, other=other, agent=a.id, now=a.kind, other_agent=b.id, other_now=b.kind)


def place(ctx: Ctx, orders: dict) -> None:
    st, board = ctx.state, ctx.board
    order = st.turn_order()
    squares = sorted(board.zone_of, key=reading_order)
    for n in range(3):
        for name in order:
            o = orders.get(name)
            wish = list(o.place) if o is not None else []
            a = st.players[name].agents[n]
            chosen, skipped = None, []
            for sq in wish:
                why = _legal_agent_square(ctx, name, sq)
                if why is None:
                    chosen = sq
                    break
                if sq not in [s for s, _ in skipped]:
                    skipped.append((sq, why))
            if chosen is None:
                legal = [s for s in squares if _legal_agent_square(ctx, name, s) is None]
                chosen = ctx.dice.pick(legal, f"{a.id}: a random legal square", about=(a.owner,))
            a.at = chosen
            ctx.pub("agent_placed", [name], agent=a.id, type=a.kind, square=ctx.sq(chosen), random=chosen not in wish)
            for sq, why in skipped:
                ctx.tell("place_skipped", [name], agent=a.id, square=ctx.sq(sq), why=why)
    for n in range(board.chests):
        name = order[n % len(order)]
        o = orders.get(name)
        wish = list(o.chests) if o is not None else []
        chosen = next((sq for sq in wish if _legal_chest_square(ctx, sq) is None), None)
        if chosen is None:
            legal = [s for s in squares if _legal_chest_square(ctx, s) is None]
            chosen = ctx.dice.pick(legal, f"{name}'s chest: a random legal square", about=(name,))
        st.chests.append(chosen)
        ctx.pub("chest_placed", [name], player=name, square=ctx.sq(chosen), random=chosen not in wish)


def opening_hands(ctx: Ctx, orders: dict) -> None:
    st = ctx.state
    for name in st.turn_order():
        o = orders.get(name)
        split = (o.hand if o is not None and o.hand else None) or {"action": 3, "weapon": 2}
        draw(ctx, name, ctx.rules.opening_hand, split)


def begin(ctx: Ctx) -> None:
    st = ctx.state
    st.stage = PLAY
    st.round = 1
    st.active = st.first_player
    ctx.pub("game_start", list(st.players), order=st.turn_order())
    start_turn(ctx, st.first_player)
