"""What a simulation plays: a game's engine, rules and roster, from a game folder or an engine's defaults,
with house rules laid over it (`--house-rules`, `--vs`). Read once, checked like game.yaml."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gm.errors import GmError, LocatedError, Location, OrderError, StateError
from gm.paths import display_path


@dataclass
class SimGame:
    """Everything a worker needs to play games: pickled once per worker, never changed."""

    engine: Any
    rules: Any
    roster: list[str]
    initial_state: Any
    source: str  # the game folder or "<engine> defaults", as reports name it
    house_rules: dict  # the house rules laid over the game's own (for the report)
    notes: list[str] = field(default_factory=list)  # what was not read, and why (the report says it)


def _plain(doc: Any) -> Any:
    from gm.yamlio import plain

    return plain(doc)


def read_house_rules(path: Path) -> tuple[dict, Any, str]:
    """A house-rules file: either `house_rules: {...}` (a game.yaml's own section) or the settings alone."""
    from gm.yamlio import load_file

    if not path.is_file():
        raise StateError(f"{display_path(path)}: no such house-rules file")
    doc = load_file(path)
    shown = display_path(path)
    if isinstance(doc, dict) and set(doc) == {"house_rules"}:
        doc = doc["house_rules"]
    if not isinstance(doc, dict):
        raise LocatedError(Location(shown, 1, 1), "a house-rules file maps settings to values, "
                                                  "e.g. `lone_wolf_chance: 80` (or `house_rules: {...}` as in game.yaml)")
    return _plain(doc), doc, shown


def unread(folder: Path) -> list[str]:
    """A game folder's orders and results, which a simulation does not read: the policy writes every
    day's orders, Day 0's too (a simulation asks what the rules do, not what these players sent)."""
    days_dir = folder / "days"
    if not days_dir.is_dir():
        return []
    days = sorted(int(d.name) for d in days_dir.iterdir()
                  if d.name.isdigit() and ((d / "orders").is_dir() or (d / "result").is_dir()))
    if not days:
        return []
    shown = ", ".join(f"Day {d}" for d in days[:5]) + (", ..." if len(days) > 5 else "")
    return [f"{display_path(days_dir)} is not read ({shown}): the policy plays every day from Day 0"]


def game_doc(target: str, players: int | None) -> tuple[Any, str, Any]:
    """game.yaml as read (with its line numbers) from a folder, or the engine's simulation game.
    Returns (doc, path as shown, engine)."""
    from gm.engines import REGISTRY, get_engine
    from gm.gamedir import GameDir

    folder = Path(target)
    if target not in REGISTRY and folder.is_dir():
        gd = GameDir(folder)
        game = gd.load()  # every check of game.yaml, with its located errors
        from gm.yamlio import load_file

        if players is not None:
            raise StateError(f"--players is for an engine's own game; {display_path(folder)} has its roster "
                             f"({len(game.roster)} players)")
        return load_file(gd.game_yaml), display_path(gd.game_yaml), game.engine
    if target not in REGISTRY and ("/" in target or target.endswith((".yaml", ".yml")) or Path(target).exists()):
        raise StateError(f"{target}: not a game folder (give a folder with game.yaml, or an engine: "
                         f"{', '.join(sorted(REGISTRY))})")
    try:
        engine = get_engine(target)
    except GmError as exc:
        raise StateError(f"{exc} (or give a game folder)") from None
    return engine.sim_game(players), f"{engine.facts.name} defaults", engine


def _setup(engine, doc, shown: str):
    setup = engine.setup(doc, shown)
    if [p for p in setup.problems if p.severity == "error"]:
        raise OrderError(setup.problems)
    return setup


def load_sim_game(target: str, players: int | None = None, house_rules: Path | None = None,
                  extra: Path | None = None, settings: dict | None = None) -> SimGame:
    """The game to simulate, with `house_rules` laid over it, then `extra` (the --vs file) over that,
    then `settings` (one combination of a --sweep).

    Each file is first checked on its own over the game (so a mistake is located in that file), then
    the settings are laid over the game's, in order."""
    doc, shown, engine = game_doc(target, players)
    setup = _setup(engine, doc, shown)
    laid: dict = {}
    files = [p for p in (house_rules, extra) if p is not None]
    for path in files:
        if "house_rules" not in engine.facts.config_keys:
            raise StateError(f"the {engine.facts.title} engine has no house rules to change ({display_path(path)})")
        settings, located, file_shown = read_house_rules(path)
        _setup(engine, {**_plain(doc), "house_rules": located}, file_shown)
        laid.update(settings)
    if settings:
        if "house_rules" not in engine.facts.config_keys:
            raise StateError(f"the {engine.facts.title} engine has no house rules to sweep")
        laid.update(settings)
    if laid:
        merged = dict(_plain(doc))
        merged["house_rules"] = {**(merged.get("house_rules") or {}), **laid}
        swept = [", ".join(f"{k}={v}" for k, v in settings.items())] if settings else []
        shown = " + ".join([shown] + [display_path(p) for p in files] + swept)
        setup = _setup(engine, merged, shown)
    if setup.initial_state is None:
        raise StateError(f"{shown}: the {engine.facts.title} engine made no starting state")
    folder = Path(target)
    notes = unread(folder) if target not in engine_names() and folder.is_dir() else []
    return SimGame(engine, setup.rules, list(setup.roster), setup.initial_state, shown, laid, notes)


def engine_names() -> set[str]:
    from gm.engines import REGISTRY

    return set(REGISTRY)
