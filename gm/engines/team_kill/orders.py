"""Team Kill orders as a GM writes them from the players' PMs, checked against the state before the day.

    Akane:
      turn: right                        # pass | left | right | a neighbour's name | {confront: left}
      sign: kill                         # team | kill, or by who is opposite: {Bruno: team, default: kill}
      reveal: [Bazooka, Teddy Bear]      # the card to reveal in a showdown, by preference (or by who is
                                         #   opposite: {Bruno: [Bomb], default: [Bazooka]})
      loot: split                        # split | a teammate's name | {Akane: [Bazooka], Bruno: rest}
      show_cards: true                   # agree to show hands when a team forms (or a list of players)
      bomb_choice: lose                  # the Bomb against $1000 Dollars: win | lose
    Bruno:
      leave_team: true                   # today, before the turn
      give: {card: Ornate Fan, to: Dana} # today, to a teammate of a team formed yesterday

`turn`, `sign`, `reveal`, `loot`, `show_cards` and `bomb_choice` are standing orders: they hold
until the player sends new ones, so a day never waits for anyone (RULINGS.md). `leave_team`
and `give` happen once, on the day they are sent. In the 4/5-player variant `sign` may give each
person its own: `sign: {1: kill, 2: team}` ("Akane 1" and "Akane 2"), and `give` and `loot` name
persons ("Akane 2"; a player's name means their first person still in). When the last day stopped
for a decision (house rule `ask`), that day's `reveal`, `bomb_choice` or `loot` answers it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from gm.checker import Checker, find_name
from gm.errors import Location
from gm.suggest import did_you_mean
from gm.yamlio import item_loc, key_loc, value_loc

from .describe import describe
from .outcome import KILL, TEAM
from .rules import Rules
from .state import DEAL, State
from .teams import own_unit

STANDING = ("turn", "sign", "reveal", "loot", "show_cards", "bomb_choice")
ONCE = ("leave_team", "give")
KEYS = STANDING + ONCE
MAX_LIST = 50


@dataclass
class Orders:
    player: str
    received: bool = True
    sent: dict[str, Any] = field(default_factory=dict)  # normalised (JSON), only what was sent today

    def record(self) -> dict:
        """As day.json and the GM summary keep it: each order in words."""
        return {"player": self.player, "received": self.received,
                **{k: describe(k, v, self.player) for k, v in self.sent.items()}}


def default_orders(player: str) -> Orders:
    """A player who sent nothing keeps their standing orders."""
    return Orders(player, received=False)


class _Checker(Checker):
    """The shared checker, with Team Kill's names: players, persons (4/5-player game) and cards."""

    rules: Rules
    state: State

    def player(self, raw) -> str | None:
        return find_name(raw, self.state.players)

    @cached_property
    def _person_keys(self) -> dict[str, str]:
        """Each person by their name as written (the first seat, as the rules read it), made once a
        day: a scan of the table for each name an order gives would be the square of the table."""
        keys: dict[str, str] = {}
        for n in self.state.persons:
            keys.setdefault(n.casefold(), n)
        return keys

    def person(self, raw) -> str | None:
        """A person by name (or, for a player with one person still in, the player's name)."""
        if not isinstance(raw, str):
            return None
        key = raw.strip().casefold()
        hit = self._person_keys.get(key)
        if hit:
            return hit
        player = self.player(raw)
        if player:
            live = [n for n in self.state.persons_of(player) if not self.state.persons[n].out]
            return (live or self.state.persons_of(player))[0]
        return None

    def card(self, raw, where: Location) -> str | None:
        return self.name(raw, [c.name for c in self.rules.deck.cards], where, "card")

    def cards(self, raw, where: Location, path_node=None) -> list[str] | None:
        seq = raw if isinstance(raw, list) else [raw]
        if not seq or len(seq) > MAX_LIST:
            self.error(where, f"a list of 1 to {MAX_LIST} card names")
            return None
        out = []
        for i, c in enumerate(seq):
            at = item_loc(self.path, raw, i) if isinstance(raw, list) else where
            name = self.card(c, at)
            if name is None:
                return None
            if name in out:
                self.warn(at, f"{name} is listed twice")
                continue
            out.append(name)
        return out


# ---- one order each -----------------------------------------------------------------------------


def _turn(c: _Checker, name: str, raw, at: Location) -> dict | None:
    if isinstance(raw, dict) and len(raw) == 1 and str(next(iter(raw))).strip().casefold() == "confront":
        key = next(iter(raw))
        raw, at = raw[key], value_loc(c.path, raw, key)
    if not isinstance(raw, str) or not raw.strip():
        c.error(at, "turn is pass, left, right, or the name of a neighbour to confront")
        return None
    word = raw.strip().casefold()
    if word == "pass":
        return {"kind": "pass"}
    if word in ("left", "right"):
        return {"kind": "confront", "side": word}
    target = c.person(raw)
    if target is None:
        c.error(at, f"turn: no one called '{raw}'{did_you_mean(raw, list(c.state.persons) + c.state.players)} "
                    "(turn is pass, left, right, or a neighbour's name)")
        return None
    mine = c.state.persons_of(name)
    if target in mine or c.state.player_of(target) == name:
        c.error(at, f"{name} cannot confront themselves")
        return None
    if c.state.persons[target].out:
        c.error(at, f"{target} has been eliminated")
        return None
    near = {x for p in mine if not c.state.persons[p].out for x in c.state.neighbours(p) if x}
    if target not in near:
        c.warn(at, f"{target} is not next to {name} now (neighbours: {', '.join(sorted(near)) or 'none'}); "
                   "unless the table changes first, the turn will be a pass")
    return {"kind": "confront", "target": target}


