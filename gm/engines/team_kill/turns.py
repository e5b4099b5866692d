"""A forum day: the free actions (standing orders updated, leaves, gives), then one turn (or
`turns_per_day` turns), each followed by the end checks (rulebook, "Winning" and the FAQ's all-pass)."""

from __future__ import annotations

from gm.events import Event

from . import teams
from .confront import confront, target_of, whole_table
from .eliminate import eliminate
from .notify import private, public
from .orders import STANDING, Orders
from .rules import Rules
from .state import State

FREE_STEP = "before the turn"


def free_actions(state: State, orders: dict[str, Orders], day: int) -> list[Event]:
    """Standing orders laid over; then leaves and gives, in seat order (RULINGS.md TK-10, TK-12)."""
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
    for player in state.players:
        o = orders.get(player)
        if o is None or not o.sent.get("leave_team"):
            continue
        live = [p for p in state.persons_of(player) if not state.persons[p].out]
        if live and teams.leave(state, live[0]):
            events.append(public("left_team", FREE_STEP, about=[player], person=live[0], player=player,
                                 why="order", persons=teams.own_unit(state, live[0])))
    events += [private("shows_ended", pair, FREE_STEP, players=pair) for pair in teams.end_broken_shows(state)]
    for player in state.players:
        o = orders.get(player)
        for g in (o.sent.get("give") or []) if o is not None else []:
            events += _give(state, player, g["card"], g["to"], day)
    events += whole_table(state, FREE_STEP)
    return events


def _give(state: State, player: str, card: str, to: str, day: int) -> list[Event]:
    giver = next((p for p in state.persons_of(player) if card in state.persons[p].hand), None)
    why = None
    if giver is None:
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
    events += end_checks(state, rules, day, step)
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
    if state.over:
        state.active = None
        events.append(public("game_over", step, about=state.players, end=state.end, winners=list(state.winners)))
    return events


def play_turns(state: State, rules: Rules, day: int) -> list[Event]:
    """`turns_per_day` turns (one by default), stopping when the game ends."""
    events: list[Event] = []
    for _ in range(rules.turns_per_day):
        if state.over:
            break
        events += play_turn(state, rules, day)
    return events
