"""Kharnage orders as a GM writes them: the Battle card, and the standing war plan.

    Akane:
      card: Hammerfall              # a Battle card in hand: by name, id (DW-B1) or initiative (120)
      plan:                         # standing: kept from round to round until changed
        general: Thane Grimbeard    # on a bicolor flag: this General | first (default) | no
        assault: [left, Chiaki]     # armies to try, in order: left | right | a player | an army; or auto
        shooting: auto              # auto (default): the engine's maximiser (targeting.py)
        elite: [Bruno]              # Elite, Kamikaze, Veteran and Power attacks (default: the kind's list)
        split: best                 # never | always | best (default)
        destroy: kharnage_first     # kharnage_first | most_cards | toughest_first | cheapest_first | [Unit names]
        knights: when_better        # never | always | when_better (default)
        web: most_symbols           # most_symbols | toughest | [Unit names]
        stomp: most_cards           # most_cards | toughest | [Unit names]
    gm:                             # a Power the engine cannot know, as the GM reads the real card
      Bruno:
        - discard: {army: Akane, unit: Ironshield}
        - note: "The Horde keeps coming."
      no_yeah: [Chiaki]             # house rule yeah_rule: who did not cheer the last Kharnage

Day 0 (the set-up) takes no orders. A player who sends nothing plays a card drawn from their hand
(house rule `silent_card`) with their standing plan.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gm.checker import Checker, find_name
from gm.errors import Location, Problem
from gm.suggest import did_you_mean
from gm.yamlio import item_loc, key_loc, node_loc, plain, value_loc

from .powers import EVERY_OTHER, STEP_KINDS, UNIT_RULES
from .rules import Rules
from .state import SETUP, State

PLAYER_KEYS = ("card", "plan")
TARGET_KEYS = ("assault", "shooting", "elite")
CHOICES = {
    "split": ("never", "always", "best"),
    "destroy": ("kharnage_first", "most_cards", "toughest_first", "cheapest_first"),
    "knights": ("never", "always", "when_better"),
    "web": ("most_symbols", "toughest"),
    "stomp": ("most_cards", "toughest"),
}
PLAN_KEYS = ("general",) + TARGET_KEYS + tuple(CHOICES)
DEFAULT_PLAN: dict[str, Any] = {"general": "first", "assault": "auto", "shooting": "auto", "elite": "auto",
                                "split": "best", "destroy": "kharnage_first", "knights": "when_better",
                                "web": "most_symbols", "stomp": "most_cards"}
GM = "gm"
NO_YEAH = "no_yeah"
MAX_LIST = 20


@dataclass
class Orders:
    player: str
    received: bool = True
    card: str | None = None  # a Battle card id
    plan: dict[str, Any] | None = None  # the whole plan as it stands after these orders
    where: Location | None = None
    card_where: Location | None = None

    def record(self) -> dict:
        return {"player": self.player, "received": self.received, "card": self.card, "plan": self.plan}


@dataclass
class GmSteps:
    """`gm:` of the day's orders: steps for the Powers the engine cannot know, by player."""

    steps: dict[str, list[dict]] = field(default_factory=dict)
    where: dict[str, Location] = field(default_factory=dict)
    no_yeah: list[str] = field(default_factory=list)  # house rule yeah_rule: who did not cheer a Kharnage
    no_yeah_where: Location | None = None
    received: bool = True
    player: str = GM

    def record(self) -> dict:
        return {"gm_steps": self.steps, "no_yeah": self.no_yeah}


def default_orders(player: str) -> Orders:
    return Orders(player, received=False)


class _Checker(Checker):
    """The shared order checker, with Kharnage's vocabulary: players by name or by their army."""


def player_named(state: State, raw) -> str | None:
    """A player by name, or by the army they lead ('Akane', 'akane', 'Dwarves')."""
    name = find_name(raw, state.players)
    if name is None:
        army = find_name(raw, [p.army for p in state.players.values()])
        name = next((p.name for p in state.players.values() if p.army == army), None) if army else None
    return name


