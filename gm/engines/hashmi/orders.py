"""Hashmi orders as a GM writes them, checked against the state before the day.

The active player's turn: a list of actions, played in order; an action that cannot be played
when reached is skipped with a reason (its actions are not spent). Choices that come after a
roll are settled by preferences written in advance.

    Akane:
      actions:
        - play: Take Your Time                           # first action only: +1 to +3 actions
        - allocate: {card: Pistol, agent: 2}             # a weapon or ammunition card onto an agent
        - move: {agent: 2, to: [K14, K13], toward: K14, shootout: avoid, invisible: false, portkey: [S19]}
        - shoot: {agent: 2, weapon: Pistol, at: [Bruno.1, Bruno.3], else: up, spare_own: true, again: true}
        - give: {from: 1, to: 2, weapon: Sword}          # or {from: 1, to: 2, ammo: 5}
        - play: {card: Freeze, target: Bruno.1}
        - declare_storm                                  # free, once the storm rounds are complete
        - know_it_all: {Bruno: Peace for All, Chiaki: One a Side, Dana: Destroy Left}   # free
      discard: [Switch, Dagger]                          # over the hand limit at the end of the turn
      standing: {charm: always, sacrifice: [3, 2, 1], draw: {action: 1, weapon: 1},
                 wanted_prize: [{revive: any}, {terminate: nearest}]}

Any player may send `standing:` on any day. The set-up day (Day 1) takes
`place: [squares]` (agents, one a round, the first free legal square), `chests: [squares]`
and `hand: {action: 3, weapon: 2}` (the opening hand's split).

Agents are written `Bruno.1` (player and base number) or `Bruno.Sonic` (player and type);
one's own also by number alone. Squares column then row: `K14` (`C:K14` is accepted).
"""

from __future__ import annotations

from typing import Any

from gm.errors import Location
from gm.suggest import did_you_mean
from gm.yamlio import item_loc, key_loc, plain, value_loc

from .board import DIRECTIONS
from .cards import PLAYED, REACTIONS
from .components import MISSIONS
from gm.checker import find_name

from .order_base import Action, OrderChecker, TurnOrders
from .order_setup import read_exchange, read_standing, read_trade
from .rules import Rules
from .state import OPENING, PLACEMENT, State

ACTIONS = ("move", "shoot", "allocate", "give", "play", "declare_storm", "know_it_all", "pass")
TURN_KEYS = ("actions", "discard", "standing", "decide")
SETUP_KEYS = ("place", "chests", "hand", "standing", "exchange", "trade")
MOVE_KEYS = ("agent", "to", "toward", "shootout", "invisible", "portkey", "spare_own")
SHOOT_KEYS = ("agent", "weapon", "at", "else", "spare_own", "again")
CARD_KEYS = ("card", "agent", "target", "agents", "to", "becomes")


def _card_named(raw) -> str | None:
    from .components import CARD_NAMES

    if not isinstance(raw, str):
        return None
    return next((c for c in CARD_NAMES if c.casefold() == raw.strip().casefold()), None)


