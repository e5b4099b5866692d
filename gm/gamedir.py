"""The game folder on disk: where things live, and writes that are atomic and never clobber.

    my-game/game.yaml
    my-game/days/01/orders/*.yaml      written by the GM
    my-game/days/01/result/            written by gm, all at once, never edited by hand
"""

from __future__ import annotations

import difflib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gm.errors import GmError, LocatedError, Location, OrderError, StateError
from gm.yamlio import display_path, key_loc, value_loc

FORMATS = {"bbcode": "bbcode", "markdown": "md"}
CORE_KEYS = ("engine", "title", "format", "forum", "deadline")


def day_name(day: int) -> str:
    return f"{day:02d}"


@dataclass
class Game:
    """game.yaml read and checked: the engine, its rules and the state before Day 0."""

    root: Path
    engine: Any
    title: str
    format: str
    rules: Any
    roster: list[str]
    initial_state: Any
    warnings: list = field(default_factory=list)  # game.yaml's warnings, shown with every day's check
    forum: Any = None  # gm.forums.Forum: the markup, tags and post length of the game's forum
    handles: dict[str, str] = field(default_factory=dict)  # forum user name -> player (gm votes)
    daily_deadline: tuple[int, int] | None = None  # game.yaml's `deadline: "20:00"` (UTC), as (hour, minute)

    @property
    def ext(self) -> str:
        return FORMATS[self.format]

    @property
    def templates_dir(self) -> Path:
        """The game's own templates (overrides of the shipped ones), if the GM made any."""
        return self.root / "templates"


class GameDir:
    def __init__(self, root: Path | str):
        self.root = Path(root)

    @property
    def game_yaml(self) -> Path:
        return self.root / "game.yaml"

    def day_dir(self, day: int) -> Path:
        return self.root / "days" / day_name(day)

    def orders_dir(self, day: int) -> Path:
        return self.day_dir(day) / "orders"

    def result_dir(self, day: int) -> Path:
        return self.day_dir(day) / "result"

    def votes_path(self, day: int) -> Path:
        """The day's votes counted from the thread (gm votes), laid over the orders' votes."""
        return self.day_dir(day) / "votes.yaml"

    def orders_files(self, day: int) -> list[Path]:
        d = self.orders_dir(day)
        if not d.is_dir():
            return []
        return sorted(p for p in d.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file() and not p.name.startswith("."))

    def is_resolved(self, day: int) -> bool:
        return (self.result_dir(day) / "state.json").is_file()

    def resolved_days(self) -> list[int]:
        days_dir = self.root / "days"
        if not days_dir.is_dir():
            return []
        out = []
        for d in days_dir.iterdir():
            if d.name.isdigit() and (d / "result" / "state.json").is_file():
                out.append(int(d.name))
        return sorted(out)

    def read_json(self, day: int, name: str) -> Any:
        path = self.result_dir(day) / name
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise StateError(f"{display_path(path)}: missing (has Day {day} been resolved?)") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise StateError(f"{display_path(path)}: not valid JSON ({exc}); was it edited by hand?") from None

    # ---- reading game.yaml --------------------------------------------------

    def load(self) -> Game:
        from gm.engines import get_engine
        from gm.yamlio import load_file

        if not self.root.is_dir():
            raise StateError(f"{display_path(self.root)}: no such game folder (create one with `gm new`)")
        if not self.game_yaml.is_file():
            raise StateError(f"{display_path(self.root)}: no game.yaml here (is this a game folder?)")
        path = display_path(self.game_yaml)
        doc = load_file(self.game_yaml)
        if not isinstance(doc, dict):
            raise LocatedError(Location(path, 1, 1), "game.yaml must be a mapping with engine, title and roster")
        engine_name = doc.get("engine")
        if not isinstance(engine_name, str):
            from gm.engines import REGISTRY

            raise LocatedError(key_loc(path, doc, "engine") if "engine" in doc else Location(path, 1, 1),
                               f"game.yaml needs `engine: <name>` (one of {', '.join(sorted(REGISTRY))})")
        try:
            engine = get_engine(engine_name)
        except GmError as exc:
            raise LocatedError(value_loc(path, doc, "engine"), str(exc)) from None
        from gm.errors import Problem
        from gm.suggest import did_you_mean

        problems: list[Problem] = []
        allowed = CORE_KEYS + tuple(engine.facts.config_keys)
        for key in doc:
            if key not in allowed:
                problems.append(Problem(key_loc(path, doc, key), f"unknown setting '{key}'{did_you_mean(str(key), allowed)}"))
        title = doc.get("title", engine.facts.title)
        if not isinstance(title, str) or not title.strip():
            problems.append(Problem(value_loc(path, doc, "title"), "title must be text"))
            title = engine.facts.title
        fmt = doc.get("format")
        if fmt is not None and fmt not in FORMATS:
            problems.append(Problem(value_loc(path, doc, "format"), f"format must be one of {', '.join(FORMATS)}, not {fmt!r}"))
            fmt = "bbcode"
        daily = None
        if doc.get("deadline") is not None:
            from gm.gmday import daily_time

            daily = daily_time(doc["deadline"])
            if daily is None:
                problems.append(Problem(value_loc(path, doc, "deadline"), "deadline is a time of day in UTC, "
                                        "e.g. `deadline: \"20:00\"` (one day's own: `gm commit --deadline`)"))
        setup = engine.setup(doc, path)
        problems += setup.problems
        from gm.forums import read_forum

        forum, forum_problems = read_forum(doc, path, fmt, setup.roster)
        problems += forum_problems
        errors = [p for p in problems if p.severity == "error"]
        if errors:
            raise OrderError(problems)
        return Game(self.root, engine, str(title), forum.forum.format, setup.rules, setup.roster, setup.initial_state,
                    [p for p in problems if p.severity != "error"], forum.forum, forum.handles, daily)

    # ---- writing ------------------------------------------------------------

    def write_result(self, day: int, files: dict[str, str], force: bool = False) -> Path:
        """Write the whole result folder at once: built beside it, then renamed into place.

        An existing result is never overwritten: with `force` it is kept as result.N/ and the
        new result gets a changes.diff against it.
        """
        final = self.result_dir(day)
        final.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".result-", dir=final.parent))
        try:
            previous = None
            if final.exists():
                if not force:
                    raise StateError(f"Day {day} is already resolved ({display_path(final)}); "
                                     "use --force to resolve it again (the old result is kept)")
                previous = self._free_name(final)
                files = dict(files)
                files["changes.diff"] = _diff(final, files, previous.name)
            for rel, text in sorted(files.items()):
                target = tmp / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                with open(target, "w", encoding="utf-8", newline="\n") as fh:
                    fh.write(text)
            if previous is not None:
                os.rename(final, previous)
            os.rename(tmp, final)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)
        return final

    @staticmethod
    def _free_name(final: Path) -> Path:
        n = 1
        while (final.parent / f"{final.name}.{n}").exists():
            n += 1
        return final.parent / f"{final.name}.{n}"


