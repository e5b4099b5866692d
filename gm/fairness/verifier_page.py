"""`gm verifier`: the static page on which a player checks a day's dice without installing Python.

One HTML file (templates/common/verifier.html): no server, no script from elsewhere. The player
pastes the posts; the page re-derives every roll with the browser's Web Crypto, following the
same recipe as gm/fairness/verify.py (docs/dice.md, docs/fairness.md), and, where the browser can reach
drand, compares the beacon round's signature with drand's.
"""

from __future__ import annotations

from pathlib import Path

from gm.errors import GmError
from gm.paths import templates_dir
from gm.yamlio import display_path

PAGE = "verifier.html"


def page_source() -> str:
    return (templates_dir() / "common" / PAGE).read_text(encoding="utf-8")


def write_verifier(out: Path) -> str:
    """Write the page to `out` (a new file: never over one that exists); return where."""
    from gm.storage.gamedir import write_new_file

    if out.exists():
        raise GmError(f"{display_path(out)} already exists: give a new file name")
    write_new_file(out, page_source())
    return display_path(out)
