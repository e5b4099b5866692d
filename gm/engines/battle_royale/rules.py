"""The handbook as data: zones, items, roles and house rules, read from games/battle-royale/."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from gm.errors import Problem
from gm.paths import games_dir
from gm.suggest import did_you_mean
from gm.yamlio import shipped_data
from gm.yamlio import item_loc, key_loc

DATA = games_dir("battle-royale")

ATTACK_CLASSES = ("ranged", "melee", "explosive")
ROLES = ("Dedicated Student", "Lover", "Lone Wolf")
EFFECTS = ("hit", "dodge", "search", "heal", "max_health", "cover")


@dataclass(frozen=True, eq=False, repr=False)
class Collateral:
    """The harm an explosive does to those in melee around its target."""

    around: str  # "target": players in melee with the target; "both": with the target or the thrower
    hit_chance: int
    damage: tuple[tuple[int, int], ...]


@dataclass(frozen=True, eq=False, repr=False)
class Weapon:
    """A weapon as the handbook's tables give it (house rules laid over)."""

    name: str
    weapon_class: str
    hits: int
    hit_chance: int
    damage: tuple[tuple[int, int], ...]
    ammo: int | None = None
    single_target: bool = False
    one_use: bool = False
    step: str | None = None  # the attack step it acts in ("smoke", "melee", ...); None: its class's
    collateral: Collateral | None = None
    smoke: bool = False
    paint: bool = False

    @property
    def acts_in(self) -> str:
        return self.step or self.weapon_class


@dataclass(frozen=True, eq=False, repr=False)
class ItemSpec:
    """An item as the handbook describes it: its class and what it does."""

    name: str
    item_class: str
    supported: bool = True
    concealed: bool = False
    carried_free: bool = False  # does not count against the carrying limit
    weapon: Weapon | None = None
    ammo: int | None = None  # shots, volleys or uses it comes with
    ammo_word: str = "shot"
    props: dict[str, Any] = field(default_factory=dict)  # trap, chance, absorbs, dodge, hit, heal, holds...

    def get(self, key: str, default: Any = None) -> Any:
        return self.props.get(key, default)


@dataclass(frozen=True, eq=False, repr=False)
class Zone:
    """A zone of the island: its neighbours and what it changes for attacks."""

    name: str
    number: int
    adjacent: tuple[str, ...]
    hit_bonus: dict[str, int]
    attack_order: tuple[str, ...]
    aliases: tuple[str, ...] = ()
    at: str = "in"  # the preposition a sentence puts before it: "on the Beach", "in the Forest"


@dataclass(eq=False, repr=False)
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
    zones_closed_per_night: dict[int, int]  # students alive at least -> zones closing that night
    min_open_zones: int
    mark_reward: bool
    lone_wolf_chance: int
    role_bonuses: bool
    lovers_grief_hit_penalty: int
    lovers_vengeance_hit_bonus: int
    escape_zones: list[str]
    escape_chance: int
    marked_can_win: bool
    nearby_listed: int
    seal_hidden_rolls: bool = True  # a roll deciding a hidden fact seals its day (RULINGS.md, "The public roll log")
    target_odds: bool = False  # a target's message shows the attacker's odds too (RULINGS.md, "What a target sees")

    def closures_for(self, alive: int) -> int:
        """How many zones close tonight with `alive` students left (the table's highest row that applies)."""
        rows = [n for at_least, n in sorted(self.zones_closed_per_night.items()) if alive >= at_least]
        return rows[-1] if rows else 0


@lru_cache(maxsize=1)
def _default_settings() -> tuple[tuple[str, Any], ...]:
    return tuple(shipped_data(DATA / "defaults.yaml").items())


def default_house_rules() -> HouseRules:
    values = {}
    for k, v in _default_settings():
        if isinstance(v, dict):
            v = {int(a): int(b) for a, b in v.items()}
        elif isinstance(v, list):
            v = list(v)
        values[k] = v
    return HouseRules(**values)


