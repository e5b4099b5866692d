"""The set-up day for simulated players (gm simulate): when game.yaml has no board, every player
places their tiles, unclaimed buildings and spawn (placement.py). Each piece goes where the
rules allow it, drawn among the legal places, in the rules' own order; a board that breaks a
whole-board rule (a spawn cut off, a building no one can reach) is drawn again."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gm.balance import Chooser

from gm.errors import Location

from . import grid
from .board import BoardBuilder, tile_squares
from .placement import sequence
from .rules import Rules
from .state import State

TRIES = 30  # boards drawn before giving up (the day is then reported as one no policy can play)
FIRST_TILE = (6, 4)  # G5: room on every side
WHERE = Location("simulated set-up")


def _tile_spots(b: BoardBuilder) -> list:
    if not b.tiles:
        return [FIRST_TILE]
    spots = {(c + dc, r + dr) for (c, r) in b.covered for dc in range(-2, 3) for dr in range(-2, 3)}
    return sorted(s for s in spots if all(grid.in_bounds(x) for x in tile_squares(s)))


def _free(b: BoardBuilder) -> list:
    return sorted(b.open_squares(), key=grid.reading_order)


def _draw_board(state: State, rules: Rules, choose: Chooser) -> dict | None:
    tiles, buildings, spawns = sequence(state, rules)
    b = BoardBuilder(rules, sequence=True)
    out: dict[str, dict] = {p: {"tiles": [], "buildings": []} for p in state.seats}
    for player in tiles:
        spot = next((s for s in choose.shuffled(_tile_spots(b)) if b.tile(s, WHERE) or b.problems.clear()), None)
        if spot is None:
            return None
        out[player]["tiles"].append(grid.name(spot))
    sizes = choose.shuffled(["large"] * rules.unclaimed_large + ["small"] * rules.unclaimed_small)
    for player, size in zip(buildings, sizes):
        free = _free(b)
        if size == "large":
            options = [[a, grid.step(a, d)] for a in free for d in ("E", "S") if grid.step(a, d) in free]
        else:
            options = [[a] for a in free]
        placed = next((o for o in choose.shuffled(options) if b.building(o, None, None, WHERE) or b.problems.clear()), None)
        if placed is None:
            return None
        out[player]["buildings"].append(grid.name(placed[0]) if len(placed) == 1 else grid.names(placed))
    for player in spawns:
        sq = next((s for s in choose.shuffled(_free(b)) if b.spawn(player, s, WHERE) or b.problems.clear()), None)
        if sq is None:
            return None
        out[player]["spawn"] = grid.name(sq)
    b.finish(WHERE, state.seats)
    if any(p.severity == "error" for p in b.problems):
        return None
    return out


def setup_orders(state: State, rules: Rules, due: list[str], choose: Chooser) -> dict:
    """Every due player's set-up orders, from one legal board drawn (nothing when none is found)."""
    for _ in range(TRIES):
        board = _draw_board(state, rules, choose)
        if board is not None:
            return {p: board[p] for p in due if p in board}
    return {}
