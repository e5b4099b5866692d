"""The game's fairness.log: one JSON line per commitment, lock and resolution, so that one made
again after its files were deleted shows in `gm audit --all` (docs/fairness.md)."""

from __future__ import annotations

from gm.gamedir import GameDir


LOG_FILE = "fairness.log"


def take_back_log(log, size: int | None) -> None:
    """Undo this run's own line in fairness.log (under the game's lock, so it is the last one)."""
    try:
        if size is None:
            log.unlink(missing_ok=True)
        elif log.is_file() and log.stat().st_size > size:
            with open(log, "r+b") as fh:
                fh.truncate(size)
    except OSError:
        pass


def log_event(gd: GameDir, event: dict) -> None:
    """Append one line to the game's fairness.log: every commitment and every resolution, in order."""
    from gm.canonical import canonical

    with open(gd.root / LOG_FILE, "a", encoding="utf-8", newline="\n") as fh:
        fh.write(canonical(event) + "\n")


def read_log(gd: GameDir) -> list[dict]:
    import json

    path = gd.root / LOG_FILE
    if not path.is_file():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict):
            out.append(rec)
    return out