def _card(c: _Checker, name: str, raw, at: Location) -> str | None:
    p = c.state.players[name]
    comp = c.rules.components
    army = comp.armies[p.army]
    match = None
    for b in army.battle_cards:
        if (isinstance(raw, int) and not isinstance(raw, bool) and raw == b.initiative) or \
                (isinstance(raw, str) and raw.strip().casefold() in (b.name.casefold(), b.id.casefold())):
            match = b
            break
    if match is None:
        c.error(at, f"{p.army} have no Battle card {raw!r}{did_you_mean(str(raw), [b.name for b in army.battle_cards])}")
        return None
    if match.id not in p.hand:
        where = "was played in an earlier round" if match.id in p.played else "is not in their hand yet"
        held = ", ".join(f"{comp.battle[x].name} ({comp.battle[x].initiative})" for x in p.hand)
        c.error(at, f"{name}'s {match.name} {where} (in hand: {held})")
        return None
    return match.id


def _targets(c: _Checker, name: str, node, key: str) -> Any:
    raw = node[key]
    at = value_loc(c.path, node, key)
    if raw == "auto":
        return "auto"
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list) or not raw or len(raw) > MAX_LIST:
        c.error(at, f"{key} is `auto` or a list of armies to try: left, right, a player or an army")
        return None
    out = []
    for i, ref in enumerate(raw):
        iat = item_loc(c.path, node[key], i) if isinstance(node[key], list) else at
        if isinstance(ref, str) and ref.strip().casefold() in ("left", "right"):
            out.append(ref.strip().casefold())
            continue
        who = player_named(c.state, ref)
        if who is None:
            pool = list(c.state.players) + [p.army for p in c.state.players.values()] + ["left", "right"]
            c.error(iat, f"no player or army {ref!r}{did_you_mean(str(ref), pool)}")
            return None
        if who == name:
            c.error(iat, f"{name} cannot attack their own army")
            return None
        out.append(who)
    return out


def _choice_or_names(c: _Checker, name: str, node, key: str) -> Any:
    raw = node[key]
    at = value_loc(c.path, node, key)
    if isinstance(raw, str) and raw in CHOICES[key]:
        return raw
    if key in ("split", "knights") or not isinstance(raw, list):
        extra = " or a list of Unit names" if key not in ("split", "knights") else ""
        c.error(at, f"{key} is one of {', '.join(CHOICES[key])}{extra}, not {raw!r}"
                    f"{did_you_mean(str(raw), CHOICES[key]) if isinstance(raw, str) else ''}")
        return None
    known = sorted({u.name for a in c.rules.components.armies.values() for u in a.units + a.generals})
    folded = {k.casefold(): k for k in known}
    out = []
    if not raw or len(raw) > MAX_LIST:
        c.error(at, f"{key} lists 1 to {MAX_LIST} Unit names")
        return None
    for i, unit in enumerate(raw):
        if not isinstance(unit, str) or unit.strip().casefold() not in folded:
            c.error(item_loc(c.path, raw, i), f"no Unit called {unit!r}{did_you_mean(str(unit), known)}")
            return None
        out.append(folded[unit.strip().casefold()])
    mine = c.state.players[name].army
    theirs = {u.name for pl in c.state.players.values() if pl.army != mine
              for u in c.rules.components.armies[pl.army].units + c.rules.components.armies[pl.army].generals}
    for i, unit in enumerate(out):
        if unit not in theirs:
            c.warn(item_loc(c.path, raw, i), f"no other army in this game has a {unit}: that entry of {key} "
                                             "will never pick anything")
    return out


def _general(c: _Checker, name: str, node) -> Any:
    raw = node["general"]
    at = value_loc(c.path, node, "general")
    if raw in ("first", "no") or raw is False:
        return "no" if raw is False else raw
    p = c.state.players[name]
    army = c.rules.components.armies[p.army]
    hit = next((g for g in army.generals if isinstance(raw, str) and raw.strip().casefold() in (g.name.casefold(), g.id.casefold())), None)
    if hit is None:
        c.error(at, f"general is first, no, or one of {p.army}' Generals ({', '.join(g.name for g in army.generals) or 'none'}),"
                    f" not {raw!r}")
        return None
    if hit.id not in p.generals:
        c.warn(at, f"{hit.name} is already in {name}'s army: a bicolor flag will bring the first General left, if any")
    return hit.id


