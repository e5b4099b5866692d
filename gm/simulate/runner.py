"""Games in worker processes: each worker reads the game once, plays blocks of game numbers and
sends back their records; the parent keeps them by number, so the report does not depend on how
many workers there were or which finished first. Ctrl-C stops the workers and keeps what finished."""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .game import SimGame, load_sim_game
from .play import play_game


@dataclass(frozen=True)
class Setup:
    """What a worker needs to read the game by itself (small, so it pickles on any platform)."""

    target: str
    players: int | None = None
    house_rules: Path | None = None
    extra: Path | None = None  # the --vs file, laid over the house rules

    def load(self) -> SimGame:
        return load_sim_game(self.target, self.players, self.house_rules, self.extra)


@dataclass
class Run:
    records: dict[int, dict] = field(default_factory=dict)  # game number -> its record
    interrupted: bool = False
    seconds: float = 0.0


def play_record(sim: SimGame, policy_name: str, index: int, seed: str) -> dict:
    policy = sim.engine.policies()[policy_name]
    game = play_game(sim, policy, index, seed)
    record = sim.engine.sim_stats(game)
    if game.refused:
        record["refused"] = game.refused
    if not game.finished:
        record["ended"] = "unfinished"
    return record


_WORKER: dict = {}


def _init_worker(setup: Setup) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides what Ctrl-C does
    _WORKER["sim"] = setup.load()


def _play_block(args: tuple[str, str, int, int]) -> list[tuple[int, dict]]:
    policy, seed, start, stop = args
    sim = _WORKER["sim"]
    return [(i, play_record(sim, policy, i, seed)) for i in range(start, stop)]


def block_size(games: int, jobs: int) -> int:
    """Small enough for a smooth progress bar and even sharing, big enough to keep messages rare."""
    return max(1, min(50, games // (jobs * 8) or 1))


def run_games(setup: Setup, policy: str, games: int, seed: str, jobs: int = 1,
              progress: Callable[[int], None] | None = None, sim: SimGame | None = None) -> Run:
    """Play games 0..games-1. `progress(n)` is told each time n more games have finished."""
    run = Run()
    started = time.perf_counter()
    try:
        if jobs <= 1:
            sim = sim or setup.load()
            for i in range(games):
                run.records[i] = play_record(sim, policy, i, seed)
                if progress:
                    progress(1)
        else:
            _run_pool(setup, policy, games, seed, jobs, progress, run)
    except KeyboardInterrupt:
        run.interrupted = True
    run.seconds = time.perf_counter() - started
    return run


def _run_pool(setup: Setup, policy: str, games: int, seed: str, jobs: int,
              progress: Callable[[int], None] | None, run: Run) -> None:
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    size = block_size(games, jobs)
    blocks = [(policy, seed, s, min(games, s + size)) for s in range(0, games, size)]
    pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(setup,))
    try:
        for done in pool.imap_unordered(_play_block, blocks):
            for i, record in done:
                run.records[i] = record
            if progress:
                progress(len(done))
        pool.close()
        pool.join()
    except BaseException:
        # Ctrl-C (or anything else): stop the workers. Further Ctrl-Cs are ignored until they are
        # gone: one landing inside terminate() would leave the parent waiting on them for good.
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            pool.terminate()
            pool.join()
        finally:
            signal.signal(signal.SIGINT, previous)
        raise


def memory_bytes() -> int:
    """This machine's memory (where the system does not say: 8 GB, a common laptop's)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return 8 * 1024 ** 3


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)
