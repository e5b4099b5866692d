"""Hashmi Battle Royale (../shared/rules/hashmi-battle-royale.txt): 3-4 players, three agents each
on a 20x20 board; moves of exactly the die's steps, the weapons table and picture dice,
shootouts, action cards, the storm, chests, portkeys and secret missions.

A forum day is the rest of the active player's turn plus the start of the next player's turn
(the storm, timers, their two draws), so each player sees their new cards before writing orders;
house rule `turns_per_day` plays more of the round's turns in one forum day (today.py, ruling T-1).

Days:
  - Day 0: the Players die for the first player; agents, missions and the decks dealt (setup.py).
  - Day 1: every player's set-up orders: agents' and chests' squares, the opening hand's split;
    then the first player's turn starts.
  - every later day: one turn, or up to `turns_per_day` (turns.py; today.py says whose).

Modules: board, components, rules (data); state; orders; search (the exact-N-steps path search),
movement, shooting, shootout, deaths (the elimination cascade), cards, storm, victory, turns,
setup, turn_start; views and mapdraw (what templates see). orders, order_base and order_setup read
the orders.
"""

from __future__ import annotations

from gm.capabilities import FromPackage, RosterSetup, Rulings, Views, Vocabulary
from gm.engine import Day, Engine, Facts, Hidden, Phase, Secrets

from . import setup as setup_mod
from . import forms, turn_start, turns
from .context import Ctx
from .order_base import default_orders
from .orders import check_orders_doc
from .state import OPENING, PLACEMENT, State
from .today import turns_today, writers


def _phase(name: str, fn) -> Phase:
    """A phase: the turn's bookkeeping around the day; its events go out through the day's emitters."""

    def resolve(day: Day):
        fn(Ctx(day.state, day.rules, day.dice, name, day), day.orders)
        # the state carries turns_per_day (players_due has no rules): a change counts from the next day
        day.state.turns_per_day = day.rules.turns_per_day

    return Phase(name, resolve)


def _standing(ctx: Ctx, orders: dict) -> None:
    for name in ctx.state.seats:
        o = orders.get(name)
        if o is not None and o.standing is not None:
            ctx.state.players[name].standing.update(o.standing)
            ctx.tell("standing", [name], player=name, standing=dict(sorted(ctx.state.players[name].standing.items())))


def _turn(ctx: Ctx, orders: dict) -> None:
    _standing(ctx, orders)
    st = ctx.state
    if st.players[st.active].out:  # a ruling took the player out before their turn's rest: it is not played
        return
    turns.play_turn(ctx, st.active, orders.get(st.controller(st.active)))


def _next(ctx: Ctx, orders: dict) -> None:
    if ctx.state.pending is None:  # a turn stopped at a choice goes on tomorrow
        turn_start.next_turn(ctx)


def _more_turns(today: list[tuple[str, str]], known: set[str]):
    """The day's later turns (house rule turns_per_day, ruling T-1): each played from its writer's
    orders while the game goes as the day's orders foresaw; each its own steps, as on a day of one.
    Orders an earlier turn of the day has overtaken are told to the GM as the turn begins (S-12)."""

    def resolve(day: Day):
        from .stale import overtaken

        for name, writer in today[1:]:
            st = day.state
            if st.over or st.pending is not None or st.active != name or st.hypnotised == name:
                break  # the day's events changed whose turn it is: the rest waits for tomorrow
            turn = day.orders.get(writer)
            day.step = f"{name}'s turn"
            overtaken(day, name, writer, known)
            for step, fn in ((f"{name}'s turn", lambda c, n=name, o=turn: turns.play_turn(c, n, o)),
                             ("next turn", lambda c: _next(c, day.orders))):
                day.step = step  # each turn's events under its own step, as on a day of one turn
                fn(Ctx(st, day.rules, day.dice, step, day))

    return Phase("more turns", resolve)


def _setup_day(ctx: Ctx, orders: dict) -> None:
    _standing(ctx, orders)
    setup_mod.exchanges_and_trades(ctx, orders)
    setup_mod.place(ctx, orders)
    setup_mod.opening_hands(ctx, orders)
    setup_mod.begin(ctx)


