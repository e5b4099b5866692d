"""Kharnage orders as players write them in a PM (`gm inbox`): "play thunder volley, assault bruno".

The card is one of the player's hand, by name or initiative; the war plan's keys are read one by
one ("assault left", "split never") and laid over the standing plan. A list of Unit names for
destroy, web or stomp is read from the form only.
"""

from __future__ import annotations

from gm.vocabulary import OrderWord, Slot, Vocabulary, spellings

from .orders import CHOICES
from .rules import Rules
from .state import State

CARD_WORDS = ("card", "play", "play card", "i play", "playing", "use card", "battle card", "my card", "cast")
PLAN_WORDS = {
    "general": ("general", "my general", "generals", "lead with", "general is"),
    "assault": ("assault", "assault on", "assaults", "attack", "charge"),
    "shooting": ("shooting", "shoot", "shoot at", "shooting at", "fire at", "shots at"),
    "elite": ("elite", "elite at", "elite attacks", "elite attack"),
    "split": ("split", "split attacks"),
    "destroy": ("destroy", "destroy first", "kill first"),
    "knights": ("knights",),
    "web": ("web",),
    "stomp": ("stomp",),
}


def vocabulary(state: State, rules: Rules, player: str) -> Vocabulary | None:
    me = next((p for p in state.players if getattr(p, "name", None) == player), None) \
        if isinstance(state.players, list) else state.players.get(player)
    if me is None:
        return None
    battle = rules.components.battle
    hand = {}
    for card in me.hand:
        c = battle.get(card)
        if c is not None:
            hand[c.name] = c.name
            hand[str(c.initiative)] = c.name
            hand[c.id] = c.name
    names = [p.name for p in (state.players if isinstance(state.players, list) else state.players.values())
             if p.name != player]
    targets = spellings(names, {"left": "left", "right": "right", "auto": "auto", "automatic": "auto",
                                "best": "auto"})
    generals = {u.name: u.name for u in rules.components.armies[me.army].generals} if me.army in rules.components.armies else {}
    generals.update({"first": "first", "no": "no", "none": "no"})
    orders = [OrderWord("card", CARD_WORDS, "card", lambda v: v["card"], "play {card}", (Slot("card", "card"),))]
    for key, words in PLAN_WORDS.items():
        kind = "general" if key == "general" else "target" if key in ("assault", "shooting", "elite") else key
        many = kind == "target"
        orders.append(OrderWord(key, words, "plan", _plan(key, many), f"plan: {key} {{value}}",
                                (Slot("value", kind, many=many),)))
    objects = {"card": spellings([], hand), "general": spellings([], generals), "target": targets}
    for key, values in CHOICES.items():
        objects[key] = spellings(values, {v.replace("_", " "): v for v in values})
    return Vocabulary(player, orders, objects, sections={"card": "one", "plan": "update"})


def _plan(key: str, many: bool):
    def make(values: dict) -> dict:
        value = values["value"]
        if many and value in (["auto"],):
            value = "auto"
        return {key: value}

    return make
