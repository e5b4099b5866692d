"""Random legal Hashmi games for property tests and the bench: orders built as the checker would
build them (orders.Action records), dice audited from a seed, days run through the engine's phases."""

from __future__ import annotations

import random

from gm.dice import AuditedDice
from gm.engine import Day, run_phase
from gm.engines.hashmi import HashmiBattleRoyale
from gm.engines.hashmi.board import reading_order
from gm.engines.hashmi.order_base import Action, TurnOrders

NAMES = ["Akane", "Bruno", "Chiaki", "Dana"]


def new_game(n: int = 4, house_rules: dict | None = None):
    eng = HashmiBattleRoyale()
    doc = {"engine": eng.facts.name, "roster": NAMES[:n]}
    if house_rules:
        doc["house_rules"] = house_rules
    setup = eng.setup(doc, "game.yaml")
    assert not [p for p in setup.problems if p.severity == "error"], setup.problems
    return eng, setup.rules, setup.initial_state


def run_day(eng, rules, state, orders: dict, seed: bytes):
    """One day through the phases, as the pipeline runs it; returns (events, dice)."""
    number = state.day + 1
    dice = AuditedDice(seed, eng.facts.name, number)
    phases = eng.phases(number, state)
    state.day = number
    day = Day(number, state, dict(sorted(orders.items())), dice, rules, eng.new_notes())
    events = []
    for phase in phases:
        events += run_phase(day, phase)
        if eng.decided(state, rules):
            break
    return events, dice


def _act(kind, text, **spec):
    return Action(kind, spec, None, text)


def random_setup(state, rules, rnd: random.Random) -> dict:
    board = rules.board
    squares = sorted(board.zone_of, key=reading_order)
    out = {}
    for name in state.seats:
        o = TurnOrders(name)
        o.place = rnd.sample(squares, 5)
        o.chests = rnd.sample(squares, 3)
        a = rnd.randint(0, 5)
        o.hand = {"action": a, "weapon": 5 - a}
        if rnd.random() < 0.5:
            o.standing = {"hitchhike": {"after": "any", "agent": rnd.randint(1, 3), "to": [board.name(s) for s in rnd.sample(squares, 2)]}}
        out[name] = o
    return out


def random_turn(state, rules, rnd: random.Random, name: str | None = None) -> TurnOrders:
    """Random orders for `name`'s turn (the active player's by default)."""
    name = name or state.active
    p = state.players[name]
    o = TurnOrders(name)
    if state.pending is not None and rnd.random() < 0.9:
        choice = rnd.choice(state.pending["choices"])
        o.decide = choice if state.pending["kind"] == "aim" else rules.board.parse(choice)
    mine = [a for a in p.agents if a.alive]
    enemies = [a for a in state.agents() if a.alive and a.owner != name]
    board = rules.board
    squares = sorted(board.zone_of, key=reading_order)
    hand = list(state.hypno_hand if state.hypnotised == name else p.hand)
    for card in hand:
        if card in rules.comp.weapons or card.startswith("Ammo +"):
            if rnd.random() < 0.6 and mine:
                o.actions.append(_act("allocate", f"allocate {card}", card=card, agent=rnd.choice(mine).id))
    for _ in range(rnd.randint(1, 2)):
        if not mine:
            break
        a = rnd.choice(mine)
        to = [e.at for e in enemies[:1]] and rnd.sample(squares, 3)
        o.actions.append(_act("move", f"move {a.id}", agent=a.id, to=to, toward=rnd.choice(squares),
                              shootout=rnd.choice(["avoid", "allow", "seek"]), invisible=False,
                              portkey=list(board.portkeys[:2])))
    for a in mine:
        for w in a.weapons[:1]:
            o.actions.append(_act("shoot", f"shoot {a.id} {w}", agent=a.id, weapon=w,
                                  at=[e.id for e in enemies[:3]], spare_own=True, again=True))
    plays = [c for c in hand if c in ("Freeze", "Shield", "Go", "Switch", "Disarm", "Electrify", "See Me Outside",
                                      "Miss a Turn", "Ceasefire", "Cancel Ceasefire", "Call Seedo", "Russian Roulette",
                                      "Zap'em", "Chameleon", "Take Your Time", "Zombie", "Zombie Control", "Hypnotise")]
    for card in plays[:2]:
        if not mine:
            break
        spec = {"card": card, "agent": rnd.choice(mine).id, "to": rnd.sample(squares, 2)}
        if enemies:
            spec["target"] = rnd.choice(enemies).id
        if card in ("Miss a Turn", "Hypnotise"):
            spec["target"] = rnd.choice([n for n in state.seats if n != name])
        if card in ("Switch", "Zap'em"):
            spec["agents"] = [x.id for x in rnd.sample(state.agents(), 2)]
        if card == "Chameleon":
            spec["becomes"] = "Ordinary"
        if card == "Zombie":
            dead = [a for a in p.agents if not a.alive]
            if not dead:
                continue
            spec["agent"] = dead[0].id
        if card == "Zombie Control":
            zombies = [a for a in state.agents() if a.alive and a.zombie]
            if not zombies:
                continue
            spec["agent"] = zombies[0].id
            o.actions.append(_act("play", f"play {card}", **spec))
            o.actions.append(_act("move", f"move {zombies[0].id}", agent=zombies[0].id, to=rnd.sample(squares, 2),
                                  toward=None, shootout="allow", invisible=False, portkey=[], spare_own=True))
            continue
        o.actions.insert(0 if card == "Take Your Time" else len(o.actions), _act("play", f"play {card}", **spec))
    if state.round > rules.storm_after and state.storm == "calm" and rnd.random() < 0.3:
        o.actions.append(_act("declare_storm", "declare_storm"))
    return o


def play_game(n: int = 4, seed: int = 1, max_days: int = 80, house_rules: dict | None = None, on_day=None):
    """A whole random game; returns (engine, rules, state, days of events)."""
    rnd = random.Random(seed)
    eng, rules, state = new_game(n, house_rules)
    days = []
    for d in range(max_days):
        if state.over:
            break
        if state.stage == "opening":
            orders = {}
        elif state.stage == "placement":
            orders = random_setup(state, rules, rnd)
        else:
            from gm.engines.hashmi.today import writers

            # each of the day's turns by its writer (one, the active player's, unless turns_per_day)
            orders = {w: random_turn(state, rules, rnd, p) for w, p in writers(state).items()}
        before = state.to_json()
        events, dice = run_day(eng, rules, state, orders, f"seed-{seed}-{d}".encode())
        days.append(events)
        if on_day:
            on_day(before, state, orders, events, dice)
    return eng, rules, state, days