def _action(c: OrderChecker, player: str, node, at: Location, hand: list[str], weapons_known: set) -> Action | None:
    if isinstance(node, str):
        key = node.strip().casefold().replace(" ", "_")
        if key in ("pass", "declare_storm"):
            return Action(key, {}, at, key)
        node = {node: None} if key not in ACTIONS else {key: None}
    if not isinstance(node, dict) or len(node) != 1:
        c.error(at, "an action is one of: " + ", ".join(f"{a}: ..." for a in ACTIONS[:5]) + ", declare_storm, know_it_all, pass")
        return None
    kind = str(next(iter(node)))
    value = node[kind]
    vat = value_loc(c.path, node, kind)
    k = kind.strip().casefold()
    if k not in ACTIONS:
        c.error(key_loc(c.path, node, kind), f"unknown action '{kind}'{did_you_mean(kind, ACTIONS)} (actions: {', '.join(ACTIONS)})")
        return None
    if k in ("pass", "declare_storm"):
        return Action(k, {}, at, k)
    card_at = None
    if k == "play" and isinstance(value, str):
        value, card_at = {"card": value}, vat  # `play: Go`: the card's name is the value itself
    if k == "know_it_all":
        return _know_it_all(c, player, value, vat)
    if not isinstance(value, dict):
        c.error(vat, f"{k} takes a mapping, e.g. {k}: {{agent: 2, ...}}")
        return None
    spec: dict[str, Any] = {}
    if k == "move":
        c.keys(value, MOVE_KEYS, "move")
        aat = value_loc(c.path, value, "agent") if "agent" in value else vat
        spec["agent"] = c.agent(player, value.get("agent"), aat)
        if spec["agent"] and c.state.agent(spec["agent"]).owner != player and ("control", spec["agent"]) not in weapons_known:
            c.error(aat, f"{spec['agent']} is not {player}'s agent (a zombie of another player moves only after "
                         "Zombie Control on it, earlier in the turn)")
        spec["to"] = c.squares(value, "to", vat)
        t = c.squares(value, "toward", vat)
        spec["toward"] = t[0] if t else None
        pol = value.get("shootout", "avoid")
        if pol not in ("avoid", "allow", "seek"):
            c.error(value_loc(c.path, value, "shootout"), f"shootout is avoid, allow or seek, not {pol!r}")
        spec["shootout"] = pol
        spec["invisible"] = bool(value.get("invisible", False))
        if spec["invisible"] and "Invisible" not in hand:
            c.error(value_loc(c.path, value, "invisible"), f"{player} holds no Invisible card")
        spec["spare_own"] = bool(value.get("spare_own", True))
        spec["portkey"] = c.squares(value, "portkey", vat)
        for sq in spec["portkey"]:
            if sq not in c.board.portkeys:
                c.error(value_loc(c.path, value, "portkey"), f"{c.board.name(sq)} is not a portkey square "
                                                             f"({', '.join(c.board.name(s) for s in c.board.portkeys)})")
        if spec["portkey"] and "Portkey" not in hand:
            c.warn(value_loc(c.path, value, "portkey"), f"{player} holds no Portkey card: the portkey list is never used")
        text = f"move {spec['agent']}"
    elif k == "shoot":
        c.keys(value, SHOOT_KEYS, "shoot")
        spec["agent"] = c.agent(player, value.get("agent"), value_loc(c.path, value, "agent") if "agent" in value else vat, own=True)
        w = value.get("weapon")
        weapons = c.rules.comp.weapons
        wname = next((n for n in weapons if isinstance(w, str) and n.casefold() == w.strip().casefold()), None)
        if wname is None:
            c.error(value_loc(c.path, value, "weapon") if "weapon" in value else vat,
                    f"unknown weapon {w!r}{did_you_mean(str(w), weapons)} (weapons: {', '.join(weapons)})")
            return None
        spec["weapon"] = wname
        at_list = value.get("at") or []
        spec["at"] = [c.agent(player, t, item_loc(c.path, at_list, i) if isinstance(at_list, list) else vat)
                      for i, t in enumerate(at_list if isinstance(at_list, list) else [at_list])]
        spec["at"] = [t for t in spec["at"] if t]
        d = value.get("else")
        if d is not None and d not in DIRECTIONS:
            c.error(value_loc(c.path, value, "else"), f"else is a direction: {', '.join(DIRECTIONS)}")
        spec["else"] = d
        spec["spare_own"] = bool(value.get("spare_own", True))
        spec["again"] = bool(value.get("again", True))
        a = c.state.agent(spec["agent"]) if spec["agent"] else None
        if a is not None and wname not in a.weapons and (spec["agent"], wname) not in weapons_known:
            c.warn(vat, f"{a.id} carries no {wname} now ({', '.join(a.weapons) or 'no weapons'}); "
                        "unless it gets one earlier in the turn, the shot is skipped")
        text = f"shoot {spec['agent']} {wname}"
    elif k == "allocate":
        c.keys(value, ("card", "agent"), "allocate")
        card = value.get("card")
        spec["card"] = _hand_card(c, card, hand, value_loc(c.path, value, "card") if "card" in value else vat, "weapon")
        spec["agent"] = c.agent(player, value.get("agent"), value_loc(c.path, value, "agent") if "agent" in value else vat, own=True)
        if spec["card"] and spec["agent"]:
            weapons_known.add((spec["agent"], spec["card"]))
        text = f"allocate {spec['card']} to {spec['agent']}"
    elif k == "give":
        c.keys(value, ("from", "to", "weapon", "ammo"), "give")
        spec["from"] = c.agent(player, value.get("from"), vat, own=True)
        spec["to"] = c.agent(player, value.get("to"), vat, own=True)
        if ("weapon" in value) == ("ammo" in value):
            c.error(vat, "give moves one weapon (weapon: Sword) or an amount of ammunition (ammo: 5), one of the two")
            return None
        if "weapon" in value:
            spec["weapon"] = next((n for n in c.rules.comp.weapons if str(value["weapon"]).casefold() == n.casefold()), None)
            if spec["weapon"] is None:
                c.error(value_loc(c.path, value, "weapon"), f"unknown weapon {value['weapon']!r}{did_you_mean(str(value['weapon']), c.rules.comp.weapons)}")
                return None
            weapons_known.add((spec["to"], spec["weapon"]))
        else:
            n = value["ammo"]
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                c.error(value_loc(c.path, value, "ammo"), f"ammo is a whole number above 0, not {n!r}")
                return None
            spec["ammo"] = n
        text = f"give {spec.get('weapon') or str(spec.get('ammo')) + ' ammo'} from {spec['from']} to {spec['to']}"
    else:  # play
        c.keys(value, CARD_KEYS, "play")
        card_at = card_at or (value_loc(c.path, value, "card") if "card" in value else vat)
        card = _hand_card(c, value.get("card"), hand, card_at, "action")
        if card is None:
            return None
        if card in REACTIONS:
            c.error(card_at, f"{card} is not played as an action: {REACTIONS[card]}")
            return None
        if card not in PLAYED:
            c.error(card_at, f"{card} is not in this game (house rule left_out)")
            return None
        spec["card"] = card
        for key in ("agent", "target"):
            if key in value:
                if card in ("Miss a Turn", "Hypnotise") and key == "target":
                    name = next((n for n in c.state.players if isinstance(value[key], str) and n.casefold() == value[key].casefold()), None)
                    if name is None:
                        c.error(value_loc(c.path, value, key), f"{card} names a player{did_you_mean(str(value[key]), c.state.players)}")
                    spec[key] = name
                else:
                    spec[key] = c.agent(player, value[key], value_loc(c.path, value, key))
        if "agents" in value:
            seq = value["agents"] if isinstance(value["agents"], list) else []
            spec["agents"] = [c.agent(player, t, item_loc(c.path, seq, i)) for i, t in enumerate(seq)]
        spec["to"] = c.squares(value, "to", vat)
        if "becomes" in value:
            spec["becomes"] = str(value["becomes"])
        if card == "Zombie Control" and spec.get("agent"):
            weapons_known.add(("control", spec["agent"]))
        text = f"play {card}"
    return Action(k, spec, at, text)


