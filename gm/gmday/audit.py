"""Replaying a resolved day and comparing it, byte for byte, with what is on disk; and walking the
whole chain of days (`gm audit --all`), with gm/fairness/chain.py's checks that need no replay.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from pathlib import Path

from gm.dice import parse_seed
from gm.errors import GmError, StateError
from gm.fairness.chain import HEAD, read_head, shown_path
from gm.fairness.chain_audit import DayAudit, check_day
from gm.fairness.reveal import game_ended, released_reveal
from gm.gamedir import Game, GameDir
from gm.paths import display_path
from gm.pipeline.day import resolve_day
from gm.pipeline.record import day_files
from gm.storage.gcpause import gc_paused


@dataclass
class AuditReport:
    ok: bool
    lines: list[str] = field(default_factory=list)


@dataclass
class Difference:
    kind: str  # MISSING | EXTRA | DIFFERS
    rel: str  # the file, relative to the result folder
    detail: str
    diff: list[str] = field(default_factory=list)


@dataclass
class Replay:
    day: int
    seed_hex: str
    rolls: int
    orders_files: int
    files: int
    differences: list[Difference]
    note: str | None = None  # today's game.yaml differs from the day's (it was replayed under the day's)


def replayed(gd: GameDir, game: Game, day: int):
    """The day resolved again from its recorded seed and the orders on disk, under the settings it
    was resolved under: (the resolved day, its rulings and corrections as recorded, the game as it
    was then, a note when today's game.yaml differs). `day_files(then, rd, history)` gives its
    files, for that game's forum or another's (gm/gmday/rerender.py)."""
    if not gd.is_resolved(day):
        raise StateError(f"Day {day} has not been resolved; nothing to audit")
    record = gd.read_json(day, "day.json")
    seed_hex = record.get("seed") if isinstance(record, dict) else None
    if not isinstance(seed_hex, str):
        raise StateError(f"{display_path(gd.result_dir(day) / 'day.json')}: no seed recorded")
    veil = record.get("veil")
    game, note = settings_of(gd, game, record)
    rd = resolve_day(gd, game, day, parse_seed(seed_hex), parse_seed(veil) if isinstance(veil, str) else None,
                     record.get("beacon"))
    rd.checked.seed_committed = bool(record.get("seed_committed"))  # seed.secret stays out of a shared copy
    history = {"rulings": record.get("rulings") or [], "corrections": record.get("corrections") or [],
               "no_beacon": record.get("no_beacon")}
    return rd, history, game, note


def settings_of(gd: GameDir, game: Game, record: dict) -> tuple[Game, str | None]:
    """The game as the day was resolved: under the game.yaml (and the files its settings name)
    its record keeps, when today's differ (a `forum:` changed, a house rule changed by a ruling);
    and a note naming what differs (None: the same, or a record older than the field)."""
    import dataclasses
    import tempfile

    text, files = record.get("game_yaml"), record.get("game_files") or {}
    if not isinstance(text, str) or not isinstance(files, dict) or (text == game.source and files == game.source_files):
        return game, None
    with tempfile.TemporaryDirectory(prefix="gm-audit-") as scratch:
        root = Path(scratch)
        (root / "game.yaml").write_text(text, encoding="utf-8", newline="")
        for name, body in files.items():
            target = (root / str(name)).resolve()
            if not isinstance(body, str) or not target.is_relative_to(root.resolve()):
                raise StateError(f"{display_path(gd.result_dir(record.get('day', 0)) / 'day.json')}: game_files: "
                                 f"{name!r} is not a file of the game folder")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(body, encoding="utf-8", newline="")
        try:
            then = GameDir(root).load()
        except GmError as exc:
            raise StateError(f"the game.yaml Day {record.get('day')} was resolved under cannot be read: "
                             f"{str(exc).splitlines()[0]}") from None
    return dataclasses.replace(then, root=game.root), _what_differs(game, text, files)


def _what_differs(game: Game, text: str, files: dict) -> str:
    from gm.yamlio import load_text, plain

    try:
        now, then = plain(load_text(game.source, game.root / "game.yaml")), plain(load_text(text, game.root / "game.yaml"))
    except GmError:
        now, then = {}, {}
    if not (isinstance(now, dict) and isinstance(then, dict)):
        now, then = {}, {}
    keys = sorted(k for k in set(now) | set(then) if now.get(k) != then.get(k))
    keys += sorted(n for n in set(files) | set(game.source_files) if files.get(n) != game.source_files.get(n))
    what = ", ".join(map(str, keys)) or "its text"
    return f"today's game.yaml differs from the one the day was resolved under ({what}): replayed under the recorded one"


def replay_day(gd: GameDir, game: Game, day: int) -> Replay:
    """Resolve the day again from its recorded seed and the orders on disk; compare every file."""
    with gc_paused():  # the replayed day's objects all live until it is compared (gm/storage/gcpause.py)
        rd, history, game, note = replayed(gd, game, day)
        expected = day_files(game, rd, history)
    if f"reveal.{game.ext}" not in expected and game_ended(gd, game):  # a sealed day, released at the end
        expected.update(released_reveal(game, expected["day.json"], expected["rolls.public.jsonl"]))
    seed_hex = rd.seed.hex()
    result = gd.result_dir(day)
    on_disk = {p.relative_to(result).as_posix(): p for p in result.rglob("*") if p.is_file() and p.name != "changes.diff"}
    differences = []
    for rel in sorted(set(expected) | set(on_disk)):
        if rel not in on_disk:
            differences.append(Difference("MISSING", rel, "the replay writes it, the result folder lacks it"))
        elif rel not in expected:
            differences.append(Difference("EXTRA", rel, "in the result folder, but the replay does not write it"))
        else:
            actual = on_disk[rel].read_bytes()
            want = expected[rel].encode("utf-8")
            if actual != want:
                got = actual.decode("utf-8", "replace")
                diff = list(difflib.unified_diff(expected[rel].splitlines(), got.splitlines(),
                                                 f"replayed/{rel}", f"on disk/{rel}", lineterm="", n=0))
                differences.append(Difference("DIFFERS", rel, _first_difference(expected[rel], got), diff))
    return Replay(day, seed_hex, len(rd.rolls), len(rd.checked.files), len(expected), differences, note)


def audit_day(gd: GameDir, game: Game, day: int):
    r = replay_day(gd, game, day)
    lines = [f"Day {day}: replayed {r.rolls} rolls from seed {r.seed_hex[:16]}... and {r.orders_files} orders file(s)"]
    if r.note:
        lines.append(f"  note: {r.note}")
    for d in r.differences:
        lines.append(f"  {d.kind:<9} {d.rel}: {d.detail}")
        lines += ["      " + x for x in d.diff[:12]]
        if len(d.diff) > 12:
            lines.append(f"      ... {len(d.diff) - 12} more diff lines")
    if r.differences:
        lines.append(f"Day {day}: {len(r.differences)} file(s) do not match the replay.")
    else:
        lines.append(f"Day {day}: all {r.files} files match the replay byte for byte.")
    return AuditReport(not r.differences, lines)


def _first_difference(want: str, got: str) -> str:
    a, b = want.splitlines(), got.splitlines()
    for n, (x, y) in enumerate(zip(a, b), 1):
        if x != y:
            return f"first difference at line {n}"
    return f"line counts differ ({len(a)} replayed, {len(b)} on disk)"


def _replay(gd: GameDir, game: Game, day: int, out: DayAudit) -> None:
    try:
        replay = replay_day(gd, game, day)
    except GmError as exc:
        out.findings.append(f"{shown_path(gd, gd.day_dir(day))}: Day {day} cannot be replayed: {str(exc).splitlines()[0]}")
        return
    if not replay.differences:
        out.notes.append("replayed byte for byte")
    if replay.note:
        out.notes.append(replay.note)
    named = {f.split(": ", 1)[0] for f in out.findings}
    for d in replay.differences:
        what = {"MISSING": "missing", "EXTRA": "not written by the replay", "DIFFERS": f"differs from the replay ({d.detail})"}
        shown = shown_path(gd, gd.result_dir(day) / d.rel)
        if shown not in named:  # already named by its recorded digest
            out.findings.append(f"{shown}: {what[d.kind]}")


def audit_chain(gd: GameDir, game: Game) -> tuple[bool, list[str]]:
    """Walk every resolved day from Day 0; stop at the first day where anything was changed."""
    days = gd.resolved_days()
    if not days:
        raise StateError(f"no day of {display_path(gd.root)} has been resolved yet; nothing to audit")
    lines: list[str] = []
    expected = 0
    head = None
    recorded_head = read_head(gd)
    if recorded_head is not None and recorded_head["day"] not in days:
        first = min(d for d in range(recorded_head["day"] + 1) if d not in days)
        lines.append(f"Day {recorded_head['day']}: missing (its result folder is gone), yet {HEAD} records it "
                     "as resolved")
        lines.append(f"First change: Day {first}.")
        return False, lines
    misplaced, first = _misplaced(gd, days)
    if misplaced:
        lines += misplaced
        lines.append(f"First change: {first}.")
        return False, lines
    for day in days:
        if day != expected:
            lines.append(f"Day {expected}: missing (its result folder is gone), yet Day {day} is resolved")
            lines.append(f"First change: Day {expected}.")
            return False, lines
        expected += 1
        audit = check_day(gd, day)
        _replay(gd, game, day, audit)
        if audit.ok:
            head = audit.record_sha256
            lines.append(f"Day {day}: OK, record {audit.record_sha256[:16]}... ({'; '.join(audit.notes)})")
            continue
        lines.append(f"Day {day}: CHANGED after the fact:")
        lines += [f"  {f}" for f in audit.findings]
        later = [d for d in days if d > day]
        if later:
            lines.append(f"Day(s) {', '.join(map(str, later))} not checked: they were resolved from Day {day}.")
        lines.append(f"First change: Day {day} ({audit.findings[0].split(': ', 1)[0]}).")
        return False, lines
    traces = _traces(gd, days, head, recorded_head)
    if traces:
        lines += traces
        lines.append(f"First change: {traces[0].split(': ', 1)[0]}.")
        return False, lines
    lines.append(f"All {len(days)} day(s) check out: the chain is whole from Day 0 to Day {days[-1]}, "
                 f"head {head}.")
    return True, lines


def _holds(gd: GameDir, path, tag: str):
    """The day a record (day.json) or a post's machine line names, or None when it cannot be read."""
    from gm.forum.machine_lines import find_machine_line

    try:
        text = path.read_text(encoding="utf-8")
        rec = json.loads(text) if tag is None else find_machine_line(text, tag, shown_path(gd, path))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError, GmError):
        return None
    day = rec.get("day") if isinstance(rec, dict) else None
    return day if type(day) is int else None


