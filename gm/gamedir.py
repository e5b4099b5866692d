"""The game folder on disk: where things live, game.yaml read and checked, the result folder written
whole (with the atomic writes of gm/storage/atomic.py).

    my-game/game.yaml
    my-game/days/01/orders/*.yaml      written by the GM
    my-game/days/01/result/            written by gm, all at once, never edited by hand
"""

from __future__ import annotations

import json
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gm.errors import GmError, LocatedError, Location, OrderError, StateError
from gm.paths import display_path
from gm.storage.atomic import SCRATCH, copy_tree, exchange_folders, scratch, write_bytes
from gm.yamlio import key_loc, value_loc

_DAILY = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


def daily_time(value: Any) -> tuple[int, int] | None:
    """game.yaml's `deadline: "20:00"` as (hour, minute); None when it is not a time of day.
    (YAML 1.1 readers turn an unquoted 20:00 into 1200; ruamel reads YAML 1.2, which keeps text.)"""
    m = _DAILY.match(str(value).strip()) if isinstance(value, (str, int)) and not isinstance(value, bool) else None
    return (int(m.group(1)), int(m.group(2))) if m else None


def default_day(gd: GameDir, day: int | None, resolved: bool) -> int:
    """Without --day: the first unresolved day (for check/resolve) or the last resolved one."""
    if day is not None:
        return day
    done = gd.resolved_days()
    if resolved:
        if not done:
            raise StateError(f"no day of {display_path(gd.root)} has been resolved yet")
        return done[-1]
    return done[-1] + 1 if done else 0

FORMATS = {"bbcode": "bbcode", "markdown": "md"}
CORE_KEYS = ("engine", "title", "format", "forum", "limits", "deadline", "timezone")
NOT_RULES = ("engine", "title", "format", "forum", "limits", "deadline", "timezone", "roster")  # settings that are not rules of play


def named_files(root: Path, doc: Any) -> dict[str, Path]:
    """The files of the game folder that a setting of play names (a `components:` file), by the
    name game.yaml gives them: part of the rules in force (docs/fairness.md, "House rules")."""
    out = {}
    for key, value in (doc.items() if isinstance(doc, dict) else ()):
        if key in NOT_RULES or not isinstance(value, str) or not value.strip():
            continue
        path = root / value.strip()
        try:
            if path.is_file() and path.resolve().is_relative_to(root.resolve()):
                out[value.strip()] = path
        except (OSError, ValueError):
            continue
    return out
TELLINGS = ("both", "prose", "list")  # how a post tells the day: the story and a list of the rest, or one alone


def day_name(day: int) -> str:
    return f"{day:02d}"


