"""Where the shipped data is: `templates/` and `games/`, for a checkout, an editable install and a wheel.

In a checkout (and an editable install) they stand at the top of the repository, beside `gm/`.
A wheel carries them inside the package, as `gm/_shipped/templates` and `gm/_shipped/games`
(setup.py copies them there when it builds). Nothing else in gm knows this.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@lru_cache(maxsize=None)
def shipped(name: str) -> Path:
    """The folder `name` ("templates" or "games") as this installation has it."""
    inside = _PACKAGE / "_shipped" / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


def templates_dir() -> Path:
    """templates/: one folder per engine, and common/ for the posts every engine shares."""
    return shipped("templates")


def games_dir(engine_name: str) -> Path:
    """games/<engine>/: an engine's rules data, examples, new-game files and RULINGS.md."""
    return shipped("games") / engine_name


def display_path(path: Path) -> str:
    """The path as the GM would type it from where they stand."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if rel.startswith("..") else rel
