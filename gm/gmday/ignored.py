"""What gm does not read in a game folder, named with the fix, so that nothing is ignored in silence.

`gm check` lists these apart from the orders' problems: a stray file is not part of the day (it
changes no result, and is not in the GM summary), but a GM who saved `days/5/orders/a.yaml` or
`orders/b.txt` must hear that nobody will read it.
"""

from __future__ import annotations

import re
from pathlib import Path

from gm.gamedir import GameDir

# What a day's folder may hold besides orders/ and result/ (and result.N/, kept by --force).
DAY_FILES = {
    "commit.txt": "gm commit",
    "seed.secret": "gm commit",
    "votes.yaml": "gm votes",
    "rulings.yaml": "the GM's rulings",
    "deadline.txt": "gm commit --deadline",
    "lock.txt": "gm lock",
    "preview.html": "gm preview",
    "desk.html": "gm desk",
    "desk-sent.json": "gm desk --serve",
    "votecount.bbcode": "gm votes",
    "votecount.md": "gm votes",
}
# render/: gm render's posts for another forum; inbox/: the PMs gm inbox read, and its proposals
DAY_DIRS = ("orders", "result", "receipts", "render", "inbox")
_KEPT_RESULT = re.compile(r"result\.\d+$")


def _shown(gd: GameDir, path: Path) -> str:
    try:
        return path.relative_to(gd.root).as_posix()
    except ValueError:  # pragma: no cover - every path here is inside the game folder
        return str(path)


def _visible(folder: Path) -> list[Path]:
    """A folder's entries, sorted, without hidden ones (.DS_Store, .gitkeep, an editor's swap file)."""
    try:
        return sorted(p for p in folder.iterdir() if not p.name.startswith("."))
    except OSError:
        return []


def unread(gd: GameDir, day: int) -> list[str]:
    """Everything under days/ that gm will not read for any day, and the day's own stray files:
    one line each, `path: not read (why); fix`."""
    out: list[str] = []
    days = gd.root / "days"
    for entry in _visible(days):
        name = entry.name
        if entry.is_dir() and re.fullmatch(r"\d{2,}", name) and (len(name) == 2 or not name.startswith("0")):
            continue
        if entry.is_dir() and name.isdigit():
            out.append(f"{_shown(gd, entry)}/: not read (day folders have two digits or more, without extra zeros): "
                       f"rename it days/{int(name):02d}")
        elif entry.is_dir():
            digits = re.findall(r"\d+", name)
            fix = f"rename it days/{int(digits[0]):02d}" if len(digits) == 1 else "day folders are named days/00, days/01, ..."
            out.append(f"{_shown(gd, entry)}/: not read (not a day folder): {fix}")
        else:
            out.append(f"{_shown(gd, entry)}: not read (only day folders belong in days/): move it out or into a day's orders/")
    folder = gd.day_dir(day)
    for entry in _visible(folder):
        name = entry.name
        if entry.is_dir() and (name in DAY_DIRS or _KEPT_RESULT.match(name)):
            continue
        if entry.is_file() and name in DAY_FILES:
            continue
        if entry.suffix.lower() in (".yaml", ".yml") and entry.is_file():
            out.append(f"{_shown(gd, entry)}: not read (orders go in {_shown(gd, gd.orders_dir(day))}/): move it there")
        else:
            out.append(f"{_shown(gd, entry)}: not read (gm reads orders/, votes.yaml and rulings.yaml here; "
                       "the GM's rulings may also go in orders/_gm.yaml)")
    for entry in _visible(gd.orders_dir(day)):
        if entry.is_file() and entry.suffix in (".yaml", ".yml"):
            continue
        if entry.is_dir():
            out.append(f"{_shown(gd, entry)}/: not read (orders files lie directly in orders/): move its files up")
        elif entry.suffix.lower() in (".yaml", ".yml"):
            out.append(f"{_shown(gd, entry)}: not read (the extension must be lower case): "
                       f"rename it {entry.stem}{entry.suffix.lower()}")
        else:
            stem = entry.stem  # `Egos.yaml.txt`: the name to give is `Egos.yaml`, not `Egos.yaml.yaml`
            base = stem[:-5] if stem.lower().endswith(".yaml") else stem[:-4] if stem.lower().endswith(".yml") else stem
            out.append(f"{_shown(gd, entry)}: not read (orders files end in .yaml): rename it {base}.yaml "
                       "if it holds orders")
    return out
