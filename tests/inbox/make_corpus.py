"""Write tests/inbox/<engine>/corpus.yaml: PMs as forum players write them, each with the orders it
means (or `flag`, when a careful GM could not tell either). Run once by hand; the files are checked in
and reviewed like golden files:

    .venv/bin/python tests/inbox/make_corpus.py

Each PM is drawn from an intent (the orders meant) over the game as it stands on the corpus's day
(tests/inbox_game.py), then worded with the noise of real PMs: lower case, a slip of the keys, a
nickname, emoji, "w/", "x2", chatter around it, a change of mind, several orders. The wording pool
is not the reader's vocabulary: some phrasings here are ones gm does not know, and must be flagged.
The orders of each PM pass the engine's checker before the PM is kept.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

CHATTER = ["hey gm!", "sorry for the late pm", "lol", "gl everyone", "this is gonna be fun 😈", "ugh work was long today",
           "thx", "cheers", "hope this is ok", "ty!!", "😂😂", "(first time playing pbf, be gentle)", "see u in the thread",
           "can't believe day 1 lol", "nothing else from me", "ok here goes", "pls confirm u got this", "❤️"]
FLAGGED = ["same as yesterday", "should i attack {p}?", "if {p} attacks me, shoot back", "{p} is so dead lol",
           "trade my stuff with {p}", "set a trap for {p}"]


def noisy(rng: random.Random, name: str, nick_ok: bool = True) -> str:
    """A name as a player types it."""
    r = rng.random()
    out = name
    if r < 0.45:
        out = name.lower()
    elif r < 0.6 and len(name) >= 6 and " " not in name:
        i = rng.randrange(1, len(name) - 2)
        out = (name[:i] + name[i + 1] + name[i] + name[i + 2:]).lower()  # two letters swapped
    elif r < 0.7 and len(name) >= 6:
        i = rng.randrange(1, len(name) - 1)
        out = (name[:i] + name[i + 1:]).lower()  # one left out
    return out


def wording(rng: random.Random, pieces: list[str]) -> str:
    glue = rng.choice([". ", ", then ", "\n", " then ", ". ", "; ", ", "])
    text = glue.join(pieces)
    if rng.random() < 0.5:
        text = rng.choice(CHATTER) + ("\n" if rng.random() < 0.5 else " ") + text
    if rng.random() < 0.35:
        text += rng.choice([" ", "\n", ". "]) + rng.choice(CHATTER)
    if rng.random() < 0.3:
        text = text.lower()
    return text


# ---- Battle Royale ---------------------------------------------------------------------------------


def br_pm(rng, state, rules, me, players):
    p = state.players[me]
    held = [i.name for i in p.items]
    weapons = [n for n in held if rules.items.get(n) and rules.items[n].weapon is not None]
    here = [q.name for q in state.players.values() if q.on_island and q.zone == p.zone and q.name != me]
    anyone = [q for q in players if q != me]
    reach = [z for z in rules.zones[p.zone].adjacent if not state.zones[z].closed]
    orders: dict = {}
    pieces: list[str] = []
    kinds = rng.sample(["action", "movement", "votes", "free"], k=rng.choice([1, 2, 2, 3]))
    for kind in kinds:
        if kind == "action":
            c = rng.random()
            if c < 0.45 and here:
                target = rng.choice(here)
                n = rng.choice([1, 1, 2])
                weapon = rng.choice(weapons) if weapons else None
                verb = rng.choice(["attack", "shoot", "stab", "hit", "atk", "attak", "kill", "go after"])
                t = noisy(rng, target) + {1: "", 2: rng.choice([" twice", " x2", " 2x", " two times"])}[n]
                if weapon and (len(weapons) > 1 or rng.random() < 0.6):
                    w = rng.choice([" with ", " w/ ", " using "]) + rng.choice(["", "my ", "the "]) + noisy(rng, weapon)
                    pieces.append(f"{verb} {t}{w}")
                elif weapon:
                    pieces.append(f"{verb} {t}")
                else:
                    pieces.append(f"{rng.choice(['punch', 'kick'])} {t}")
                inner = {"targets": [target] * n}
                if weapon:
                    inner = {"weapon": weapon, **inner}
                orders["action"] = {"attack": inner}
            elif c < 0.7:
                pieces.append(rng.choice(["search", "serch", "search the area", "i'll search", "look around", "scavenge"]))
                orders["action"] = "search"
            elif c < 0.85:
                pieces.append(rng.choice(["defend", "def", "i'll defend", "just defend", "defend please"]))
                orders["action"] = "defend"
            elif here:
                target = rng.choice(here)
                pieces.append(f"{rng.choice(['cover', 'protect', 'guard'])} {noisy(rng, target)}")
                orders["action"] = {"cover": target}
        elif kind == "movement":
            c = rng.random()
            if c < 0.55 and reach:
                zone = rng.choice(reach)
                verb = rng.choice(["move to", "go to", "head to", "move", "mv to", "walk to"])
                pieces.append(f"{verb} {rng.choice(['', 'the '])}{noisy(rng, zone.replace('The ', ''))}")
                orders["movement"] = {"move": [zone]}
            elif c < 0.75:
                pieces.append(rng.choice(["hold my ground", "hold", "hold ground"]))
                orders["movement"] = "hold"
            elif c < 0.9:
                pieces.append(rng.choice(["stay put", "stay", "don't move"]))
                orders["movement"] = "stay"
            elif here:
                target = rng.choice(here)
                pieces.append(f"{rng.choice(['follow', 'tail'])} {noisy(rng, target)}")
                orders["movement"] = {"follow": target}
        elif kind == "votes":
            votes = {}
            bits = []
            open_zones = [z for z, s in state.zones.items() if not s.closed and not s.closing]
            if rng.random() < 0.8:
                m = rng.choice(anyone)
                votes["mark"] = m
                bits.append(f"{rng.choice(['vote', 'mark', 'vote mark', 'red vote'])} {noisy(rng, m)}")
            if rng.random() < 0.6:
                z = rng.choice(open_zones)
                votes["close"] = z
                bits.append(f"{rng.choice(['close', 'vote close', 'yellow'])} {noisy(rng, z)}")
            if rng.random() < 0.5:
                z = rng.choice(open_zones)
                votes["reward"] = z
                bits.append(f"{rng.choice(['reward', 'supply drop', 'lime'])} {noisy(rng, z)}")
            if votes:
                orders["votes"] = votes
                pieces.append(", ".join(bits))
        elif kind == "free" and held:
            item = rng.choice(held)
            pieces.append(f"{rng.choice(['drop', 'ditch'])} {rng.choice(['', 'the ', 'my '])}{noisy(rng, item)}")
            orders["free"] = [{"drop": item}]
    if not orders:
        return None
    if "action" in orders and rng.random() < 0.15:  # a change of mind
        pieces.insert(0, rng.choice(["defend", "search"]) + rng.choice([". actually scratch that", ". nvm"]))
    return wording(rng, pieces), orders


# ---- Hostile Takeover ------------------------------------------------------------------------------


def ht_pm(rng, state, rules, me, players):
    from gm.engines.hostile_takeover.forms import order_form

    options = [line for line in order_form(state, rules, me)[0].removeprefix("legal now: ").split(", ") if ": " in line]
    if not options:
        return None
    picks = rng.sample(options, k=min(len(options), rng.choice([1, 1, 2])))
    orders, pieces = [], []
    dirs = {"N": ["n", "north", "up"], "NE": ["ne", "northeast", "north east"], "E": ["e", "east", "right"],
            "SE": ["se", "southeast"], "S": ["s", "south", "down"], "SW": ["sw", "southwest"], "W": ["w", "west", "left"],
            "NW": ["nw", "northwest", "north-west"]}
    for pick in picks:
        kind, value = pick.split(": ")
        orders.append({kind: value})
        if kind == "move":
            v = rng.choice(dirs[value]) if value in dirs else value.lower()
            pieces.append(f"{rng.choice(['move', 'go', 'move to', 'step'])} {v}")
        elif kind == "claim":
            pieces.append(f"{rng.choice(['claim', 'take over', 'buy', 'claim the building on'])} {value.lower()}")
        elif kind == "attack":
            pieces.append(f"{rng.choice(['attack', 'push', 'hit'])} {value.lower()}")
        else:
            pieces.append("pass")
    text = rng.choice([", if not ", ". otherwise ", ", or else ", "\nif that fails "]).join(pieces)
    return wording(rng, [text]), orders[0] if len(orders) == 1 else orders


# ---- Team Kill ---------------------------------------------------------------------------------------


def tk_pm(rng, state, rules, me, players):
    orders, pieces = {}, []
    for key in rng.sample(["turn", "sign", "loot", "show_cards"], k=rng.choice([1, 2, 2, 3])):
        if key == "turn":
            v = rng.choice(["left", "right", "pass"])
            orders["turn"] = v
            pieces.append("pass" if v == "pass" and rng.random() < 0.5 else f"{rng.choice(['turn', 'my turn:', 'confront'])} {v}")
        elif key == "sign":
            v = rng.choice(["team", "kill"])
            orders["sign"] = v
            pieces.append(f"{rng.choice(['sign', 'my sign is', 'sign:'])} {v}")
        elif key == "loot":
            v = rng.choice(["split", "me"])
            orders["loot"] = v
            pieces.append(f"{rng.choice(['loot', 'loot to', 'loot:'])} {v}")
        else:
            v = rng.random() < 0.6
            orders["show_cards"] = v
            pieces.append(rng.choice(["show my cards", "show cards"]) if v else rng.choice(["hide my cards", "hide cards"]))
    return wording(rng, pieces), orders


# ---- Kharnage ----------------------------------------------------------------------------------------


def kh_pm(rng, state, rules, me, players):
    p = next(x for x in state.players if x.name == me) if isinstance(state.players, list) else state.players[me]
    cards = [rules.components.battle[c] for c in p.hand]
    card = rng.choice(cards)
    orders = {"card": card.name}
    c = rng.random()
    spoken = noisy(rng, card.name) if c < 0.7 else str(card.initiative)
    pieces = [f"{rng.choice(['play', 'card:', 'i play', 'playing'])} {spoken}"]
    if rng.random() < 0.5:
        others = [x.name for x in (state.players if isinstance(state.players, list) else state.players.values()) if x.name != me]
        target = rng.choice(others + ["left", "right"])
        orders["plan"] = {"assault": [target]}
        pieces.append(f"{rng.choice(['assault', 'assault on', 'charge'])} {noisy(rng, target)}")
        if rng.random() < 0.4:
            v = rng.choice(["never", "always", "best"])
            orders["plan"]["split"] = v
            pieces.append(f"split {v}")
    return wording(rng, pieces), orders


# ---- Hashmi Battle Royale -------------------------------------------------------------------------


def hashmi_pm(rng, state, rules, me, players):
    p = state.players[me]
    board = rules.board
    alive = [a for a in p.agents if a.alive and a.at is not None]
    actions, pieces = [], []
    for _ in range(rng.choice([1, 2, 2, 3])):
        c = rng.random()
        agent = rng.choice(alive)
        name = rng.choice([f"agent {agent.number}", f"agent {agent.number}", f"a{agent.number}", f"#{agent.number}"])
        if c < 0.4 and p.hand:
            card = rng.choice(p.hand)
            actions.append({"allocate": {"card": card, "agent": agent.number}})
            pieces.append(f"{rng.choice(['put', 'allocate', 'equip'])} {rng.choice(['the ', 'my ', ''])}{noisy(rng, card)} "
                          f"{rng.choice(['on', 'to'])} {name}")
        elif c < 0.9:
            col, row = agent.at
            near = [(col + dc, row + dr) for dc in (-2, -1, 0, 1, 2) for dr in (-2, -1, 0, 1, 2)
                    if (dc or dr) and (col + dc, row + dr) in board.zone_of]
            if not near:
                continue
            to = [board.name(rng.choice(near))]
            actions.append({"move": {"agent": agent.number, "to": to}})
            pieces.append(f"{rng.choice(['move', 'go', 'send'])} {name} to {to[0].lower() if rng.random() < 0.6 else to[0]}")
        else:
            if not p.hand:
                continue
            card = rng.choice(p.hand)
            actions.append({"play": card})
            pieces.append(f"{rng.choice(['play', 'use card'])} {noisy(rng, card)}")
    if not actions:
        return None
    return wording(rng, pieces), {"actions": actions}


MAKERS = {"battle-royale": br_pm, "hostile-takeover": ht_pm, "team-kill": tk_pm, "kharnage": kh_pm,
          "hashmi-battle-royale": hashmi_pm}


def main() -> None:
    from gm.pipeline.day import check_day
    from gm.gamedir import GameDir
    from gm.inbox.pmread import check_orders_text, orders_yaml
    from inbox_game import make_game

    for engine, maker in MAKERS.items():
        rng = random.Random(f"gm inbox corpus {engine}")
        with tempfile.TemporaryDirectory() as tmp:
            root, day = make_game(engine, Path(tmp))
            gd = GameDir(root)
            game = gd.load()
            checked = check_day(gd, game, day)
            state = checked.state
            due = checked.due
            out = []
            tries = 0
            while len(out) < 110 and tries < 5000:
                tries += 1
                me = rng.choice(due)
                if rng.random() < 0.08:
                    others = [p for p in game.roster if p != me]
                    text = rng.choice(FLAGGED).format(p=noisy(rng, rng.choice(others)))
                    out.append({"from": me, "text": text, "expect": "flag"})
                    continue
                made = maker(rng, state, game.rules, me, list(game.roster))
                if made is None:
                    continue
                text, orders = made
                if check_orders_text(game, state, day, orders_yaml(me, orders, None), "corpus.yaml"):
                    continue
                out.append({"from": me, "text": text, "expect": orders})
        folder = HERE / engine
        folder.mkdir(exist_ok=True)
        write(folder / "corpus.yaml", engine, day, out)
        print(engine, len(out))


def write(path: Path, engine: str, day: int, items: list[dict]) -> None:
    import json

    from gm.inbox.pmread import flow

    lines = [f"# PMs for Day {day} of the {engine} demo (tests/inbox_game.py), each with the orders it means,",
             "# or `flag` where a careful GM could not tell either. Made by tests/inbox/make_corpus.py; review as a diff.",
             f"day: {day}", "pms:"]
    for item in items:
        lines.append(f"  - from: {item['from']}")
        lines.append(f"    text: {json.dumps(item['text'], ensure_ascii=False)}")
        lines.append(f"    expect: {item['expect'] if item['expect'] == 'flag' else flow(item['expect'])}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