def _sign_value(c: _Checker, raw, at: Location) -> str | None:
    if isinstance(raw, str) and raw.strip().casefold() in (TEAM, KILL):
        return raw.strip().casefold()
    c.error(at, f"a sign is team or kill, not {raw!r}")
    return None


def _sign_policy(c: _Checker, raw, at: Location) -> dict | None:
    """team | kill | {PLAYER: team, ..., default: kill}: the sign shown, by who is opposite."""
    if not isinstance(raw, dict):
        s = _sign_value(c, raw, at)
        return None if s is None else {"by": [], "default": s}
    pol: dict = {"by": [], "default": None}
    for key in raw:
        kat, vat = key_loc(c.path, raw, key), value_loc(c.path, raw, key)
        s = _sign_value(c, raw[key], vat)
        if s is None:
            return None
        if isinstance(key, str) and key.strip().casefold() == "default":
            pol["default"] = s
            continue
        who = c.player(key)
        if who is None:
            c.error(kat, f"sign: no player called '{key}'{did_you_mean(str(key), c.state.players)} "
                         "(a sign may depend on a player on the other side, or `default`)")
            return None
        pol["by"].append([who, s])
    if pol["default"] is None:
        c.warn(at, "no `default:` sign: against anyone else the sign is kill")
    return pol


def _sign(c: _Checker, name: str, raw, at: Location) -> dict | None:
    if c.state.variant and isinstance(raw, dict) and raw and all(k in (1, 2, "1", "2") for k in raw):
        out = {}
        for key in raw:
            pol = _sign_policy(c, raw[key], value_loc(c.path, raw, key))
            if pol is None:
                return None
            out[str(key)] = pol
        for k in ("1", "2"):
            if k not in out:
                c.warn(at, f"no sign for {name} {k}: it shows kill")
                out[k] = {"by": [], "default": KILL}
        return out
    pol = _sign_policy(c, raw, at)
    return None if pol is None else {"all": pol}


def _reveal(c: _Checker, name: str, raw, at: Location) -> dict | None:
    if isinstance(raw, dict):
        pol: dict = {"by": [], "default": []}
        for key in raw:
            cards = c.cards(raw[key], value_loc(c.path, raw, key))
            if cards is None:
                return None
            if isinstance(key, str) and key.strip().casefold() == "default":
                pol["default"] = cards
                continue
            who = c.player(key)
            if who is None:
                c.error(key_loc(c.path, raw, key), f"reveal: no player called '{key}'"
                                                   f"{did_you_mean(str(key), c.state.players)}")
                return None
            pol["by"].append([who, cards])
    else:
        cards = c.cards(raw, at)
        if cards is None:
            return None
        pol = {"by": [], "default": cards}
    listed = {x for _, cs in pol["by"] for x in cs} | set(pol["default"])
    held = set(c.state.hand_of_player(name))
    if listed and not listed & held:
        c.warn(at, f"{name} holds none of these cards now ({', '.join(sorted(held)) or 'no cards'}); "
                   f"unless that changes, a showdown reveals the {c.rules.reveal_default} card held")
    return pol


def _loot(c: _Checker, name: str, raw, at: Location) -> dict | None:
    if isinstance(raw, str):
        word = raw.strip().casefold()
        if word == "split":
            return {"kind": "split"}
        who = c.person(name if word == "me" else raw)
        if who is None:
            c.error(at, f"loot is split, a teammate's name, or {{NAME: [cards], NAME: rest}}; "
                        f"no one called '{raw}'{did_you_mean(raw, list(c.state.persons) + c.state.players)}")
            return None
        return {"kind": "to", "to": who}
    if not isinstance(raw, dict) or not raw or len(raw) > MAX_LIST:
        c.error(at, "loot is split, a teammate's name, or {NAME: [cards], NAME: rest}")
        return None
    out: dict = {"kind": "cards", "to": [], "rest": None}
    for key in raw:
        who = c.person(key)
        if who is None:
            c.error(key_loc(c.path, raw, key), f"loot: no one called '{key}'"
                                               f"{did_you_mean(str(key), list(c.state.persons) + c.state.players)}")
            return None
        value = raw[key]
        vat = value_loc(c.path, raw, key)
        if isinstance(value, str) and value.strip().casefold() == "rest":
            if out["rest"] is not None:
                c.error(vat, "only one teammate can take the rest")
                return None
            out["rest"] = who
            continue
        cards = c.cards(value, vat)
        if cards is None:
            return None
        out["to"].append([who, cards])
    return out