def _misplaced(gd: GameDir, days: list[int]) -> tuple[list[str], str]:
    """Days, or days' results, moved into another day's folder (two swapped, say): blamed on the
    days they belong to, by the day each record and each commitment names, before the chain is
    walked (which would blame the day before, whose link no longer holds)."""
    from gm.fairness.commitment import COMMIT_TAG, commit_path

    found: dict[int, tuple[int | None, int | None]] = {}  # folder day -> (its result's day, its commitment's day)
    for day in days:
        result = _holds(gd, gd.result_dir(day) / "day.json", None)
        commit = _holds(gd, commit_path(gd, day), COMMIT_TAG) if commit_path(gd, day).is_file() else day
        if result not in (None, day) or commit not in (None, day):
            found[day] = (result, commit)
    out, told, first = [], set(), ""
    for day, (result, commit) in sorted(found.items()):
        if day in told:
            continue
        whole = commit not in (None, day)  # the commitment moved with the result: the whole day folder
        held = result if result not in (None, day) else commit
        what = "" if whole else "'s result"
        other = found.get(held)
        if other is not None and (other[0] == day or other[1] == day):
            told |= {day, held}
            a, b = sorted((day, held))
            first = first or f"Days {a} and {b} ({'swapped' if whole else 'results swapped'})"
            if whole:
                out.append(f"days/{a:02d}: Days {a} and {b} are swapped (days/{a:02d} holds Day {b}, "
                           f"days/{b:02d} holds Day {a})")
            else:
                out.append(f"days/{a:02d}/result: Day {a}'s and Day {b}'s results are swapped (days/{a:02d}/result "
                           f"holds Day {b}'s result, days/{b:02d}/result holds Day {a}'s)")
            continue
        told.add(day)
        first = first or f"Day {day} (it holds Day {held}{what})"
        where = f"days/{day:02d}" + ("" if whole else "/result")
        out.append(f"{where}: holds Day {held}{what}, not Day {day}{what} (moved or copied here from days/{held:02d}?)")
    return out, first


