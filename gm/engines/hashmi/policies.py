"""Simulated players for `gm simulate` (gm/simulate/): each writes the day's orders as a GM would
(orders.py), and Hashmi's own checker reads them.

- random: an opening hand split drawn; each turn one or two MOVEs of drawn agents toward drawn
  squares (shootouts avoided, allowed or sought, drawn), a weapon or ammunition card allocated
  and a shot fired now and then, the storm declared now and then;
- aggressive: a weapon-heavy opening hand; the strongest weapons and ammunition allocated first
  (keeping actions to move and shoot), two MOVEs toward the nearest enemy agents seeking
  shootouts, every shot it may take, and the storm declared as soon as it may be;
- cautious: the rulebook's opening split; one MOVE, staying near where it stands and avoiding
  shootouts, a shot only at an enemy in line and in range, never the storm;
- defaults: sends nothing (set-up squares at random, then every turn forfeited: the time-limit rule).

Action cards are not played (their targets are a GM's judgement); the standing reactions are the
defaults. A turn stopped by house rule `ask` is resumed with `decide:` (random: a drawn choice;
the others: the first). Games are bounded by `max_rounds`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gm.balance import Chooser

from .rules import Rules
from .state import OPENING, PLACEMENT, Agent, State


def _hand_cards(rules: Rules, hand: list[str]) -> list[str]:
    """The cards an `allocate:` may place: weapons, and ammunition when the game uses it."""
    return sorted(c for c in hand if c in rules.comp.weapons or (rules.ammunition and c.startswith("Ammo +")))


def _placement(state: State, rules: Rules, due: list[str], weapons) -> dict:
    n = rules.opening_hand
    out = {}
    for name in due:
        w = max(0, min(n, weapons(n)))
        out[name] = {"hand": {"action": n - w, "weapon": w}}
    return out


class _Turn:
    """One turn being written: the budget the checker counts, and the actions so far."""

    def __init__(self, state: State, rules: Rules, choose: Chooser, player: str):
        self.state, self.rules, self.choose = state, rules, choose
        self.player = player
        p = state.players[self.player]
        self.hand = list(state.hypno_hand if state.hypnotised == self.player else p.hand)
        self.mine = [a for a in p.agents if a.alive and a.at is not None]
        self.movable = [a for a in self.mine if not a.frozen]
        self.enemies = sorted((b for b in state.agents() if b.alive and b.at is not None and b.owner != self.player),
                              key=lambda b: b.id)
        self.left = rules.actions
        self.moves = self.shots = 0
        self.carried = {a.id: list(a.weapons) for a in self.mine}
        self.actions: list = []

    def spare(self) -> int:
        """Actions left once the turn's one compulsory MOVE is kept for."""
        return self.left - (1 if self.movable and not self.moves else 0)

    def allocate(self, card: str, a: Agent) -> None:
        if self.spare() < 1:
            return
        self.hand.remove(card)
        self.left -= 1
        if not card.startswith("Ammo +"):
            self.carried[a.id].append(card)
        self.actions.append({"allocate": {"card": card, "agent": a.id}})

    def move(self, a: Agent, toward, shootout: str) -> None:
        if self.left < 1 or self.moves >= self.rules.max_moves:
            return
        self.left -= 1
        self.moves += 1
        self.actions.append({"move": {"agent": a.id, "toward": self.rules.board.name(toward), "shootout": shootout}})

    def shoot(self, a: Agent, weapon: str, targets: list[Agent]) -> None:
        cost = self.rules.comp.weapons[weapon].actions
        if self.spare() < cost or self.shots >= self.rules.max_shots:
            return
        self.left -= cost
        self.shots += 1
        self.actions.append({"shoot": {"agent": a.id, "weapon": weapon, "at": [b.id for b in targets]}})

    def storm_allowed(self) -> bool:
        return self.state.storm == "calm" and self.state.round > self.rules.storm_after

    def nearest(self, a: Agent) -> list[Agent]:
        """Enemy agents by distance from `a` (walls counted), ties by name."""
        dist = self.rules.board.distances(a.at, True)
        return sorted(self.enemies, key=lambda b: (dist.get(b.at, 999), b.id))

    def orders(self) -> dict:
        if self.movable and not self.moves:  # "a minimum of one ... MOVE": the first agent steps about
            a = self.movable[0]
            self.move(a, a.at, "avoid")
        if not self.actions:
            self.actions.append("pass")
        return {"actions": self.actions}


