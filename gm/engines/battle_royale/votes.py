"""The three votes (handbook III.E): mark, close a zone, and the reward drop."""

from __future__ import annotations

from gm.dice import DiceBase
from gm.engine import Day
from gm.events import Event, gm_only, private, public
from gm.text import the

from .common import new_item, random_item_name, take_or_leave
from .orders import PlayerOrders
from .rules import Rules
from .search import lottery_weights
from .state import GroundItem, State

STEP = "votes"


def tally(state: State, orders: dict[str, PlayerOrders], kind: str, valid) -> dict[str, int]:
    """Votes of living players for valid choices, as {choice: count} in a stable order."""
    counts: dict[str, int] = {}
    for p in state.alive():
        o = orders.get(p.name)
        choice = o.votes.get(kind) if o else None
        if choice is not None and valid(choice):
            counts[choice] = counts.get(choice, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def _top(counts: dict[str, int]) -> list[str]:
    if not counts:
        return []
    best = max(counts.values())
    return sorted(c for c, n in counts.items() if n == best)


def _tie(what: str, votes: int, tied: list[str], chosen: list[str], purpose: str) -> dict:
    """A tie the dice broke, as the post tells it: the purpose its rolls have in the roll log, so a
    player finds them there (a simulation's dice keep no log, so no roll numbers)."""
    return {"what": what, "votes": votes, "tied": tied, "chosen": chosen, "purpose": purpose}


def _closures(state: State, rules: Rules, dice: DiceBase, counts: dict[str, int], ties: list[dict]) -> list[str]:
    """The most-voted zones close, as many as the house rules allow; ties at the cut are drawn."""
    open_zones = [z for z in rules.zones if not state.zones[z].closed]
    room = max(0, len(open_zones) - rules.house.min_open_zones)
    want = min(rules.house.closures_for(len(state.alive())), room)
    chosen: list[str] = []
    by_votes: dict[int, list[str]] = {}
    for zone, n in counts.items():
        by_votes.setdefault(n, []).append(zone)
    for n in sorted(by_votes, reverse=True):
        if len(chosen) >= want:
            break
        group = sorted(by_votes[n])
        space = want - len(chosen)
        if len(group) > space:
            tied = group
            purpose = f"zone closure: tie at {n} votes"
            group = dice.shuffled(group, purpose)[:space]
            ties.append(_tie("close", n, tied, sorted(group), purpose))
        chosen += sorted(group)
    return chosen


def resolve(day: Day) -> list[Event]:
    state, orders, dice, rules = day.state, day.orders, day.dice, day.rules
    events: list[Event] = []
    players = state.players
    marks = tally(state, orders, "mark", lambda n: players[n].on_island)
    state.marked = _top(marks)
    open_zone = lambda z: not state.zones[z].closed  # noqa: E731
    closes = tally(state, orders, "close", open_zone)
    ties: list[dict] = []
    closing = _closures(state, rules, dice, closes, ties)
    for zone in closing:
        state.zones[zone].closing = True
    rewards = tally(state, orders, "reward", open_zone)
    reward_zone = None
    top = _top(rewards)
    if top:
        purpose = f"reward drop: tie at {rewards[top[0]]} votes"
        reward_zone = top[0] if len(top) == 1 else dice.pick(top, purpose)
        if len(top) > 1:
            ties.append(_tie("reward", rewards[top[0]], top, [reward_zone], purpose))
    open_now = [z for z in rules.zones if not state.zones[z].closed and not state.zones[z].closing]
    # votes to close, yet fewer closures than the night allows because the island keeps its last zones
    held = (any(closes.values()) and len(closing) < rules.house.closures_for(len(state.alive()))
            and len(open_now) <= rules.house.min_open_zones)
    events.append(public("votes", STEP, marked=list(state.marked), mark_votes=marks, closing=closing,
                         close_votes=closes, reward_zone=reward_zone, reward_votes=rewards, ties=ties,
                         **({"min_open_zones": rules.house.min_open_zones} if held else {})))
    if reward_zone is not None:
        events += _reward_drop(day, reward_zone)
    return events


def _reward_drop(day: Day, zone: str) -> list[Event]:
    """One package, recovered by a random student in the zone; searchers count as two (III.E.3)."""
    state, rules, dice = day.state, day.rules, day.dice
    name = random_item_name(rules, dice, f"reward drop in {the(zone)}: the item", hides=rules.house.seal_hidden_rolls)
    item = new_item(state, rules, name)
    present = state.by_zone().get(zone, [])
    if not present:
        state.zones[zone].ground.append(GroundItem(item))
        return [gm_only("reward_unclaimed", STEP, zone=zone, item=name)]
    winner_name, _ = dice.weighted(lottery_weights(day, present), f"reward drop in {the(zone)}: who recovers it",
                                   hides=rules.house.seal_hidden_rolls)
    winner = state.players[winner_name]
    kept = take_or_leave(state, rules, winner, item, state.day)
    return [private("reward", [winner_name], STEP, player=winner_name, zone=zone, item=name, kept=kept)]
