"""What each command does, as plain functions returning plain results (cli.py prints them)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gm.commands.status import deadline_line
from gm.errors import GmError, StateError
from gm.gamedir import GameDir
from gm.gamedir import default_day as _default_day
from gm.paths import display_path
from gm.storage.atomic import write_new_file
from gm.storage.gcpause import gc_paused

if TYPE_CHECKING:
    from gm.gmday.audit import AuditReport


GITIGNORE = """\
# A day's seed and veil are secret (gm commit, docs/fairness.md): keep them out of anything you
# share. The seed's SHA-256 is in the commitment post, and the seed in the reveal post later.
seed.secret
# gm's own scratch: a result folder being written, a lock against two runs at once
.result-*
*.lock
"""

GITATTRIBUTES = """\
# gm hashes these files byte for byte (docs/fairness.md): no line-ending conversion, on any
# system and whatever core.autocrlf says, or `gm audit --all` would find every day changed.
* -text
"""


def new_game(root: Path, engine_name: str | None, title: str | None) -> tuple[list[str], str]:
    """Create the game folder (`engine_name` None: the default engine); returns the files created
    and what the GM should do next."""
    from gm.engines import DEFAULT_ENGINE, get_engine

    engine = get_engine(engine_name or DEFAULT_ENGINE)
    if root.exists() and any(root.iterdir()):
        raise StateError(f"{display_path(root)} already exists and is not empty")
    template = engine.new_game_files(title)
    template.setdefault(".gitignore", GITIGNORE)
    template.setdefault(".gitattributes", GITATTRIBUTES)
    template.setdefault(GameDir.LOCK, "")  # the writing commands' lock (gm/gamedir.py): there from the start
    made_root = not root.exists()
    created: list[Path] = []
    try:
        for rel, text in template.items():
            path = root / rel
            write_new_file(path, text)
            created.append(path)
    except BaseException:  # a full disk, say: take back what was made, so nothing is half-made
        for path in reversed(created):
            path.unlink(missing_ok=True)
        if made_root:
            import shutil

            shutil.rmtree(root, ignore_errors=True)
        raise
    return [display_path(p) for p in created if p.name != GameDir.LOCK], engine.facts.new_game_hint.format(dir=root)


def check(root: Path, day: int | None):
    from gm.pipeline.day import check_day
    from gm.errors import Location, Problem
    from gm.gmday.ignored import unread

    gd = GameDir(root)
    game = gd.load()
    report = check_day(gd, game, _default_day(gd, day, resolved=False))
    report.ignored = unread(gd, report.day)
    if not gd.is_resolved(report.day):
        report.deadline = deadline_line(gd, game, report.day, report)
    for left in gd.leftovers():
        report.problems.append(Problem(Location(display_path(left)), "left by an interrupted gm run (git ignores it; "
                                       "it may hold an earlier result: look, then delete it)", "warning"))
    if game.templates_dir.is_dir():  # the GM's own templates (jinja2 is loaded only for them)
        from gm.forum.templating import check_templates

        report.problems += check_templates(game)
        if not any(p.severity == "error" for p in report.problems) and not gd.is_resolved(report.day):
            report.problems += _trial_render(gd, game, report.day)
    return report


def _trial_render(gd: GameDir, game, day: int) -> list:
    """Every post of the day rendered as `gm resolve` would, in the sandbox and within the limits,
    with a throwaway seed, and nothing written or shown but the problems: a GM's template that
    fails only as it runs (a name it may not use, a width beyond the bounds) fails here, not at
    resolve."""
    from gm.pipeline.day import resolve_day
    from gm.errors import LocatedError, Location, OrderError, Problem
    from gm.pipeline.record import day_files

    try:
        day_files(game, resolve_day(gd, game, day, bytes(32)))
    except LocatedError as exc:
        return [exc.problem]
    except OrderError:
        return []  # the day's own problems, reported already
    except GmError as exc:
        return [Problem(Location(display_path(game.templates_dir)), f"the day's posts could not be rendered: {exc}")]
    return []


@dataclass(eq=False, repr=False)
class Resolved:
    """What `gm resolve` wrote."""

    day: int
    result: str
    files: list[str]
    rolls: int
    over: bool
    warnings: list


def resolve(root: Path, day: int | None, seed_hex: str | None, force: bool, beacon: str | None = None,
            rulings: tuple[str, ...] = (), reason: str | None = None, intro: str | None = None,
            name_players: bool = False, now: str | None = None, early: bool = False,
            no_beacon: str | None = None) -> Resolved:
    """Resolve a day. After a lock, a changed orders file needs a ruling and a changed salt is
    refused; a re-resolve needs its reason, and leaves a correction in the record (gm/fairness/corrections.py).
    `intro` is the GM's prose for the post: it is written to days/NN/story.md (which must not hold
    other text already) so the day's record and `gm audit` can account for it."""
    from gm.fairness.chain import write_result
    from gm.fairness.commitment import LOG_FILE, derived_veil, log_event, secret_for_resolve, take_back_log
    from gm.fairness.day_beacon import beacon_for_resolve
    from gm.fairness.deadlines import check_resolve_time, check_ruled_deadline
    from gm.pipeline.day import read_day, roll_day
    from gm.pipeline.record import day_files
    from gm.storage.atomic import create_file_atomically

    gd = GameDir(root)
    game = gd.load()
    day = _default_day(gd, day, resolved=False)
    if gd.is_resolved(day) and not force:
        raise StateError(f"Day {day} is already resolved; use --force --reason \"...\" to resolve it again "
                         "(the old result is kept, and the correction is posted)")
    if force and gd.is_resolved(day) and not (reason or "").strip():
        raise StateError(f"resolving Day {day} again needs --reason \"...\": the players are told what changed and why")
    story_path = gd.story_path(day)
    if intro is not None and story_path.is_file() and story_path.read_bytes() != intro.encode("utf-8"):
        raise StateError(f"{display_path(story_path)} already holds the day's story: edit it there, or leave out --intro")
    with gd.lock():
        _settle_head(gd)
        if gd.is_resolved(day) and not force:  # again, under the lock: another run may have done it
            raise StateError(f"Day {day} is already resolved; use --force --reason \"...\" to resolve it again "
                             "(the old result is kept, and the correction is posted)")
        secret, seed_warnings = secret_for_resolve(gd, game, day, seed_hex)
        if not (force and gd.is_resolved(day)):  # a re-resolve comes after the deadline by its nature
            seed_warnings += check_resolve_time(gd, day, when_now(now, game.zone), early)
        round_record = beacon_for_resolve(gd, day, beacon, no_beacon)
        history = _history(gd, day, force)
        if no_beacon is not None:
            from gm.fairness.day_beacon import without_beacon

            history["no_beacon"] = without_beacon(gd, day, no_beacon)
        with gc_paused():  # the day's objects all live until it is written (gm/storage/gcpause.py)
            veil = secret.veil or derived_veil(secret.seed)
            checked, late = read_day(gd, game, day, intro, rulings, history["rulings"], veil)  # the lock before the dice
            if no_beacon is None and checked.rulings is not None:
                check_ruled_deadline(gd, day, checked.rulings.deadline)
            history["rulings"] += late
            rd = roll_day(game, checked, secret.seed, secret.veil, round_record)
            if force and gd.is_resolved(day):
                from gm.fairness.corrections import correction

                draft = day_files(game, rd, history)
                history["corrections"].append(correction(gd, day, reason.strip(), draft, rd.checked.orders_digests,
                                                         name_players))
            files = day_files(game, rd, history)
        if intro is not None and not story_path.is_file():
            create_file_atomically(story_path, intro)
        # the log line first, then the result it vouches for: a run stopped between the two is
        # finished by running it again (same seed and orders, same record)
        log = gd.root / LOG_FILE
        log_size = log.stat().st_size if log.is_file() else None
        log_event(gd, {"event": "resolve", "day": day, "record_sha256": hashlib.sha256(files["day.json"].encode("utf-8")).hexdigest()})
        try:
            result = write_result(gd, day, files, force=force)
        except BaseException:  # a full disk, say: a result not put in place takes its log line back
            placed = gd.result_dir(day) / "day.json"
            try:
                in_place = placed.is_file() and placed.read_text(encoding="utf-8") == files["day.json"]
            except OSError:
                in_place = False
            if not in_place:
                take_back_log(log, log_size)
            raise
        from gm.fairness.reveal import release_sealed

        released = release_sealed(gd, game)
    later = [d for d in gd.resolved_days() if d > day]
    warnings = list(rd.checked.warnings) + seed_warnings + gd.notes
    if released:
        warnings.append("note: the game has ended, so the sealed days' reveal posts are written: " + ", ".join(released))
    if later:
        warnings.append(f"warning: Day(s) {', '.join(map(str, later))} were resolved from the old Day {day}: resolve them again")
    return Resolved(day, display_path(result), sorted(files), len(rd.rolls), bool(game.engine.ended(rd.state)), warnings)


