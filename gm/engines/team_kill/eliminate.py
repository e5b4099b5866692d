"""Eliminations and the loot (rulebook, "Being Eliminated"): the eliminating team collects the
cards and shares them by agreement, or is dissolved and the cards are discarded."""

from __future__ import annotations

from gm.events import Event

from . import teams
from .loot import agree
from .notify import private, public
from .rules import Rules
from .state import State


def eliminate(state: State, rules: Rules, persons: list[str], how: str, by: list[str] | None,
              lead: str | None, day: int, step: str) -> list[Event]:
    """Take `persons` out; `by` (persons still in) collect their cards, or the cards are discarded
    when no one eliminated them (a Bomb, all passing). `lead` deals first in a split (TK-9)."""
    persons = [p for p in state.seats if p in persons and not state.persons[p].out]
    if not persons:
        return []
    cards = [c for p in persons for c in state.persons[p].hand]
    for p in persons:
        state.persons[p].hand = []
        state.persons[p].out_turn = state.turn
        state.persons[p].out_day = day
    teams.remove(state, persons)
    gone_players = [pl for pl in dict.fromkeys(state.player_of(p) for p in persons) if pl not in state.players_in()]
    collectors = [m for m in (by or []) if not state.persons[m].out]
    events = [public("eliminated", step, about=[state.player_of(p) for p in persons], persons=persons,
                     players_out=gone_players, how=how, by=collectors, cards=len(cards))]
    if not cards:
        return events + _end_shows(state, step)
    if not collectors:
        state.discarded += cards
        events.append(public("cards_discarded", step, count=len(cards), why=how))
        return events + _end_shows(state, step)
    team_players = list(dict.fromkeys(state.player_of(m) for m in collectors))
    lead = lead if lead in collectors else collectors[0]
    if "loot" in rules.ask and len(team_players) > 1:
        # the day stops: the team sends its proposals with the next day's orders (ask: [loot])
        state.pending = {"kind": "loot", "turn": state.turn, "members": collectors, "lead": lead,
                         "cards": rules.deck.by_value(cards)}
        return events + [private("loot_due", team_players, step, members=collectors, cards=rules.deck.by_value(cards)),
                         public("decision_due", step, about=team_players, what="loot", persons=collectors,
                                count=len(cards), day=day + 1)] + _end_shows(state, step)
    return events + share(state, rules, collectors, lead, cards, step)


def share(state: State, rules: Rules, collectors: list[str], lead: str, cards: list[str], step: str) -> list[Event]:
    """The team's agreement on the cards it collected: shared, or the team dissolved and the cards discarded."""
    events: list[Event] = []
    team_players = list(dict.fromkeys(state.player_of(m) for m in collectors))
    deal = agree(state, rules, collectors, lead, cards)
    events.append(private("loot", team_players, step, members=collectors, cards=rules.deck.by_value(cards),
                          agreed=deal.agreed, shares=deal.shares,
                          plans=[{"player": p.player, "shares": p.shares, "why": p.why} for p in deal.plans]))
    if deal.agreed:
        for m, got in deal.shares.items():
            state.persons[m].hand += got
        events.append(public("loot_shared", step, about=team_players, members=collectors, count=len(cards),
                             counts={m: len(got) for m, got in deal.shares.items()}))
    else:
        state.discarded += cards
        team = state.team_of(collectors[0])
        together = all(m in team.members for m in collectors)
        units = teams.dissolve(state, team) if together and len(state.team_players(team)) > 1 else [team]
        events.append(public("loot_disputed", step, about=team_players, members=collectors, count=len(cards),
                             teams=[list(t.members) for t in units]))
    return events + _end_shows(state, step)


def _end_shows(state: State, step: str) -> list[Event]:
    return [private("shows_ended", pair, step, players=pair) for pair in teams.end_broken_shows(state)]
