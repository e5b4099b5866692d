"""Movement (handbook III.D and III.F.3): everyone moves at once; closed zones kill (III.E.2)."""

from __future__ import annotations

from gm.dice import DiceBase
from gm.events import Event, private

from .common import carried, drop, kill, scatter
from .orders import PlayerOrders
from .rules import Rules
from .state import State

STEP = "movement"


def resolve(state: State, orders: dict[str, PlayerOrders], dice: DiceBase, rules: Rules) -> list[Event]:
    events: list[Event] = []
    for p in state.alive():
        o = orders.get(p.name)
        movement = o.movement if o else "stay"
        route = list(o.route) if o else []
        start = p.zone
        if movement == "run" and carried(rules, p) >= rules.house.carrying_limit:
            item = p.holding(o.run_drop) if o.run_drop else None
            if item is None:
                # a full inventory and nothing to drop: the Run shrinks to a Move (RULINGS.md, Run)
                events.append(private("run_blocked", [p.name], STEP, player=p.name, route=route))
                movement, route = "move", route[:2]
            else:
                drop(state, p, item, state.day, keep_control=False)
                events.append(private("run_drop", [p.name], STEP, player=p.name, item=item.name, zone=start))
        died_in = None
        if movement in ("move", "run"):
            for zone in route:
                p.zone = zone
                if state.zones[zone].closed:
                    died_in = zone
                    break
            events.append(private("move", [p.name], STEP, player=p.name, route=route, start=start, end=p.zone,
                                  run=movement == "run"))
        else:
            if state.zones[p.zone].closed:
                died_in = p.zone
            events.append(private("stay", [p.name], STEP, player=p.name, zone=p.zone, hold=movement == "hold"))
        if died_in is not None:
            events += kill(state, p, state.day, "closed zone", STEP)
            scatter(state, p)
    return events