def _settle_head(gd: GameDir) -> None:
    """chain-head.json put right after a `gm resolve` stopped between its result and its head: the
    last day's result in place and logged, the head still naming the day before (`gm audit --all`
    names such a head until then). A head naming a day that is gone, or another record, is left as
    it is: that is for the audit to report."""
    from gm.fairness.chain import read_head, record_logged, write_head

    from gm.fairness.commitment import read_log

    days = gd.resolved_days()
    head = read_head(gd)
    if not days or head is None or head["day"] > days[-1] or not record_logged(gd, days[-1]):
        return
    earlier = {e.get("record_sha256") for e in read_log(gd) if e.get("event") == "resolve" and e.get("day") == days[-1]}
    if head["day"] < days[-1] or head["record_sha256"] in earlier:
        write_head(gd, days[-1])


def _history(gd: GameDir, day: int, force: bool) -> dict:
    """The rulings and corrections already in the day's record (a re-resolve keeps them)."""
    if not (force and gd.is_resolved(day)):
        return {"rulings": [], "corrections": []}
    try:
        old = gd.read_json(day, "day.json")
    except (OSError, ValueError):
        return {"rulings": [], "corrections": []}
    return {"rulings": list(old.get("rulings") or []), "corrections": list(old.get("corrections") or [])}


