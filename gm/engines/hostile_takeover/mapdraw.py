"""The board as a monospace map for a code block: squares, holes, buildings with owner and points
left, spawns and pawns. Only letters, digits and punctuation the map itself makes: no names."""

from __future__ import annotations

from .rules import COLOURS
from .state import State

LEGEND = [
    "(R) a pawn    r its spawn    .  a free square    blank: a hole",
    "R07 a building: its owner's letter and points left (U: unclaimed)",
    "R25===   or   R25 above  |  : a large building across two squares",
]


def _owner(state: State, owner: str | None) -> str:
    return COLOURS[state.players[owner].colour] if owner else "U"


def draw(state: State) -> str:
    """The map, with column letters on top and row numbers on the left, then the legend."""
    squares = [(c + dc, r + dr) for c, r in state.tiles for dc in (0, 1) for dr in (0, 1)]
    if not squares:
        return ""
    cols = range(min(s[0] for s in squares), max(s[0] for s in squares) + 1)
    rows = range(min(s[1] for s in squares), max(s[1] for s in squares) + 1)
    floor = state.floor()
    walls = state.building_at()
    pawns = {p.at: p for p in state.players.values() if p.on_board}
    spawns = {p.spawn: p for p in state.players.values() if p.spawn is not None and not p.out}
    width = len(str(rows[-1] + 1))
    lines = [(" " * (width + 1) + " ".join(f" {chr(ord('A') + c)} " for c in cols)).rstrip()]
    for r in rows:
        cells = []
        for c in cols:
            sq = (c, r)
            cells.append(_cell(state, sq, floor, walls, pawns, spawns))
        line = f"{r + 1:>{width}} "
        for i, c in enumerate(cols):
            line += cells[i]
            if i + 1 < len(cols):
                b = walls.get((c, r))
                line += "=" if b is not None and (c + 1, r) in b.squares else " "
        lines.append(line.rstrip())
    return "\n".join(lines + [""] + LEGEND)


def _cell(state, sq, floor, walls, pawns, spawns) -> str:
    if sq not in floor:
        return "   "
    b = walls.get(sq)
    if b is not None:
        if sq == b.squares[0]:
            return f"{_owner(state, b.owner)}{b.points:02d}"
        return "===" if b.squares[0][1] == sq[1] else " | "
    if sq in pawns:
        return f"({COLOURS[pawns[sq].colour]})"
    if sq in spawns:
        return f" {COLOURS[spawns[sq].colour].lower()} "
    return " . "