# the range each numeric house rule must fall in
_RANGES = {
    "max_health": (1, 1000),
    "last_day": (1, 99),
    "carrying_limit": (0, 50),
    "search_find_chance": (0, 100),
    "hidden_items_per_zone": (0, 100),
    "hit_chance_min": (0, 100),
    "hit_chance_max": (0, 100),
    "min_open_zones": (1, 7),
    "lone_wolf_chance": (0, 100),
    "lovers_grief_hit_penalty": (0, 100),
    "lovers_vengeance_hit_bonus": (0, 100),
    "escape_chance": (0, 100),
    "nearby_listed": (0, 10000),
}


@dataclass(eq=False, repr=False)
class Rules:
    """Everything the day's phases look up: zones, items, weapons, house rules, role bonuses."""

    zones: dict[str, Zone]
    items: dict[str, ItemSpec]
    unarmed: Weapon
    house: HouseRules
    bonuses: dict[str, dict[str, dict[str, int]]]  # role -> bonus -> effects
    proficiencies: dict[str, dict[str, int]]

    def zone_named(self, name: str) -> str | None:
        """The zone's proper name for a name, number or alias, case-insensitively."""
        lookup = self.__dict__.get("_zone_lookup")
        if lookup is None:  # built once: the checker asks for every zone an order names
            lookup = self.__dict__["_zone_lookup"] = _zone_lookup(self.zones)
        return lookup(str(name).strip().casefold())

    def item_named(self, name: str) -> str | None:
        key = str(name).strip().casefold()
        for proper in self.items:
            if proper.casefold() == key:
                return proper
        return None

    def counts_against_limit(self, name: str) -> bool:
        spec = self.items.get(name)
        return not (spec and spec.carried_free)

    def effect(self, bonus: str, what: str) -> int:
        """The effect `what` (hit, dodge, ...) of a Day 0 bonus or a proficiency."""
        if bonus in self.proficiencies:
            return self.proficiencies[bonus].get(what, 0)
        for menu in self.bonuses.values():
            if bonus in menu:
                return menu[bonus].get(what, 0)
        return 0


def _zone_lookup(zones: dict[str, Zone]):
    table: dict[str, str] = {}
    for z in zones.values():
        table[z.name.casefold()] = z.name
        table[str(z.number)] = z.name
        table[f"zone {z.number}"] = z.name
        for a in z.aliases:
            table[a.casefold()] = z.name
    for key, name in list(table.items()):  # "the Beach", as the posts write it, names the Beach too
        if not key.startswith("the ") and not key[:1].isdigit():
            table.setdefault(f"the {key}", name)

    def lookup(key: str) -> str | None:
        return table.get(" ".join(key.split()))  # a doubled space is not a different zone
    return lookup


def _table(raw) -> tuple[tuple[int, int], ...]:
    return tuple((int(a), int(b)) for a, b in raw)


def _weapon(name: str, d: dict[str, Any]) -> Weapon:
    coll = d.get("collateral")
    collateral = Collateral(coll["around"], int(coll["hit_chance"]), _table(coll["damage"])) if coll else None
    return Weapon(
        name, d["class"], int(d["hits"]), int(d["hit_chance"]), _table(d["damage"]), d.get("ammo"),
        bool(d.get("single_target", False)), bool(d.get("one_use", False)), d.get("step"), collateral,
        bool(d.get("smoke", False)), bool(d.get("paint", False)),
    )


_ITEM_KEYS = {"class", "supported", "concealed", "carried_free", "ammo", "ammo_word", "hits", "hit_chance", "damage",
              "single_target", "one_use", "step", "collateral", "smoke", "paint"}


