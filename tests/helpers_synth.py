"""Synthetic Battle Royale games for the benchmark, the property tests and the determinism test.

Everything here goes through the library the way `gm new` / `gm resolve` do: a game folder with
game.yaml (roster and house rules), one orders file per day, and result folders written by
GameDir.write_result. The orders are *legal* orders built from the state before the day with a
seeded `random.Random` (a test helper, not the engine: official rolls still come from the
audited dice).

Only the standard library and gm are imported, so a bare interpreter with PYTHONPATH set to the
repository (and the dependencies) can run it: tests/test_determinism.py does exactly that.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, Iterable

ROLES = ("Dedicated Student", "Lover", "Lone Wolf")

# House rules every synthetic game writes out (the defaults, spelled out as a GM would).
HOUSE_RULES: dict[str, Any] = {
    "max_health": 10,
    "last_day": 7,
    "random_starting_item": True,
    "carrying_limit": 3,
    "schools": ["School A", "School B"],
    "zones_closed_per_night": 1,
    "search_find_chance": 50,
}

_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 ]*[A-Za-z0-9]|[A-Za-z]")
_YAML_WORDS = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


# ---- writing YAML as a GM would ---------------------------------------------------------


def q(value: Any) -> str:
    """A scalar for a YAML file: plain when it is an ordinary name, double-quoted otherwise.

    JSON's double-quoted strings (ASCII-only, \\uXXXX escapes) are valid YAML double-quoted
    scalars for any character of the Basic Multilingual Plane that is not a surrogate.
    """
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if _PLAIN.fullmatch(text) and text.casefold() not in _YAML_WORDS:
        return text
    return json.dumps(text, ensure_ascii=True)


_ESCAPE_OR_PAIR = re.compile(r"\\\\|\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})")


def yaml_json(value: Any) -> str:
    """`value` as JSON text that YAML reads back as `value`: a character beyond the Basic
    Multilingual Plane is written as YAML's whole escape (\\U0001F600), not as JSON's escaped
    surrogate pair, which YAML reads as two halves of a character (and gm refuses, located)."""

    def whole(m: re.Match) -> str:
        if m.group(1) is None:  # an escaped backslash, kept as it is
            return m.group()
        code = 0x10000 + ((int(m.group(1), 16) - 0xD800) << 10) + (int(m.group(2), 16) - 0xDC00)
        return f"\\U{code:08X}"

    return _ESCAPE_OR_PAIR.sub(whole, json.dumps(value))


def flow(value: Any) -> str:
    """A value in YAML flow style: {a: b, c: [d, e]}."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{q(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return q(value)


def orders_yaml(orders: dict[str, dict[str, Any]], header: str = "") -> str:
    """Orders as a GM writes them: a block per player, each section on its own line."""
    out = [header] if header else []
    for name, o in orders.items():
        if not o:
            out.append(f"{q(name)}:")
            continue
        out.append(f"{q(name)}:")
        for section, value in o.items():
            if section == "free":
                out.append("  free:")
                out.extend(f"    - {flow(fa)}" for fa in value)
            elif isinstance(value, str):
                out.append(f"  {section}: {q(value)}")
            else:
                out.append(f"  {section}: {flow(value)}")
    return "\n".join(out) + "\n"


def game_yaml(roster: list[dict[str, Any]], house_rules: dict[str, Any] | None = None,
              title: str = "Synthetic Battle Royale", fmt: str = "bbcode") -> str:
    house = dict(HOUSE_RULES if house_rules is None else house_rules)
    lines = ["engine: battle-royale", f"title: {q(title)}", f"format: {fmt}", "house_rules:"]
    for k, v in house.items():
        lines.append(f"  {k}: {flow(v)}")
    if not house:
        lines[-1] = "house_rules: {}"
    lines.append("roster:")
    for entry in roster:
        lines.append(f"  - {flow(entry)}")
    return "\n".join(lines) + "\n"


# ---- a roster -------------------------------------------------------------------------------