@dataclass(eq=False, repr=False)
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
    forum: Any = None  # gm.forum.profiles.Forum: the markup, tags and post length of the game's forum
    handles: dict[str, str] = field(default_factory=dict)  # forum user name -> player (gm votes)
    limits: Any = None  # gm.storage.limits.Limits: how much input is read (game.yaml `limits:`)
    pronouns: dict[str, str] = field(default_factory=dict)  # player -> she, he or they (roster `pronouns:`)
    daily_deadline: tuple[int, int] | None = None  # game.yaml's `deadline: "20:00"` (in `zone`), as (hour, minute)
    telling: str = "both"  # game.yaml's `telling:` (TELLINGS; engines that list their events): prose, list or both
    source: str = ""  # game.yaml's text as read: kept in each day's record, so `gm audit` replays a day under it
    source_files: dict[str, str] = field(default_factory=dict)  # the text of each file a setting names (named_files)
    zone: Any = None  # game.yaml's `timezone:` (a zoneinfo zone): the short form of a moment is read in it; None: UTC

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
        self.notes: list[str] = []  # warnings of the writes made (shown by the command)

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

    def story_path(self, day: int) -> Path:
        """The GM's own prose for the day's post (gm/narration.py), hashed into the day's record."""
        return self.day_dir(day) / "story.md"

    def orders_files(self, day: int) -> list[Path]:
        d = self.orders_dir(day)
        if not d.is_dir():
            return []
        # anything but a folder: a FIFO or a device named like orders is refused when read (gm/safefile.py), not passed over
        return sorted(p for p in d.iterdir() if p.suffix in (".yaml", ".yml") and not p.is_dir() and not p.name.startswith("."))

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
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
            raise StateError(f"{display_path(path)}: not valid JSON ({exc}); was it edited by hand?") from None

    # ---- reading game.yaml --------------------------------------------------

    def load(self) -> Game:
        from gm.storage.gcpause import gc_paused

        with gc_paused():  # game.yaml of a big game is a large document that all stays alive
            return self._load()

    def _load(self) -> Game:
        from gm.engines import get_engine
        from gm.yamlio import load_file

        if not self.root.is_dir():
            raise StateError(f"{display_path(self.root)}: no such game folder (create one with `gm new`)")
        if not self.game_yaml.is_file():
            raise StateError(f"{display_path(self.root)}: no game.yaml here (is this a game folder?)")
        path = display_path(self.game_yaml)
        from gm.storage.limits import DEFAULT
        from gm.yamlio import decode_text, load_text, read_bytes

        source = decode_text(read_bytes(self.game_yaml, DEFAULT.file_bytes), self.game_yaml)
        doc = load_text(source, self.game_yaml, DEFAULT)
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
        else:
            from gm.names import text_problem

            why = text_problem(title, "the title")
            if why:
                problems.append(Problem(value_loc(path, doc, "title"), why))
        fmt = doc.get("format")
        if fmt is not None and fmt not in FORMATS:
            problems.append(Problem(value_loc(path, doc, "format"), f"format must be one of {', '.join(FORMATS)}, not {fmt!r}"))
            fmt = "bbcode"
        telling = doc.get("telling", "both")
        if telling not in TELLINGS:
            problems.append(Problem(value_loc(path, doc, "telling"), f"telling must be one of {', '.join(TELLINGS)}, "
                                    f"not {telling!r}{did_you_mean(str(telling), TELLINGS)}"))
            telling = "both"
        from gm.settings import read_limits

        limits, limit_problems = read_limits(doc.get("limits"), path)
        problems += limit_problems
        zone = None
        if doc.get("timezone") is not None:
            from gm.moments import read_zone

            zone, why = read_zone(doc["timezone"])
            if why:
                problems.append(Problem(value_loc(path, doc, "timezone"), why))
        daily = None
        if doc.get("deadline") is not None:
            daily = daily_time(doc["deadline"])
            if daily is None:
                problems.append(Problem(value_loc(path, doc, "deadline"), "deadline is a time of day (in the game's "
                                        "`timezone:`, UTC without it), "
                                        "e.g. `deadline: \"20:00\"` (one day's own: `gm commit --deadline`)"))
        setup = engine.setup(doc, path)
        problems += setup.problems
        from gm.forum.profiles import read_forum

        forum, forum_problems = read_forum(doc, path, fmt, setup.roster, str(title), engine.facts.name)
        problems += forum_problems
        from gm.narration import read_pronouns

        pronouns, pronoun_problems = read_pronouns(doc, path)
        problems += pronoun_problems
        errors = [p for p in problems if p.severity == "error"]
        if errors:
            raise OrderError(problems)
        files = {}
        for name, file in named_files(self.root, doc).items():
            try:
                files[name] = decode_text(read_bytes(file, limits.file_bytes), file)
            except LocatedError:
                continue  # not a text file: the engine's own reading of it names what is wrong
        return Game(self.root, engine, str(title), forum.forum.format, setup.rules, setup.roster, setup.initial_state,
                    [p for p in problems if p.severity != "error"], forum.forum, forum.handles, limits, pronouns, daily,
                    telling, source, files, zone)

    # ---- writing ------------------------------------------------------------

    LOCK = ".gm.lock"  # ignored by git (the game's .gitignore: *.lock)
    SOFT_LOCK = ".gm.soft.lock"

    @contextmanager
    def lock(self):
        """Hold the game's lock while writing: a second writing command says so and stops.

        filelock's lock on .gm.lock in the game folder (made by `gm new`): an advisory lock the
        system drops when the process ends, killed or not, on Linux and macOS (flock) and on Windows
        (msvcrt). Where neither exists, filelock's soft lock, whose lock is that a file exists:
        .gm.soft.lock, made and removed by each writing command.
        """
        import filelock

        if not self.root.is_dir():
            raise StateError(f"{display_path(self.root)}: no such game folder (create one with `gm new`)")
        soft = filelock.FileLock.__name__ == "SoftFileLock"
        held = filelock.FileLock(str(self.root / (self.SOFT_LOCK if soft else self.LOCK)), timeout=0)
        Timeout = filelock.Timeout
        try:
            held.acquire()
        except Timeout:
            raise StateError(f"another gm command is writing to {display_path(self.root)} right now; "
                             "run this one when it has finished") from None
        try:  # an OSError taking it (a full disk, a read-only folder) is worded by the CLI, with the file
            yield
        finally:
            held.release()

    def leftovers(self) -> list[Path]:
        """Scratch folders an interrupted gm run left behind (each holds only what git ignores)."""
        days = self.root / "days"
        found = list(self.root.glob(SCRATCH + "*"))
        if days.is_dir():
            found += days.glob(SCRATCH + "*")
            found += days.glob("*/" + SCRATCH + "*")
            found += days.glob("*/.result-*")  # made by gm before these scratch folders
        return sorted(p for p in found if p.is_dir())

    def write_result(self, day: int, files: dict[str, str], force: bool = False) -> Path:
        """Write the whole result folder at once: built in a scratch folder, then put in place.

        An existing result is never overwritten: with `force` it is kept as result.N/ and the
        new result gets a changes.diff against it. A copy of the old result is put in place as
        result.N/ first, then the new result and the old are swapped in one step, so a run killed
        at any point leaves the day with its old result or its new one, never none, and the new
        one never without the old one kept beside it (the correction in its record names it).
        """
        final = self.result_dir(day)
        final.parent.mkdir(parents=True, exist_ok=True)
        with scratch(final.parent) as tmp:
            built = tmp / "result"
            built.mkdir()
            previous = None
            if final.exists():
                if not force:
                    raise StateError(f"Day {day} is already resolved ({display_path(final)}); "
                                     "use --force to resolve it again (the old result is kept)")
                previous = self._free_name(final)
                files = dict(files)
                files["changes.diff"] = _diff(final, files, previous.name)
            folders: set[Path] = {built}
            for rel, text in sorted(files.items()):
                target = built / rel
                if target.parent not in folders:  # each folder made once, not asked for again per file
                    target.parent.mkdir(parents=True, exist_ok=True)
                    folders.add(target.parent)
                write_bytes(target, text.encode("utf-8"))
            if previous is None:
                os.rename(built, final)
            else:
                import shutil

                kept = tmp / "kept"
                copy_tree(final, kept)  # the old result, whole, before any move
                os.rename(kept, previous)
                try:
                    exchange_folders(built, final)  # now `built` holds the old result again: the scratch goes with it
                except OSError:
                    shutil.rmtree(previous, ignore_errors=True)  # as if nothing happened
                    raise
        return final  # the chain's head is fairness's to write (gm/fairness/chain.py write_result)

    @staticmethod
    def _free_name(final: Path) -> Path:
        n = 1
        while (final.parent / f"{final.name}.{n}").exists():
            n += 1
        return final.parent / f"{final.name}.{n}"


def _diff(old_dir: Path, new_files: dict[str, str], old_name: str) -> str:
    """What changed between the kept result and the new one, as a unified diff."""
    import difflib

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
