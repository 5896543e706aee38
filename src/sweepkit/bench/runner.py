"""Run the games of a benchmark: in this process, on local worker processes, or on Dask.

The games are cut into chunks of consecutive indices; each chunk is played by
:func:`play_chunk` wherever it is sent, and its results come back to this process,
which alone hands them to ``on_results`` (the store writes there: one writer). Since
game ``i`` depends only on ``(seed, i)`` (:func:`sweepkit.bench.result.game_seed`), the
results, put back in index order, are the same for any number of workers or machines.

Three ways to run, one interface (:func:`run_games`):

- ``workers=1``: in this process (no pool; what tests and profilers want);
- ``workers=K`` (default: every core): a pool of K worker processes (``spawn``ed, so
  nothing of this process's state leaks into them) that ignore Ctrl-C;
- ``scheduler="local"`` or ``"tcp://host:port"``: Dask distributed (the ``dask`` extra),
  on a fresh ``LocalCluster`` of K single-threaded worker processes or on the cluster
  whose scheduler is at that address.

Ctrl-C, and SIGTERM sent to the main process (``kill PID``), are handled by the main
process alone: they only set a flag, checked between chunks, so a chunk is either wholly
handed to ``on_results`` or not at all; the run then stops handing out work, keeps what
finished and says ``interrupted``. (A SIGTERM to the whole process group also ends the
workers, which the pool must be able to do; the run then says ``failed``, its finished
games kept, and ``sweepkit bench --resume`` completes it.)
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from sweepkit.bench.result import GameResult, StrategySpec, play_game
from sweepkit.rules import Rules

T = TypeVar("T")

CONNECT_SECONDS = 10.0
"""How long ``run_games`` waits for a Dask scheduler to answer, unless told otherwise."""


@dataclass(frozen=True)
class RunSpec:
    """What a run plays: a strategy, the rules, how many games, and the run's seed."""

    strategy: StrategySpec
    rules: Rules
    games: int
    seed: int
    level: str = "custom"
    no_guess: bool = False
    """Play no-guess boards (:mod:`sweepkit.generate`), drawn from each game's seed."""

    def __post_init__(self) -> None:
        if self.games < 1:
            raise ValueError(f"a run needs at least 1 game, got {self.games}")
        self.strategy.build()  # an unknown strategy or option fails here, before any work

    def as_dict(self) -> dict[str, Any]:
        """The spec as plain data (the store's and the JSON output's view of it)."""
        first = self.strategy.first
        return {
            "strategy": self.strategy.name, "options": dict(self.strategy.options),
            "first": first if isinstance(first, str) else f"{first[0]},{first[1]}",
            "level": self.level, "rows": self.rules.rows, "cols": self.rules.cols,
            "mines": self.rules.mines, "rule": str(self.rules.first_click),
            "games": self.games, "seed": self.seed, "no_guess": self.no_guess,
        }


@dataclass
class RunOutcome:
    """The games that finished (in index order) and how the run ended:
    ``complete``, ``interrupted`` (Ctrl-C or SIGTERM) or ``failed`` (``error`` says why)."""

    results: list[GameResult]
    status: str
    wall_seconds: float
    error: str | None = None
    workers: dict[str, Any] = field(default_factory=dict)


class RunnerError(RuntimeError):
    """The run could not start: no scheduler at the address, Dask not installed, ..."""


def play_chunk(rules: Rules, strategy: StrategySpec, seed: int,
               indices: range, no_guess: bool = False) -> list[GameResult]:
    """Play games ``indices`` of a run; the unit of work shipped to a worker."""
    return [play_game(rules, strategy, seed, i, no_guess) for i in indices]


