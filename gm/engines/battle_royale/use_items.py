"""Use Item and Heal (handbook III.C.4, III.C.9, V.E.4, V.F.3-4), the first actions of the Action Phase.

- Megaphone: everyone else in the zone attacks at -10% tonight, unless they suffered it yesterday.
- Deactivator: the collar of the user (or of another student beside them) is off until the end of the
  day: they may pass through closed zones tonight, and escape (RULINGS.md, Escape). Two uses.
- Heal: 1 health to yourself or a student beside you (2 with a First Aid Kit, which is used up),
  never above the maximum.
"""

from __future__ import annotations

from gm.engine import Day
from gm.events import Event, private

from .rules import Rules
from .state import Player, State
from .today import acting

STEP = "use items"


def _megaphone(day: Day, user: Player, zone_players: list[Player]) -> list[Event]:
    state, rules, notes = day.state, day.rules, day.notes
    distracted, immune = [], []
    for p in zone_players:
        if p is user or not p.alive or p.name in notes.megaphoned:
            continue
        if p.megaphone_day == state.day - 1:  # "not subject to the hit penalty on consecutive days"
            immune.append(p.name)
            continue
        notes.megaphoned.add(p.name)
        p.megaphone_day = state.day
        distracted.append(p.name)
    events = [private("megaphone", [user.name], STEP, player=user.name, zone=user.zone, distracted=distracted, immune=immune)]
    for name in distracted:
        events.append(private("distracted", [name], STEP, player=name, by=user.name,
                              penalty=rules.items["Megaphone"].get("hit_penalty", 10)))
    return events


def _deactivate(state: State, user: Player, target: Player) -> list[Event]:
    device = user.loaded("Deactivator")
    device.ammo = (device.ammo or 0) - 1
    broken = device.ammo <= 0
    if broken:
        user.items.remove(device)
    target.collar_off_day = state.day
    return [private("deactivated", [user.name, target.name], STEP, player=user.name, target=target.name,
                    uses_left=max(0, device.ammo), broken=broken)]


def _heal(state: State, rules: Rules, healer: Player, target: Player, kit: str | None) -> list[Event]:
    amount = 1 + sum(rules.effect(b, "heal") for b in healer.bonuses)
    if kit is not None:
        item = healer.holding(kit)
        if item is None:
            return [private("heal_failed", [healer.name], STEP, player=healer.name, target=target.name,
                            reason=f"you no longer held the {kit}")]
        healer.items.remove(item)
        amount = rules.items[kit].get("heal", 2) + amount - 1
    before = target.health
    target.health = min(target.max_health, target.health + amount)
    return [private("heal", [healer.name, target.name], STEP, player=healer.name, target=target.name, item=kit,
                    healed=target.health - before, amount=amount, health=target.health)]


def resolve(day: Day) -> list[Event]:
    state, rules = day.state, day.rules
    events: list[Event] = []
    by_zone = state.by_zone()
    for zone_name in rules.zones:
        players = by_zone.get(zone_name, [])
        for p in players:
            o = acting(day, p.name)
            if o is None or o.action not in ("use_item", "heal") or not p.alive:
                continue
            target = state.players.get(o.target) if o.target else None
            if o.action == "use_item" and o.item == "Megaphone":
                if p.holding("Megaphone") is None:
                    events.append(private("use_failed", [p.name], STEP, player=p.name, item=o.item, reason="you no longer held it"))
                else:
                    events += _megaphone(day, p, players)
                continue
            if target is None or not target.on_island or target.zone != p.zone:
                events.append(private("use_failed", [p.name], STEP, player=p.name, item=o.item or "Heal",
                                      reason=f"{o.target} was not in {p.zone}"))
                continue
            if o.action == "heal":
                events += _heal(state, rules, p, target, o.item)
            elif p.loaded("Deactivator") is None:
                events.append(private("use_failed", [p.name], STEP, player=p.name, item=o.item, reason="you no longer held it"))
            else:
                events += _deactivate(state, p, target)
    return events
