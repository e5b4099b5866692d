"""Hostile Takeover orders as a GM writes them, checked against the state before the day.

A round (one order per living player; a list gives fallbacks, the first legal one is played):

    Akane: {move: NE}                        # one square in any of 8 directions: N NE E SE S SW W NW
    Bruno: {move: F6}                        # a square: next to the pawn, or around a building
                                             #   Bruno owns and stands beside (any square it touches)
    Chiaki: {claim: B7}                      # the building on B7 (any of its squares), next to the pawn
    Dana: {attack: Red}                      # a player next to the pawn, by colour or by name
    Emil: [attack: Red, move: NE, claim: B7] # fallbacks: the first that is legal at Emil's turn
    Farah: pass

The set-up day, when the players place the board (see placement.py):

    Akane:
      tiles: [E5, G5, E7, G7, I5]            # top-left square of each 2x2 tile, in her turns' order
      buildings: [C3, [D4, E4]]              # unclaimed: small on one square, large on two
      spawn: B2

What can never work is an error (a hole, a building that is not there, attacking yourself);
what fails only from where the pawn stands now is a warning, because an earlier player's turn
may change it (the order is then skipped at that player's turn, and the message says why).
"""

from __future__ import annotations

from gm.checker import Checker
from gm.errors import Location
from gm.suggest import did_you_mean
from gm.yamlio import item_loc, key_loc, value_loc

from . import grid
from .choices import Choice, Placements, TurnOrders  # noqa: F401 - the orders' values, named here too
from .grid import Square
from .roster import building_squares, player_named
from .placement import slots
from .rules import COLOURS, Rules
from .state import OPENING, PLACEMENT, State
from .turns import why_not

KINDS = ("move", "claim", "attack", "pass")
PLACEMENT_KEYS = ("tiles", "buildings", "spawn")


def default_orders(player: str) -> TurnOrders:
    return TurnOrders(player, received=False)


class HtChecker(Checker):
    """The shared checker (gm/checker.py) with the board's vocabulary: squares, buildings, colours."""

    rules: Rules
    state: State

    def __init__(self, path: str, rules: Rules, state: State, day: int):
        super().__init__(path, rules, state, day)
        self.floor = state.floor()

    def player(self, raw_name, at: Location) -> str | None:
        """A player who may send orders today, by name (any case)."""
        name = player_named(self.state.players, raw_name) if isinstance(raw_name, str) else None
        if name is None:
            self.error(at, f"no player called '{raw_name}'{did_you_mean(str(raw_name), self.state.players)}")
            return None
        if self.state.players[name].out:
            p = self.state.players[name]
            how = "by the GM's ruling" if p.ruled_out else "lost their last life"
            self.error(at, f"{name} is out of the game ({how} in Round {p.out_round})")
            return None
        return name

    def square(self, raw, where: Location) -> Square | None:
        sq = grid.parse(raw) if isinstance(raw, str) else None
        if sq is None:
            self.error(where, f"{raw!r} is not a square (squares are written like C4)")
        return sq


# ---- a round's orders -----------------------------------------------------------------------


def _choice(c: HtChecker, name: str, node, at: Location) -> Choice | None:
    if isinstance(node, str) and node.strip().casefold() == "pass":
        return Choice("pass", where=at)
    if not (isinstance(node, dict) and len(node) == 1):
        c.error(at, "an order is `move: DIRECTION or SQUARE`, `claim: SQUARE`, `attack: PLAYER` or `pass`")
        return None
    kind = str(next(iter(node)))
    value = node[kind]
    vat = value_loc(c.path, node, kind)
    kind_key = kind.strip().casefold()
    if kind_key not in KINDS or kind_key == "pass":
        c.error(key_loc(c.path, node, kind), f"unknown order '{kind}'{did_you_mean(kind, KINDS)} "
                                             "(orders: move, claim, attack, pass)")
        return None
    if kind_key == "move":
        return _move(c, value, vat)
    if kind_key == "claim":
        return _claim(c, value, vat)
    return _attack(c, name, value, vat)


def _move(c: HtChecker, value, at: Location) -> Choice | None:
    d = grid.direction(value)
    if d is not None:
        return Choice("move", direction=d, where=at)
    sq = grid.parse(value) if isinstance(value, str) else None
    if sq is None:
        c.error(at, f"move takes a direction ({' '.join(grid.DIRECTIONS)}) or a square like C4, not {value!r}")
        return None
    if sq not in c.floor:
        c.error(at, f"{grid.name(sq)} is {c.state.off_floor(sq)}: pawns cannot go there")
        return None
    b = c.state.find_building(sq)
    if b is not None:
        c.error(at, f"{grid.name(sq)} is part of the {b.size} building at {b.label}: pawns cannot stand on buildings")
        return None
    return Choice("move", square=sq, where=at)


def _claim(c: HtChecker, value, at: Location) -> Choice | None:
    sq = c.square(value, at)
    if sq is None:
        return None
    b = c.state.find_building(sq)
    if b is None:
        # a building on a square next door is the likeliest meaning (I3 written for the one on I2)
        near = sorted(grid.name(s) for x in c.state.buildings for s in x.squares
                      if max(abs(s[0] - sq[0]), abs(s[1] - sq[1])) == 1)
        hint = (f" (did you mean {' or '.join(near[:2])}, next to it?)" if near
                else did_you_mean(grid.name(sq), [x.label for x in c.state.buildings]))
        c.error(at, f"there is no building on {grid.name(sq)}{hint}")
        return None
    return Choice("claim", square=sq, where=at)