def _hand_card(c: OrderChecker, raw, hand: list[str], where: Location, what: str) -> str | None:
    if not isinstance(raw, str):
        c.error(where, f"name the {what} card, e.g. card: Pistol")
        return None
    match = next((h for h in hand if h.casefold() == raw.strip().casefold()), None)
    if match is None:
        c.error(where, f"the hand holds no '{raw}'{did_you_mean(raw, hand)} (hand: {', '.join(hand) or 'empty'})")
    return match


def _know_it_all(c: OrderChecker, player: str, value, at: Location) -> Action | None:
    others = [n for n in c.state.players if n != player]
    if not isinstance(value, dict):
        c.error(at, "know_it_all maps every other player to their mission, e.g. {Bruno: Peace for All}")
        return None
    guess = {}
    for k in value:
        name = next((n for n in others if isinstance(k, str) and n.casefold() == k.casefold()), None)
        if name is None:
            c.error(key_loc(c.path, value, k), f"'{k}' is not another player{did_you_mean(str(k), others)}")
            continue
        m = next((x for x in MISSIONS if isinstance(value[k], str) and x.casefold() == value[k].strip().casefold()), None)
        if m is None:
            c.error(value_loc(c.path, value, k), f"unknown mission {value[k]!r}{did_you_mean(str(value[k]), MISSIONS)}")
            continue
        guess[name] = m
    missing = [n for n in others if n not in guess]
    if missing:
        c.error(at, f"Know it All must state the mission of every other player: {', '.join(missing)} missing")
    return Action("know_it_all", {"guess": guess}, at, "know_it_all")


