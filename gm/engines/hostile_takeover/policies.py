"""Simulated players for `gm simulate` (gm/simulate/): each writes its round's order as a GM would,
a list of fallbacks (orders.py), from the moves open at the start of the round. Later turns of the
round may change the board; the fallbacks, then a pass, cover that, as they do for real players.

- random: three of the legal orders, in a random order;
- aggressive: attack a neighbour, else step toward the nearest player, else claim;
- cautious: claim a building next to the pawn (an opponent's first), else step away from the
  nearest player; never attacks;
- forum: plays for the score as forum players do (below);
- defaults: sends nothing (passes).

On the set-up day of a game whose game.yaml has no board, every policy but `defaults` places the
tiles, buildings and spawns on a legal board drawn at random (policy_setup.py).

`forum`, the default: the table gangs up on the leader. A player attacks the player with the best
score so far when next to them, else a neighbour with no more lives than they have; claims the
large buildings first, the leader's before the others', the weakest first; else steps toward the
nearest player they can take on (the leader, or one with no more lives), else toward the nearest
building that is not theirs; and attacks anyone next to them only as a last resort.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gm.balance import Chooser

from . import grid
from .orders import Choice
from .rules import Rules
from .state import PLACEMENT, State
from .turns import options

FALLBACKS = 3


def written(c: Choice) -> dict:
    """An order as a GM writes it."""
    if c.kind == "move":
        return {"move": c.direction or grid.name(c.square)}
    if c.kind == "claim":
        return {"claim": grid.name(c.square)}
    return {"attack": c.target}


def distance(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _landing(state: State, p, c: Choice):
    return grid.step(p.at, c.direction) if c.direction else c.square


def _nearest_foe(state: State, p, at) -> int:
    return min((distance(at, o.at) for o in state.in_game() if o.name != p.name and o.on_board), default=0)


def _orders(state: State, due: list[str], rank) -> dict:
    out = {}
    for name in due:
        p = state.players[name]
        chosen = rank(p, options(state, p))
        if chosen:
            out[name] = [written(c) for c in chosen[:FALLBACKS]]
    return out


def random_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    return _orders(state, due, lambda p, opts: choose.shuffled(opts))


def aggressive_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    def rank(p, opts):
        attacks = [c for c in opts if c.kind == "attack"]
        moves = sorted((c for c in opts if c.kind == "move"),
                       key=lambda c: (_nearest_foe(state, p, _landing(state, p, c)), grid.reading_order(_landing(state, p, c))))
        claims = [c for c in opts if c.kind == "claim"]
        return choose.shuffled(attacks) + moves[:1] + claims
    return _orders(state, due, rank)


def cautious_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    def rank(p, opts):
        def owner_first(c):
            b = state.find_building(c.square)
            return (b.owner is None, -b.points if b.owner else b.points, grid.reading_order(c.square))
        claims = sorted((c for c in opts if c.kind == "claim"), key=owner_first)
        moves = sorted((c for c in opts if c.kind == "move"),
                       key=lambda c: (-_nearest_foe(state, p, _landing(state, p, c)), grid.reading_order(_landing(state, p, c))))
        return claims + moves[:2]
    return _orders(state, due, rank)


def _score(state: State, name: str) -> int:
    return sum(3 if b.size == "large" else 1 for b in state.owned_by(name))


def forum_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    players = state.in_game()

    def rank(p, opts):
        others = [o for o in players if o.name != p.name]
        top = max((_score(state, o.name) for o in others), default=0)
        leaders = {o.name for o in others if _score(state, o.name) == top and top > 0}
        lives = {o.name: o.lives for o in players}
        attacks = choose.shuffled([c for c in opts if c.kind == "attack"])
        good = [c for c in attacks if c.target in leaders] + \
            [c for c in attacks if c.target not in leaders and lives.get(c.target, 0) <= p.lives]
        rest = [c for c in attacks if c not in good]

        def claim_key(c):
            b = state.find_building(c.square)
            return (b.size != "large", b.owner not in leaders, b.owner is None, b.points, grid.reading_order(c.square))
        claims = sorted((c for c in opts if c.kind == "claim"), key=claim_key)
        prey = [o.at for o in others if o.on_board and (o.name in leaders or o.lives <= p.lives)]
        targets = prey or [sq for b in state.buildings if b.owner != p.name for sq in b.squares]

        def move_key(c):
            at = _landing(state, p, c)
            return (min((distance(at, sq) for sq in targets), default=0), grid.reading_order(at))
        moves = sorted((c for c in opts if c.kind == "move"), key=move_key)
        return good + claims + moves[:1] + rest
    return _orders(state, due, rank)


def _with_setup(policy):
    """The policy, with the set-up day (a game without a board) played by policy_setup.py."""
    def play(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
        if state.stage == PLACEMENT:
            from .policy_setup import setup_orders

            return setup_orders(state, rules, due, choose)
        return policy(state, rules, day, due, choose)
    play.__name__ = policy.__name__
    return play


POLICIES = {name: _with_setup(p) for name, p in {"random": random_orders, "aggressive": aggressive_orders,
                                                 "cautious": cautious_orders, "forum": forum_orders}.items()}
