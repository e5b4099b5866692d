"""The board as a monospace map for a code block: two characters a square, walls drawn between
squares, black squares, portkeys, chests, Seedo, bases of terminated agents, storm and gas.
Only letters, digits and punctuation the map makes itself: no player's name (the legend under
the code block gives the letters)."""

from __future__ import annotations

from .state import State

LETTERS = "ABCD"
LEGEND = [
    "A1 agent 1 of the player in seat A    a1 its base (terminated there)    Az a zombie of A",
    "$  a chest ($2: two)   () portkey   ## black   S  Seedo's home   s  Seedo with his zone",
    "~~ the active storm    :: a gassed zone    |  and -- walls    .  a free square",
    "right of each row: the zone of each of its squares, column by column (# black): where the zones meet",
]


def seat_letter(state: State, name: str) -> str:
    return LETTERS[state.seats.index(name)]


def draw(state: State, board) -> str:
    cols = len(board.columns)
    occ = {a.at: a for a in state.agents() if a.alive and a.at is not None}
    bases = {a.base: a for a in state.agents() if not a.alive and a.base is not None}
    chests: dict = {}
    for c in state.chests:
        chests[c] = chests.get(c, 0) + 1
    width = len(str(board.rows))
    head = " " * (width + 1) + "".join(f"{board.columns[c]}  " for c in range(cols))
    lines = [head.rstrip()]
    for r in range(board.rows):
        line = f"{r + 1:>{width}} "
        zones = ""
        for c in range(cols):
            sq = (c, r)
            line += _cell(state, board, sq, occ, bases, chests)
            if c + 1 < cols:
                line += "|" if board.wall(sq, (c + 1, r)) else " "
            zones += str(board.zone_of[sq])[:1] if sq in board.zone_of else "#"
        lines.append(line.rstrip() + "    " + zones)
        if r + 1 < board.rows and any(board.wall((c, r), (c, r + 1)) for c in range(cols)):
            under = " " * (width + 1) + "".join("-- " if board.wall((c, r), (c, r + 1)) else "   " for c in range(cols))
            lines.append(under.rstrip())
    return "\n".join(lines + [""] + LEGEND)


def _cell(state, board, sq, occ, bases, chests) -> str:
    if sq not in board.zone_of:
        return "##"
    a = occ.get(sq)
    if a is not None:
        return f"{seat_letter(state, a.owner)}{'z' if a.zombie else a.number}"
    if sq in chests:
        return "$ " if chests[sq] == 1 else f"${chests[sq]}"
    b = bases.get(sq)
    if b is not None:
        return f"{seat_letter(state, b.owner).lower()}{b.number}"
    if sq in board.portkeys:
        return "()"
    zone = board.zone_of[sq]
    if state.seedo_zone is None and sq == board.seedo_home:
        return "S "
    if state.storm == "active" and zone in board.storm_zones:
        return "~~"
    if zone in state.gas_zones:
        return "::"
    if state.seedo_zone == zone:
        return "s "
    return ". "
