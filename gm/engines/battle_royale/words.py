"""Battle Royale orders as players write them in a PM (`gm inbox`): synonyms and abbreviations as
data, and today's objects (the players, the items the player holds or sees, the zones).

A weapon left out of an attack is the only weapon the player holds (said in the reading); with
none or several, it is the GM's choice ("punch", "kick" are bare hands). A trap, a trade or "same as yesterday"
is never read from free text: the GM writes it.
"""

from __future__ import annotations

from gm.vocabulary import OrderWord, Slot, Vocabulary, spellings

from .rules import Rules
from .state import State

TARGETS = Slot("targets", "player", many=True)
WEAPON = Slot("weapon", "weapon", optional=True, preps=("with", "using", "w"), ask=True)
ZONES = Slot("zones", "zone", many=True, most=2)
BARE = ("punch", "kick", "strangle", "choke", "tackle", "slap", "headbutt", "beat up", "wrestle")

# name -> (words, section)
WORDS: dict[str, tuple[tuple[str, ...], str]] = {
    "attack": (("attack", "atk", "attk", "shoot", "shoot at", "stab", "hit", "kill", "fire at", "fire on",
                "slash", "snipe", "gun down", "go after", "blast", "strike", "murder", "whack", "throw at", "throw"), "action"),
    "all_out_attack": (("all out attack", "all-out attack", "all out on", "go all out on", "aoa", "all out",
                        "all-out"), "action"),
    "cover": (("cover", "protect", "guard", "shield", "bodyguard"), "action"),
    "analyze": (("analyze", "analyse", "examine", "inspect", "study", "scan"), "action"),
    "heal": (("heal", "patch up", "bandage", "treat", "first aid on"), "action"),
    "use_item": (("use",), "action"),
    "search": (("search", "srch", "look around", "scavenge", "loot", "look for stuff", "look for items",
                "rummage", "explore"), "action"),
    "defend": (("defend", "def", "dfnd", "defense", "defence", "block", "turtle", "stay defensive", "hide"), "action"),
    "move": (("move", "move to", "mv", "go", "go to", "head", "head to", "head for", "walk", "walk to", "travel",
              "travel to", "relocate"), "movement"),
    "run": (("run", "run to", "run through", "sprint", "sprint to", "dash", "flee", "flee to"), "movement"),
    "follow": (("follow", "tail", "chase", "stalk", "go with", "move with", "stick with", "shadow"), "movement"),
    "hold": (("hold", "hold ground", "hold my ground", "stand ground", "stand my ground", "dig in"), "movement"),
    "stay": (("stay", "stay put", "stay here", "don't move", "dont move", "no move", "no movement", "remain"),
             "movement"),
    "escape": (("escape",), "movement"),
    "drop": (("drop", "ditch", "throw away", "discard", "toss"), "free"),
    "pick_up": (("pick up", "pickup", "grab", "take", "collect"), "free"),
    "store": (("store", "stash", "put away", "pack", "put in backpack"), "free"),
    "take_out": (("take out", "unpack", "pull out"), "free"),  # not "get out": "get out of the forest"
    "wear": (("wear", "put on", "equip"), "free"),
    "take_off": (("take off", "unequip", "remove"), "free"),
    "track": (("track", "locate"), "free"),
    "mark": (("mark", "vote", "vote for", "vote mark", "mark vote", "red vote", "red", "vote to mark",
              "eliminate", "mark for elimination", "vote out"), "votes"),
    "close": (("close", "vote close", "close vote", "yellow", "vote to close", "shut"), "votes"),
    "reward": (("reward", "vote reward", "reward vote", "supply drop", "supply drop at", "lime", "green",
                "drop supplies", "supplies to", "supplies"), "votes"),
    "start": (("start", "start in", "start at", "start on", "spawn", "spawn in", "spawn at", "begin", "begin in",
               "begin at", "land", "land in", "land on"), "start"),
    "bonus": (("bonus", "my bonus", "bonus is", "pick bonus", "perk"), "bonus"),
}
SAYS = {
    "attack": "attack {targets} with the {weapon}", "all_out_attack": "all-out attack on {targets} with the {weapon}",
    "cover": "cover {target}", "analyze": "analyze {target}", "heal": "heal {target}", "use_item": "use the {item}",
    "search": "search", "defend": "defend", "move": "move to {zones}", "run": "run through {zones}",
    "follow": "follow {target}", "hold": "hold ground", "stay": "stay", "escape": "escape",
    "drop": "drop the {item}", "pick_up": "pick up the {item}", "store": "store the {item} in the Backpack",
    "take_out": "take the {item} out of the Backpack", "wear": "wear the {item}", "take_off": "take off the {item}",
    "track": "track {target}", "mark": "vote to mark {target}", "close": "vote to close {zone}",
    "reward": "vote to reward {zone}", "start": "start in {zone}", "bonus": "take the bonus {bonus}",
}
UNREADABLE = ("trap", "mine", "c4", "c-4", "trade", "swap", "same as yesterday", "same as last", "same orders",
              "as before", "exchange")