def check_turn(c: OrderChecker, name: str, node, at: Location) -> TurnOrders:
    st = c.state
    o = TurnOrders(name, where=at)
    if node is None or (isinstance(node, str) and node.strip().casefold() == "pass"):
        o.actions = [Action("pass", {}, at, "pass")] if node is not None else []
        o.received = node is not None
        return o
    if not isinstance(node, dict):
        c.error(at, f"{name}'s orders are a mapping: " + ", ".join(TURN_KEYS if st.stage != PLACEMENT else SETUP_KEYS))
        return o
    if st.stage == PLACEMENT:
        c.keys(node, SETUP_KEYS, "set-up orders")
        o.place = c.squares(node, "place", at)
        o.chests = c.squares(node, "chests", at)
        if "hand" in node:
            h = plain(node["hand"])
            if not (isinstance(h, dict) and set(h) <= {"action", "weapon"} and all(isinstance(v, int) and v >= 0 for v in h.values())
                    and sum(h.values()) == c.rules.opening_hand):
                c.error(value_loc(c.path, node, "hand"), f"hand splits the {c.rules.opening_hand} opening cards, e.g. {{action: 3, weapon: 2}}")
            else:
                o.hand = h
        if "exchange" in node:
            read_exchange(c, name, node["exchange"], value_loc(c.path, node, "exchange"), o)
        if "trade" in node:
            raw = node["trade"]
            for i, t in enumerate(raw if isinstance(raw, list) else [raw]):
                read_trade(c, name, t, item_loc(c.path, raw, i) if isinstance(raw, list) else value_loc(c.path, node, "trade"), o)
    else:
        c.keys(node, TURN_KEYS, "turn orders")
    if "standing" in node:
        o.standing = read_standing(c, node["standing"], value_loc(c.path, node, "standing"))
    if st.stage != PLACEMENT and st.pending is not None and name == st.controller(st.active):
        p = st.pending
        if "decide" not in node:
            what = {"move": "its square: `decide: SQUARE`", "go": "its square: `decide: SQUARE`"}.get(
                p["kind"], f"the {p.get('weapon')}'s way: `decide: WAY`")
            c.error(at, f"{p['agent']}'s {p['kind']} waits for {what}, one of {', '.join(p['choices'])}")
        elif p["kind"] == "aim":
            where = value_loc(c.path, node, "decide")
            way = find_name(str(node["decide"]), p["choices"])
            if way is None:
                c.error(where, f"{node['decide']!r} is not a way the {p['weapon']} can go with range {p['range']}: "
                               f"choose one of {', '.join(p['choices'])}")
            o.decide = way
        else:
            where = value_loc(c.path, node, "decide")
            sq = c.square(node["decide"], where)
            if sq is not None and c.board.name(sq) not in p["choices"]:
                why = (f"cannot be reached in exactly {p['roll']} steps" if p["kind"] == "move"
                       else "is not a square Go may land on from this face")
                c.error(where, f"{c.board.name(sq)} {why}: choose one of {', '.join(p['choices'])}")
            o.decide = sq
    elif "decide" in node:
        c.error(key_loc(c.path, node, "decide"), "no move waits for a square today (decide: is for a turn stopped by house rule ask)")
    if st.stage != PLACEMENT and ("actions" in node or "discard" in node):
        from .today import writers

        today = writers(st)
        if name not in today:
            writer = st.controller(st.active)
            why = (f"{st.active}'s turn is hypnotised: {writer} writes it" if writer != st.active
                   else f"it is {st.active}'s turn, not {name}'s" if len(today) < 2
                   else "today's turns are " + " and ".join(f"{t}'s" for t in today.values()) + f", not {name}'s")
            c.error(key_loc(c.path, node, "actions" if "actions" in node else "discard"),
                    f"{why}: {name} may only send standing orders today")
            return o
        _turn_actions(c, today[name], node, o)  # a hypnotist's orders are the hypnotised player's turn
    return o


