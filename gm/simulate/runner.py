"""Games in worker processes: each worker reads the game once, plays blocks of game numbers and
sends back each block's tally (gm/simulate/tally.py); the parent merges the tallies as they arrive
and keeps no game, so memory is flat in the number of games, and the report (exact sums) does not
depend on how many workers there were or which finished first. With --vs, game i is played under
both sets of rules in the same task. Ctrl-C stops the workers and keeps what finished."""

from __future__ import annotations

import os
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .game import SimGame, load_sim_game
from .play import play_game
from .tally import Results


@dataclass(frozen=True)
class Setup:
    """What a worker needs to read the game by itself (small, so it pickles on any platform)."""

    target: str
    players: int | None = None
    house_rules: Path | None = None
    extra: Path | None = None  # the --vs file, laid over the house rules
    settings: tuple = ()  # (setting, value) pairs of a --sweep combination, laid over everything

    def load(self) -> SimGame:
        return load_sim_game(self.target, self.players, self.house_rules, self.extra, dict(self.settings))


@dataclass
class Run:
    results: Results = field(default_factory=Results)  # the finished games, tallied (no game is kept)
    interrupted: bool = False
    seconds: float = 0.0
    where: dict = field(default_factory=dict)  # a cluster's address and workers, when it ran on one

    @property
    def games(self) -> int:
        """Game numbers finished (under both sets of rules, with --vs)."""
        return self.results.games

    @property
    def played(self) -> int:
        return self.results.played


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


def _init_worker(setup: Setup, vs: Setup | None = None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides what Ctrl-C does
    _WORKER["sim"] = setup.load()
    _WORKER["vs"] = vs.load() if vs is not None else None


def _play_block(args: tuple[str, str, int, int]) -> Results:
    policy, seed, start, stop = args
    return play_block(_WORKER["sim"], policy, seed, start, stop, _WORKER["vs"])


class _Merging:
    """Ctrl-C while a block is merged into the run waits until the merge is done (a tally half
    merged adds up to nothing), then stops the run as usual. Python runs signal handlers in the
    main thread only: elsewhere (a test's thread) nothing is changed."""

    def __init__(self) -> None:
        self.busy = self.pending = False
        self.previous = None

    def __enter__(self) -> "_Merging":
        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
            self.previous = signal.signal(signal.SIGINT, self._handler)
        return self

    def __exit__(self, *exc) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)

    def _handler(self, signum, frame) -> None:
        if self.busy:
            self.pending = True
        else:
            raise KeyboardInterrupt

    @contextmanager
    def merge(self):
        self.busy = True
        try:
            yield
        finally:
            self.busy = False
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt


def block_size(games: int, jobs: int) -> int:
    """Small enough for a smooth progress bar and even sharing, big enough to keep messages rare."""
    return max(1, min(50, games // (jobs * 8) or 1))


def run_games(setup: Setup, policy: str, games: int, seed: str, jobs: int = 1,
              progress: Callable[[int], None] | None = None, sim: SimGame | None = None,
              cluster: str | None = None, vs: Setup | None = None, vs_sim: SimGame | None = None) -> Run:
    """Play games 0..games-1 here (`jobs` processes) or on a Dask cluster (`cluster`, its scheduler's
    address); with `vs` (the --vs rules), each game under both. `progress(n)` is told each time n
    more games have finished (a game under both rules counts twice)."""
    run = Run(Results(paired=vs is not None))
    started = time.perf_counter()
    try:
        with _Merging() as guard:
            if cluster is not None:
                _run_cluster(sim or setup.load(), policy, games, seed, cluster, progress, run, guard,
                             (vs_sim or vs.load()) if vs is not None else None)
            elif jobs <= 1:
                sim = sim or setup.load()
                other = (vs_sim or vs.load()) if vs is not None else None
                for i in range(games):
                    record = play_record(sim, policy, i, seed)
                    vs_record = play_record(other, policy, i, seed) if other is not None else None
                    with guard.merge():
                        run.results.add(i, record, vs_record)
                    if progress:
                        progress(2 if other is not None else 1)
            else:
                _run_pool(setup, policy, games, seed, jobs, progress, run, guard, vs)
    except KeyboardInterrupt:
        run.interrupted = True
    run.seconds = time.perf_counter() - started
    return run


def _blocks(policy: str, seed: str, games: int, size: int):
    """The blocks of game numbers, made as the pool takes them (a million games is no list)."""
    for s in range(0, games, size):
        yield policy, seed, s, min(games, s + size)


def _run_pool(setup: Setup, policy: str, games: int, seed: str, jobs: int,
              progress: Callable[[int], None] | None, run: Run, guard: _Merging, vs: Setup | None) -> None:
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    size = block_size(games, jobs)
    pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(setup, vs))
    try:
        for done in pool.imap_unordered(_play_block, _blocks(policy, seed, games, size)):
            with guard.merge():
                run.results.merge(done)
            if progress:
                progress(done.played)
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


def play_block(sim: SimGame, policy: str, seed: str, start: int, stop: int,
               vs: SimGame | None = None) -> Results:
    """Games start..stop-1 of a game given as data (and under `vs`'s rules too), tallied: what a
    worker runs, here or on a cluster (it reads no file)."""
    out = Results(paired=vs is not None)
    for i in range(start, stop):
        record = play_record(sim, policy, i, seed)
        out.add(i, record, play_record(vs, policy, i, seed) if vs is not None else None)
    return out


def _run_cluster(sim: SimGame, policy: str, games: int, seed: str, address: str,
                 progress: Callable[[int], None] | None, run: Run, guard: _Merging,
                 vs: SimGame | None = None) -> None:
    """The same blocks of game numbers on a Dask cluster: the game (its rules, house rules and
    roster, read here) is sent to every worker once as data; each block's tally comes back."""
    from gm.errors import GmError

    try:
        from distributed import Client, as_completed
    except ImportError:
        raise GmError("--cluster runs on Dask, which is not installed: pip install 'gm[cluster]'") from None
    try:
        client = Client(address, timeout="15s")
    except (OSError, TimeoutError) as exc:
        raise GmError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        run.where = {"cluster": address, "workers": workers}
        shared = client.scatter(sim, broadcast=True)
        shared_vs = client.scatter(vs, broadcast=True) if vs is not None else None
        size = block_size(games, workers)
        blocks = _blocks(policy, seed, games, size)
        inflight: set = set()  # a few blocks a worker at a time: a million games is no list of futures
        pending = as_completed()

        def submit() -> None:
            block = next(blocks, None)
            if block is not None:
                future = client.submit(play_block, shared, policy, seed, block[2], block[3], shared_vs, pure=False)
                inflight.add(future)
                pending.add(future)

        try:
            for _ in range(4 * workers):
                submit()
            for future in pending:
                done = future.result()
                inflight.discard(future)  # its tally is merged next: the cluster need not keep it
                with guard.merge():
                    run.results.merge(done)
                if progress:
                    progress(done.played)
                submit()
        except BaseException:
            client.cancel(list(inflight))
            raise
    finally:
        client.close()


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)