@lru_cache(maxsize=1)
def _base_data():
    zdoc = shipped_data(DATA / "zones.yaml")
    default_order = tuple(zdoc["attack_order"])
    zones = {}
    for z in zdoc["zones"]:
        zones[z["name"]] = Zone(
            z["name"], int(z["number"]), tuple(z["adjacent"]), dict(z.get("hit_bonus", {})),
            tuple(z.get("attack_order", default_order)), tuple(z.get("aliases", [])), str(z.get("at", "in")),
        )
    idoc = shipped_data(DATA / "items.yaml")
    items = {}
    for name, d in idoc["items"].items():
        supported = bool(d.get("supported", True))
        weapon = _weapon(name, d) if supported and "hits" in d else None
        props = {k: v for k, v in d.items() if k not in _ITEM_KEYS}
        if "damage" in d and weapon is None:
            props["damage"] = _table(d["damage"])
        items[name] = ItemSpec(name, d["class"], supported, bool(d.get("concealed", False)),
                               bool(d.get("carried_free", False)), weapon, d.get("ammo"), d.get("ammo_word", "shot"), props)
    rdoc = shipped_data(DATA / "roles.yaml")
    bonuses = {role: {b: dict(e) for b, e in menu.items()} for role, menu in rdoc["roles"].items()}
    proficiencies = {p: dict(e) for p, e in rdoc["proficiencies"].items()}
    return zones, items, _weapon("Unarmed", idoc["unarmed"]), bonuses, proficiencies


def _closure_table(key, value, where) -> tuple[dict[int, int] | None, str | None]:
    if isinstance(value, int) and not isinstance(value, bool):
        return ({1: value}, None) if 0 <= value <= 7 else (None, f"{key} must be between 0 and 7, not {value}")
    if isinstance(value, dict) and value:
        table = {}
        for a, b in value.items():
            if isinstance(a, bool) or isinstance(b, bool) or not isinstance(a, int) or not isinstance(b, int) \
                    or a < 0 or not 0 <= b <= 7:
                return None, (f"{key} maps 'students alive at least' to 'zones closing' (0 to 7), "
                              f"e.g. {{1: 1, 13: 2}}; {a!r}: {b!r} is not that")
            table[a] = b
        return table, None
    return None, f"{key} must be a number of zones or a table such as {{1: 1, 13: 2}}, not {value!r}"


def parse_house_rules(doc, path: str) -> tuple[HouseRules, list[Problem]]:
    """House rules laid over the defaults; an unknown setting or a wrong type is a located problem."""
    from dataclasses import asdict

    from gm.settings import parse_settings

    zones = _base_data()[0]

    def closures(value, where):
        table, message = _closure_table("zones_closed_per_night", value, where)
        return table, [Problem(where, message)] if message else []

    def schools(value, where):
        if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
            return value, [Problem(where, "schools must be a list of names")]
        value = [str(v) for v in value]
        from gm.names import text_problem

        bad = [why for why in (text_problem(v, "a school's name") for v in value) if why]
        if bad:
            return value, [Problem(where, bad[0])]
        return value, [] if len(set(value)) == len(value) else [Problem(where, "schools names a school twice")]

    def escape_zones(value, where):
        if not isinstance(value, list) or not value or not all(
                (isinstance(v, str) and v.strip()) or (isinstance(v, int) and not isinstance(v, bool)) for v in value):
            return value, [Problem(where, "escape_zones must be a list of names")]
        found = []
        proper = []
        for i, raw in enumerate(value):
            zone = _zone_lookup(zones)(str(raw).strip().casefold())
            if zone is None:
                found.append(Problem(item_loc(path, value, i), f"no zone called '{raw}'{did_you_mean(str(raw), zones)}"))
            proper.append(zone)
        if not found and len(set(proper)) != len(proper):
            found.append(Problem(where, "escape_zones names a zone twice"))
        return proper, found

    settings, problems = parse_settings(
        doc, path, asdict(default_house_rules()), _RANGES,
        special={"zones_closed_per_night": closures, "schools": schools, "escape_zones": escape_zones})
    house = HouseRules(**settings)
    if isinstance(doc, dict) and house.hit_chance_min > house.hit_chance_max:
        problems.append(Problem(key_loc(path, doc, "hit_chance_min") if "hit_chance_min" in doc else key_loc(path, doc, "hit_chance_max"),
                                "hit_chance_min is above hit_chance_max"))
    return house, problems


def load_rules(house: HouseRules | None = None) -> Rules:
    zones, items, unarmed, bonuses, proficiencies = _base_data()
    return Rules(zones, items, unarmed, house or default_house_rules(), bonuses, proficiencies)