def check_plan(c: _Checker, name: str, node, at: Location, current: dict) -> dict | None:
    if node is None:
        return dict(current)
    if not isinstance(node, dict):
        c.error(at, "plan is a mapping: assault, shooting, elite, split, destroy, knights, web, stomp, general")
        return None
    plan = dict(DEFAULT_PLAN)
    plan.update(current)
    ok = True
    for key in node:
        if key not in PLAN_KEYS:
            c.error(key_loc(c.path, node, key), f"unknown war plan entry '{key}'{did_you_mean(str(key), PLAN_KEYS)}")
            ok = False
            continue
        if key in TARGET_KEYS:
            value = _targets(c, name, node, key)
        elif key == "general":
            value = _general(c, name, node)
        else:
            value = _choice_or_names(c, name, node, key)
            army = c.rules.components.armies[c.state.players[name].army]
            skill = {"knights": "knight", "web": "web", "stomp": "stomp"}.get(key)
            if value is not None and skill and not any(u.skill(skill) for u in army.units + army.generals):
                c.warn(key_loc(c.path, node, key), f"the {army.name} have no Unit with {skill.capitalize()}: "
                                                   f"`{key}` will never be used")
        if value is None:
            ok = False
        else:
            plan[key] = value
    return plan if ok else None


def _gm_steps(c: _Checker, node, at: Location, out: GmSteps) -> None:
    if not isinstance(node, dict):
        c.error(at, "gm maps a player (whose card's Power it is) to a list of steps")
        return
    for raw in node:
        pat = key_loc(c.path, node, raw)
        if raw == NO_YEAH:
            _no_yeah(c, node, out)
            continue
        who = player_named(c.state, raw)
        if who is None:
            c.error(pat, f"no player {raw!r}{did_you_mean(str(raw), c.state.players)}")
            continue
        seq = node[raw]
        if seq is None:
            seq = []
        if not isinstance(seq, list) or len(seq) > MAX_LIST:
            c.error(value_loc(c.path, node, raw), f"the GM's steps for {who} are a list (at most {MAX_LIST})")
            continue
        if who in out.steps:
            c.error(pat, f"the GM's steps for {who} are given twice")
            continue
        steps = []
        for i, step in enumerate(seq):
            got = _gm_step(c, step, item_loc(c.path, seq, i))
            if got is not None:
                steps.append(got)
        out.steps[who] = steps
        out.where[who] = pat


def _no_yeah(c: _Checker, node, out: GmSteps) -> None:
    """`no_yeah: [players]`: those who did not cheer the last Kharnage lose a Kharnage token."""
    at = value_loc(c.path, node, NO_YEAH)
    out.no_yeah_where = key_loc(c.path, node, NO_YEAH)
    seq = node[NO_YEAH]
    if not c.rules.yeah_rule:
        c.error(out.no_yeah_where, "no_yeah needs the house rule `yeah_rule: true` (the rulebook's yelling is optional)")
        return
    if not isinstance(seq, list) or len(seq) > MAX_LIST:
        c.error(at, "no_yeah lists the players who did not cheer «YEAH!»")
        return
    for i, raw in enumerate(seq):
        who = c.name(raw, c.state.players, item_loc(c.path, seq, i), "player")
        if who is not None and who not in out.no_yeah:
            out.no_yeah.append(who)


