"""Traps (handbook III.C.3, V.D): the Set Trap step of the Action Phase, mines during movement, C-4 after it.

- Poison Vial: the target beside you takes its damage, no roll to hit ("an unmodifiable 100% chance"),
  unless your target is attacking or analyzing you tonight: then it fails. Used up either way.
- Land Mine: set on the path between your zone and one next to it. The first student moving along
  that path (either way) who triggers it (50%) takes its damage and stops in your zone. Its owner knows
  where it lies and never sets it off.
- C-4: goes off at the end of the Movement Phase of the day chosen, in the zone where it was set: 80%
  for every student there (its owner too), unmodifiable.
A trap's kill counts as its owner's (a bounty, a Rival), but a trap never loots: the victim's items fall
where they died (RULINGS.md, Traps).
"""

from __future__ import annotations

from gm.dice import DiceBase
from gm.engine import Day
from gm.events import Event, private, public

from .attacks import deaths
from .common import kill, mark_reward, scatter
from .order_base import PlayerOrders
from .rules import Rules
from .state import Player, State, Trap
from .today import acting

STEP = "traps"


def _poison(day: Day, p: Player, o: PlayerOrders, ledger: dict[str, dict[str, int]]) -> list[Event]:
    state, rules, dice, orders = day.state, day.rules, day.dice, day.orders
    target = state.players[o.target]
    if not target.on_island or target.zone != p.zone:
        return [private("trap_failed", [p.name], STEP, player=p.name, item=o.item, reason=f"{o.target} was not there")]
    vial = p.holding(o.item)
    if vial is None:
        return [private("trap_failed", [p.name], STEP, player=p.name, item=o.item, reason="you no longer held it")]
    p.items.remove(vial)
    theirs = orders.get(target.name)
    wary = theirs is not None and ((theirs.attacking and p.name in theirs.targets)
                                   or (theirs.action == "analyze" and theirs.target == p.name))
    if wary:
        return [private("poison", [p.name], STEP, player=p.name, target=target.name, failed=True, damage=0, roll=None,
                        reason="attack" if theirs.attacking else "analyze")]
    damage, roll = dice.weighted(list(rules.items[o.item].get("damage")), f"{p.name} poisons {target.name}: damage",
                                 about=(p.name,), hides=rules.house.seal_hidden_rolls)
    target.health -= damage
    ledger.setdefault(target.name, {}).setdefault(p.name, 0)
    ledger[target.name][p.name] += damage
    return [private("poison", [p.name, target.name], STEP, player=p.name, target=target.name, failed=False,
                    damage=damage, roll=roll, reason=None)]


def _set(state: State, p: Player, o: PlayerOrders, kind: str) -> list[Event]:
    item = p.holding(o.item)
    if item is None:
        return [private("trap_failed", [p.name], STEP, player=p.name, item=o.item, reason="you no longer held it")]
    p.items.remove(item)
    state.traps.append(Trap(item, kind, p.name, p.zone, state.day, o.toward, o.trap_day))
    return [private("trap_set", [p.name], STEP, player=p.name, item=o.item, zone=p.zone, toward=o.toward, day=o.trap_day)]


def resolve(day: Day) -> list[Event]:
    """The Set Trap step: poisonings are simultaneous (deaths when the step ends); mines and C-4 are laid."""
    state, rules = day.state, day.rules
    events: list[Event] = []
    ledger: dict[str, dict[str, int]] = {}
    for p in state.alive():
        o = acting(day, p.name)
        if o is None or o.action != "set_trap":
            continue
        kind = rules.items[o.item].get("trap")
        events += _poison(day, p, o, ledger) if kind == "poison" else _set(state, p, o, kind)
    events += deaths(day, ledger, cause="poison")
    return events


def mined_paths(state: State) -> dict[frozenset, list[Trap]]:
    """The Land Mines on each path between two zones, in the order they were set: built once per step of
    a move, so that a crowd crossing the island does not scan every trap for every student."""
    out: dict[frozenset, list[Trap]] = {}
    for t in sorted(state.traps, key=lambda t: t.item.id):
        if t.kind == "mine":
            out.setdefault(frozenset((t.zone, t.toward)), []).append(t)
    return out


