"""The `forum` policy: simulated students who play as forum players do (gm simulate's default).

What players of the handbook's games do, as this policy writes it each day:

- **Alliances.** Two students who meet may team up (each pair of the class is willing or not, once
  for the whole game: `Chooser.lasting`); Lovers are always allied. Allies share a zone, move
  together, attack the same student and never each other, until few are left (`betrayal_point`):
  then every alliance but the Lovers' breaks. A Lone Wolf keeps its alliance only for show and
  turns on its ally earlier (twice the betrayal point): they must stand alone to win.
- **Hunting.** Armed, they attack a student in their zone who is not their ally: their Rival
  first (a Rival cannot win while the other lives), the one who killed their partner (a grieving
  Lover), a marked student (the bounty), else the weakest; an All-Out Attack when it may finish
  the target or few are left. With no one to attack they walk toward the crowd (toward their Rival
  when they know where the Rival is).
- **Searching.** Unarmed, they search, finish off a student near death with their fists, and
  leave a zone where someone armed who is not their ally stands. Armed but badly hurt, they
  still strike, then leave a zone where two armed strangers stand.
- **Healing.** Hurt (at most half their health) with a First Aid Kit, they heal.
- **Fleeing.** They leave a zone that is closed or closes at dawn (toward the crowd when hunting,
  else toward the quietest open zone).
- **Roles.** On Day 0 a Lone Wolf takes Killer Instinct or Survivalist, Lovers start in the same
  zone, the others take a bonus as players do (mostly Battle Training); a Rival's killer takes
  the Battle Proficiency.
- **Votes.** Mark a student who is not an ally (the best armed), close the most crowded zone
  where they and their ally are not, ask for the reward drop where they stand.

As the other policies, it sees the whole state and draws every tie (never by name).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gm.balance import Chooser

from .order_actions import hit_attempts
from .policy_kit import Island, escape_move, expected_damage, most, pick_up_weapon, unarmed_allowed, weapons_of
from .rules import Rules
from .state import Player, State

ALLY_WILLING = 0.5  # the share of pairs of students who would team up when they meet
HURT = 0.5  # heal at or below this share of one's health
NEAR_DEATH = 2  # an unarmed student finishes off someone with this much health or less
WOUNDED = 3  # an armed student this hurt leaves a zone where two armed strangers stand

DAY0_BONUS = {  # what players take, by role (names from roles.yaml; a missing one is skipped)
    "Dedicated Student": ["Battle Training", "Battle Training", "Evasion Training", "Scavenger", "First Aid Training"],
    "Lover": ["Battle Training", "Devotion", "Evasion Training", "First Aid Training"],
    "Lone Wolf": ["Killer Instinct", "Killer Instinct", "Survivalist"],
}


def betrayal_point(class_size: int) -> int:
    """Alliances (but the Lovers') hold while more than this many students are left."""
    return max(3, class_size // 5)


def alliances(island: Island, choose: Chooser) -> dict[str, str]:
    """Who is allied with whom today: {name: ally}, both ways. Lovers first, then willing pairs of
    students who share a zone, the strongest bonds first (a bond is drawn once for the whole game)."""
    allied: dict[str, str] = {}
    alive = {p.name: p for p in island.alive}
    for p in island.alive:
        if p.partner and p.partner in alive and p.name not in allied:
            allied[p.name], allied[p.partner] = p.partner, p.name
    if len(alive) <= betrayal_point(len(island.state.players)):
        return allied
    pairs = []
    for zone, here in island.by_zone.items():
        free = [p for p in here if p.name not in allied]
        for i, a in enumerate(free):
            for b in free[i + 1:]:
                if a.rival == b.name or b.rival == a.name:
                    continue
                bond = choose.lasting("ally", *sorted((a.name, b.name)))
                if bond < ALLY_WILLING:
                    pairs.append((bond, a.name, b.name))
    for _, a, b in sorted(pairs):
        if a not in allied and b not in allied:
            allied[a], allied[b] = b, a
    return allied


def spares(island: Island, p: Player, ally: str | None) -> bool:
    """Whether `p` still spares their ally (a Lone Wolf turns earlier: it must stand alone)."""
    if ally is None:
        return False
    if p.partner == ally:
        return True
    point = betrayal_point(len(island.state.players))
    return len(island.alive) > (2 * point if p.role == "Lone Wolf" else point)


def foes(island: Island, p: Player, ally: str | None) -> list[Player]:
    spared = ally if spares(island, p, ally) else None
    return [x for x in island.company(p) if x.name != spared]


def target_of(island: Island, p: Player, targets: list[Player], choose: Chooser) -> Player:
    """Their Rival, the partner's killer, a marked student, else the weakest (ties drawn)."""
    for wanted in (p.rival, p.avenge):
        found = [x for x in targets if x.name == wanted]
        if found:
            return found[0]
    marked = [x for x in targets if x.name in island.state.marked]
    pool = marked or targets
    weakest = min(x.health for x in pool)
    return choose.pick([x for x in pool if x.health == weakest])


def best_weapon(island: Island, p: Player) -> tuple[Any, int]:
    """(weapon or None for fists, hit attempts) with the most damage expected today."""
    unarmed = island.rules.unarmed
    options = [(w, w[2], expected_damage(w[1], w[2])) for w in weapons_of(island, p)]
    if unarmed_allowed(island, p) or not options:
        options.append((None, unarmed.hits, expected_damage(unarmed, unarmed.hits)))
    weapon, attempts, _ = max(options, key=lambda o: (o[2], o[0][0] if o[0] else ""))
    return weapon, attempts


def attack(island: Island, p: Player, target: Player, others: list[Player]) -> dict:
    """The best weapon at `target`; an All-Out Attack when it may finish them or few are left. Attempts
    past what should bring the target down go to the next weakest (a dead target wastes them)."""
    weapon, attempts = best_weapon(island, p)
    w = weapon[1] if weapon else island.rules.unarmed
    all_out_hits = hit_attempts(w, True)
    if weapon is not None and w.ammo is not None:
        all_out_hits = min(all_out_hits, p.loaded(weapon[0]).ammo or 0)
    finishing = expected_damage(w, all_out_hits) * 0.9 >= target.health > expected_damage(w, attempts)
    late = len(island.alive) <= betrayal_point(len(island.state.players))
    all_out = not w.one_use and all_out_hits > attempts and (finishing or late)
    count = all_out_hits if all_out else attempts
    targets = [target.name] * count
    per_attempt = expected_damage(w, 1)
    if not w.single_target and per_attempt > 0 and others:
        enough = min(count, int(target.health / per_attempt * 1.5) + 1)
        rest = sorted(others, key=lambda x: x.health)  # others come drawn; sorted() keeps that order on ties
        targets = [target.name] * enough + [rest[k % len(rest)].name for k in range(count - enough)]
    order: dict[str, Any] = {"targets": targets}
    if weapon is not None:
        order["weapon"] = weapon[0]
    return {"all_out_attack" if all_out else "attack": order}


def armed(island: Island, p: Player) -> bool:
    return bool(weapons_of(island, p))


def next_step(island: Island, start: str, goal: str) -> str | None:
    """The first zone of a shortest walk through open zones from `start` to `goal` (None: no way)."""
    first: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for z in frontier:
            for y in island.exits(z):
                if y != start and y not in first:
                    first[y] = first.get(z, y)
                    if y == goal:
                        return first[y]
                    nxt.append(y)
        frontier = nxt
    return None


def hunt_move(island: Island, p: Player, prey: int, choose: Chooser, group: set[str]) -> Any:
    """Where a hunter goes tonight: toward their Rival, else the most students who are not theirs."""
    rival = island.state.players.get(p.rival) if p.rival else None
    if rival is not None and rival.on_island and rival.zone != p.zone:
        step = next_step(island, p.zone, rival.zone)
        if step:
            return {"move": [step]}
    exits = island.exits(p.zone)
    if prey or not exits:
        return "stay"
    others = lambda z: sum(1 for x in island.by_zone.get(z, []) if x.name not in group)  # noqa: E731
    if any(others(z) for z in exits):
        return {"move": [most(exits, others, choose)]}
    return {"move": [most(exits, lambda z: sum(others(y) for y in island.exits(z)), choose)]}


def flee_move(island: Island, p: Player, choose: Chooser, group: set[str]) -> Any:
    """Away from an armed student who is not theirs, to the quietest open zone next to theirs."""
    danger = [x for x in island.company(p) if x.name not in group and armed(island, x)]
    exits = island.exits(p.zone)
    if not danger or not exits:
        return "stay"
    return {"move": [most(exits, lambda z: -island.crowd(z), choose)]}


def day0(island: Island, due: list[str], choose: Chooser) -> dict:
    orders: dict[str, dict] = {}
    zones = list(island.rules.zones)
    for name in due:
        p = island.state.players[name]
        partner = orders.get(p.partner or "")
        order: dict[str, Any] = {"start": partner["start"] if partner else choose.pick(zones)}
        if island.rules.house.role_bonuses:
            order["bonus"] = _bonus(island, p, choose)
        orders[name] = order
    return orders


def _bonus(island: Island, p: Player, choose: Chooser) -> Any:
    def one(role: str) -> str:
        menu = island.rules.bonuses[role]
        liked = [b for b in DAY0_BONUS.get(role, []) if b in menu]
        return choose.pick(liked or sorted(menu))

    if p.role == "Lone Wolf":
        return {"Lone Wolf": one("Lone Wolf"), "Dedicated Student": one("Dedicated Student")}
    return one(p.role)


def forum_orders(state: State, rules: Rules, day: int, due: list[str], choose: Chooser) -> dict:
    island = Island(state, rules, day)
    if day == 0:
        return day0(island, due, choose)
    allied = alliances(island, choose)
    orders: dict[str, dict] = {}
    for name in due:
        p = state.players[name]
        ally = allied.get(name)
        leader = orders.get(ally or "")  # the ally who wrote first: walk and aim together
        orders[name] = _one(island, p, ally, leader, choose)
    return orders


def _one(island: Island, p: Player, ally: str | None, leader: dict | None, choose: Chooser) -> dict:
    order: dict[str, Any] = {}
    free = pick_up_weapon(island, p)
    if p.pending_proficiency and "Battle Proficiency" in island.rules.proficiencies:
        free.append({"proficiency": "Battle Proficiency"})
    if free:
        order["free"] = free
    group = {p.name} | ({ally} if ally and spares(island, p, ally) else set())
    targets = foes(island, p, ally)
    kit = p.holding("First Aid Kit") is not None
    if kit and p.health <= p.max_health * HURT:
        order["action"] = {"heal": {"target": p.name, "item": "First Aid Kit"}}
    elif targets and (armed(island, p) or min(x.health for x in targets) <= NEAR_DEATH or not _worth_searching(island, p)):
        aimed = _shared_target(leader, targets) or target_of(island, p, targets, choose)
        others = choose.shuffled([x for x in targets if x.name != aimed.name])
        order["action"] = attack(island, p, aimed, others)
    elif kit and p.health < p.max_health:
        order["action"] = {"heal": {"target": p.name, "item": "First Aid Kit"}}
    else:
        order["action"] = "search"
    hunting = armed(island, p) and not _outgunned(island, p, group)
    def prefer(zones):  # a hunter walks toward the crowd, anyone else away from it
        return most(zones, island.crowd if hunting else (lambda z: -island.crowd(z)), choose)

    if leader is not None and p.name in group and ally in group and leader.get("movement") is not None:
        move = leader["movement"]  # allies walk together
    else:
        move = escape_move(island, p, choose, prefer)
        if move is None:
            move = hunt_move(island, p, len(targets), choose, group) if hunting else flee_move(island, p, choose, group)
    order["movement"] = move
    order["votes"] = _votes(island, p, group, choose)
    return order


def _outgunned(island: Island, p: Player, group: set[str]) -> bool:
    """Badly hurt (WOUNDED or less) with two armed strangers here: time to run, whatever one holds."""
    if p.health > WOUNDED:
        return False
    return sum(1 for x in island.company(p) if x.name not in group and armed(island, x)) >= 2


def _worth_searching(island: Island, p: Player) -> bool:
    """Something is still hidden here, and the class has not yet come down to its last half."""
    return bool(island.state.zones[p.zone].hidden) and len(island.alive) > len(island.state.players) // 2


def _shared_target(leader: dict | None, targets: list[Player]) -> Player | None:
    """The student the ally attacks, when this one may attack them too (focus fire)."""
    if not leader or not isinstance(leader.get("action"), dict):
        return None
    act = leader["action"].get("attack") or leader["action"].get("all_out_attack")
    if not act:
        return None
    found = [x for x in targets if x.name == act["targets"][0]]
    return found[0] if found else None


def _votes(island: Island, p: Player, group: set[str], choose: Chooser) -> dict:
    others = [x for x in island.alive if x.name not in group]
    if others:
        strongest = max(len(weapons_of(island, x)) for x in others)
        mark = choose.pick([x.name for x in others if len(weapons_of(island, x)) == strongest])
    else:
        mark = choose.pick([x.name for x in island.alive])
    out: dict[str, Any] = {"mark": mark}
    mine = {island.state.players[n].zone for n in group}
    candidates = [z for z in island.open if z not in mine] or island.open
    if candidates:
        out["close"] = most(candidates, island.crowd, choose)
        out["reward"] = p.zone if p.zone in island.open else choose.pick(island.open)
    return out