def audit(root: Path, day: int | None) -> AuditReport:
    from gm.gmday.audit import AuditReport, audit_day
    from gm.fairness.chain_audit import check_day

    gd = GameDir(root)
    game = gd.load()
    day = _default_day(gd, day, resolved=True)
    report = audit_day(gd, game, day)
    chain = check_day(gd, day)
    if chain.ok:
        report.lines.append(f"Day {day}: its record checks out ({'; '.join(chain.notes)}).")
    else:
        report.lines += [f"  CHANGED   {f}" for f in chain.findings]
        report.lines.append(f"Day {day}: {len(chain.findings)} problem(s) with the day's record.")
    return AuditReport(report.ok and chain.ok, report.lines)


def rolls(root: Path, day: int | None) -> tuple[int, list[dict]]:
    from gm.dice import Roll

    gd = GameDir(root)
    day = _default_day(gd, day, resolved=True)
    path = gd.result_dir(day) / "rolls.jsonl"
    if not path.is_file():
        raise StateError(f"Day {day} has not been resolved: no {display_path(path)}")
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):  # only \n ends a record
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            roll = Roll(rec["index"], rec["purpose"], rec["sides"], rec["value"], rec.get("against"),
                        rec.get("table"), rec.get("outcome"))
        except (json.JSONDecodeError, KeyError, TypeError, RecursionError):
            raise StateError(f"{display_path(path)}:{n}: not a roll record") from None
        out.append(rec | {"odds": roll.odds})
    return day, out


@dataclass(eq=False, repr=False)
class DemoResult:
    """What `gm demo` made, and the narration it shows."""

    last_day: int
    narration: str
    narration_path: str
    shown_day: int = 0
    engine: str = ""  # the engine's name, as game.yaml writes it


def demo_seed(day: int, beacon: bool = False) -> bytes:
    """The demo's fixed seeds, so its outputs are the same everywhere (and checked in as golden files).
    The day that also takes a beacon round has a seed of its own, picked so that the demo still shows
    every rule it is a tour of (tests/test_golden.py)."""
    return hashlib.sha256(f"gm demo seed, day {day}".encode() + (b", beacon 0" if beacon else b"")).digest()


