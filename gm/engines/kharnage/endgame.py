"""The end of the game: after the last round (`rounds`, 4 by the rulebook), or when no one holds a
Battle card. "Each skull = 1 Domination point / Each Kharnage = 1 Domination point"; a draw goes
to the most Kharnage tokens, then to "the lowest last Battle card initiative" (its place in the
last round's order of play, so a roll-off between equal initiatives also settles this, R1)."""

from __future__ import annotations

from gm.dice import DiceBase
from gm.events import Event, public

from .rules import Rules
from .state import PLAY, State

STEP = "end of game"


def ended(state: State, rules: Rules) -> bool:
    """After the last round's end (with `pace: activation`, after its last activation)."""
    if state.stage != PLAY or state.pending:
        return False
    return state.round >= rules.rounds or not any(p.hand for p in state.players.values())


def tally(state: State, rules: Rules) -> list[dict]:
    place = {n: i for i, n in enumerate(state.order)}
    rows = []
    for p in state.players.values():
        last = rules.components.battle[p.played[-1]] if p.played else None
        rows.append({"player": p.name, "army": p.army, "skulls": p.skulls, "kharnages": p.kharnages,
                     "points": p.points, "last_card": last.name if last else None,
                     "last_initiative": last.initiative if last else None})
    out = {p.name for p in state.players.values() if p.out}  # taken out by a ruling: scored, placed last
    rows.sort(key=lambda r: (r["player"] in out, -r["points"], -r["kharnages"], place.get(r["player"], len(place))))
    for i, r in enumerate(rows, 1):
        r["place"] = i
    return rows


def resolve(state: State, orders: dict, dice: DiceBase, rules: Rules) -> list[Event]:
    if state.over or not ended(state, rules):
        return []
    state.over = True
    state.scores = tally(state, rules)
    top = state.scores[0]
    tie = [r for r in state.scores if r["points"] == top["points"] and not state.players[r["player"]].out]
    decided_by = "points" if len(tie) == 1 else (
        "kharnages" if sum(1 for r in tie if r["kharnages"] == top["kharnages"]) == 1 else "initiative")
    return [public("game_over", STEP, round=state.round, scores=state.scores, winner=top["player"],
                   decided_by=decided_by, about=[r["player"] for r in state.scores])]
