"""What every action of a turn works with: the state, the rules, the dice, and the bookkeeping
of the action being played (the Doomed's zones, the last move, a move waiting for its player).
Events go out through the day's own emitters (`Day.public` and `Day.tell`, gm/engine.py): this is
the turn's bookkeeping, not a second way to gather events."""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.dice import DiceBase
from gm.engine import Day, DayContext
from gm.events import Event

from .rules import Rules
from .state import Agent, State


@dataclass
class Ctx(DayContext):
    state: State
    rules: Rules
    dice: DiceBase
    step: str
    day: Day | None = None  # whose emitters carry the events; a view or a test gets a day of its own
    doomed_zones: set[str] = field(default_factory=set)  # zones whose Doomed died for others in this action
    last_move: tuple[str, int] | None = None  # (agent, steps) of the MOVE just completed, for Hitchhike
    pause: dict | None = None  # a move that waits for its player's choice (house rule ask)

    @property
    def board(self):
        return self.rules.comp.board

    def sq(self, sq) -> str | None:
        return self.board.name(sq) if sq is not None else None

    def pub(self, kind: str, about=(), **data) -> Event:
        return self.day.public(kind, about, **data)

    def tell(self, kind: str, players, **data) -> Event:
        return self.day.tell(kind, players, **data)

    def owner_of(self, aid: str) -> str:
        return aid.rpartition(".")[0]

    def label(self, a: Agent) -> str:
        return f"{a.id} ({a.power})"

    def hand(self, player: str) -> list[str]:
        """The cards `player`'s turn plays from: the two displayed cards while hypnotised."""
        if self.state.hypnotised == player:
            return self.state.hypno_hand
        return self.state.players[player].hand

    def credited(self, player: str | None) -> str | None:
        """ "The credit and the loot when the assassinating agent is under hypnosis goes to the
        player who controlled the agent" (#71)."""
        if player is not None and self.state.hypnotised == player:
            return self.state.controller(player)
        return player

    def ceasefire(self) -> bool:
        return self.state.ceasefire_left > 0

    def safe_zone(self, a: Agent) -> bool:
        """Seedo keeps every agent of his zone safe while he stays."""
        return a.at is not None and self.state.seedo_zone == self.board.zone(a.at)