def _show(c: _Checker, name: str, raw, at: Location):
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, list) and len(raw) <= MAX_LIST:
        out = []
        for i, x in enumerate(raw):
            who = c.player(x)
            if who is None or who == name:
                c.error(item_loc(c.path, raw, i), f"show_cards: '{x}' is not another player"
                                                  f"{did_you_mean(str(x), c.state.players)}")
                return None
            out.append(who)
        return sorted(set(out))
    c.error(at, "show_cards is true, false, or a list of the players to show your hand to")
    return None


def _bomb(c: _Checker, name: str, raw, at: Location) -> str | None:
    if isinstance(raw, str) and raw.strip().casefold() in ("win", "lose"):
        return raw.strip().casefold()
    c.error(at, "bomb_choice is win (both players win) or lose (both lose)")
    return None


def _leave(c: _Checker, name: str, raw, at: Location) -> bool | None:
    if not isinstance(raw, bool):
        c.error(at, "leave_team is true or false")
        return None
    if raw:
        live = [p for p in c.state.persons_of(name) if not c.state.persons[p].out]
        if all(sorted(c.state.team_of(p).members) == sorted(own_unit(c.state, p)) for p in live):
            c.warn(at, f"{name} is not in a team with anyone else: leave_team does nothing")
    return raw


def _give(c: _Checker, name: str, raw, at: Location) -> list | None:
    seq = raw if isinstance(raw, list) else [raw]
    if len(seq) > MAX_LIST:
        c.error(at, f"at most {MAX_LIST} gives a day")
        return None
    out = []
    hand = {card: p for p in c.state.persons_of(name) for card in c.state.persons[p].hand}
    left = {p: len(c.state.persons[p].hand) for p in c.state.persons_of(name)}
    for i, g in enumerate(seq):
        gat = item_loc(c.path, raw, i) if isinstance(raw, list) else at
        if not isinstance(g, dict) or set(g) != {"card", "to"}:
            c.error(gat, "a give is {card: CARD, to: TEAMMATE}")
            return None
        card = c.card(g["card"], value_loc(c.path, g, "card"))
        if card is None:
            return None
        to = c.person(g["to"])
        tat = value_loc(c.path, g, "to")
        if to is None:
            c.error(tat, f"no one called '{g['to']}'{did_you_mean(str(g['to']), list(c.state.persons) + c.state.players)}")
            return None
        giver = hand.get(card)
        if giver is None:
            c.error(value_loc(c.path, g, "card"), f"{name} does not hold {card}")
            return None
        if to == giver:
            c.error(tat, f"{giver} already holds {card}")
            return None
        team = c.state.team_of(giver)
        if to not in team.members:
            c.error(tat, f"{to} is not in {name}'s team: cards are given only between teammates")
            return None
        own = c.state.player_of(to) == name
        if not own and team.formed != c.day - 1:
            when = f"on Day {team.formed}" if team.formed is not None else "before"
            c.error(gat, f"{name}'s team formed {when}: cards change hands only the day after a team forms "
                         "(rulebook: \"Players may also trade or give cards away at this time\"; RULINGS.md TK-10)")
            return None
        if left[giver] <= 1:
            c.error(gat, f"{giver} would hold no card: \"a player must always hold at least one card until he is eliminated\"")
            return None
        left[giver] -= 1
        del hand[card]
        out.append({"card": card, "to": to})
    return out


READERS = {"turn": _turn, "sign": _sign, "reveal": _reveal, "loot": _loot, "show_cards": _show,
           "bomb_choice": _bomb, "leave_team": _leave, "give": _give}


def check_player(c: _Checker, name: str, node, at: Location) -> Orders:
    orders = Orders(name)
    if node is None:
        c.warn(at, f"{name} has an empty entry: the standing orders stay as they were")
        orders.received = False
        return orders
    if not isinstance(node, dict):
        c.error(at, f"{name}'s orders are a mapping: turn, sign, reveal, loot, show_cards, bomb_choice, "
                    "leave_team, give")
        return orders
    for key in node:
        kat = key_loc(c.path, node, key)
        if key not in READERS:
            c.error(kat, f"unknown order '{key}'{did_you_mean(str(key), KEYS)} (orders: {', '.join(KEYS)})")
            continue
        value = READERS[key](c, name, node[key], value_loc(c.path, node, key))
        if value is not None:
            orders.sent[key] = value
    return orders


def check_orders_doc(doc, path: str, rules: Rules, state: State, day: int, seen: dict[str, Location]):
    c = _Checker(path, rules, state, day)
    out: dict[str, Orders] = {}
    if state.stage == DEAL and isinstance(doc, dict) and doc:
        c.error(key_loc(path, doc, next(iter(doc))), f"Day {day} takes no orders but a salt: it deals the "
                                                     "cards and rolls for the first player")
        return out, c.problems
    live = state.players_in()

    def player(raw, at: Location) -> str | None:
        name = c.name(raw, state.players, at, "player")
        if name is not None and name not in live:
            c.error(at, f"{name} has been eliminated and gives no more orders")
            return None
        return name

    for name, _, node, at in c.players_in(doc, seen, player):
        out[name] = check_player(c, name, node, at)
    return out, c.problems
