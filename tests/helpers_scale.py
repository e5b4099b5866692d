"""Days of any registered engine at a chosen number of players, played as a GM plays them, for
the scaling test (tests/test_engine_scaling.py) and the benchmark (bench/bench_engines.py).

The game is the engine's own simulation game (`Engine.sim_game(players)`, the seats its rules
allow: `Facts.players`) written as game.yaml; each day's orders are written by one of the
engine's simulation policies (gm/simulate: a seeded chooser, no `random` in the engine) into
days/NN/orders/orders.yaml, then the day is checked, resolved with the audited dice, rendered
and written by the library, exactly as `gm resolve` does it.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEED = b"\x5e" * 32


def plain(value: Any) -> Any:
    """A ruamel document as plain dicts and lists (JSON is YAML: game.yaml is written as JSON)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


@dataclass
class DayOutput:
    """One resolved day's files, measured as a reader meets them."""

    day: int
    files: dict[str, str] = field(repr=False)
    seconds: float = 0.0
    game: Any = field(default=None, repr=False)  # the game as loaded for the day
    resolved: Any = field(default=None, repr=False)  # the ResolvedDay, to render again (tests/test_parse_matrix.py)

    def messages(self) -> dict[str, str]:
        return {k: v for k, v in self.files.items() if k.startswith("messages/")}

    @property
    def longest_message(self) -> int:
        return max((len(v) for v in self.messages().values()), default=0)

    @property
    def narration(self) -> int:
        return sum(len(v) for k, v in self.files.items() if k.startswith("narration."))

    @property
    def summary(self) -> int:
        return sum(len(v) for k, v in self.files.items() if k.startswith("gm-summary."))


def play(engine_name: str, players: int, root: Path, days: int = 3, policy: str = "random",
         seed: str = "scale", doc: dict | None = None) -> list[DayOutput]:
    """Day 0 and the days after it (up to `days` in all, fewer if the game ends), each checked,
    resolved, rendered and written through the library. `doc` is game.yaml's content (default:
    the engine's simulation game at `players` seats)."""
    import time

    from gm.pipeline.day import resolve_day
    from gm.engines import get_engine
    from gm.gamedir import GameDir
    from gm.pipeline.record import day_files
    from gm.balance import Chooser

    engine = get_engine(engine_name)
    root.mkdir(parents=True)
    if doc is None:
        doc = plain(engine.sim_game(players))
        doc["title"] = f"Scale {players}"
    (root / "game.yaml").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    gd = GameDir(root)
    game = gd.load()
    choose = Chooser(random.Random(f"{seed}|{engine_name}|{players}"))
    write = engine.policies()[policy]
    state = game.initial_state
    out = []
    for day in range(days):
        due = engine.players_due(state)
        orders = write(state, game.rules, day, due, choose) if due else {}
        if orders:
            folder = root / "days" / f"{day:02d}" / "orders"
            folder.mkdir(parents=True)
            (folder / "orders.yaml").write_text(json.dumps(plain(orders), indent=1) + "\n", encoding="utf-8")
        start = time.perf_counter()
        game = gd.load()
        rd = resolve_day(gd, game, day, SEED[:31] + bytes([day]))
        files = day_files(game, rd)
        gd.write_result(day, files)
        out.append(DayOutput(day, files, time.perf_counter() - start, game, rd))
        state = rd.state
        if engine.ended(state):
            break
    return out
