"""Team Kill orders as players write them in a PM (`gm inbox`): "turn right, sign kill, loot split".

Standing orders (turn, sign, reveal, loot, show_cards, bomb_choice) and today's (leave_team, give)
each take one value; a sign by who is opposite ({Bruno: team, default: kill}) is read from the
form only.
"""

from __future__ import annotations

from gm.vocabulary import OrderWord, Slot, Vocabulary, spellings

from .rules import Rules
from .state import State

WORDS = {
    "turn": ("turn", "turning", "my turn", "turn to", "confront", "face", "go", "look"),
    "pass": ("pass", "skip", "skip my turn", "pass my turn"),
    "sign": ("sign", "my sign", "play sign", "signal", "throw", "show sign", "sign is"),
    "loot": ("loot", "loot to", "give loot to", "loot goes to", "the loot"),
    "show_cards": ("show cards", "show my cards", "show hand", "show my hand", "share cards", "share my hand",
                   "show_cards"),
    "hide_cards": ("hide cards", "hide my cards", "hide my hand", "keep my cards hidden", "keep cards secret"),
    "bomb_choice": ("bomb", "bomb choice", "with the bomb", "bomb_choice"),
    "leave_team": ("leave team", "leave the team", "leave my team", "quit the team", "quit team", "leave_team"),
    "give": ("give", "hand over", "pass over", "gift"),
    "reveal": ("reveal", "reveal card", "reveal my", "show card", "show my card"),
}


def vocabulary(state: State, rules: Rules, player: str) -> Vocabulary | None:
    mine = [p for p in state.persons.values() if p.player == player]
    hand = sorted({c for p in mine for c in p.hand})
    others = [n for n in state.players if n != player]
    orders = [
        OrderWord("turn", WORDS["turn"], "turn", lambda v: v["to"], "turn: {to}", (Slot("to", "side"),)),
        OrderWord("pass", WORDS["pass"], "turn", lambda v: "pass", "turn: pass"),
        OrderWord("sign", WORDS["sign"], "sign", lambda v: v["sign"], "sign: {sign}", (Slot("sign", "sign"),)),
        OrderWord("loot", WORDS["loot"], "loot", lambda v: v["to"], "loot: {to}", (Slot("to", "looter"),)),
        OrderWord("show_cards", WORDS["show_cards"], "show_cards", lambda v: True, "show cards: yes"),
        OrderWord("hide_cards", WORDS["hide_cards"], "show_cards", lambda v: False, "show cards: no"),
        OrderWord("bomb_choice", WORDS["bomb_choice"], "bomb_choice", lambda v: v["choice"], "the Bomb: {choice}",
                  (Slot("choice", "bomb"),)),
        OrderWord("leave_team", WORDS["leave_team"], "leave_team", lambda v: True, "leave the team"),
        OrderWord("give", WORDS["give"], "give", lambda v: {"card": v["card"], "to": v["to"]},
                  "give the {card} to {to}", (Slot("card", "card"), Slot("to", "player", preps=("to",)))),
        OrderWord("reveal", WORDS["reveal"], "reveal", lambda v: list(v["cards"]), "reveal {cards}",
                  (Slot("cards", "card", many=True),)),
    ]
    objects = {
        "side": spellings(others, {"left": "left", "right": "right", "pass": "pass", "l": "left", "r": "right",
                                   "to the left": "left", "to the right": "right"}),
        "sign": spellings([], {"team": "team", "kill": "kill", "team up": "team", "teamwork": "team",
                               "friendly": "team", "murder": "kill", "attack": "kill"}),
        "looter": spellings(others, {"split": "split", "split it": "split", "share": "split", "even": "split",
                                     "evenly": "split", "me": "me", "myself": "me", "mine": "me"}),
        "bomb": spellings([], {"win": "win", "lose": "lose", "loses": "lose", "wins": "win"}),
        "card": spellings(hand),
        "player": spellings(others),
    }
    return Vocabulary(player, orders, objects,
                      sections={k: "one" for k in WORDS})