def _traces(gd: GameDir, days: list[int], head: str | None, recorded_head: dict | None) -> list[str]:
    """What the folder still says beyond the chain of days: the head, which names the last day
    resolved and its record, and fairness.log, which names every day resolved. (What the folder
    cannot know, the thread does: docs/fairness.md, "What the folder cannot know".)"""
    from gm.fairness.commitment import LOG_FILE, read_log

    last = days[-1]
    out = []
    if recorded_head is None:
        out.append(f"{HEAD}: " + ("unreadable (edited?)" if (gd.root / HEAD).exists() else
                                  "missing (deleted?): it names the last day resolved and its record"))
    elif recorded_head["day"] == last and recorded_head["record_sha256"] != head:
        logged = {e.get("record_sha256") for e in read_log(gd) if e.get("event") == "resolve" and e.get("day") == last}
        why = ("a `gm resolve --force` stopped before its last write (run it again: it puts the head right), "
               "or it was edited" if recorded_head["record_sha256"] in logged else "edited")
        out.append(f"{HEAD}: names record {recorded_head['record_sha256'][:12]}... for Day {last}, whose record is "
                   f"{str(head)[:12]}...: {why}")
    elif recorded_head["day"] < last:
        out.append(f"{HEAD}: names Day {recorded_head['day']}, but Day {last} is resolved: edited, or a `gm resolve` "
                   "stopped before its last write (run it again: it puts the head right)")
    gone = sorted({e["day"] for e in read_log(gd) if e.get("event") == "resolve" and type(e.get("day")) is int} - set(days))
    for day in gone:
        out.append(f"{LOG_FILE}: Day {day} is logged as resolved, but its result is gone (deleted?), or its `gm resolve` "
                   "stopped before writing it (run it again)")
    return out
