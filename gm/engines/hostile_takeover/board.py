"""Is a board legal? The set-up rules and the rulebook's illegal layouts, as located problems.

One builder serves both ways of setting up: a board described in game.yaml (checked as a
whole: the tiles must form one connected board) and a board built from placement orders
(checked piece by piece in the order the rules give: each tile must touch one placed before).
Either way the finished board must let every player get around it and reach every building.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from gm.errors import Location, Problem

from . import grid
from .grid import Square
from .rules import Rules
from .state import Building, building


def tile_squares(top_left: Square) -> list[Square]:
    c, r = top_left
    return [(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)]


def regions(open_squares: set[Square]) -> list[set[Square]]:
    """The groups of open squares a pawn can walk between (eight directions), largest first."""
    left = set(open_squares)
    out = []
    for start in sorted(open_squares, key=grid.reading_order):
        if start not in left:
            continue
        seen = {start}
        queue = deque([start])
        left.discard(start)
        while queue:
            for n in grid.neighbours(queue.popleft()):
                if n in left:
                    left.discard(n)
                    seen.add(n)
                    queue.append(n)
        out.append(seen)
    return out


@dataclass
class BoardBuilder:
    rules: Rules
    sequence: bool  # pieces arrive in playing order (placement orders), not all at once (game.yaml)
    tiles: list[Square] = field(default_factory=list)
    tile_where: list[Location] = field(default_factory=list)
    covered: dict[Square, int] = field(default_factory=dict)  # square -> index of its tile
    holes: list[Square] = field(default_factory=list)
    buildings: list[Building] = field(default_factory=list)
    building_where: list[Location] = field(default_factory=list)
    spawns: dict[str, Square] = field(default_factory=dict)
    spawn_where: dict[str, Location] = field(default_factory=dict)
    spawns_tried: set[str] = field(default_factory=set)
    problems: list[Problem] = field(default_factory=list)

    def error(self, where: Location, message: str) -> None:
        self.problems.append(Problem(where, message))

    # ---- pieces -------------------------------------------------------------

    def tile(self, top_left: Square, where: Location, who: str = "") -> bool:
        squares = tile_squares(top_left)
        label = grid.name(top_left)
        if not all(grid.in_bounds(s) for s in squares):
            self.error(where, f"{who}a tile at {label} would stick out of the board (columns A-Z, rows 1-{grid.MAX_ROWS}): "
                              "a tile covers its square and the squares to the right and below")
            return False
        shared = [s for s in squares if s in self.covered]
        if shared:
            other = grid.name(self.tiles[self.covered[shared[0]]])
            self.error(where, f"{who}the tile at {label} overlaps the tile at {other} (both cover {', '.join(grid.names(shared))})")
            return False
        if self.sequence and self.tiles and not self._touches_a_tile(squares):
            self.error(where, f"{who}the tile at {label} touches no tile placed before it: "
                              "each tile must have at least one square touching another tile")
            return False
        for s in squares:
            self.covered[s] = len(self.tiles)
        self.tiles.append(top_left)
        self.tile_where.append(where)
        return True

    def _touches_a_tile(self, squares: list[Square], among: set[int] | None = None) -> bool:
        mine = set(squares)
        for s in squares:
            for d in ("N", "E", "S", "W"):
                n = grid.step(s, d)
                if n not in mine and n in self.covered and (among is None or self.covered[n] in among):
                    return True
        return False

    def hole(self, sq: Square, where: Location) -> None:
        if sq not in self.covered:
            self.error(where, f"{grid.name(sq)} is not on a tile (every square off the tiles is a hole already)")
        elif sq in self.holes:
            self.error(where, f"{grid.name(sq)} is listed as a hole twice")
        else:
            self.holes.append(sq)

    def _floor_problem(self, sq: Square) -> str | None:
        if sq not in self.covered:
            return f"{grid.name(sq)} is not on a tile"
        if sq in self.holes:
            return f"{grid.name(sq)} is a hole"
        return None

    def building(self, squares: list[Square], owner: str | None, points: int | None, where: Location,
                 who: str = "") -> bool:
        size = "large" if len(squares) == 2 else "small"
        if len(squares) == 2 and not grid.orthogonal(*squares):
            self.error(where, f"{who}a large building lies across two squares side by side; "
                              f"{' and '.join(grid.names(squares))} are not")
            return False
        for sq in squares:
            why = self._floor_problem(sq)
            if why:
                self.error(where, f"{who}no building can stand there: {why}")
                return False
            other = next((b for b in self.buildings if sq in b.squares), None)
            if other is not None:
                self.error(where, f"{who}{grid.name(sq)} already holds the {other.size} building at {other.label}")
                return False
        full = self.rules.full_points(size)
        self.buildings.append(building(squares, owner, full if points is None else points))
        self.building_where.append(where)
        return True

    def spawn(self, player: str, sq: Square, where: Location, who: str = "") -> bool:
        self.spawns_tried.add(player)
        label = grid.name(sq)
        why = self._floor_problem(sq)
        if why:
            self.error(where, f"{who}{player}'s spawn cannot go there: {why}")
            return False
        b = next((b for b in self.buildings if sq in b.squares), None)
        if b is not None:
            self.error(where, f"{who}{player}'s spawn cannot go on the {b.size} building at {b.label}")
            return False
        other = next((n for n, s in self.spawns.items() if s == sq), None)
        if other is not None:
            self.error(where, f"{who}{label} is already {other}'s spawn")
            return False
        large = next((b for b in self.buildings if b.size == "large" and b.touches(sq)), None)
        if large is not None:
            self.error(where, f"{who}{player}'s spawn at {label} touches the large building at {large.label}: "
                              "a spawn must be at least one square away from large buildings")
            return False
        self.spawns[player] = sq
        self.spawn_where[player] = where
        return True

    # ---- the whole board ------------------------------------------------------

    def finish(self, count_where: Location, players: list[str]) -> None:
        """The checks that need the whole board: tile count, tiles touching, getting around."""
        if len(self.tiles) != self.rules.tiles:
            self.error(count_where, f"the board has {len(self.tiles)} tile{'s' if len(self.tiles) != 1 else ''}; "
                                    f"the game uses {self.rules.tiles} (house rule `tiles`)")
        if not self.sequence:
            self._tiles_connected()
        missing = [p for p in players if p not in self.spawns_tried]
        if missing or self.problems:
            for p in missing:
                self.error(count_where, f"{p} has no spawn")
            return
        self._reachability(players)

    def _tiles_connected(self) -> None:
        if not self.tiles:
            return
        groups: list[set[int]] = []
        for i in range(len(self.tiles)):
            touching = [g for g in groups if self._touches_a_tile(tile_squares(self.tiles[i]), g)]
            merged = {i}.union(*touching) if touching else {i}
            groups = [g for g in groups if g not in touching] + [merged]
        if len(groups) == 1:
            return
        main = max(groups, key=lambda g: (len(g), -min(g)))
        for g in groups:
            if g is main:
                continue
            for i in sorted(g):
                alone = len(g) == 1
                self.error(self.tile_where[i], f"the tile at {grid.name(self.tiles[i])} "
                                               + ("touches no other tile" if alone else
                                                  "is cut off from the rest of the board (its group of "
                                                  f"{len(g)} tiles touches no other tile)")
                                               + ": each tile must have at least one square touching another tile")

    def open_squares(self) -> set[Square]:
        blocked = {s for b in self.buildings for s in b.squares}
        return set(self.covered) - set(self.holes) - blocked

    def _reachability(self, players: list[str]) -> None:
        groups = regions(self.open_squares())
        if not groups:
            return

        def weight(g: set[Square]):
            first = min(g, key=grid.reading_order)
            return sum(1 for s in self.spawns.values() if s in g), len(g), -first[1], -first[0]

        main = max(groups, key=weight)
        for p in players:
            sq = self.spawns[p]
            if sq not in main:
                mine = next(g for g in groups if sq in g)
                self.error(self.spawn_where[p], f"{p} spawns at {grid.name(sq)}, cut off from the rest of the board: "
                                                f"{p} could never get around it (only {len(mine)} square"
                                                f"{'s' if len(mine) != 1 else ''} can be reached from there)")
        for b, where in zip(self.buildings, self.building_where):
            if not any(s in main for s in b.around()):
                self.error(where, f"the {b.size} building at {b.label} is completely inaccessible: "
                                  "no square next to it can be reached")
        stranded = sorted(set().union(*[g for g in groups if g is not main]), key=grid.reading_order)
        if stranded:
            shown = ", ".join(grid.names(stranded[:8])) + (", ..." if len(stranded) > 8 else "")
            self.problems.append(Problem(self.tile_where[0] if self.tile_where else Location("game.yaml"),
                                         f"no pawn can ever reach {shown}: they play as holes", "warning"))
