"""The games the PM corpus (tests/inbox/<engine>/corpus.yaml) is read against: each engine's bundled
demo, taken back to before one of its days (the day the corpus's PMs are for)."""

from __future__ import annotations

from pathlib import Path


def corpus_day(engine: str) -> int:
    """The day whose orders the corpus's PMs give: the day the engine declares (Facts.sample_day)."""
    from gm.engines import get_engine

    day = get_engine(engine).facts.sample_day
    assert day is not None, f"{engine}: declare Facts.sample_day, a mid-game day of its demo (docs/engines.md)"
    return day


def make_game(engine: str, folder: Path, played: Path | None = None) -> tuple[Path, int]:
    """The engine's demo in `folder`, resolved up to the corpus's day; that day's orders removed.
    `played`: the demo as already played (tests: demo_games.pristine), copied rather than played again."""
    import shutil

    from gm.commands.game import demo
    from test_gm_day import unresolve

    root = folder / engine
    if not root.exists():
        if played is not None:
            shutil.copytree(played, root)
        else:
            demo(root, engine)  # tests/inbox/make_corpus.py, outside a test run
    day = corpus_day(engine)
    unresolve(root, day)
    for orders in (root / "days" / f"{day:02d}" / "orders").glob("*.yaml"):
        orders.unlink()  # nobody has sent anything yet: the PMs are what comes in
    return root, day
