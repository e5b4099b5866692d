"""The exact-N-steps move search (search.py): complete against an exhaustive search on small
boards, bounded and fast on the worst boards we know (open ground, a serpentine corridor, the
stand-in board), and deterministic."""

from __future__ import annotations

import time

import pytest

from gm.engines.hashmi.board import Board, reading_order
from gm.engines.hashmi.rules import standard_components
from gm.engines.hashmi.search import SearchStats, path_to, reachable_ends

COLS = "ABCDEFGHIJKLMNOPQRST"


def open_board(w: int, h: int, black=(), walls=()) -> Board:
    zones = {(c, r): "A" for c in range(w) for r in range(h) if (c, r) not in set(black)}
    return Board(COLS[:w], h, zones, frozenset(black), frozenset(frozenset(x) for x in walls), (), (0, 0), (), 4)


def serpentine(w: int = 20, h: int = 20) -> Board:
    """Every other row is a wall of black squares with one gap at alternating ends: one long
    corridor, where exact-length simple paths are as constrained as they get."""
    black = []
    for r in range(1, h, 2):
        gap = w - 1 if (r // 2) % 2 == 0 else 0
        black += [(c, r) for c in range(w) if c != gap]
    return open_board(w, h, black)


def brute(board: Board, start, n: int, through=False) -> set:
    out = set()

    def go(sq, used, left):
        if left == 0:
            out.add(sq)
            return
        for nb in board.neighbours(sq, through):
            if nb not in used:
                used.add(nb)
                go(nb, used, left - 1)
                used.discard(nb)

    go(start, {start}, n)
    return out


def ends(board, start, n, through=False, budget=20000, stats=None):
    return {s for s, _ in reachable_ends(board, start, n, through, budget, lambda s: True, stats=stats)}


def valid_path(board, start, path, n, through=False):
    seen = {start}
    prev = start
    assert len(path) == n
    for sq in path:
        assert sq in board.neighbours(prev, through), f"{prev} -> {sq} is not a step"
        assert sq not in seen, f"{sq} visited twice"
        seen.add(sq)
        prev = sq


@pytest.mark.parametrize("n", range(1, 12))
@pytest.mark.parametrize("start", [(0, 0), (2, 3), (5, 5)])
def test_same_end_squares_as_an_exhaustive_search_on_small_boards(n, start):
    """ "An agent cannot go over the same square within the same MOVE action." """
    for board in (open_board(6, 6), open_board(6, 6, black=[(2, 2), (3, 2), (1, 4)], walls=[((0, 0), (1, 0)), ((4, 4), (4, 5))]),
                  serpentine(6, 6)):
        if start not in board.zone_of:
            continue
        assert ends(board, start, n) == brute(board, start, n)


def test_walls_block_unless_the_agent_goes_through_walls():
    board = open_board(3, 1, walls=[((0, 0), (1, 0))])
    assert ends(board, (0, 0), 1) == set()
    assert ends(board, (0, 0), 1, through=True) == {(1, 0)}


def test_every_path_found_is_a_simple_path_of_exactly_n_steps():
    board = standard_components().board
    start = board.parse("K14")
    for n in (3, 10, 20):
        for sq, path in reachable_ends(board, start, n, False, 20000, lambda s: True):
            valid_path(board, start, path, n)
            assert path[-1] == sq


@pytest.mark.parametrize("name, board, start", [
    ("open 20x20, corner", open_board(20, 20), (0, 0)),
    ("open 20x20, centre", open_board(20, 20), (10, 10)),
    ("serpentine corridor", serpentine(), (0, 0)),
    ("stand-in board", standard_components().board, (10, 12)),
])
def test_worst_boards_are_searched_completely_well_within_the_budget_and_fast(name, board, start):
    """A Sonic agent's D20 on the worst boards: every end square is decided without the budget
    running out, and quickly (the full list is more than any one move needs)."""
    stats = SearchStats()
    t = time.perf_counter()
    found = ends(board, start, 20, stats=stats)
    elapsed = time.perf_counter() - t
    assert stats.gave_up == []
    assert found, name
    assert elapsed < 2.0, f"{name}: {elapsed:.2f}s"


def test_serpentine_has_exactly_the_corridor_squares_twenty_steps_along():
    board = serpentine()
    found = ends(board, (0, 0), 20)
    # along a corridor the only simple path of 20 steps ends 20 squares along it
    assert len(found) == 1


def test_parity_rules_out_squares_at_once():
    board = open_board(20, 20)
    stats = SearchStats()
    assert path_to(board, (0, 0), (0, 1), 20, False, 20000, stats) is None
    assert stats.tried == 0


def test_a_budget_that_runs_out_is_reported_not_hidden():
    board = open_board(20, 20)
    stats = SearchStats()
    path_to(board, (0, 0), (19, 19), 38, False, 5, stats)
    assert stats.gave_up == [(19, 19)]


def test_the_search_is_deterministic():
    board = standard_components().board
    start = board.parse("K14")
    a = reachable_ends(board, start, 9, False, 20000, lambda s: True)
    b = reachable_ends(board, start, 9, False, 20000, lambda s: True)
    assert a == b
    assert [s for s, _ in a] == sorted((s for s, _ in a), key=reading_order)


def test_one_moves_searches_share_a_bound():
    """However many end squares a move tries, the squares tried in all stay bounded (ten times the
    per-square budget), and what was given up is reported."""
    board = open_board(20, 20)
    stats = SearchStats()
    reachable_ends(board, (0, 0), 38, False, 50, lambda s: True, stats=stats)
    assert stats.tried <= 10 * 50 + 50
    assert stats.gave_up
