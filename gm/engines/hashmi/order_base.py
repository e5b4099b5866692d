"""What the order checker builds: an action, a player's orders for the day, and the checker
itself (gm/checker.py's, with Hashmi's squares and agents). orders.py has the vocabulary."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gm.checker import Checker, find_name
from gm.errors import Location
from gm.suggest import did_you_mean
from gm.yamlio import key_loc, item_loc, value_loc

from .rules import Rules
from .state import State


@dataclass
class Action:
    kind: str
    spec: dict[str, Any]
    where: Location
    text: str


@dataclass
class TurnOrders:
    player: str
    received: bool = True
    actions: list[Action] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    standing: dict[str, Any] | None = None
    place: list = field(default_factory=list)
    chests: list = field(default_factory=list)
    hand: dict[str, int] | None = None
    exchange: tuple[str, str] | None = None  # (own Doomed or Wanted agent, another player's agent)
    trades: list[tuple[str, str, str]] = field(default_factory=list)  # (with, own agent given, agent taken)
    decide: Any = None  # the square a stopped move ends on (house rule ask)
    where: Location | None = None

    def record(self) -> dict:
        return {"player": self.player, "received": self.received, "actions": [a.text for a in self.actions],
                "discard": list(self.discard), "standing": self.standing, "place": [str(s) for s in self.place],
                "chests": [str(s) for s in self.chests], "hand": self.hand,
                "exchange": list(self.exchange) if self.exchange else None, "trades": [list(t) for t in self.trades],
                "decide": list(self.decide) if isinstance(self.decide, tuple) else self.decide}


def default_orders(player: str) -> TurnOrders:
    return TurnOrders(player, received=False)


class OrderChecker(Checker):
    """The shared checker (gm/checker.py) with Hashmi's vocabulary: squares, agents, cards."""

    def __init__(self, path: str, rules: Rules, state: State):
        super().__init__(path, rules, state)
        self.board = rules.board

    def square(self, raw, where: Location):
        sq = self.board.parse(raw) if isinstance(raw, str) else None
        if sq is None:
            self.error(where, f"{raw!r} is not a playable square (squares are written like K14; black squares are not playable)")
        return sq

    def squares(self, node, key: str, where: Location) -> list:
        raw = node.get(key)
        if raw is None:
            return []
        seq = raw if isinstance(raw, list) else [raw]
        out = []
        for i, r in enumerate(seq):
            sq = self.square(r, item_loc(self.path, raw, i) if isinstance(raw, list) else value_loc(self.path, node, key))
            if sq is not None:
                out.append(sq)
        return out

    def agent(self, player: str, raw, where: Location, own: bool | None = None) -> str | None:
        """`2` (own), `Bruno.1`, `Bruno.Sonic` -> 'Bruno.1'."""
        st = self.state
        if isinstance(raw, int) and not isinstance(raw, bool):
            owner, key = player, str(raw)
        elif isinstance(raw, str) and "." in raw:
            owner, _, key = raw.strip().rpartition(".")
            match = find_name(owner, st.players)
            if match is None:
                self.error(where, f"no player called '{owner}'{did_you_mean(owner, st.players)}")
                return None
            owner = match
        elif isinstance(raw, str) and raw.strip().isdigit():
            owner, key = player, raw.strip()
        else:
            self.error(where, f"{raw!r} is not an agent (write 2 for your own, or Bruno.1 or Bruno.Sonic)")
            return None
        agents = st.players[owner].agents
        a = next((x for x in agents if str(x.number) == key or x.kind.casefold() == key.casefold()), None)
        if a is None:
            names = [str(x.number) for x in agents] + [x.kind for x in agents]
            self.error(where, f"{owner} has no agent '{key}'{did_you_mean(key, names)} "
                              f"(agents: {', '.join(f'{x.number} {x.kind}' for x in agents)})")
            return None
        if own is True and owner != player:
            self.error(where, f"{a.id} is not {player}'s agent")
            return None
        if own is False and owner == player:
            self.error(where, f"{a.id} is {player}'s own agent")
            return None
        if not a.alive:
            self.warn(where, f"{a.id} is eliminated; unless revived before this, the action is skipped")
        return a.id

    def keys(self, node, allowed, what: str) -> None:
        for k in node:
            if k not in allowed:
                self.error(key_loc(self.path, node, k), f"unknown {what} field '{k}'{did_you_mean(str(k), allowed)} "
                                                        f"({what} takes {', '.join(allowed)})")
