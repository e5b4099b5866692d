"""The games the PM corpus (tests/inbox/<engine>/corpus.yaml) is read against: each engine's bundled
demo, taken back to before one of its days (the day the corpus's PMs are for)."""

from __future__ import annotations

from pathlib import Path

# engine -> the day whose orders the corpus's PMs give
DAYS = {"battle-royale": 2, "hostile-takeover": 5, "team-kill": 3, "kharnage": 2, "hashmi-battle-royale": 3}


def make_game(engine: str, folder: Path) -> tuple[Path, int]:
    """The engine's demo in `folder`, resolved up to the corpus's day; that day's orders removed."""
    from gm.commands import demo
    from test_gm_day import unresolve

    root = folder / engine
    if not root.exists():
        demo(root, engine)
    day = DAYS[engine]
    unresolve(root, day)
    for orders in (root / "days" / f"{day:02d}" / "orders").glob("*.yaml"):
        orders.unlink()  # nobody has sent anything yet: the PMs are what comes in
    return root, day