def _diff(old_dir: Path, new_files: dict[str, str], old_name: str) -> str:
    """What changed between the kept result and the new one, as a unified diff."""
    chunks = []
    old_files = {str(p.relative_to(old_dir)): p for p in old_dir.rglob("*") if p.is_file() and p.name != "changes.diff"}
    for rel in sorted(set(old_files) | set(new_files)):
        if rel == "changes.diff":
            continue
        old = old_files[rel].read_text(encoding="utf-8") if rel in old_files else ""
        new = new_files.get(rel, "")
        if old != new:
            chunks.extend(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                               f"{old_name}/{rel}", f"result/{rel}"))
    return "".join(chunks) or "no differences\n"


def write_new_file(path: Path, text: str) -> None:
    """Create a file that must not exist yet (never overwrite what the GM wrote)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with open(path, "x", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    except FileExistsError:
        raise StateError(f"{display_path(path)} already exists; not overwriting it") from None


def create_file_atomically(path: Path, text: str, mode: int = 0o644) -> None:
    """Create a file that must not exist yet, all at once: written beside it, then linked into place.

    A crash leaves no half-written file, and an existing file (the GM's, or an earlier run's) is
    never replaced.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise StateError(f"{display_path(path)} already exists; not overwriting it") from None
        except OSError:  # a file system without hard links: exclusive create is the next best thing
            write_new_file(path, text)
            os.chmod(path, mode)
    finally:
        os.unlink(tmp)


def replace_file_atomically(path: Path, text: str) -> None:
    """Write a file gm owns (a generated tally, a preview) all at once, replacing an earlier copy."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
