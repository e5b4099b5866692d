"""Votes cast in the public thread (handbook III.E): bold red to mark, yellow to close, lime for the drop.

`gm votes` counts them from a saved thread into days/NN/votes.yaml; the day pipeline checks
that file here and lays its votes over the votes in the players' orders.

    Akane: {mark: Bruno, close: Cliffs}
    Chiaki: {mark: null}          # withdrawn in the thread: clears the mark vote of her orders
"""

from __future__ import annotations

from dataclasses import replace

from gm.engine import VoteKind
from gm.errors import Problem
from gm.suggest import did_you_mean
from gm.yamlio import key_loc, node_loc, value_loc

from .orders import VOTES, PlayerOrders, BrChecker, check_vote
from .rules import Rules
from .state import State

COLOURS = {"mark": "red", "close": "yellow", "reward": "lime"}
LABELS = {"mark": "Mark for elimination", "close": "Close a zone", "reward": "Supply drop"}


def vote_kinds(state: State, rules: Rules) -> list[VoteKind]:
    players = {p.name: None if p.on_island else (f"escaped the island on Day {p.escaped_on_day}" if p.alive
                                                 else f"is dead (died on Day {p.died_on_day})")
               for p in state.players.values()}
    zones = {}
    for name in rules.zones:
        z = state.zones[name]
        zones[name] = "is already closed" if z.closed else "is closed from dawn (voted closed last night)" if z.closing else None
    aliases = {str(z.number): z.name for z in rules.zones.values()}
    for z in rules.zones.values():
        aliases.update({a: z.name for a in z.aliases})
    return [
        VoteKind(COLOURS["mark"], "mark", LABELS["mark"], players),
        VoteKind(COLOURS["close"], "close", LABELS["close"], zones, aliases),
        VoteKind(COLOURS["reward"], "reward", LABELS["reward"], zones, aliases),
    ]


def check_votes_doc(doc, path: str, rules: Rules, state: State, day: int) -> tuple[dict[str, dict], list[Problem]]:
    """votes.yaml: each living player's votes by key; null withdraws that vote."""
    c = BrChecker(path, rules, state, day)
    out: dict[str, dict] = {}
    if doc is None:
        return out, c.problems
    if day == 0:
        c.error(node_loc(path, doc), "there are no votes on Day 0")
        return out, c.problems
    if not isinstance(doc, dict):
        c.error(node_loc(path, doc), "votes.yaml maps each player to their votes, e.g. `Akane: {mark: Bruno}`")
        return out, c.problems
    for raw_name, node in doc.items():
        name = c.player_name(raw_name, key_loc(path, doc, raw_name))
        if name is None:
            continue
        if name in out:
            c.error(key_loc(path, doc, raw_name), f"{name} is listed twice")
            continue
        if not isinstance(node, dict):
            c.error(value_loc(path, doc, raw_name), "a player's votes are a mapping: `{mark: NAME, close: ZONE, reward: ZONE}`")
            continue
        votes: dict[str, str | None] = {}
        for key, raw in node.items():
            if key not in VOTES:
                c.error(key_loc(path, node, key), f"unknown vote '{key}'{did_you_mean(str(key), VOTES)}")
            elif raw is None:
                votes[key] = None
            else:
                choice = check_vote(c, key, raw, value_loc(path, node, key))
                if choice:
                    votes[key] = choice
        out[name] = votes
    return out, c.problems


def lay_votes(orders: PlayerOrders, votes: dict[str, str | None]) -> PlayerOrders:
    merged = dict(orders.votes)
    for key, choice in votes.items():
        if choice is None:
            merged.pop(key, None)
        else:
            merged[key] = choice
    return replace(orders, votes=merged)


def cast_votes(orders: PlayerOrders) -> dict[str, str]:
    """The votes in a player's orders (sent by PM)."""
    return {k: v for k, v in orders.votes.items() if v}
