"""The GM's rulings on a Battle Royale state (gm/rulings.py has the file and the core's part).

A mod-kill is a death like any other (public in "Fallen today", the items fall where the player
stood, a partner grieves); a revived student comes back where they fell, with the health the
ruling gives (else full); a given item is new and comes with its full ammunition.
"""

from __future__ import annotations

from gm.checker import find_name
from gm.engine import Day
from gm.events import Event

from .common import kill, new_item, scatter
from .rules import Rules
from .state import State

KINDS = ("kill", "revive", "health", "give", "take", "move")


def check_ruling(ruling, state: State, rules: Rules) -> str | None:
    p = state.players[ruling.player]
    if ruling.kind == "revive":
        return None if not p.alive else f"{p.name} is alive: only the dead can be revived"
    if not p.on_island:
        return f"{p.name} is {'dead' if not p.alive else 'off the island'}" + (
            " (to bring them back, `- revive: " + p.name + "` first)" if not p.alive else "")
    if ruling.kind == "kill":
        return None
    if ruling.kind == "health":
        v = ruling.value
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= p.max_health:
            return f"health is a whole number from 1 to {p.name}'s maximum, {p.max_health} (to kill, `- kill: {p.name}`)"
        return None
    if ruling.kind == "give":
        name = rules.item_named(str(ruling.value))
        if name is None:
            from gm.suggest import did_you_mean

            return f"no item called '{ruling.value}'{did_you_mean(str(ruling.value), list(rules.items))}"
        ruling.value = name
        return None
    if ruling.kind == "take":
        held = sorted({i.name for i in p.items})
        name = find_name(str(ruling.value), held)
        if name is None:
            return f"{p.name} holds no '{ruling.value}' (holds: {', '.join(held) or 'nothing'})"
        ruling.value = name
        return None
    if ruling.kind == "move":
        zone = rules.zone_named(str(ruling.value))
        if zone is None or zone not in state.zones:
            from gm.suggest import did_you_mean

            return f"no zone called '{ruling.value}'{did_you_mean(str(ruling.value), list(state.zones))}"
        if state.zones[zone].closed:
            return f"{zone} is closed: a student moved there would die (to kill, `- kill: {p.name}`)"
        ruling.value = zone
        return None
    return f"the Battle Royale engine cannot apply a '{ruling.kind}' ruling"


def apply_ruling(day: Day, ruling) -> list[Event]:
    state: State = day.state
    p = state.players[ruling.player]
    if ruling.kind == "kill":
        events = kill(state, p, day.number, "ruling", day.step)
        if p.zone is not None:
            scatter(state, p)
        return events
    if ruling.kind == "revive":
        p.alive = True
        p.died_on_day = p.death = p.killed_by = None
        p.health = p.max_health
        state.outcome.pop(p.name, None)
    elif ruling.kind == "health":
        p.health = ruling.value
    elif ruling.kind == "give":
        p.items.append(new_item(state, day.rules, ruling.value))
    elif ruling.kind == "take":
        p.items.remove(p.holding(ruling.value))
    elif ruling.kind == "move":
        p.zone = ruling.value
    return []
