"""Sharing the collected cards (rulebook, "Being Eliminated": "The team must then agree on how to
distribute those cards, if they cannot, their team is dissolved and those cards are discarded").

On a forum the agreement is read from the team's standing `loot` orders (RULINGS.md TK-9): the
proposals that can be carried out must all give the same shares; a member who sent none (or
one that cannot be carried out with these cards) agrees with the first proposal in seat order;
with no proposal at all the cards are split.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import Rules
from .state import State


@dataclass
class Plan:
    player: str
    shares: dict[str, list[str]] | None  # None: the proposal cannot be carried out with these cards
    why: str = ""  # why not


@dataclass
class Agreement:
    agreed: bool
    shares: dict[str, list[str]]  # person -> cards (empty when the team could not agree)
    plans: list[Plan] = field(default_factory=list)


def split(rules: Rules, members: list[str], lead: str, cards: list[str]) -> dict[str, list[str]]:
    """Dealt one at a time, highest value first, to the members in seat order from `lead`."""
    i = members.index(lead) if lead in members else 0
    order = members[i:] + members[:i]
    shares: dict[str, list[str]] = {m: [] for m in members}
    for k, card in enumerate(rules.deck.by_value(cards)):
        shares[order[k % len(order)]].append(card)
    return shares


def plan_of(rules: Rules, player: str, proposal: dict, members: list[str], lead: str, cards: list[str]) -> Plan:
    kind = proposal.get("kind")
    if kind == "split":
        return Plan(player, split(rules, members, lead, cards))
    if kind == "to":
        to = proposal["to"]
        if to not in members:
            return Plan(player, None, f"{to} is not on the team")
        return Plan(player, {m: (list(rules.deck.by_value(cards)) if m == to else []) for m in members})
    shares: dict[str, list[str]] = {m: [] for m in members}
    named: set[str] = set()
    for who, wanted in proposal.get("to", []):
        if who not in members:
            return Plan(player, None, f"{who} is not on the team")
        for card in wanted:
            if card in cards and card not in named:
                shares[who].append(card)
                named.add(card)
    rest = [c for c in rules.deck.by_value(cards) if c not in named]
    if rest:
        to = proposal.get("rest")
        if to is None:
            return Plan(player, None, f"it does not say who takes {', '.join(rest)}")
        if to not in members:
            return Plan(player, None, f"{to} is not on the team")
        shares[to] += rest
    return Plan(player, {m: rules.deck.by_value(v) for m, v in shares.items()})


def agree(state: State, rules: Rules, members: list[str], lead: str, cards: list[str]) -> Agreement:
    """The team's agreement on `cards`; `members` are its persons still in, in seat order."""
    players = list(dict.fromkeys(state.player_of(m) for m in members))
    plans = []
    for player in players:
        proposal = state.standing.get(player, {}).get("loot")
        if proposal:
            plans.append(plan_of(rules, player, proposal, members, lead, cards))
    workable = [p for p in plans if p.shares is not None]
    if not workable:
        return Agreement(True, split(rules, members, lead, cards), plans)
    first = workable[0].shares
    agreed = all(p.shares == first for p in workable)
    return Agreement(agreed, first if agreed else {}, plans)