def _gm_step(c: _Checker, step, at: Location) -> dict | None:
    if not isinstance(step, dict) or len(step) != 1:
        c.error(at, f"a GM step is one of {', '.join(STEP_KINDS)}, e.g. `- destroy: {{army: Akane, unit: Footman}}`")
        return None
    kind = str(next(iter(step)))
    value = step[kind]
    vat = value_loc(c.path, step, kind)
    if kind not in STEP_KINDS:
        c.error(key_loc(c.path, step, kind), f"unknown GM step '{kind}'{did_you_mean(kind, STEP_KINDS)}")
        return None
    if kind == "note":
        if not isinstance(value, str) or not value.strip() or len(value) > 500:
            c.error(vat, "note is a line of text (at most 500 characters)")
            return None
        return {"kind": kind, "text": value.strip()}
    if kind == "reinforce":
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
            c.error(vat, "reinforce is a number of Units from 1 to 10")
            return None
        return {"kind": kind, "n": value}
    if kind == "attack":
        if not isinstance(value, dict) or value.get("type") not in ("assault", "shooting") or \
                isinstance(value.get("points"), bool) or not isinstance(value.get("points"), int) or \
                not 1 <= value["points"] <= 50 or set(value) - {"type", "points"}:
            c.error(vat, "attack is {type: assault | shooting, points: N} (N from 1 to 50)")
            return None
        return {"kind": kind, "type": str(value["type"]), "points": value["points"]}
    if not isinstance(value, dict) or not {"army", "unit"} <= set(value) <= {"army", "unit", "line"}:
        c.error(vat, f"{kind} is {{army: PLAYER, unit: UNIT NAME}}, or rules worked out when the Power is played: "
                     f"{{army: every_other, unit: cheapest | toughest, line: 1 | 2 | 3}}")
        return None
    line = value.get("line")
    if line is not None and (isinstance(line, bool) or line not in (1, 2, 3)):
        c.error(value_loc(c.path, value, "line"), f"line is 1, 2 or 3 (the army's lines), not {line!r}")
        return None
    raw_army = value["army"]
    every = isinstance(raw_army, str) and raw_army.strip().casefold() == EVERY_OTHER
    who = None if every else player_named(c.state, raw_army)
    if who is None and not every:
        c.error(value_loc(c.path, value, "army"), f"no player or army {raw_army!r}"
                                                  f"{did_you_mean(str(raw_army), list(c.state.players) + [EVERY_OTHER])} "
                                                  f"(or `{EVERY_OTHER}`: every army but the active player's)")
        return None
    unit = value["unit"]
    by_rule = isinstance(unit, str) and unit.strip().casefold() in UNIT_RULES
    if by_rule:
        hit = unit.strip().casefold()
    else:
        pool = [c.state.players[who].army] if who else sorted({p.army for p in c.state.players.values()})
        names = [u.name for a in pool for u in c.rules.components.armies[a].units + c.rules.components.armies[a].generals]
        hit = next((n for n in names if isinstance(unit, str) and n.casefold() == unit.strip().casefold()), None)
        if hit is None:
            what = f"{c.rules.components.armies[pool[0]].name} have no Unit" if who else "no army in this game has a Unit"
            c.error(value_loc(c.path, value, "unit"), f"{what} {unit!r}{did_you_mean(str(unit), names)} "
                                                      f"(or a rule: {', '.join(UNIT_RULES)})")
            return None
    out = {"kind": kind, "army": EVERY_OTHER if every else who, "unit": hit}
    if line is not None:
        out["line"] = line
    return out


