"""What each command does, as plain functions returning plain results (cli.py prints them)."""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from gm.errors import GmError, StateError
from gm.gamedir import GameDir, write_new_file
from gm.yamlio import display_path


def _default_day(gd: GameDir, day: int | None, resolved: bool) -> int:
    """Without --day: the first unresolved day (for check/resolve) or the last resolved one."""
    if day is not None:
        return day
    done = gd.resolved_days()
    if resolved:
        if not done:
            raise StateError(f"no day of {display_path(gd.root)} has been resolved yet")
        return done[-1]
    return done[-1] + 1 if done else 0


def new_game(root: Path, engine_name: str, title: str | None) -> tuple[list[str], str]:
    """Create the game folder; returns the files created and what the GM should do next."""
    from gm.engine import get_engine

    engine = get_engine(engine_name)
    if root.exists() and any(root.iterdir()):
        raise StateError(f"{display_path(root)} already exists and is not empty")
    template = engine.new_game_files(title)
    created = []
    for rel, text in template.items():
        path = root / rel
        write_new_file(path, text)
        created.append(display_path(path))
    return created, engine.new_game_hint.format(dir=root)


def check(root: Path, day: int | None):
    from gm.day import check_day

    gd = GameDir(root)
    game = gd.load()
    return check_day(gd, game, _default_day(gd, day, resolved=False))


@dataclass
class Resolved:
    day: int
    result: str
    files: list[str]
    rolls: int
    over: bool
    warnings: list


def resolve(root: Path, day: int | None, seed_hex: str | None, force: bool) -> Resolved:
    from gm.day import day_files, new_seed, parse_seed, resolve_day

    gd = GameDir(root)
    game = gd.load()
    day = _default_day(gd, day, resolved=False)
    if gd.is_resolved(day) and not force:
        raise StateError(f"Day {day} is already resolved; use --force to resolve it again (the old result is kept)")
    seed = parse_seed(seed_hex) if seed_hex else new_seed()
    rd = resolve_day(gd, game, day, seed)
    files = day_files(gd, game, rd)
    result = gd.write_result(day, files, force=force)
    later = [d for d in gd.resolved_days() if d > day]
    warnings = list(rd.checked.warnings)
    if later:
        warnings.append(f"warning: Day(s) {', '.join(map(str, later))} were resolved from the old Day {day}: resolve them again")
    return Resolved(day, display_path(result), sorted(files), len(rd.rolls), bool(game.engine.is_over(rd.state)), warnings)


@dataclass
class AuditReport:
    ok: bool
    lines: list[str] = field(default_factory=list)


def audit(root: Path, day: int | None) -> AuditReport:
    from gm.audit import audit_day

    gd = GameDir(root)
    game = gd.load()
    return audit_day(gd, game, _default_day(gd, day, resolved=True))


def rolls(root: Path, day: int | None) -> tuple[int, list[dict]]:
    from gm.dice import Roll

    gd = GameDir(root)
    day = _default_day(gd, day, resolved=True)
    path = gd.result_dir(day) / "rolls.jsonl"
    if not path.is_file():
        raise StateError(f"Day {day} has not been resolved: no {display_path(path)}")
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            rec = json.loads(line)
            roll = Roll(rec["index"], rec["purpose"], rec["sides"], rec["value"], rec.get("against"),
                        rec.get("table"), rec.get("outcome"))
        except (json.JSONDecodeError, KeyError, TypeError):
            raise StateError(f"{display_path(path)}:{n}: not a roll record") from None
        out.append(rec | {"odds": roll.odds})
    return day, out


@dataclass
class Status:
    title: str
    head: list[str]
    rows: list[list[str]]
    lines: list[str]


def status(root: Path, player: str | None) -> Status:
    from gm.day import check_day

    gd = GameDir(root)
    game = gd.load()
    done = gd.resolved_days()
    engine = game.engine
    if done:
        state = engine.state_from_json(gd.read_json(done[-1], "state.json"))
    else:
        state = game.initial_state
    day_txt = f"after Day {done[-1]}" if done else "before Day 0"
    if player is not None:
        from gm.suggest import did_you_mean

        if player not in game.roster:
            raise GmError(f"no player called '{player}'{did_you_mean(player, game.roster)}")
        lines = [f"{player}, {day_txt}: what {player} knows"] + engine.player_status(state, game.rules, player)
        return Status(game.title, [], [], lines)
    head, rows = engine.status_rows(state, game.rules)
    lines = []
    if not engine.is_over(state):
        next_day = done[-1] + 1 if done else 0
        try:
            checked = check_day(gd, game, next_day)
            waiting = checked.missing
            if not checked.due:
                lines.append(f"Day {next_day}: no orders are due; resolve it when you are ready")
            else:
                lines.append(f"Day {next_day}: " + (f"no orders yet from {', '.join(waiting)}" if waiting else "orders from everyone"))
            if checked.errors:
                lines.append(f"Day {next_day}: {len(checked.errors)} error(s) in the orders: run `gm check`")
        except GmError as exc:
            lines.append(f"Day {next_day}: {exc}")
    else:
        lines.append("The game is over.")
    return Status(f"{game.title}, {day_txt}", head, rows, lines)


@dataclass
class DemoResult:
    last_day: int
    narration: str
    narration_path: str
    shown_day: int = 0


def demo_seed(day: int) -> bytes:
    """The demo's fixed seeds, so its outputs are the same everywhere (and checked in as golden files)."""
    return hashlib.sha256(f"gm demo seed, day {day}".encode()).digest()


def demo(target: Path, engine_name: str | None = None) -> DemoResult:
    from gm.day import day_files, resolve_day
    from gm.engine import DEFAULT_ENGINE, get_engine

    engine = get_engine(engine_name or DEFAULT_ENGINE)
    source = engine.example_dir()
    if target.exists() and any(target.iterdir()):
        raise StateError(f"{display_path(target)} already exists and is not empty; pick another folder")
    shutil.copytree(source, target, dirs_exist_ok=True)
    gd = GameDir(target)
    game = gd.load()
    # every day from Day 0 to the last day folder (a day that takes no orders has no folder)
    days = list(range(max(int(d.name) for d in (target / "days").iterdir() if d.name.isdigit()) + 1))
    for day in days:
        rd = resolve_day(gd, game, day, demo_seed(day))
        gd.write_result(day, day_files(gd, game, rd))
    shown = engine.demo_day if engine.demo_day in days else days[-1]
    path = gd.result_dir(shown) / f"narration.{game.ext}"
    return DemoResult(days[-1], path.read_text(encoding="utf-8"), display_path(path), shown)
