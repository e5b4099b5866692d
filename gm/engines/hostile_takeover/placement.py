"""The set-up from the players' placement orders, in the order the rules give:

- tiles: starting with the first player and going clockwise, one tile each turn, until all are
  placed (each must touch a tile already placed);
- unclaimed buildings: the last player to place a tile places the first, then counter-clockwise,
  until the supply (10 small and 5 large by default) is on the board;
- spawns: starting from the first player again, one each.
"""

from __future__ import annotations

from gm.engine import Day
from gm.errors import Location, Problem
from gm.events import Event, public

from . import grid
from .board import BoardBuilder
from .choices import Placements
from .rules import Rules
from .state import PLAY, State


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def sequence(state: State, rules: Rules) -> tuple[list[str], list[str], list[str]]:
    """Who places each tile, each unclaimed building and each spawn, in order."""
    order = state.turn_order()
    n = len(order)
    tiles = [order[i % n] for i in range(rules.tiles)]
    seats = state.seats
    last = seats.index(tiles[-1]) if tiles else seats.index(order[0])
    counter = [seats[(last - i) % n] for i in range(n)]
    buildings = [counter[i % n] for i in range(rules.unclaimed_small + rules.unclaimed_large)]
    return tiles, buildings, list(order)


def slots(state: State, rules: Rules) -> tuple[dict[str, int], dict[str, int]]:
    tiles, buildings, _ = sequence(state, rules)
    return ({p: tiles.count(p) for p in state.seats}, {p: buildings.count(p) for p in state.seats})


def build(state: State, rules: Rules, orders: dict[str, Placements]) -> tuple[BoardBuilder, list[tuple]]:
    """Lay the pieces in the rules' order; every problem is located at the piece that causes it.
    Returns the builder and the placements made: (kind, player, piece, n)."""
    tile_order, building_order, spawn_order = sequence(state, rules)
    b = BoardBuilder(rules, sequence=True)
    made: list[tuple] = []
    taken = {p: 0 for p in state.seats}
    for n, player in enumerate(tile_order, 1):
        o = orders.get(player)
        k = taken[player]
        taken[player] += 1
        if o is None or k >= len(o.tiles):
            continue
        sq, where = o.tiles[k]
        if b.tile(sq, where, f"tile {n} ({player}'s {ordinal(k + 1)}): "):
            made.append(("tile", player, grid.name(sq), n))
    taken = {p: 0 for p in state.seats}
    supply = {"small": rules.unclaimed_small, "large": rules.unclaimed_large}
    for n, player in enumerate(building_order, 1):
        o = orders.get(player)
        k = taken[player]
        taken[player] += 1
        if o is None or k >= len(o.buildings):
            continue
        squares, where = o.buildings[k]
        size = "large" if len(squares) == 2 else "small"
        who = f"building {n} ({player}'s {ordinal(k + 1)}): "
        if supply[size] == 0:
            total = rules.unclaimed_large if size == "large" else rules.unclaimed_small
            b.error(where, f"{who}the supply has only {total} {size} unclaimed building{'s' if total != 1 else ''}, "
                           f"and they are all placed by now")
            continue
        if b.building(squares, None, None, where, who):
            supply[size] -= 1
            made.append(("building", player, b.buildings[-1].label, n))
    for n, player in enumerate(spawn_order, 1):
        o = orders.get(player)
        if o is None or o.spawn is None:
            continue
        sq, where = o.spawn
        if b.spawn(player, sq, where, f"spawn {n}: "):
            made.append(("spawn", player, grid.name(sq), n))
    return b, made


def check_all(orders: dict, missing: list[str], state: State, rules: Rules, folder: str) -> list[Problem]:
    if missing:
        return [Problem(Location(folder), f"{p} sent no set-up orders: every player places tiles, buildings and a spawn")
                for p in missing]
    b, _ = build(state, rules, orders)
    tiles, buildings = slots(state, rules)
    complete = all(len(o.tiles) == tiles[p] and len(o.buildings) == buildings[p] and o.spawn
                   for p, o in orders.items())
    if complete and not b.problems:
        first = next(iter(orders.values()))
        b.finish(first.where or Location(folder), state.seats)
    return b.problems


def resolve(day: Day) -> list[Event]:
    state, orders, rules = day.state, day.orders, day.rules
    b, made = build(state, rules, orders)
    events = []
    for kind, player, piece, n in made:
        colour = state.players[player].colour
        if kind == "building":
            size = next(x.size for x in b.buildings if x.label == piece)
            events.append(public("building_placed", "set-up", player=player, colour=colour, building=piece, size=size, n=n))
        else:
            events.append(public(f"{kind}_placed", "set-up", player=player, colour=colour, square=piece, n=n))
    state.tiles, state.holes = list(b.tiles), []
    state.buildings = sorted(b.buildings, key=lambda x: grid.reading_order(x.squares[0]))
    for name, sq in b.spawns.items():
        state.players[name].spawn = sq
    return events + start_play(state)


def start_play(state: State) -> list[Event]:
    """Pawns onto their spawns; Round 1 is the next day."""
    for p in state.players.values():
        p.at = p.spawn
    state.stage = PLAY
    state.first_round_day = state.day + 1
    return [public("game_start", "set-up", order=state.turn_order(), first_round_day=state.first_round_day)]
