"""Hostile Takeover orders as players write them in a PM (`gm inbox`): "claim c3, if not move ne".

One order a round; several in a PM are fallbacks, tried in turn, as the form says (a list). The
set-up day (tiles, buildings, spawn) is read from the form only.
"""

from __future__ import annotations

from gm.vocabulary import OrderWord, Slot, Vocabulary, spellings

from . import grid
from .rules import COLOURS, Rules
from .state import PLAY, State

WORDS = {
    "move": ("move", "mv", "go", "go to", "step", "step to", "walk", "walk to", "head", "head to", "move to"),
    "claim": ("claim", "clam", "take", "take over", "buy", "grab", "capture", "seize", "acquire"),
    "attack": ("attack", "atk", "hit", "punch", "fight", "push", "shove", "bump"),
    "pass": ("pass", "skip", "do nothing", "skip my turn"),  # not "nothing": "nothing else from me" is chatter
}
FALLBACK = ("if that fails", "if i can't", "if i cant", "if not", "if it fails", "or else", "otherwise", "else",
            "failing that", "fallback", "backup")
_DIRECTIONS = {"n": "N", "ne": "NE", "e": "E", "se": "SE", "s": "S", "sw": "SW", "w": "W", "nw": "NW",
               "north": "N", "south": "S", "east": "E", "west": "W", "up": "N", "down": "S", "left": "W",
               "right": "E", "northeast": "NE", "north east": "NE", "north-east": "NE", "northwest": "NW",
               "north west": "NW", "north-west": "NW", "southeast": "SE", "south east": "SE", "south-east": "SE",
               "southwest": "SW", "south west": "SW", "south-west": "SW", "up right": "NE", "up left": "NW",
               "down right": "SE", "down left": "SW"}


def vocabulary(state: State, rules: Rules, player: str) -> Vocabulary | None:
    if state.stage != PLAY:
        return None  # the opening and the placement: read from the form only
    squares = set()
    for c, r in state.tiles:
        squares |= {(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)}
    names = {grid.name(s): grid.name(s) for s in sorted(squares)}
    rivals = {p.name: p.name for p in state.players.values() if p.name != player and not p.out}
    rivals.update({p.colour: p.colour for p in state.players.values() if p.name != player and not p.out})
    rivals.update({colour.casefold(): colour for colour in COLOURS if colour in rivals})
    where = Slot("to", "where")
    orders = [
        OrderWord("move", WORDS["move"], ".", lambda v: {"move": v["to"]}, "move {to}", (where,)),
        OrderWord("claim", WORDS["claim"], ".", lambda v: {"claim": v["square"]}, "claim the building on {square}",
                  (Slot("square", "square"),)),
        OrderWord("attack", WORDS["attack"], ".", lambda v: {"attack": v["rival"]}, "attack {rival}",
                  (Slot("rival", "rival"),)),
        OrderWord("pass", WORDS["pass"], ".", lambda v: "pass", "pass"),
    ]
    objects = {"where": spellings([], {**_DIRECTIONS, **names}), "square": spellings(names),
               "rival": spellings([], rivals)}
    return Vocabulary(player, orders, objects, sections={".": "append"}, assemble=_assemble, splitters=FALLBACK)


def _assemble(sections: dict):
    tried = sections.get(".", [])
    return tried[0] if len(tried) == 1 else list(tried)