class HashmiBattleRoyale(Views, Rulings, Vocabulary, RosterSetup, Engine):
    facts = Facts(
        name="hashmi-battle-royale",
        title="Hashmi Battle Royale",
        config_keys=("house_rules", "roster", "components", "telling"),
        demo_day=None,  # the demo prints its last day: the victory
        sample_day=3,  # the PM corpus's day, mid-game
        own_heading="Your agents",
        new_game_hint=("Edit game.yaml (roster in seat order, house rules), run `gm commit {dir} --day 0` and post "
                       "it (the deal of agents and missions and the decks' shuffle), then `gm check {dir} --day 0` and "
                       "`gm resolve {dir} --day 0` (the first player, agents and missions)."),
        players=(3, 4),  # "played by up to 4 players" (box: 3-4)
    )
    state_class = State
    public_status = FromPackage("status")  # status.py: the player's own status, said in every message
    # the missions (until the game ends, or a Know it All claims one), the hands, the standing
    # reactions and the order of the decks; Day 0 dealt and shuffled them
    secrets = Secrets(
        hidden=(Hidden("players.*.mission", "others", "the game ends"),
                Hidden("players.*.hand", "others", "the game ends"),
                Hidden("players.*.standing", "others", "the game ends"),
                Hidden("spare_missions", "everyone", "the game ends", exchanged_with="players.*.mission"),
                Hidden("action_deck", "everyone", "the game ends"),
                Hidden("weapon_deck", "everyone", "the game ends")),
        sealed_days=(0,),
        sealed_why=("Day 0's dice dealt the secret missions and shuffled both decks, so its seed (or its roll "
                    "log) would show every mission and every hand to come"),
    )
    form_in_message = False  # message.j2 already ends with the turn to write: actions, reach, what waits
    form_text = staticmethod(forms.form_text)
    order_form = staticmethod(forms.order_form)

    def check_orders(self, doc, path, rules, state, day, seen):
        return check_orders_doc(doc, path, rules, state, day, seen)

    def default_orders(self, player: str, day: int):
        return default_orders(player)

    def sim_reference(self) -> dict:
        from .rules import default_rules
        from .sim_stats import reference

        return reference(default_rules())

    def check_all(self, orders, missing, state: State, rules, day: int, folder: str):
        """Warnings for orders the board has overtaken (stale.py): a listed square next to an enemy
        under `shootout: avoid`, a standing order naming an agent or players no longer in play. Each
        concerns its player, so it is said in their receipt too."""
        from gm.errors import Location, Problem

        from .stale import stale_moves, stale_standing

        if state.stage in (OPENING, PLACEMENT) or state.over:
            return []
        out = []
        for name in state.seats:
            p = state.players[name]
            if p.out:
                continue
            o = orders.get(name)
            standing = dict(p.standing) | dict((o.standing or {}) if o is not None else {})
            lines = stale_standing(state, rules, name, standing, f"{name}'s")
            lines += stale_moves(state, rules, name, o.actions, f"{name}'s") if o is not None else []
            out += [Problem(Location(folder), line, "warning", concerns=(name,)) for line in lines]
        return out

    def defaults_note(self, state: State) -> str:
        if state.stage == PLACEMENT:
            return "their agents and chests go on random legal squares, and their opening hand is 3 action + 2 weapon cards"
        return "their turn is forfeited (the time-limit rule)"

    def players_due(self, state: State) -> list[str]:
        if state.stage == OPENING or state.over:
            return []
        if state.stage == PLACEMENT:
            return [p.name for p in state.players.values()]
        if state.active is None or state.players[state.active].out:  # out by a ruling: the turn passes on
            return []
        return list(writers(state))  # the day's turns' writers (T-1)

    def may_send(self, state: State) -> list[str]:
        """Any player still in, any day of play: standing orders (charm, sacrifice, draw...) are
        written for other players' turns (rulebook S-10; orders.py)."""
        if state.stage == OPENING or state.over:
            return []
        due = self.players_due(state)
        return due + [p.name for p in state.players.values() if not p.out and p.name not in due]

    def phases(self, day: int, state: State) -> list[Phase]:
        if state.stage == OPENING:
            return [_phase("set-up", lambda ctx, orders: setup_mod.deal(ctx))]
        if state.stage == PLACEMENT:
            return [_phase("placement", _setup_day)]
        today: list = []
        known: set[str] = set()  # what the check before the day already warned of (gm check, S-12)

        def first(ctx: Ctx, orders: dict) -> None:
            today[:] = turns_today(ctx.state)  # the turns its players were told of, before any die
            if len(today) > 1:
                from .stale import stale_lines

                known.update(stale_lines(ctx.state, ctx.rules, orders, today))
            _turn(ctx, orders)

        more = [_more_turns(today, known)] if state.turns_per_day > 1 else []
        return [_phase(f"{state.active}'s turn", first), _phase("next turn", _next), *more]

    def decided(self, state: State, rules) -> bool:
        return state.over

    def message_recipients(self, before, after, orders) -> list[str]:
        """Everyone, every day: the board is everyone's, and every player keeps standing orders."""
        return sorted(after.players)

    learned_kinds = frozenset({"know_it_all_seen", "eliminated"})  # what player_learned reads

    def player_learned(self, history, rules, player: str) -> list[str]:
        """The missions Know it All showed the player, who eliminated their agents (learned.py)."""
        from .learned import learned

        return learned(history, player)

    def receipt_lines(self, orders, state, rules, player: str) -> list[str]:
        return forms.receipt_lines(orders, state, rules, player)


__all__ = ["HashmiBattleRoyale"]