def _in_line(rules: Rules, a: Agent, b: Agent, reach: int) -> bool:
    (x1, y1), (x2, y2) = a.at, b.at
    return (x1 == x2 and abs(y1 - y2) <= reach) or (y1 == y2 and abs(x1 - x2) <= reach)


def _turn(state: State, rules: Rules, choose: Chooser, style: str, player: str) -> dict:
    t = _Turn(state, rules, choose, player)
    board = rules.board
    if style == "random":
        if t.hand and choose.chance(50):
            cards = _hand_cards(rules, t.hand)
            if cards and t.mine:
                t.allocate(choose.pick(cards), choose.pick(t.mine))
        squares = board.zone_squares(choose.pick(board.zones))
        for _ in range(choose.number(1, rules.max_moves) if t.movable else 0):
            t.move(choose.pick(t.movable), choose.pick(squares), choose.pick(["avoid", "allow", "seek"]))
        armed = [a for a in t.mine if t.carried[a.id]]
        if armed and t.enemies and choose.chance(50):
            a = choose.pick(armed)
            t.shoot(a, choose.pick(sorted(t.carried[a.id])), [choose.pick(t.enemies)])
        if t.storm_allowed() and choose.chance(25):
            t.actions.append("declare_storm")
    elif style == "aggressive":
        if t.storm_allowed():
            t.actions.append("declare_storm")
        lead = sorted(t.mine, key=lambda a: (-len(t.carried[a.id]), a.number))
        cards = sorted(_hand_cards(rules, t.hand), key=lambda c: (c.startswith("Ammo"), -rules.comp.weapons[c].damage
                                                                  if c in rules.comp.weapons else 0, c))
        for card in cards[:max(0, rules.actions - rules.max_moves - 1)]:  # keeping actions to move and shoot
            if lead:
                t.allocate(card, lead[0])
        movers = sorted(t.movable, key=lambda a: (-len(t.carried[a.id]), a.number))[:rules.max_moves]
        for a in movers:
            near = t.nearest(a)
            if near:
                t.move(a, near[0].at, "seek")
        for a in sorted(t.mine, key=lambda a: a.number):
            for w in sorted(t.carried[a.id], key=lambda w: (-rules.comp.weapons[w].damage, w)):
                if t.enemies:
                    t.shoot(a, w, t.nearest(a)[:3])
    else:  # cautious
        if t.movable:
            a = sorted(t.movable, key=lambda a: (len(t.carried[a.id]), a.number))[0]
            t.move(a, a.at, "avoid")
        cards = _hand_cards(rules, t.hand)
        if cards and t.mine:
            t.allocate(cards[0], sorted(t.mine, key=lambda a: (len(t.carried[a.id]), a.number))[0])
        for a in sorted(t.mine, key=lambda a: a.number):
            for w in sorted(t.carried[a.id]):
                reach = rules.comp.weapons[w].range[1]
                targets = [b for b in t.nearest(a) if _in_line(rules, a, b, reach)]
                if targets:
                    t.shoot(a, w, targets)
                    break
    return t.orders()


def _orders(state: State, rules: Rules, due: list[str], choose: Chooser, style: str, weapons) -> dict:
    if state.stage == OPENING or not due:
        return {}
    if state.stage == PLACEMENT:
        return _placement(state, rules, due, weapons)
    writer = due[0]
    if state.pending is not None:
        choices = list(state.pending["choices"])
        return {writer: {"decide": choose.pick(choices) if style == "random" else choices[0]}}
    from .today import writers

    # each of the day's turns (turns_per_day), written by its writer before the day
    return {w: _turn(state, rules, choose, style, player) for w, player in writers(state).items()}


def random_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    return _orders(state, rules, due, choose, "random", lambda n: choose.number(0, n))


def aggressive_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    return _orders(state, rules, due, choose, "aggressive", lambda n: n - 1)


def cautious_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    return _orders(state, rules, due, choose, "cautious", lambda n: n * 2 // 5)


POLICIES = {"random": random_orders, "aggressive": aggressive_orders, "cautious": cautious_orders}
