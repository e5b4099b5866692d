"""The handbook as data: zones, items and house rules, read from games/battle-royale/."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from gm.errors import Problem
from gm.yamlio import key_loc, load_file, plain, value_loc

DATA = Path(__file__).resolve().parent.parent.parent / "games" / "battle-royale"

ATTACK_CLASSES = ("ranged", "melee", "explosive")


@dataclass(frozen=True)
class Weapon:
    name: str
    weapon_class: str
    hits: int
    hit_chance: int
    damage: tuple[tuple[int, int], ...]
    ammo: int | None = None
    single_target: bool = False


@dataclass(frozen=True)
class ItemSpec:
    name: str
    item_class: str
    supported: bool = True
    concealed: bool = False
    carried_free: bool = False  # does not count against the carrying limit
    weapon: Weapon | None = None


@dataclass(frozen=True)
class Zone:
    name: str
    number: int
    adjacent: tuple[str, ...]
    hit_bonus: dict[str, int]
    attack_order: tuple[str, ...]
    aliases: tuple[str, ...] = ()


@dataclass
class HouseRules:
    """Settings a GM may change; their defaults live in games/battle-royale/defaults.yaml."""

    max_health: int
    last_day: int
    random_starting_item: bool
    carrying_limit: int
    schools: list[str]
    unarmed_while_armed: bool
    trade_needs_same_zone: bool
    search_find_chance: int
    hidden_items_per_zone: int
    hit_chance_min: int
    hit_chance_max: int
    zones_closed_per_night: int
    min_open_zones: int
    mark_reward: bool
    nearby_listed: int


@lru_cache(maxsize=1)
def _default_settings() -> tuple[tuple[str, Any], ...]:
    return tuple(plain(load_file(DATA / "defaults.yaml")).items())


def default_house_rules() -> HouseRules:
    return HouseRules(**{k: (list(v) if isinstance(v, list) else v) for k, v in _default_settings()})


# the range each numeric house rule must fall in
_RANGES = {
    "max_health": (1, 1000),
    "last_day": (1, 99),
    "carrying_limit": (0, 50),
    "search_find_chance": (0, 100),
    "hidden_items_per_zone": (0, 100),
    "hit_chance_min": (0, 100),
    "hit_chance_max": (0, 100),
    "zones_closed_per_night": (0, 7),
    "min_open_zones": (1, 7),
    "nearby_listed": (0, 10000),
}


@dataclass
class Rules:
    zones: dict[str, Zone]
    items: dict[str, ItemSpec]
    unarmed: Weapon
    house: HouseRules

    def zone_named(self, name: str) -> str | None:
        """The zone's proper name for a name, number or alias, case-insensitively."""
        return _zone_lookup(self)(str(name).strip().casefold())

    def item_named(self, name: str) -> str | None:
        key = str(name).strip().casefold()
        for proper in self.items:
            if proper.casefold() == key:
                return proper
        return None

    def counts_against_limit(self, name: str) -> bool:
        spec = self.items.get(name)
        return not (spec and spec.carried_free)


def _zone_lookup(rules: Rules):
    table: dict[str, str] = {}
    for z in rules.zones.values():
        table[z.name.casefold()] = z.name
        table[str(z.number)] = z.name
        table[f"zone {z.number}"] = z.name
        for a in z.aliases:
            table[a.casefold()] = z.name
    return table.get


def _weapon(name: str, d: dict[str, Any]) -> Weapon:
    return Weapon(
        name, d["class"], int(d["hits"]), int(d["hit_chance"]),
        tuple((int(a), int(b)) for a, b in d["damage"]), d.get("ammo"), bool(d.get("single_target", False)),
    )


@lru_cache(maxsize=1)
def _base_data() -> tuple[dict[str, Zone], dict[str, ItemSpec], Weapon]:
    zdoc = plain(load_file(DATA / "zones.yaml"))
    default_order = tuple(zdoc["attack_order"])
    zones = {}
    for z in zdoc["zones"]:
        zones[z["name"]] = Zone(
            z["name"], int(z["number"]), tuple(z["adjacent"]), dict(z.get("hit_bonus", {})),
            tuple(z.get("attack_order", default_order)), tuple(z.get("aliases", [])),
        )
    idoc = plain(load_file(DATA / "items.yaml"))
    items = {}
    for name, d in idoc["items"].items():
        supported = bool(d.get("supported", True))
        weapon = _weapon(name, d) if supported and "hits" in d else None
        items[name] = ItemSpec(name, d["class"], supported, bool(d.get("concealed", False)),
                               bool(d.get("carried_free", False)), weapon)
    return zones, items, _weapon("Unarmed", idoc["unarmed"])


def parse_house_rules(doc, path: str) -> tuple[HouseRules, list[Problem]]:
    """House rules laid over the defaults; an unknown setting or a wrong type is a located problem."""
    house = default_house_rules()
    problems: list[Problem] = []
    if doc is None:
        return house, problems
    if not isinstance(doc, dict):
        problems.append(Problem(value_loc(path, doc, None), "house_rules must be a mapping of setting: value"))
        return house, problems
    known = house.__dataclass_fields__
    for key in doc:
        value = doc[key]
        if key not in known:
            from gm.suggest import did_you_mean

            problems.append(Problem(key_loc(path, doc, key), f"unknown house rule '{key}'{did_you_mean(str(key), known)}"))
            continue
        default = getattr(house, key)
        where = value_loc(path, doc, key)
        if isinstance(default, bool):
            if not isinstance(value, bool):
                problems.append(Problem(where, f"{key} must be true or false, not {value!r}"))
                continue
        elif isinstance(default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                problems.append(Problem(where, f"{key} must be a whole number, not {value!r}"))
                continue
            lo, hi = _RANGES.get(key, (0, 10**6))
            if not lo <= value <= hi:
                problems.append(Problem(where, f"{key} must be between {lo} and {hi}, not {value}"))
                continue
        elif isinstance(default, list):
            if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
                problems.append(Problem(where, f"{key} must be a list of names"))
                continue
            value = [str(v) for v in value]
            if len(set(value)) != len(value):
                problems.append(Problem(where, f"{key} names a school twice"))
                continue
        setattr(house, key, value)
    if house.hit_chance_min > house.hit_chance_max:
        problems.append(Problem(key_loc(path, doc, "hit_chance_min") if "hit_chance_min" in doc else key_loc(path, doc, "hit_chance_max"),
                                "hit_chance_min is above hit_chance_max"))
    return house, problems


def load_rules(house: HouseRules | None = None) -> Rules:
    zones, items, unarmed = _base_data()
    return Rules(zones, items, unarmed, house or default_house_rules())