def _turn_actions(c: OrderChecker, name: str, node, o: TurnOrders) -> None:
    p = c.state.players[name]
    hand = c.state.hypno_hand if c.state.hypnotised == name else p.hand
    seq = node.get("actions")
    sat = value_loc(c.path, node, "actions") if "actions" in node else o.where
    if seq is None:
        seq = []
    if not isinstance(seq, list):
        c.error(sat, "actions is a list, played in order")
        return
    known: set = set()
    for i, entry in enumerate(seq):
        a = _action(c, name, entry, item_loc(c.path, seq, i), hand, known)
        if a is not None and a.kind == "know_it_all" and c.state.hypnotised == name:
            c.error(a.where, "Know it All is the player's own to reveal, not a hypnotist's")
            continue
        if a is not None:
            o.actions.append(a)
    prior = c.state.pending["budget"] if c.state.pending and name == c.state.active else {}  # a stopped turn's so far
    moves = sum(1 for a in o.actions if a.kind == "move") + prior.get("moves", 0)
    shots = sum(1 for a in o.actions if a.kind == "shoot") + prior.get("shots", 0)
    if moves > c.rules.max_moves:
        c.error(sat, f"at most {c.rules.max_moves} MOVE actions a turn, {moves} written")
    if shots > c.rules.max_shots:
        c.error(sat, f"at most {c.rules.max_shots} SHOOTING actions a turn, {shots} written")
    if moves == 0 and not any(a.kind == "pass" for a in o.actions) and any(x.alive and not x.frozen for x in p.agents):
        c.error(sat, "a turn must have at least one MOVE action (\"A player must perform a minimum of one ... MOVE\")")
    cards = [a.spec.get("card") for a in o.actions if a.kind == "play"]
    for card in sorted(set(cards)):
        if cards.count(card) > hand.count(card):
            c.error(sat, f"{name} plays {card} {cards.count(card)} times but holds {hand.count(card)}")
    _foresee(c, name, o)
    d = node.get("discard") or []
    for i, raw in enumerate(d if isinstance(d, list) else []):
        card = _hand_card(c, raw, p.hand, item_loc(c.path, d, i), "")
        if card:
            o.discard.append(card)


def _foresee(c: OrderChecker, name: str, o: TurnOrders) -> None:
    """Warnings for what will be skipped as things stand: the turn's budget, a frozen mover, a shot
    under a ceasefire or without the ammunition, the storm declared too early. Errors for what can
    never be: Take Your Time after the first action."""
    st, rules = c.state, c.rules
    prior = st.pending["budget"] if st.pending and name == st.active else {}
    used, fed = prior.get("used", 0), set()
    budget = rules.actions + prior.get("bonus", 0)
    for i, a in enumerate(o.actions):
        spec = a.spec
        agent = st.agent(spec["agent"]) if spec.get("agent") else None
        if a.kind == "play" and spec.get("card") == "Take Your Time":
            if i:
                c.error(a.where, "Take Your Time \"Must be used as first action in your turn\"")
            budget += 1  # at least one more action
            continue
        if a.kind in ("allocate", "give"):
            fed.add(spec.get("agent") or spec.get("to"))
        cost = {"move": 1, "allocate": 1, "give": 1}.get(a.kind, 0)
        if a.kind == "shoot":
            w = rules.comp.weapons[spec["weapon"]]
            cost = w.actions
            if st.ceasefire_left:
                c.warn(a.where, "a ceasefire holds: unless it is cancelled first, the shot is skipped")
            if rules.ammunition and agent is not None and agent.ammo < w.ammo and spec["agent"] not in fed:
                c.warn(a.where, f"{agent.id} has {agent.ammo} ammunition and a {w.name} shot needs {w.ammo}: it will be skipped")
        if a.kind == "play" and spec.get("card") in rules.comp.action_cards:
            cost = rules.comp.card_cost(spec["card"])
        if a.kind == "move" and agent is not None and agent.frozen:
            c.warn(a.where, f"{agent.id} is frozen: the move will be skipped")
        if a.kind == "declare_storm" and (st.round <= rules.storm_after or st.storm != "calm"):
            c.warn(a.where, "the storm cannot be declared now: " + ("it already was" if st.storm != "calm" else
                                                                   f"only once {rules.storm_after} rounds are complete"))
        used += cost
        if used > budget and a.kind != "pass":
            c.warn(a.where, f"this action brings the turn to {used} actions of {budget}: it will be skipped")


def check_orders_doc(doc, path: str, rules: Rules, state: State, day: int, seen: dict):
    c = OrderChecker(path, rules, state)
    out: dict = {}
    if state.stage == OPENING and isinstance(doc, dict) and doc:
        c.error(key_loc(path, doc, next(iter(doc))), f"Day {day} takes no orders: it deals the agents and missions")
        return out, c.problems

    def player(raw, at):
        name = c.name(raw, state.players, at, "player")
        if name is not None and state.players[name].out:
            c.error(at, f"{name} is out of the game ({state.players[name].out_reason})")
            return None
        return name

    for name, _, node, at in c.players_in(doc, seen, player):
        out[name] = check_turn(c, name, node, at)
    return out, c.problems
