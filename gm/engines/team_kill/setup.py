"""Day 0 (rulebook, "Set Up"): "Shuffle the 36 cards and deal 1 card to each player", "Randomly
determine the first player". With 4 or 5 players each player gets two persons and two cards.
The shuffle and the first player are audited rolls."""

from __future__ import annotations

from gm.dice import DiceBase
from gm.events import Event

from .notify import private, public
from .rules import Rules
from .state import PLAY, Person, State, Team

STEP = "set-up"


def seat(players: list[str], variant: bool) -> dict[str, Person]:
    """Persons in seat order: the players, or (variant, TK-18) each player's first person around
    the table, then each one's second, so a player's two persons sit half a table apart."""
    if not variant:
        return {p: Person(p, p) for p in players}
    return {f"{p} {k}": Person(f"{p} {k}", p) for k in (1, 2) for p in players}


def first_teams(state: State) -> None:
    """Everyone on their own ("each player belongs to a 1-person team"), or with their other person."""
    if state.variant:
        state.teams = [Team(state.persons_of(p)) for p in state.players]
    else:
        state.teams = [Team([p]) for p in state.persons]
    state.sort_teams()


def deal(state: State, rules: Rules, dice: DiceBase, first_player: str | None) -> list[Event]:
    deck = [c.name for c in rules.deck.cards]
    order = dice.shuffled(deck, "shuffle the deck")
    for i, person in enumerate(state.persons.values()):
        person.hand = [order[i]]
    state.undealt = order[len(state.persons):]
    first_teams(state)
    rolled = first_player is None
    first = first_player or dice.pick(state.players, "the first player")
    state.first = state.active = state.persons_of(first)[0]
    state.stage = PLAY
    events: list[Event] = [public("dealt", STEP, players=len(state.players), persons=state.seats,
                                  cards=len(state.persons), undealt=len(state.undealt), variant=state.variant)]
    for person in state.persons.values():
        events.append(private("your_card", [person.player], STEP, person=person.name, card=person.hand[0]))
    events.append(public("first_player", STEP, about=[first], player=first, person=state.first, rolled=rolled,
                         order=state.seats))
    return events
