"""A forum day: the free actions (standing orders updated, leaves, gives), then one turn (or
`turns_per_day` turns), each followed by the end checks (rulebook, "Winning" and the FAQ's all-pass)."""

from __future__ import annotations

from gm.events import Event

from . import teams
from .confront import confront, target_of, whole_table
from .eliminate import eliminate, share
from .notify import private, public
from .orders import STANDING, Orders
from .rules import Rules
from .state import State

FREE_STEP = "before the turn"


def lay_standing(state: State, orders: dict[str, Orders]) -> list[Event]:
    """The day's standing orders laid over the ones sent before."""
    events: list[Event] = []
    for player in state.players:
        o = orders.get(player)
        if o is None or not o.received:
            continue
        standing = state.standing.setdefault(player, {})
        for key in STANDING:
            if key in o.sent:
                standing[key] = o.sent[key]
        changed = [k for k in STANDING if k in o.sent]
        if changed:
            events.append(private("standing_orders", [player], FREE_STEP, player=player, changed=changed))
    return events


def free_actions(state: State, orders: dict[str, Orders], day: int, laid: bool = False) -> list[Event]:
    """Standing orders laid over (unless already `laid`); then leaves and gives, in seat order
    (RULINGS.md TK-10, TK-12)."""
    events: list[Event] = [] if laid else lay_standing(state, orders)
    if state.pending and state.pending["kind"] != "loot":
        return events + _held(state, orders)
    for player in state.players:
        o = orders.get(player)
        if o is None or not o.sent.get("leave_team"):
            continue
        live = [p for p in state.persons_of(player) if not state.persons[p].out]
        if not live:
            events.append(private("leave_void", [player], FREE_STEP, player=player, why="eliminated"))
        elif teams.leave(state, live[0]):
            events.append(public("left_team", FREE_STEP, about=[player], person=live[0], player=player,
                                 why="order", persons=teams.own_unit(state, live[0])))
    events += [private("shows_ended", pair, FREE_STEP, players=pair) for pair in teams.end_broken_shows(state)]
    for player in state.players:
        o = orders.get(player)
        for g in (o.sent.get("give") or []) if o is not None else []:
            events += _give(state, player, g["card"], g["to"], day)
    events += whole_table(state, FREE_STEP)
    return events


def _held(state: State, orders: dict[str, Orders]) -> list[Event]:
    """Leaves and gives sent while a confrontation waits for a decision do not happen (rulebook:
    "You can leave a team on your turn or on another player's turn, but not during a confrontation")."""
    events = []
    for player in state.players:
        o = orders.get(player)
        undone = [k for k in ("leave_team", "give") if o is not None and o.sent.get(k)]
        if undone:
            events.append(private("not_during_a_confrontation", [player], FREE_STEP, player=player, orders=undone))
    return events


def _give(state: State, player: str, card: str, to: str, day: int) -> list[Event]:
    giver = next((p for p in state.persons_of(player) if card in state.persons[p].hand), None)
    why = None
    if all(state.persons[p].out for p in state.persons_of(player)):
        why = f"{player} has been eliminated"
    elif giver is None:
        why = f"{player} no longer holds {card}"
    elif state.persons[to].out or to not in state.team_of(giver).members:
        why = f"{to} is no longer {player}'s teammate"
    elif len(state.persons[giver].hand) <= 1:
        why = f"{giver} would hold no card"
    if why is not None:
        return [private("give_refused", [player], FREE_STEP, player=player, card=card, to=to, why=why)]
    state.persons[giver].hand.remove(card)
    state.persons[to].hand.append(card)
    receiver = state.player_of(to)
    return [private("gave", [player, receiver], FREE_STEP, giver=giver, to=to, card=card),
            public("card_given", FREE_STEP, about=[player, receiver], giver=giver, to=to)]


def play_turn(state: State, rules: Rules, day: int) -> list[Event]:
    """The active person's turn, by their player's standing `turn` order (a silent player passes: TK-15)."""
    person = state.active
    if person is None or state.over:
        return []
    player = state.player_of(person)
    state.turn += 1
    step = f"turn {state.turn}"
    turn = state.standing.get(player, {}).get("turn")
    target, why, named = target_of(state, person, turn)
    if target is None:
        state.passes += 1
        events = [public("passed", step, about=[player], person=person, player=player, why=why, named=named,
                         passes=state.passes, circle=len(state.in_play()))]
    else:
        state.passes = 0
        events = confront(state, rules, person, target, why, day, step)
        if state.pending and state.pending["kind"] != "loot":
            return events  # the turn stops for a decision (ask): the next day finishes it
    return events + finish_turn(state, rules, person, day, step)


def finish_turn(state: State, rules: Rules, person: str, day: int, step: str) -> list[Event]:
    """The end checks, then the turn passes clockwise."""
    events = end_checks(state, rules, day, step)
    if not state.over:
        state.active = state.next_active(person)
    return events


def end_checks(state: State, rules: Rules, day: int, step: str) -> list[Event]:
    events: list[Event] = []
    if not state.over and state.passes >= len(state.in_play()) > 0:
        # FAQ: "What happens if all players pass?" "You are all eliminated and everyone loses."
        events += eliminate(state, rules, state.in_play(), "all_passed", None, None, day, step)
        state.end = "all_passed"
    left = state.players_in()
    if state.over:
        pass  # two winners, decided in the showdown
    elif not left:
        state.over, state.end, state.winners = True, state.end or "all_eliminated", []
    elif len(left) == 1:
        state.over, state.end, state.winners = True, "last_standing", left
    if state.over and state.pending:  # loot still to share when the game ended: by standing orders
        p, state.pending = state.pending, None
        events += share(state, rules, [m for m in p["members"] if not state.persons[m].out], p["lead"], p["cards"], step)
    if state.over:
        state.active = None
        events.append(public("game_over", step, about=state.players, end=state.end, winners=list(state.winners)))
    return events


def play_turns(state: State, rules: Rules, day: int, used: int = 0) -> list[Event]:
    """`turns_per_day` turns (one by default; `used` were already played today), stopping when the
    game ends or a decision is asked for (ask)."""
    events: list[Event] = []
    for _ in range(rules.turns_per_day - used):
        if state.over or state.pending:
            break
        events += play_turn(state, rules, day)
    return events
