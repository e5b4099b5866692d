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
    gm:                             # a Power the engine cannot know, as the GM reads the real card (gm_steps.py)
      Bruno:
        - discard: {army: Akane, unit: Ironshield}
        - note: "The Horde keeps coming."
      no_yeah: [Chiaki]             # house rule yeah_rule: who did not cheer the last Kharnage

Day 0 (the set-up) takes no orders. A player who sends nothing plays a card drawn from their hand
(house rule `silent_card`) with their standing plan.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gm.checker import Checker
from gm.errors import Location, Problem
from gm.suggest import did_you_mean
from gm.yamlio import item_loc, key_loc, node_loc, plain, value_loc

from .gm_steps import GM, GmSteps, read_gm_steps
from .rules import Rules
from .state import SETUP, State, player_named

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
MAX_LIST = 20  # entries in a list of the war plan


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


def default_orders(player: str) -> Orders:
    return Orders(player, received=False)


class _Checker(Checker):
    """The shared order checker, with Kharnage's vocabulary: players by name or by their army."""


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
            read_gm_steps(c, node, value_loc(path, doc, raw_name), steps)
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
