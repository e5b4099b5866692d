"""Replaying a resolved day and comparing it, byte for byte, with what is on disk."""

from __future__ import annotations

import difflib

from gm.errors import StateError
from gm.gamedir import Game, GameDir
from gm.yamlio import display_path


def audit_day(gd: GameDir, game: Game, day: int):
    from gm.commands import AuditReport
    from gm.day import day_files, parse_seed, resolve_day

    if not gd.is_resolved(day):
        raise StateError(f"Day {day} has not been resolved; nothing to audit")
    record = gd.read_json(day, "day.json")
    seed_hex = record.get("seed") if isinstance(record, dict) else None
    if not isinstance(seed_hex, str):
        raise StateError(f"{display_path(gd.result_dir(day) / 'day.json')}: no seed recorded")
    rd = resolve_day(gd, game, day, parse_seed(seed_hex))
    expected = day_files(gd, game, rd)
    result = gd.result_dir(day)
    on_disk = {str(p.relative_to(result)): p for p in result.rglob("*") if p.is_file() and p.name != "changes.diff"}
    lines = [f"Day {day}: replayed {len(rd.rolls)} rolls from seed {seed_hex[:16]}... and {len(rd.checked.files)} orders file(s)"]
    bad = 0
    for rel in sorted(set(expected) | set(on_disk)):
        if rel not in on_disk:
            lines.append(f"  MISSING   {rel}: the replay writes it, the result folder lacks it")
            bad += 1
            continue
        if rel not in expected:
            lines.append(f"  EXTRA     {rel}: in the result folder, but the replay does not write it")
            bad += 1
            continue
        actual = on_disk[rel].read_bytes()
        want = expected[rel].encode("utf-8")
        if actual == want:
            continue
        bad += 1
        lines.append(f"  DIFFERS   {rel}: {_first_difference(want.decode('utf-8'), actual.decode('utf-8', 'replace'))}")
        diff = list(difflib.unified_diff(want.decode("utf-8").splitlines(), actual.decode("utf-8", "replace").splitlines(),
                                         f"replayed/{rel}", f"on disk/{rel}", lineterm="", n=0))
        lines += ["      " + d for d in diff[:12]]
        if len(diff) > 12:
            lines.append(f"      ... {len(diff) - 12} more diff lines")
    if bad:
        lines.append(f"Day {day}: {bad} file(s) do not match the replay.")
    else:
        lines.append(f"Day {day}: all {len(expected)} files match the replay byte for byte.")
    return AuditReport(bad == 0, lines)


def _first_difference(want: str, got: str) -> str:
    a, b = want.splitlines(), got.splitlines()
    for n, (x, y) in enumerate(zip(a, b), 1):
        if x != y:
            return f"first difference at line {n}"
    return f"line counts differ ({len(a)} replayed, {len(b)} on disk)"
