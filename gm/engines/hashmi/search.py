"""Moves of exactly N steps that never visit a square twice, found without a search that explodes.

"An agent cannot go over the same square within the same MOVE action": the squares a move may end
on are the ends of simple paths of exactly N steps, a longest-path-type question. We never list
paths. For one end square T we walk depth first with three prunings that keep it small:

  - parity: on a grid every step flips the colour of the square, so N and the walking distance
    to T must have the same parity (checked once);
  - distance: with r steps left, the walking distance to T (ignoring the squares already used)
    must be at most r, or no completion exists;
  - direction: while there is slack, squares farther from T are tried first, so the walk uses up
    its extra steps before it turns home (which is what finds a detour at once on open ground).

and a budget (house rule search_budget) bounds the squares tried for one T, and ten times that
bounds everything one move tries (however many end squares and step counts it goes through). The
budget is never
reached on the stand-in board (tests/test_hashmi_search.py checks the worst boards we know,
against an exhaustive search on small ones); if a GM's own board ever reached it, the square is
treated as unreachable and the message says the search gave up.
"""

from __future__ import annotations

from typing import Callable, Iterable

from .board import Board, Square, reading_order


class SearchStats:
    """What one move's searches cost: squares tried in all, and the end squares given up on."""

    def __init__(self) -> None:
        self.tried = 0
        self.gave_up: list[Square] = []

    def spent(self, budget: int) -> bool:
        return self.tried >= MOVE_BUDGET_FACTOR * budget


MOVE_BUDGET_FACTOR = 10  # one move may try ten end squares' worth of squares in all


def path_to(board: Board, start: Square, target: Square, n: int, through_walls: bool, budget: int,
            stats: SearchStats | None = None, dist_cache: dict | None = None,
            avoid: frozenset = frozenset()) -> list[Square] | None:
    """A path of exactly `n` steps from `start` to `target` visiting no square twice (the start
    included), as the list of squares after the start; None if there is none (or the budget ran out)."""
    if start == target or target not in board.zone_of:
        return None if n else ([] if start == target else None)
    key = (target, through_walls)
    dist = dist_cache.get(key) if dist_cache is not None else None
    if dist is None:
        dist = board.distances(target, through_walls)
        if dist_cache is not None:
            dist_cache[key] = dist
    d0 = dist.get(start)
    if d0 is None or d0 > n or (n - d0) % 2:
        return None
    path = [start]
    used = {start}
    tried = 0
    # iterative DFS: a stack of candidate lists
    used |= avoid - {target}  # squares the path must keep off (a zombie sparing its own team)
    stack: list[list[Square]] = [_order(board, start, target, n, used, dist, through_walls)]
    while stack:
        if not stack[-1]:
            stack.pop()
            used.discard(path.pop())
            continue
        sq = stack[-1].pop()
        tried += 1
        if tried > budget:
            if stats is not None:
                stats.gave_up.append(target)
            break
        path.append(sq)
        used.add(sq)
        left = n - (len(path) - 1)
        if sq == target:
            if left == 0:
                if stats is not None:
                    stats.tried += tried
                return path[1:]
            path.pop()
            used.discard(sq)
            continue
        stack.append(_order(board, sq, target, left, used, dist, through_walls))
    if stats is not None:
        stats.tried += tried
    return None


def _order(board: Board, sq: Square, target: Square, left: int, used: set, dist: dict, through_walls: bool) -> list[Square]:
    """The next squares worth trying, the best last (the stack pops from the end)."""
    out = []
    for nb in board.neighbours(sq, through_walls):
        if nb in used:
            continue
        d = dist.get(nb)
        if d is None or d > left - 1:
            continue
        if nb == target and left - 1 != 0:
            continue  # reaching T early ends nothing: T cannot be left and come back to
        out.append(nb)
    # farthest from T tried first while there is slack; nearest first when there is none
    out.sort(key=lambda s: (dist[s], reading_order(s)))
    return out


def reachable_ends(board: Board, start: Square, n: int, through_walls: bool, budget: int,
                   can_end: Callable[[Square], bool], ranked: Iterable[Square] | None = None,
                   first_only: bool = False, stats: SearchStats | None = None,
                   avoid: frozenset = frozenset()) -> list[tuple[Square, list[Square]]]:
    """End squares (with a path) reachable in exactly `n` steps, among `ranked` (default: every
    square within n steps, in reading order), keeping only those `can_end` accepts."""
    near = board.distances(start, through_walls)
    if ranked is None:
        ranked = sorted((s for s, d in near.items() if d <= n and (n - d) % 2 == 0), key=reading_order)
    out = []
    cache: dict = {}
    for sq in ranked:
        d = near.get(sq)
        if d is None or d > n or (n - d) % 2 or not can_end(sq):
            continue
        if stats is not None and stats.spent(budget):
            stats.gave_up.append(sq)  # the move's whole budget is spent: the rest count as unreachable
            continue
        path = path_to(board, start, sq, n, through_walls, budget, stats, cache, avoid)
        if path is not None:
            out.append((sq, path))
            if first_only:
                break
    return out
