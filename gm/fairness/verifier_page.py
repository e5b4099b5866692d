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
from gm.paths import display_path

PAGE = "verifier.html"


BLS_MARK = "<!-- gm: the BLS check (templates/common/verifier-bls/) -->"


def page_source() -> str:
    """The page, with the BLS check inlined where it is marked: @noble/curves bundled (its licence in
    full above it), so the page checks the beacon's signature itself, offline, loading nothing."""
    page = (templates_dir() / "common" / PAGE).read_text(encoding="utf-8")
    folder = templates_dir() / "common" / "verifier-bls"
    bundle = (folder / "bls12-381.js").read_text(encoding="utf-8")
    licences = "\n".join((folder / name).read_text(encoding="utf-8").strip()
                         for name in ("LICENSE-noble-curves.txt", "LICENSE-noble-hashes.txt"))
    if "</script" in bundle.lower() or "*/" in licences:
        raise GmError("the verifier page's BLS bundle would break its page: build it again (verifier-bls/BUILD.md)")
    script = f"<script>\n/* @noble/curves and @noble/hashes:\n{licences}\n*/\n{bundle}\n</script>"
    return page.replace(BLS_MARK, script, 1)


def write_verifier(out: Path) -> str:
    """Write the page to `out` (a new file: never over one that exists); return where."""
    from gm.storage.atomic import write_new_file

    if out.exists():
        raise GmError(f"{display_path(out)} already exists: give a new file name")
    write_new_file(out, page_source())
    return display_path(out)