_SYLLABLES = ("ka", "ri", "mo", "ne", "shi", "ta", "yu", "ko", "ha", "ru", "mi", "to", "sa", "ke", "no",
              "chi", "a", "e", "ji", "ro", "na", "da", "be", "lu")


def synthetic_names(n: int, rng: random.Random) -> list[str]:
    """n distinct invented names, e.g. 'Karimo 17'."""
    names: list[str] = []
    seen: set[str] = set()
    while len(names) < n:
        word = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()
        name = f"{word} {len(names) + 1}"
        if name.casefold() not in seen:
            seen.add(name.casefold())
            names.append(name)
    return names


def make_roster(names: Iterable[str], rng: random.Random, *, schools: list[str] | None = None,
                armed: float = 0.5) -> list[dict[str, Any]]:
    """Roster entries with random roles; some players start with a weapon, some with a school."""
    from gm.engines.battle_royale.rules import load_rules

    rules = load_rules()
    weapons = sorted(n for n, spec in rules.items.items() if spec.weapon is not None and spec.supported)
    schools = schools or HOUSE_RULES["schools"]
    roster = []
    for name in names:
        entry: dict[str, Any] = {"name": name, "role": rng.choice(ROLES)}
        if rng.random() < 0.3:
            entry["school"] = rng.choice(schools)
        if rng.random() < armed:
            entry["items"] = [rng.choice(weapons)]
        roster.append(entry)
    # Lovers by mutual agreement: pair them in roster order; one left over is a Dedicated Student
    lovers = [e for e in roster if e["role"] == "Lover"]
    for a, b in zip(lovers[0::2], lovers[1::2]):
        a["partner"], b["partner"] = b["name"], a["name"]
    if len(lovers) % 2:
        lovers[-1]["role"] = "Dedicated Student"
    return roster


def day0_orders(names: Iterable[str], rng: random.Random, *, missing: float = 0.1) -> dict[str, dict]:
    from gm.engines.battle_royale.rules import load_rules

    zones = list(load_rules().zones)
    return {n: {"start": rng.choice(zones)} for n in names if rng.random() >= missing}


# ---- legal orders for a day -----------------------------------------------------------------


