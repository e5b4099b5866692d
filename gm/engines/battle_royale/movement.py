"""Movement (handbook III.D, III.F.3): everyone moves at once; closed zones kill (III.E.2).

Students who follow someone (III.D.1-2) move behind them: first everyone else, one zone at a time
together, then the followers along the path their leader really took, as far as their Move (two
zones) or Run (five) reaches: "If your target is Running three or more zones, you will end up in
the second zone they move to." A follower never steps into a closed zone after a leader (they follow
"as closely as possible"). Land Mines go off under whoever crosses them first; a Deactivator lets a
student pass through closed zones (not stop in one) and escape; C-4 goes off at the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.dice import DiceBase
from gm.engine import Day
from gm.events import Event, private, public

from .common import carried, drop, kill, scatter
from .order_base import PlayerOrders
from .rules import Rules
from .state import Player, State
from .traps import detonate, mined_paths, spring, trap_death

STEP = "movement"


@dataclass
class Walk:
    player: Player
    path: list[str]
    start: str
    run: bool = False
    taken: list[str] = field(default_factory=list)  # the zones really entered, in order
    stopped: bool = False  # by a Land Mine
    died: bool = False
    events: list[Event] = field(default_factory=list)  # what happened on the way, told after the move itself


def _collar_off(state: State, p: Player) -> bool:
    return p.collar_off_day == state.day


def _lighten(state: State, rules: Rules, p: Player, o: PlayerOrders, path: list[str], need: bool) -> tuple[list[str], list[Event]]:
    """A Run with full hands drops the declared item, if it counts toward the carrying limit; without
    one, it shrinks to a Move (RULINGS.md, Run)."""
    if not need or carried(rules, p) < rules.house.carrying_limit:
        return path, []
    item = p.holding(o.run_drop) if o.run_drop else None
    if item is None or not rules.counts_against_limit(item.name):  # dropping it would leave the hands as full
        return path[:2], [private("run_blocked", [p.name], STEP, player=p.name, route=path)]
    drop(state, p, item, state.day, keep_control=False)
    return path, [private("run_drop", [p.name], STEP, player=p.name, item=item.name, zone=p.zone)]


def _blocked(events: list[Event]) -> bool:
    return any(e.kind == "run_blocked" for e in events)


def _walk_together(state: State, rules: Rules, dice: DiceBase, walks: list[Walk]) -> None:
    """Everyone in `walks` moves one zone at a time, together; mines go off under the first to trigger them."""
    by_name = {w.player.name: w for w in walks}
    longest = max((len(w.path) for w in walks), default=0)
    for k in range(longest):
        crossing = [w for w in walks if not w.stopped and not w.died and w.player.alive and k < len(w.path)]
        stopped: dict[str, str] = {}
        mined = {}
        paths = mined_paths(state)  # once a step: each crossing looks up its own path
        for w in crossing:
            frm, to = w.player.zone, w.path[k]
            for trap in paths.get(frozenset((frm, to)), ()):
                if trap.owner != w.player.name:
                    mined.setdefault(trap.item.id, (trap, []))[1].append((w.player, frm, to))
        for _, (trap, crossers) in sorted(mined.items()):
            if trap not in state.traps:
                continue
            crossers = [c for c in crossers if c[0].name not in stopped]
            victim, evs = spring(state, rules, dice, trap, crossers, STEP) if crossers else (None, [])
            if victim is not None:
                w = by_name[victim.name]
                w.events += evs
                stopped[victim.name] = trap.zone
                if victim.health <= 0:
                    if trap.zone != victim.zone:
                        w.taken.append(trap.zone)
                    victim.zone = trap.zone
                    w.events += trap_death(state, rules, dice, victim, trap, STEP)
        for w in crossing:
            p = w.player
            if p.name in stopped:
                w.stopped = True
                if stopped[p.name] != p.zone and p.alive:
                    p.zone = stopped[p.name]
                    w.taken.append(p.zone)
                w.died = not p.alive
                continue
            p.zone = w.path[k]
            w.taken.append(p.zone)
            if state.zones[p.zone].closed and not _collar_off(state, p):
                w.died = True
                w.events += kill(state, p, state.day, "closed zone", STEP)
                scatter(state, p)


def _follow_path(state: State, walk: Walk | None, reach: int, collar_off: bool) -> list[str]:
    path = list(walk.taken[:reach]) if walk is not None else []
    if not collar_off:
        for i, z in enumerate(path):
            if state.zones[z].closed:
                return path[:i]
    while path and state.zones[path[-1]].closed:
        path.pop()
    return path


def resolve(day: Day) -> list[Event]:
    state, orders, dice, rules = day.state, day.orders, day.dice, day.rules
    events: list[Event] = []
    walks: dict[str, Walk] = {}
    followers: list[Player] = []
    for p in state.alive():
        o = orders.get(p.name) or PlayerOrders(p.name)
        if o.follow is not None:
            followers.append(p)
            continue
        path = list(o.route) if o.movement in ("move", "run", "escape") else []
        path, evs = _lighten(state, rules, p, o, path, o.movement == "run")
        events += evs
        walks[p.name] = Walk(p, path, p.zone, o.movement == "run" and not _blocked(evs))
    _walk_together(state, rules, dice, list(walks.values()))
    waiting = list(followers)
    while waiting:  # leaders first; someone following in a circle does not move
        ready = [p for p in waiting if p.alive and orders[p.name].follow in walks]
        if not ready:
            for p in waiting:
                walks[p.name] = Walk(p, [], p.zone)
            break
        for p in ready:
            o = orders[p.name]
            leader = walks[o.follow]
            reach = 5 if o.movement == "run" else 2
            path = _follow_path(state, leader, reach, _collar_off(state, p))
            path, evs = _lighten(state, rules, p, o, path, o.movement == "run" and len(path) > 2)
            events += evs
            walks[p.name] = Walk(p, path, p.zone, o.movement == "run" and not _blocked(evs))
            _walk_together(state, rules, dice, [walks[p.name]])
        waiting = [p for p in waiting if p.name not in walks]
    for name in sorted(walks):
        events += _arrive(state, rules, dice, orders, walks[name])
    events += detonate(state, rules, dice, STEP)
    return events


def _arrive(state: State, rules: Rules, dice: DiceBase, orders: dict[str, PlayerOrders], w: Walk) -> list[Event]:
    """Where a student ends the night: a closed zone kills (a Deactivator lets you pass, not stay); an escape."""
    p = w.player
    o = orders.get(p.name) or PlayerOrders(p.name)
    events: list[Event] = []
    if w.taken or o.movement in ("move", "run") or o.follow:
        events.append(private("move", [p.name], STEP, player=p.name, route=list(w.path), start=w.start, end=p.zone,
                              taken=list(w.taken), run=w.run, follow=o.follow, stopped=w.stopped))
    elif o.movement != "escape":
        events.append(private("stay", [p.name], STEP, player=p.name, zone=p.zone, hold=o.movement == "hold"))
    events += w.events
    if not p.alive:
        return events
    if state.zones[p.zone].closed:
        events += kill(state, p, state.day, "closed zone", STEP)
        scatter(state, p)
        return events
    if o.movement == "escape":
        events += _escape(state, rules, dice, p, w)
    return events


def _escape(state: State, rules: Rules, dice: DiceBase, p: Player, w: Walk) -> list[Event]:
    """RULINGS.md, Escape: a student whose collar is off today who ends their movement in an escape zone
    leaves the island (on a roll when escape_chance is below 100)."""
    why = None
    if w.stopped:
        why = "a Land Mine stopped you"
    elif not _collar_off(state, p):
        why = "your collar was still active"
    elif p.zone not in rules.house.escape_zones:
        why = f"you did not reach {' or '.join(rules.house.escape_zones)}"
    chance, roll = rules.house.escape_chance, None
    if why is None and chance < 100:
        ok, roll = dice.chance(chance, f"{p.name} tries to escape the island from {p.zone}", about=(p.name,))
        if not ok:
            why = "no way off the island tonight"
    if why is not None:
        return [private("escape_failed", [p.name], STEP, player=p.name, zone=p.zone, reason=why, chance=chance, roll=roll)]
    p.escaped_on_day = state.day
    return [public("escape", STEP, player=p.name, zone=p.zone),
            private("escaped", [p.name], STEP, player=p.name, zone=p.zone, chance=chance, roll=roll)]
