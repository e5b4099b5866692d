"""Hashmi Battle Royale orders as players write them in a PM (`gm inbox`): "put the dagger on agent
1, move agent 3 to g2, play freeze".

A turn is a list of actions in order; free text gives allocate, move (to the squares named, in
order) and play (a card by name). Shooting, with its targets, fallbacks and preferences, a move's
`toward`, `shootout` and portkeys, discards and standing orders are read from the form only: a
free-text PM that shoots or names them waits for the GM.
"""

from __future__ import annotations

from gm.vocabulary import OrderWord, Slot, Vocabulary, spellings

from .rules import Rules
from .state import PLAY, State

WORDS = {
    "allocate": ("allocate", "put", "equip", "arm", "load", "place"),
    "move": ("move", "mv", "walk", "go", "send", "run"),
    "play": ("play", "play card", "use card", "use", "cast"),
}
UNREADABLE = ("shoot", "shoots", "fire", "attack", "snipe", "toward", "towards", "portkey", "discard", "standing",
              "shootout", "give", "same as", "charm", "sacrifice", "storm")
_NUMBERS = {"one": 1, "two": 2, "three": 3, "1st": 1, "2nd": 2, "3rd": 3, "first": 1, "second": 2, "third": 3}


def vocabulary(state: State, rules: Rules, player: str) -> Vocabulary | None:
    if state.stage != PLAY or player not in state.players:
        return None
    me = state.players[player]
    agents: dict[str, str] = {}
    for a in me.agents:
        if not a.alive:
            continue
        n = str(a.number)
        kind = a.kind.casefold()
        for alias in (n, f"agent {n}", f"agent #{n}", f"#{n}", f"a{n}", f"agent{n}", kind, f"my {kind}",
                      f"{kind} agent", f"my {kind} agent", f"the {kind} agent", f"my agent {n}"):
            agents.setdefault(alias, n)
    for word, n in _NUMBERS.items():
        if str(n) in agents.values():
            agents.setdefault(f"agent {word}", str(n))
            agents.setdefault(f"{word} agent", str(n))
    board = rules.board
    squares = {board.name(sq): board.name(sq) for sq in board.zone_of}
    orders = [
        OrderWord("allocate", WORDS["allocate"], "actions",
                  lambda v: {"allocate": {"card": v["card"], "agent": int(v["agent"])}}, "allocate the {card} to agent {agent}",
                  (Slot("card", "card"), Slot("agent", "agent", preps=("on", "to", "onto")))),
        OrderWord("move", WORDS["move"], "actions",
                  lambda v: {"move": {"agent": int(v["agent"]), "to": list(v["to"])}}, "move agent {agent} to {to}",
                  (Slot("agent", "agent"), Slot("to", "square", many=True))),
        OrderWord("play", WORDS["play"], "actions", lambda v: {"play": v["card"]}, "play {card}",
                  (Slot("card", "card"),)),
    ]
    objects = {"agent": spellings([], agents), "square": spellings(squares), "card": spellings(sorted(set(me.hand)))}
    return Vocabulary(player, orders, objects, sections={"actions": "append"}, unreadable=UNREADABLE,
                      assemble=lambda sections: {"actions": list(sections.get("actions", []))})