def _attack(c: HtChecker, name: str, value, at: Location) -> Choice | None:
    target = player_named(c.state.players, value) if isinstance(value, str) else None
    if target is None:
        pool = list(c.state.players) + list(COLOURS)
        c.error(at, f"no player called '{value}'{did_you_mean(str(value), pool)} (name a player or a colour)")
        return None
    if target == name:
        c.error(at, f"{name} cannot attack themselves")
        return None
    t = c.state.players[target]
    if t.out and t.ruled_out and t.out_round == c.state.round_of(c.day):
        # the player could not know: the attack stands and fails at its turn, as against anyone out by then
        c.warn(at, f"{target} ({t.colour}) was put out by the GM's ruling at the start of the day: this attack will "
                   "not happen", secret=True)  # announced only in the day's post
    elif t.out:
        how = "by the GM's ruling" if t.ruled_out else "lost their last life"
        c.error(at, f"{target} ({t.colour}) is out of the game ({how} in Round {t.out_round})")
        return None
    return Choice("attack", target=target, where=at)


def check_turn(c: HtChecker, name: str, node, at: Location, vat: Location) -> TurnOrders:
    orders = TurnOrders(name, where=at)
    if node is None:
        c.warn(at, f"{name} has an empty entry: {name} passes")
        orders.received = False
        return orders
    listed = isinstance(node, list)
    entries = node if listed else [node]
    if listed and not entries:
        c.error(at, f"{name}'s list of orders is empty (write `pass` to pass)")
        return orders
    for i, entry in enumerate(entries):
        eat = item_loc(c.path, node, i) if listed else vat
        choice = _choice(c, name, entry, eat)
        if choice is None:
            continue
        if orders.choices and orders.choices[-1].kind == "pass":
            c.warn(eat, f"{name} passes before this order, so it is never tried")
        orders.choices.append(choice)
        why = why_not(c.state, c.rules, c.state.players[name], choice) if choice.kind != "pass" else None
        if why is not None:
            c.warn(choice.where or eat, f"{choice.text}: {why['text']} at the start of the round; "
                                        f"unless an earlier turn changes that, it will be skipped")
    return orders


# ---- placements (the set-up day) ------------------------------------------------------------------


def check_placements(c: HtChecker, name: str, node, at: Location) -> Placements:
    orders = Placements(name, where=at)
    if not isinstance(node, dict):
        c.error(at, f"{name}'s set-up orders are a mapping with tiles, buildings and spawn")
        return orders
    for key in node:
        if key not in PLACEMENT_KEYS:
            c.error(key_loc(c.path, node, key), f"unknown set-up order '{key}'{did_you_mean(str(key), PLACEMENT_KEYS)}"
                                                " (the set-up takes tiles, buildings and spawn)")
    want_tiles, want_buildings = slots(c.state, c.rules)
    for key, want in (("tiles", want_tiles.get(name, 0)), ("buildings", want_buildings.get(name, 0))):
        seq = node.get(key) if key in node else []
        where = value_loc(c.path, node, key) if key in node else at
        if seq is None:
            seq = []
        if not isinstance(seq, list):
            c.error(where, f"{key} is a list, e.g. [A1, C1]")
            continue
        if len(seq) != want:
            c.error(where, f"{name} places {want} {key[:-1]}{'s' if want != 1 else ''} in this set-up, "
                           f"{len(seq)} given")
        for i, raw in enumerate(seq):
            iat = item_loc(c.path, seq, i)
            if key == "tiles":
                sq = c.square(raw, iat)
                if sq is not None:
                    orders.tiles.append((sq, iat))
            else:
                squares, why = building_squares(raw)
                if squares is None:
                    c.error(iat, why or "not a building")
                else:
                    orders.buildings.append((squares, iat))
    if "spawn" not in node:
        c.error(at, f"{name} must place a spawn (`spawn: SQUARE`)")
    else:
        sq = c.square(node["spawn"], value_loc(c.path, node, "spawn"))
        if sq is not None:
            orders.spawn = (sq, value_loc(c.path, node, "spawn"))
    return orders


# ---- a whole file ------------------------------------------------------------------------------------


def check_orders_doc(doc, path: str, rules: Rules, state: State, day: int, seen: dict[str, Location]):
    c = HtChecker(path, rules, state, day)
    out: dict = {}
    if isinstance(doc, dict) and doc and state.stage == OPENING:
        c.error(key_loc(path, doc, next(iter(doc))),
                f"Day {day} takes no orders: it rolls for the first player"
                + (" and puts the pawns on their spawns" if state.tiles else
                   "; the players place the board the day after"))
        return out, c.problems
    for name, key, node, at in c.players_in(doc, seen, c.player):
        if state.stage == PLACEMENT:
            out[name] = check_placements(c, name, node, at)
        else:
            out[name] = check_turn(c, name, node, at, value_loc(path, doc, key))
    return out, c.problems
