"""The end (rulebook, Victory): when one player remains, every player scores 3 per large building
and 1 per small one, and the last remaining player 5 more. House rules also end the game after
`max_rounds`, or when no player still in the game has any legal order (RULINGS.md)."""

from __future__ import annotations

from gm.engine import Day
from gm.events import Event, public

from .rules import Rules
from .state import PLAY, State
from .turns import options

STEP = "end of round"


def tally(state: State, rules: Rules, last_standing: str | None) -> list[dict]:
    """Every player's score, best first (seat order among equals); equal scores share a place."""
    rows = []
    for seat, p in enumerate(state.players.values()):
        owned = state.owned_by(p.name)
        large = sum(1 for b in owned if b.size == "large")
        small = len(owned) - large
        bonus = rules.last_standing_bonus if p.name == last_standing else 0
        rows.append({"player": p.name, "colour": p.colour, "large": large, "small": small, "bonus": bonus,
                     "score": large * rules.score_large + small * rules.score_small + bonus, "seat": seat})
    rows.sort(key=lambda r: (-r["score"], r["seat"]))
    for i, r in enumerate(rows):
        r["place"] = rows[i - 1]["place"] if i and rows[i - 1]["score"] == r["score"] else i + 1
        del r["seat"]
    return rows


def finished(state: State) -> bool:
    return state.stage == PLAY and len(state.in_game()) <= 1


def resolve(day: Day) -> list[Event]:
    state, rules = day.state, day.rules
    if state.stage != PLAY or state.first_round_day is None or state.day < state.first_round_day:
        return []
    left = state.in_game()
    if len(left) <= 1:
        end = "last_standing"
    elif state.round_of(state.day) >= rules.max_rounds:
        end = "max_rounds"
    elif not any(options(state, p) for p in left):
        end = "stuck"
    else:
        return []
    last = left[0].name if end == "last_standing" and left else None
    state.over = True
    state.end = end
    state.scores = tally(state, rules, last)
    winners = [r["player"] for r in state.scores if r["place"] == 1]
    return [public("game_over", STEP, end=end, round=state.round_of(state.day), last_standing=last,
                   scores=state.scores, winners=winners)]