def chunks(games: int, workers: int, largest: int = 50,
           skip: Collection[int] = ()) -> list[range]:
    """Consecutive index ranges, small enough to balance ``workers`` and show progress;
    indices in ``skip`` (games a resumed run already has) are left out.

    >>> chunks(40, 2)
    [range(0, 5), range(5, 10), range(10, 15), range(15, 20), range(20, 25), range(25, 30),
     range(30, 35), range(35, 40)]
    >>> chunks(12, 1, skip={0, 1, 2, 7})
    [range(3, 5), range(5, 7), range(8, 10), range(10, 12)]
    """
    todo = games - sum(1 for i in set(skip) if 0 <= i < games)
    size = max(1, min(largest, todo // (4 * max(1, workers))))
    pieces: list[range] = []
    start = None  # the first index of the stretch of missing games being cut
    for i in range(games + 1):
        if i < games and i not in skip:
            if start is None:
                start = i
            if i + 1 - start == size:
                pieces.append(range(start, i + 1))
                start = None
        elif start is not None:
            pieces.append(range(start, i))
            start = None
    return pieces


OnResults = Callable[[list[GameResult]], None]


def run_games(spec: RunSpec, *, workers: int | None = None, scheduler: str | None = None,
              on_results: OnResults | None = None, skip: Collection[int] = (),
              connect_seconds: float = CONNECT_SECONDS) -> RunOutcome:
    """Play every game of ``spec`` but those whose index is in ``skip`` (a resumed run's
    stored games); ``on_results`` gets each finished chunk, in this process, as soon as it
    is back. RunnerError when a scheduler cannot be reached within ``connect_seconds``."""
    workers = workers or os.cpu_count() or 1
    started = time.perf_counter()
    collected: list[GameResult] = []

    def take(batch: list[GameResult]) -> None:
        collected.extend(batch)
        if on_results is not None:
            on_results(batch)

    pieces = chunks(spec.games, workers, skip=frozenset(skip))
    stop = threading.Event()
    status, error, info = "complete", None, {}
    with _interrupts_set(stop):
        try:
            if scheduler is not None:
                info = _run_dask(spec, pieces, workers, scheduler, take, stop, connect_seconds)
            elif workers == 1:
                info = {"kind": "in-process", "workers": 1}
                for piece in pieces:
                    if stop.is_set():
                        break
                    take(play_chunk(spec.rules, spec.strategy, spec.seed, piece,
                                    spec.no_guess))
            else:
                info = {"kind": "processes", "workers": workers}
                _run_pool(spec, pieces, workers, take, stop)
        except BrokenProcessPool as exc:
            status, error = "failed", f"a worker process died: {exc}"
    if stop.is_set() and status == "complete":
        status = "interrupted"
    collected.sort(key=lambda r: r.index)
    return RunOutcome(collected, status, time.perf_counter() - started, error, info)


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""Ctrl-C and ``kill PID``: both stop a run cleanly."""


class _interrupts_set:
    """While active, Ctrl-C (SIGINT) or SIGTERM sets ``stop`` instead of ending the process
    (only in the main thread, where Python delivers signals; elsewhere nothing changes)."""

    def __init__(self, stop: threading.Event) -> None:
        self.stop = stop
        self.previous: dict[int, Any] = {}

    def __enter__(self) -> None:
        if threading.current_thread() is threading.main_thread():
            for sig in STOP_SIGNALS:
                self.previous[sig] = signal.signal(sig, lambda *_: self.stop.set())

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self.previous.items():
            # None: the handler was not set from Python; the default is the nearest
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C (sent to the whole process group) to the main process, which
    stops the run cleanly. They keep SIGTERM: the pool ends its workers with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_pool(spec: RunSpec, pieces: list[range], workers: int,
              take: Callable[[list[GameResult]], None], stop: threading.Event) -> None:
    task = partial(play_chunk, spec.rules, spec.strategy, spec.seed, no_guess=spec.no_guess)
    pool_map(task, pieces, workers, take, stop)


def pool_map(task: Callable[[range], T], pieces: Sequence[range], workers: int,
             take: Callable[[T], None], stop: threading.Event | None = None) -> None:
    """Run ``task`` (picklable) on each piece in ``workers`` fresh processes ("spawn": no
    state of this one leaks in), two pieces per worker in flight; ``take`` gets each result
    here as it comes back, and no new piece starts once ``stop`` is set. Workers ignore
    Ctrl-C (this process handles it) and keep SIGTERM."""
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                               initializer=_ignore_interrupts)
    try:
        todo: Iterator[range] = iter(pieces)
        running: set[Future[T]] = set()
        for piece in todo:  # keep two chunks per worker in flight, no more
            running.add(pool.submit(task, piece))
            if len(running) >= 2 * workers:
                break
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                take(future.result())
                piece = None if stop is not None and stop.is_set() else next(todo, None)
                if piece is not None:
                    running.add(pool.submit(task, piece))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _run_dask(spec: RunSpec, pieces: list[range], workers: int, scheduler: str,
              take: Callable[[list[GameResult]], None], stop: threading.Event,
              connect_seconds: float) -> dict[str, Any]:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise RunnerError("Dask is not installed: pip install 'sweepkit[dask]'") from None
    cluster = None
    try:
        if scheduler == "local":
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            client = Client(cluster)
        else:
            try:
                client = Client(scheduler, timeout=f"{connect_seconds}s")
            except (OSError, TimeoutError, ValueError) as exc:
                raise RunnerError(f"no Dask scheduler at {scheduler}: {exc}") from None
        with client:
            cores = sum(client.nthreads().values())
            futures = client.map(play_chunk, [spec.rules] * len(pieces),
                                 [spec.strategy] * len(pieces), [spec.seed] * len(pieces),
                                 pieces, [spec.no_guess] * len(pieces), pure=False)
            for future in as_completed(futures):
                if stop.is_set():
                    client.cancel(futures)
                    break
                take(future.result())
        return {"kind": "dask", "scheduler": scheduler, "workers": cores}
    finally:
        if cluster is not None:
            cluster.close()
