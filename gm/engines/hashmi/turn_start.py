"""Between two turns: the turn handed on clockwise (a new round when it comes back to the first
player; the Boring Victory after the last), Miss a Turn (95), and the start of a turn: the storm
becoming active (55), timers running out (S-19), Hypnotise's displayed draws (93), the two draws
(115), an empty deck's draws taken from the other deck (S-7)."""

from __future__ import annotations

from . import storm, victory
from .context import Ctx


def next_turn(ctx: Ctx) -> None:
    """Hand the turn on clockwise; a new round when it comes back to the first player; the
    Boring Victory after the last round; Miss a Turn; then the start of the turn."""
    st = ctx.state
    order = st.turn_order()
    seen = 0
    while not st.over:
        i = order.index(st.active)
        nxt = order[(i + 1) % len(order)]
        if (i + 1) % len(order) == 0:
            ctx.pub("round_over", [], round=st.round)
            if st.round >= ctx.rules.max_rounds:
                victory.boring(ctx)
                return
            st.round += 1
        st.active = nxt
        st.turns_taken += 1
        seen += 1
        p = st.players[nxt]
        if p.out:
            continue
        if p.skip_next:
            p.skip_next = False
            ctx.pub("turn_missed", [nxt], player=nxt, round=st.round)
            _count_down(ctx, nxt)
            continue
        start_turn(ctx, nxt)
        return


def start_turn(ctx: Ctx, name: str) -> None:
    st = ctx.state
    ctx.pub("turn_start", [name], player=name, round=st.round)
    if storm.activate_if_due(ctx, name):
        if victory.check(ctx, storm_now=True):
            return
        if st.players[name].out:  # the storm took their last agents: no turn to play (ruling S-58)
            next_turn(ctx)
            return
    _count_down(ctx, name)
    hypnotist = st.hypnosis.get(name)
    if hypnotist is not None and st.players[hypnotist].out:
        del st.hypnosis[name]  # a hypnotist out of the game controls nothing
        hypnotist = None
    if hypnotist is None:
        draw(ctx, name, ctx.rules.draws)
    else:
        # "Start by taking their two action cards and displaying them to everyone"
        p = st.players[name]
        before = len(p.hand)
        draw(ctx, name, ctx.rules.draws)
        st.hypno_hand = p.hand[before:]
        del p.hand[before:]
        st.hypnotised = name
        ctx.pub("hypnotised_turn", [name, hypnotist], player=name, by=hypnotist, cards=list(st.hypno_hand))
    victory.check(ctx)


def _count_down(ctx: Ctx, name: str) -> None:
    """Timers run out at the start of their card player's turns (S-19)."""
    st = ctx.state
    for a in sorted(st.agents(), key=lambda a: a.id):
        for what in ("frozen", "shield"):
            if getattr(a, what) and a.timer_owner.get(what) == name:
                setattr(a, what, getattr(a, what) - 1)
                if not getattr(a, what):
                    a.timer_owner.pop(what, None)
                    ctx.pub("timer_over", [a.owner], what=what, agent=a.id)
    if st.seedo_left and st.seedo_owner == name:
        st.seedo_left -= 1
        if not st.seedo_left:
            ctx.pub("timer_over", [name], what="seedo", zone=st.seedo_zone)
            st.seedo_zone, st.seedo_owner = None, None
    if st.ceasefire_left and st.ceasefire_owner == name:
        st.ceasefire_left -= 1
        if not st.ceasefire_left:
            ctx.pub("timer_over", [name], what="ceasefire")
            st.ceasefire_owner = None


def draw(ctx: Ctx, name: str, n: int, split: dict | None = None) -> None:
    """Draws from the two decks as the player's standing split says (default alternate, action
    first). An empty deck is not reshuffled: the card comes from the other deck, and with both empty
    there is nothing to draw (S-7: a reshuffle would need dice whose seed, once posted, showed the
    new deck's order to everyone)."""
    st = ctx.state
    p = st.players[name]
    split = split or p.standing.get("draw") or {}
    want = ["action"] * split.get("action", 0) + ["weapon"] * split.get("weapon", 0)
    while len(want) < n:
        want.append("action" if len(want) % 2 == 0 else "weapon")
    got = []
    for deck_name in want[:n]:
        deck = st.action_deck if deck_name == "action" else st.weapon_deck
        if not deck:
            deck = st.weapon_deck if deck_name == "action" else st.action_deck
        if deck:
            got.append(deck.pop())
    p.hand += got
    ctx.tell("drew", [name], player=name, cards=got)
    ctx.pub("draw_count", [name], player=name, n=len(got), hand=len(p.hand))