def demo(target: Path, engine_name: str | None = None) -> DemoResult:
    """Play the engine's example as a careful GM would: each day committed before its orders come
    in, locked at the deadline, then resolved; the last day also takes a real drand quicknet round
    (earlier days stay offline: the example's orders were written for their dice)."""
    from datetime import timedelta

    from gm.fairness.beacon import DEMO_ROUND, DEMO_SIGNATURE, checked_round, round_time
    from gm.fairness.chain import write_result
    from gm.fairness.commitment import commit_day, derived_veil, log_event
    from gm.pipeline.day import anyone_due, check_day, day_rolls, resolve_day
    from gm.engines import DEFAULT_ENGINE, get_engine
    from gm.pipeline.record import day_files
    from gm.fairness.lock import lock_day

    engine = get_engine(engine_name or DEFAULT_ENGINE)
    source = engine.example_dir()
    if target.exists() and any(target.iterdir()):
        raise StateError(f"{display_path(target)} already exists and is not empty; pick another folder")
    import shutil  # here, not at the top: `gm check` never needs it (issue 17, start-up)

    shutil.copytree(source, target, dirs_exist_ok=True, ignore=lambda d, names: ["orders"] if Path(d).parent.name == "days" else [])
    gd = GameDir(target)
    if not (target / GameDir.LOCK).exists():
        write_new_file(target / GameDir.LOCK, "")  # as `gm new` makes it
    game = gd.load()
    # every day from Day 0 to the last day folder (a day that takes no orders has no folder)
    days = list(range(max(int(d.name) for d in (target / "days").iterdir() if d.name.isdigit()) + 1))
    for day in days:
        beacon = None
        seed = demo_seed(day, beacon=day == days[-1])
        if day == days[-1]:  # a deadline just before a published round, so the round named is that one
            deadline = round_time(DEMO_ROUND - 1)
            commit_day(gd, game, day, seed, deadline=deadline, now=deadline - timedelta(hours=1),
                       due=anyone_due(gd, game, day), rolls=day_rolls(gd, game, day))
            beacon = checked_round(DEMO_ROUND, DEMO_SIGNATURE).record()
        else:
            commit_day(gd, game, day, seed, due=anyone_due(gd, game, day), rolls=day_rolls(gd, game, day))
        orders = source / "days" / f"{day:02d}" / "orders"
        if orders.is_dir():
            shutil.copytree(orders, gd.orders_dir(day))
        lock_day(gd, game, day, lambda: check_day(gd, game, day), now=deadline if day == days[-1] else None)
        with gc_paused():
            rd = resolve_day(gd, game, day, seed, derived_veil(seed), beacon)
            files = day_files(game, rd)
        write_result(gd, day, files)
        log_event(gd, {"event": "resolve", "day": day, "record_sha256": hashlib.sha256(files["day.json"].encode("utf-8")).hexdigest()})
    from gm.fairness.reveal import release_sealed

    release_sealed(gd, game)
    shown = engine.facts.demo_day if engine.facts.demo_day in days else days[-1]
    path = gd.result_dir(shown) / f"narration.{game.ext}"
    return DemoResult(days[-1], path.read_text(encoding="utf-8"), display_path(path), shown, engine.facts.name)


def when_now(raw: str | None, zone=None):
    """`--now`: a date and time with its zone (2026-03-01T20:00Z), or `2026-03-01 20:00` in the game's
    time zone (`zone`; UTC when None); None: the clock's."""
    from datetime import timezone

    if raw is None:
        return None
    from gm.moments import SYNTAX, parse_moment

    when = parse_moment(raw, zone)  # to the second, as the clock
    if when is None:
        raise GmError(f"--now must be a date and time: {SYNTAX}; not {raw!r}")
    return when.replace(tzinfo=timezone.utc)


def audit_all(root: Path) -> AuditReport:
    """Walk the hash chain from Day 0 and name the first day where anything was changed."""
    from gm.gmday.audit import AuditReport, audit_chain

    gd = GameDir(root)
    game = gd.load()
    ok, lines = audit_chain(gd, game)
    return AuditReport(ok, lines)