def spring(state: State, rules: Rules, dice: DiceBase, trap: Trap, crossers: list[tuple[Player, str, str]],
           step: str) -> tuple[Player | None, list[Event]]:
    """Students crossing a mined path, in a random order, each roll to trigger it; the first who does is hit."""
    names = [c[0].name for c in crossers]
    order = dice.shuffled(names, f"Land Mine #{trap.item.id} between {trap.zone} and {trap.toward}: who crosses first",
                          hides=rules.house.seal_hidden_rolls) \
        if len(names) > 1 else names
    spec = rules.items[trap.item.name]
    for name in order:
        p, frm, to = next(c for c in crossers if c[0].name == name)
        hit, roll = dice.chance(spec.get("chance", 50), f"{name} crosses from {frm} to {to}: Land Mine #{trap.item.id} goes off?",
                               hides=rules.house.seal_hidden_rolls)
        if not hit:
            continue
        damage, damage_roll = dice.weighted(list(spec.get("damage")), f"Land Mine #{trap.item.id} hits {name}: damage",
                                              hides=rules.house.seal_hidden_rolls)
        p.health -= damage
        state.traps.remove(trap)
        events = [public("blast", step, zone=trap.zone),
                  private("mine", [name], step, player=name, zone=trap.zone, frm=frm, to=to, chance=spec.get("chance", 50),
                          roll=roll, damage=damage, health=max(p.health, 0)),
                  private("mine_report", [trap.owner], step, player=trap.owner, victim=name, zone=trap.zone,
                          toward=trap.toward, damage=damage)]
        return p, events
    return None, []


def trap_death(state: State, rules: Rules, dice: DiceBase, victim: Player, trap: Trap, step: str) -> list[Event]:
    own = trap.owner == victim.name  # caught by one's own C-4: nobody killed them
    events = kill(state, victim, state.day, trap.item.name, step, None if own else trap.owner)
    owner = state.players[trap.owner]
    if owner.on_island and not own:
        events += mark_reward(state, rules, dice, victim.name, [owner.name], state.day, step)
    scatter(state, victim)
    return events


def detonate(state: State, rules: Rules, dice: DiceBase, step: str) -> list[Event]:
    """Every C-4 set for today goes off at the end of the Movement Phase."""
    events: list[Event] = []
    due = sorted((t for t in state.traps if t.kind == "c4" and t.day == state.day), key=lambda t: t.item.id)
    victims: dict[str, Trap] = {}
    by_zone = state.by_zone()  # no one leaves the island before every C-4 has gone off
    for trap in due:
        state.traps.remove(trap)
        spec = rules.items[trap.item.name]
        events.append(public("blast", step, zone=trap.zone))
        hits = []
        for p in by_zone.get(trap.zone, []):
            hit, roll = dice.chance(spec.get("chance", 80), f"C-4 #{trap.item.id} in {trap.zone} catches {p.name}?",
                                       hides=rules.house.seal_hidden_rolls)
            damage = 0
            if hit:
                damage, _ = dice.weighted(list(spec.get("damage")), f"C-4 #{trap.item.id} hits {p.name}: damage",
                                            hides=rules.house.seal_hidden_rolls)
                p.health -= damage
                hits.append(p.name)
                if p.health <= 0:
                    victims.setdefault(p.name, trap)
            events.append(private("c4_hit", [p.name], step, player=p.name, zone=trap.zone, chance=spec.get("chance", 80),
                                  roll=roll, hit=hit, damage=damage, health=max(p.health, 0)))
        events.append(private("c4_report", [trap.owner], step, player=trap.owner, zone=trap.zone, hit=hits))
    for name in sorted(victims):
        events += trap_death(state, rules, dice, state.players[name], victims[name], step)
    return events