def legal_orders(state, rules, day: int, rng: random.Random, *, p_attack: float = 0.7, p_search: float = 0.5,
                 p_move: float = 0.4, p_trade: float = 0.05, p_drop: float = 0.05, p_pick: float = 0.5,
                 p_votes: float = 0.8, p_missing: float = 0.02, closed_risk: float = 0.0,
                 run_drop: bool = True) -> dict[str, dict]:
    """Orders that `gm check` accepts, for every living player (a few left out on purpose).

    Most players in company attack someone in their zone with a weapon they hold (or unarmed);
    of the rest, some search and the others defend. Some move or run along the map, a few trade,
    drop or pick up, most vote. `closed_risk` is the chance a route may step into a closed zone.
    `run_drop` writes `{run: [...], drop: ITEM}` for most full-handed runners.
    """
    from gm.engines.battle_royale.common import carried

    house = rules.house
    alive = state.alive()
    by_zone = state.by_zone()
    shut = {z for z, zs in state.zones.items() if zs.closed or getattr(zs, "closing", False)}  # closed, or closing at dawn
    open_zones = [z for z in rules.zones if z not in shut]
    orders: dict[str, dict[str, Any]] = {}
    spoken: dict[str, set[int]] = {p.name: set() for p in alive}  # item ids already given or dropped

    # trades first: pairs of players in the same zone, both writing the same exchange
    trades: dict[str, dict] = {}
    for zone, here in by_zone.items():
        free_here = [p for p in here if p.items]
        rng.shuffle(free_here)
        while len(free_here) >= 2:
            a, b = free_here.pop(), free_here.pop()
            if rng.random() >= p_trade * 2:
                continue
            ia = min(a.items, key=lambda i: i.id)
            ib = min(b.items, key=lambda i: i.id) if rng.random() < 0.7 else None
            trades[a.name] = {"with": b.name, "give": ia.name} | ({"get": ib.name} if ib else {})
            trades[b.name] = {"with": a.name} | ({"give": ib.name} if ib else {}) | {"get": ia.name}
            spoken[a.name].add(ia.id)
            if ib:
                spoken[b.name].add(ib.id)

    for p in alive:
        if rng.random() < p_missing and p.name not in trades:
            continue
        o: dict[str, Any] = {}
        free: list[dict] = []
        here = [x for x in by_zone.get(p.zone, []) if x.name != p.name]
        if p.name in trades:
            free.append({"trade": trades[p.name]})
        if p.items and rng.random() < p_drop:
            it = rng.choice(sorted(p.items, key=lambda i: i.id))
            if it.id not in spoken[p.name]:
                free.append({"drop": it.name})
                spoken[p.name].add(it.id)
        lying = sorted({g.item.name for g in state.zones[p.zone].ground
                        if g.held_for in (None, p.name) or (g.until_day or -1) < day})
        if lying and rng.random() < p_pick:
            free.append({"pick_up": rng.choice(lying)})
        if free:
            o["free"] = free

        # the action
        held = [i for i in sorted(p.items, key=lambda i: i.id) if i.id not in spoken[p.name]]
        weapons = []
        for it in held:
            spec = rules.items.get(it.name)
            if spec is None or not spec.supported or spec.weapon is None:
                continue
            first = p.holding(it.name)  # the checker counts the ammo of the lowest id of that name
            if spec.weapon.ammo is not None and (first is None or not first.ammo):
                continue
            if first is not None and first.id in spoken[p.name]:
                continue
            weapons.append((it.name, spec.weapon, first))
        # armed as the checker sees it: after the free actions (a weapon picked up or traded for counts)
        incoming = [fa.get("pick_up") or fa.get("trade", {}).get("get") for fa in free]
        armed = any(rules.items.get(n) and rules.items[n].weapon for n in [i.name for i in p.items] + incoming if n)
        r = rng.random()
        if here and r < p_attack:
            options = list(weapons)
            if not armed or house.unarmed_while_armed:
                options.append((None, rules.unarmed, None))
            if options:
                wname, weapon, item = rng.choice(options)
                most = weapon.hits
                if item is not None and weapon.ammo is not None:
                    most = min(most, item.ammo or 0)
                k = rng.randint(1, max(1, most))
                if weapon.single_target:
                    targets = [rng.choice(here).name] * k
                else:
                    targets = [rng.choice(here).name for _ in range(k)]
                atk: dict[str, Any] = {}
                if wname is not None:
                    atk["weapon"] = wname
                elif rng.random() < 0.3:
                    atk["weapon"] = "Unarmed"
                atk["targets"] = targets if (len(targets) > 1 or rng.random() < 0.7) else targets[0]
                o["action"] = {"attack": atk}
        if "action" not in o:
            o["action"] = "search" if rng.random() < p_search else "defend"

        # movement (someone standing in a zone that closes at dawn usually gets out)
        r = rng.random()
        if p.zone in shut and rng.random() < 0.85:
            r = 0.0
        if r < p_move:
            run = rng.random() < 0.3
            length = rng.randint(1, 5 if run else 2)
            route = []
            at = p.zone
            for _ in range(length):
                nxt = list(rules.zones[at].adjacent)
                if rng.random() >= closed_risk:
                    nxt = [z for z in nxt if z not in shut] or nxt
                at = rng.choice(nxt)
                route.append(at)
            if run:
                mv: dict[str, Any] = {"run": route}
                droppable = [i for i in held if i.id not in spoken[p.name]]
                if run_drop and droppable and carried(rules, p) >= house.carrying_limit and rng.random() < 0.8:
                    mv["drop"] = rng.choice(droppable).name
                o["movement"] = mv
            else:
                o["movement"] = {"move": route if (len(route) > 1 or rng.random() < 0.7) else route[0]}
        elif r < p_move + 0.1:
            o["movement"] = "hold"
        elif r < p_move + 0.2:
            o["movement"] = "stay"

        # votes
        if rng.random() < p_votes and open_zones:
            votes: dict[str, Any] = {}
            if rng.random() < 0.9:
                votes["mark"] = rng.choice(alive).name
            if rng.random() < 0.9:
                votes["close"] = rng.choice(open_zones)
            if rng.random() < 0.9:
                votes["reward"] = rng.choice(open_zones)
            if votes:
                o["votes"] = votes
        orders[p.name] = o
    return orders