def check_orders_doc(doc, path: str, rules: Rules, state: State, day: int, seen: dict) -> tuple[dict, list[Problem]]:
    c = _Checker(path, rules, state, day)
    out: dict = {}
    if doc is None:
        return out, c.problems
    if not isinstance(doc, dict):
        c.error(node_loc(path, doc), "an orders file maps each player's name to their orders")
        return out, c.problems
    if state.stage == SETUP:
        if doc:
            c.error(key_loc(path, doc, next(iter(doc))), f"Day {day} is the set-up: it takes no orders "
                                                          "(the armies come from game.yaml's roster)")
        return out, c.problems
    for raw_name in doc:
        at = key_loc(path, doc, raw_name)
        node = doc[raw_name]
        if isinstance(raw_name, str) and raw_name.strip().casefold() == GM:
            if GM in seen:
                c.error(at, f"the GM's steps are already given at {seen[GM]}")
                continue
            seen[GM] = at
            steps = GmSteps()
            _gm_steps(c, node, value_loc(path, doc, raw_name), steps)
            out[GM] = steps
            continue
        name = player_named(state, raw_name)
        if name is None:
            c.error(at, f"no player called '{raw_name}'{did_you_mean(str(raw_name), state.players)}")
            continue
        if name in seen:
            c.error(at, f"{name} already has orders at {seen[name]}")
            continue
        seen[name] = at
        if state.pending and name != state.pending[0]:
            c.error(at, f"only {state.pending[0]} acts on Day {day} (pace: activation): {name}'s plan may be "
                        f"sent on the day of {name}'s own activation")
            continue
        out[name] = _player_orders(c, name, node, at, value_loc(path, doc, raw_name))
    return out, c.problems


def _player_orders(c: _Checker, name: str, node, at: Location, vat: Location) -> Orders:
    p = c.state.players[name]
    orders = Orders(name, where=at)
    if isinstance(node, (str, int)) and not isinstance(node, bool):
        node = {"card": node}
    if not isinstance(node, dict):
        c.error(vat, f"{name}'s orders are a mapping: card and plan (or just the card's name)")
        return orders
    for key in node:
        if key not in PLAYER_KEYS:
            c.error(key_loc(c.path, node, key), f"unknown order '{key}'{did_you_mean(str(key), PLAYER_KEYS)}"
                                                " (orders: card, plan)")
    if "card" in node and c.state.pending:
        card = c.rules.components.battle[p.played[-1]].name
        c.error(value_loc(c.path, node, "card"), f"{name}'s card this round is {card}, revealed already: "
                                                 "today takes only the war plan")
    elif "card" in node:
        orders.card_where = value_loc(c.path, node, "card")
        orders.card = _card(c, name, plain(node["card"]), orders.card_where)
    elif p.hand and not c.state.pending:
        c.warn(at, f"{name} names no card: one is chosen as for a player who sent nothing "
                   f"({c.rules.silent_card})")
    orders.plan = check_plan(c, name, node.get("plan"), value_loc(c.path, node, "plan") if "plan" in node else at,
                             p.plan or DEFAULT_PLAN)
    return orders


def powers_today(orders: dict, state: State) -> dict[str, tuple[str, Location | None]]:
    """Player -> (Battle card, where it was named) for each Power resolved today."""
    if state.pending:  # pace activation: the active player's card, revealed earlier
        name = state.pending[0]
        return {name: (state.players[name].played[-1], None)}
    if state.pace == "activation":
        return {}  # the reveal only
    return {n: (o.card, o.card_where) for n, o in orders.items() if isinstance(o, Orders) and o.card}


def check_all(orders: dict, missing: list[str], state: State, rules: Rules, folder: str) -> list[Problem]:
    """A card whose Power the engine cannot know needs the GM's steps; steps need such a card."""
    problems: list[Problem] = []
    gm = orders.get(GM)
    steps = gm.steps if isinstance(gm, GmSteps) else {}
    today = powers_today(orders, state)
    for name, (cid, where) in today.items():
        card = rules.components.battle[cid]
        if card.gm_power and name not in steps:
            problems.append(Problem(where or Location(folder),
                                    f"{name}'s {card.name} has a Power the engine cannot know ({card.power['text']!r}): "
                                    f"write what it does under `gm: {{{name}: [...]}}` (an empty list: nothing)"))
    for name, where in (gm.where.items() if isinstance(gm, GmSteps) else []):
        card = rules.components.battle[today[name][0]] if name in today else None
        if card is None:
            problems.append(Problem(where, f"no Power of {name}'s is resolved today, so the GM's steps cannot be "
                                           "placed (give them a card, or remove these steps)"))
        elif not card.gm_power:
            problems.append(Problem(where, f"{name}'s {card.name} has no Power for the GM to write"))
    return problems