def _attack(values: dict) -> dict:
    inner = {"targets": list(values["targets"])}
    if values.get("weapon") and values["weapon"] != "bare hands":
        inner = {"weapon": values["weapon"], **inner}
    return inner


def _orders(day0: bool) -> list[OrderWord]:
    def one(name: str, make, slots=(), default=None) -> OrderWord:
        words, section = WORDS[name]
        return OrderWord(name, words, section, make, SAYS[name], tuple(slots), default)

    if day0:
        return [one("start", lambda v: v["zone"], [Slot("zone", "zone")]),
                one("bonus", lambda v: v["bonus"], [Slot("bonus", "bonus")])]
    target = [Slot("target", "player")]
    item = [Slot("item", "item")]
    return [
        one("attack", lambda v: {"attack": _attack(v)}, [TARGETS, WEAPON], _weapon),
        OrderWord("attack", BARE, "action", lambda v: {"attack": _attack(v)}, "attack {targets} with the {weapon}",
                  (TARGETS, WEAPON), lambda slot, vocab: "bare hands" if slot == "weapon" else None),
        one("all_out_attack", lambda v: {"all_out_attack": _attack(v)}, [TARGETS, WEAPON], _weapon),
        one("cover", lambda v: {"cover": v["target"]}, target),
        one("analyze", lambda v: {"analyze": v["target"]}, target),
        one("heal", lambda v: {"heal": v["target"]}, target),
        one("use_item", lambda v: {"use_item": v["item"]}, item),
        one("search", lambda v: "search"),
        one("defend", lambda v: "defend"),
        one("move", lambda v: {"move": list(v["zones"])}, [ZONES]),
        one("run", lambda v: {"run": list(v["zones"])}, [Slot("zones", "zone", many=True, most=5)]),
        one("follow", lambda v: {"follow": v["target"]}, target),
        one("hold", lambda v: "hold"),
        one("stay", lambda v: "stay"),
        one("escape", lambda v: "escape"),
        one("drop", lambda v: {"drop": v["item"]}, item),
        one("pick_up", lambda v: {"pick_up": v["item"]}, [Slot("item", "lying")]),
        one("store", lambda v: {"store": v["item"]}, item),
        one("take_out", lambda v: {"take_out": v["item"]}, [Slot("item", "stored")]),
        one("wear", lambda v: {"wear": v["item"]}, item),
        one("take_off", lambda v: {"take_off": v["item"]}, item),
        one("track", lambda v: {"track": v["target"]}, [Slot("target", "player"),
                                                        Slot("using", "item", optional=True, preps=("with", "using"))]),
        one("mark", lambda v: {"mark": v["target"]}, target),
        one("close", lambda v: {"close": v["zone"]}, [Slot("zone", "zone")]),
        one("reward", lambda v: {"reward": v["zone"]}, [Slot("zone", "zone")]),
    ]


def _weapon(slot: str, vocab: Vocabulary):
    """An attack that names no weapon: the only one held; with none or several, the GM's choice."""
    if slot != "weapon":
        return None
    in_hand = set(vocab.objects.get("item", {}).values())  # not one in the Backpack: it must come out first
    weapons = sorted(set(vocab.objects.get("weapon", {}).values()) & in_hand)
    return weapons[0] if len(weapons) == 1 else None



def vocabulary(state: State, rules: Rules, player: str) -> Vocabulary:
    me = state.players.get(player)
    zones = {}
    for z in rules.zones.values():
        zones[z.name] = z.name
        zones[str(z.number)] = z.name
        zones[f"zone {z.number}"] = z.name
        for a in z.aliases:
            zones[a] = z.name
        if z.name.casefold().startswith("the "):
            zones[z.name[4:]] = z.name
    held = [i.name for i in me.items] if me else []
    stored = [c.name for i in (me.items if me else []) for c in i.contents]
    weapons = [n for n in held + stored if rules.items.get(n) and rules.items[n].weapon is not None]
    lying = []
    if me and me.zone and me.zone in state.zones:
        lying = [g.item.name for g in state.zones[me.zone].ground if g.held_for in (None, player)]
    others = [p.name for p in state.players.values() if p.on_island]
    objects = {
        "player": spellings(others),
        "item": spellings(held),
        "stored": spellings(stored),
        "weapon": spellings(weapons, {"bare hands": "bare hands", "fists": "bare hands", "hands": "bare hands",
                                      "fist": "bare hands", "unarmed": "bare hands"}),
        "lying": spellings(lying),
        "zone": spellings([], zones),
    }
    day0 = state.day < 0
    if day0 and me is not None:
        objects["bonus"] = spellings(sorted(rules.bonuses.get(me.role, {})))
    return Vocabulary(player, _orders(day0), objects,
                      sections={"free": "append", "votes": "update", "action": "one", "movement": "one"},
                      unreadable=UNREADABLE)