# ---- building and resolving a game ----------------------------------------------------------


def new_game(root: Path, roster: list[dict[str, Any]], starts: dict[str, dict], *,
             house_rules: dict[str, Any] | None = None, title: str = "Synthetic Battle Royale",
             fmt: str = "bbcode") -> Path:
    root = Path(root)
    (root / "days" / "00" / "orders").mkdir(parents=True, exist_ok=True)
    (root / "game.yaml").write_text(game_yaml(roster, house_rules, title, fmt), encoding="utf-8")
    (root / "days" / "00" / "orders" / "starting-zones.yaml").write_text(
        orders_yaml(starts, "# Day 0: starting zones"), encoding="utf-8")
    return root


def write_orders(root: Path, day: int, orders: dict[str, dict], files: int = 1) -> list[Path]:
    """The day's orders, split over `files` files the way a GM with helpers might."""
    d = Path(root) / "days" / f"{day:02d}" / "orders"
    d.mkdir(parents=True, exist_ok=True)
    names = list(orders)
    paths = []
    files = max(1, min(files, len(names) or 1))
    for k in range(files):
        part = {n: orders[n] for n in names[k::files]}
        path = d / (f"orders-{k + 1}.yaml" if files > 1 else "orders.yaml")
        path.write_text(orders_yaml(part, f"# Day {day} orders"), encoding="utf-8")
        paths.append(path)
    return paths


def seed_for(label: str, day: int) -> bytes:
    import hashlib

    return hashlib.sha256(f"{label}|{day}".encode()).digest()


def state_after(root: Path, day: int):
    from gm.gamedir import GameDir

    gd = GameDir(root)
    game = gd.load()
    return game, game.engine.state_from_json(gd.read_json(day, "state.json"))


def resolve(root: Path, day: int, seed: bytes):
    """What `gm resolve ROOT --day DAY --seed HEX` does, minus the printing. Returns the ResolvedDay."""
    from gm.pipeline.day import resolve_day
    from gm.pipeline.record import day_files
    from gm.gamedir import GameDir

    gd = GameDir(root)
    game = gd.load()
    rd = resolve_day(gd, game, day, seed)
    gd.write_result(day, day_files(game, rd))
    return rd


def build_game(root: Path, n_players: int, *, label: str = "synthetic", days: int = 1,
               names: list[str] | None = None, house_rules: dict[str, Any] | None = None,
               files: int = 1, resolve_last: bool = True, **order_knobs) -> Path:
    """A game with n players: Day 0 resolved, then `days` days of legal orders.

    Every day but the last is resolved; the last is resolved too when `resolve_last`.
    All randomness comes from `label`, so the same call builds the same folder.
    """
    rng = random.Random(f"{label}|roster")
    names = names if names is not None else synthetic_names(n_players, rng)
    roster = make_roster(names, rng)
    new_game(root, roster, day0_orders(names, rng), house_rules=house_rules)
    if days == 0 and not resolve_last:
        return Path(root)
    resolve(root, 0, seed_for(label, 0))
    for day in range(1, days + 1):
        game, state = state_after(root, day - 1)
        if state.over:
            break
        orng = random.Random(f"{label}|orders|{day}")
        write_orders(root, day, legal_orders(state, game.rules, day, orng, **order_knobs), files=files)
        if day < days or resolve_last:
            resolve(root, day, seed_for(label, day))
    return Path(root)


def read_tree(root: Path) -> dict[str, bytes]:
    """Every file under root, by relative path, as bytes."""
    root = Path(root)
    return {str(p.relative_to(root)).replace("\\", "/"): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}
