"""The rollouts of every guess of a game, to a target precision, on every core.

Each guess's layouts (:mod:`.odds`) are played in batches of :data:`BATCH`, in index order
as far as its result is concerned: after each batch the guess stops when both of its
chances are known to ``target`` (their 95% intervals no wider than ± ``target``), when it
has played the cap of ``games`` layouts, or when every layout of its view is played (exact
chances). So a guess's result depends on its seed, the target and the cap alone: batches
may come back in any order from any worker, a batch played past the stopping point is
thrown away, and the same game reviewed twice gives the same numbers whenever every guess
stops before the time budget runs out (a guess the time stopped is marked unsettled).

The work goes where it is needed: the next batch is the widest-interval guess's, so the
widest interval narrows first, and a guess whose chances are near 0 or 1 stops after few
layouts. With ``workers`` above 1 the batches are played by that many worker processes
(fresh ones, "spawn", as :func:`sweepkit.bench.runner.pool_map` starts), two batches per
worker in flight; a review with few batches to play runs in this process, where starting
the workers would cost more than it saves.

Stopping on the observed width is a sequential rule: a guess stops a little earlier when
its estimate happens to sit near 0 or 1, where the Wilson interval is narrow, which costs
its interval a little coverage (measured in ``tests/bench/review/test_rollouts.py``).
"""

from __future__ import annotations

import logging
import multiprocessing
import time
from collections.abc import Callable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from sweepkit.analysis.budget import check
from sweepkit.bench.result import StrategySpec
from sweepkit.bench.review.odds import BEST, Guess, GuessOdds, Pairs, play_batch

BATCH = 16
"""Layouts a guess plays between two looks at its intervals."""

DEFAULT_TARGET = 0.05
"""The precision a review aims at: every win chance within ±5 points (95%)."""

MAX_GAMES = 10_000
"""The most layouts one guess is rolled out on."""

POOL_BATCHES = 8
"""A review with fewer batches to play than this (at most) runs in this process."""

log = logging.getLogger("sweepkit.review")

POLL_SECONDS = 0.2
"""How often the wait for worker processes looks at the clock and for a cancel."""


@dataclass(frozen=True)
class RolloutProgress:
    """How far the rollouts are: the games played, the guesses settled of all, the widest
    ± of any guess's chances so far (``None`` before every guess has a first batch), and
    the target."""

    games: int
    settled: int
    guesses: int
    widest: float | None
    target: float


@dataclass(frozen=True)
class Rolled:
    """The odds of every guess (by its key), and the CPU seconds the rollouts took (every
    batch played, those thrown away past a stopping point too)."""

    odds: dict[int, GuessOdds]
    cpu_seconds: float


@dataclass
class _Track:
    """One guess's rollouts: the batches back (by number) not yet counted, the outcomes
    counted (batches ``0 .. counted - 1``), the next batch to hand out, the batches out."""

    guess: Guess
    limit: int
    pairs: Pairs = field(default_factory=Pairs)
    back: dict[int, list[tuple[bool, bool, bool]]] = field(default_factory=dict)
    counted: int = 0
    handed: int = 0
    out: int = 0
    settled: bool = False

    def odds(self, settled: bool | None = None) -> GuessOdds:
        exact = self.guess.exact and self.pairs.layouts == self.guess.total
        return GuessOdds(self.pairs, exact, self.settled if settled is None else settled)

    def indices(self, batch: int) -> range:
        return range(batch * BATCH, min((batch + 1) * BATCH, self.limit))

    def wants(self) -> bool:
        """Whether another batch may be handed out."""
        return not self.settled and self.handed * BATCH < self.limit

    def take(self, batch: int, outcomes: list[tuple[bool, bool, bool]], target: float) -> None:
        """Count the batches now contiguous from the first, stopping at the rule."""
        self.back[batch] = outcomes
        while not self.settled and self.counted in self.back:
            for before, after, same in self.back.pop(self.counted):
                self.pairs = self.pairs.add(before, after, same)
            self.counted += 1
            done = self.pairs.layouts >= self.limit
            precise = not self.guess.exact and self.odds().half_width() <= target
            self.settled = done or precise
        if self.settled:
            self.back.clear()


def win_chances(guesses: Mapping[int, Guess], *, seconds: float, games: int = 2000,
                target: float = DEFAULT_TARGET, strategy: StrategySpec = BEST,
                workers: int = 1, progress: Callable[[RolloutProgress], None] | None = None
                ) -> Rolled:
    """The odds of every guess (by its key), each rolled out until its chances are within
    ± ``target`` or ``games`` layouts are played (module doc), for at most ``seconds``
    (every guess gets one batch however short the time); ``progress`` after each batch.
    ValueError on a bad budget."""
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games: expected 1 to {MAX_GAMES:,}, got {games}")
    if seconds < 0:
        raise ValueError(f"seconds: expected 0 or more, got {seconds}")
    if not 0 < target <= 0.5:
        raise ValueError(f"target: expected more than 0 and at most 0.5, got {target}")
    if workers < 1:
        raise ValueError(f"workers: expected at least 1, got {workers}")
    tracks = {key: _Track(guess, min(games, guess.total) if guess.exact else games)
              for key, guess in guesses.items()}
    deadline = time.monotonic() + seconds
    cpu = [0.0]
    report = _reporter(tracks, target, progress)
    batches = sum(-(-t.limit // BATCH) for t in tracks.values())
    if workers > 1 and batches >= POOL_BATCHES:
        try:
            _in_pool(tracks, strategy, target, deadline, workers, report, cpu)
        except BrokenProcessPool:  # a worker died (killed, out of memory): go on here
            log.warning("review rollouts: a worker process died; the rest is played in "
                        "this process")
            for track in tracks.values():
                track.handed, track.out = track.counted, 0
    _here(tracks, strategy, target, deadline, report, cpu)
    return Rolled({key: t.odds() for key, t in tracks.items()}, cpu[0])


def _next(tracks: dict[int, _Track], late: bool) -> _Track | None:
    """The track to hand the next batch to: one with nothing out before one with batches
    out, a guess with no batch back first, then the widest interval (the first guess
    among equals). Once the time is up (``late``), only a guess that has had no batch."""
    waiting = [t for t in tracks.values() if t.wants() and not (late and t.handed)]
    if not waiting:
        return None
    return min(waiting, key=lambda t: (t.out, t.counted > 0, -t.odds().half_width()))


def _here(tracks: dict[int, _Track], strategy: StrategySpec, target: float,
          deadline: float, report: Callable[[], None], cpu: list[float]) -> None:
    """Play the batches one after another in this process (adding their CPU time to
    ``cpu[0]``)."""
    while (track := _next(tracks, time.monotonic() >= deadline)) is not None:
        check()
        batch = track.handed
        track.handed += 1
        outcomes, seconds = play_batch(strategy, track.guess, track.indices(batch))
        cpu[0] += seconds
        track.take(batch, outcomes, target)
        report()


def _in_pool(tracks: dict[int, _Track], strategy: StrategySpec, target: float,
             deadline: float, workers: int, report: Callable[[], None],
             cpu: list[float]) -> None:
    """Play the batches in ``workers`` worker processes, two per worker in flight; once
    the time is up, only the first batches still out are waited for."""
    pool = ProcessPoolExecutor(max_workers=workers,
                               mp_context=multiprocessing.get_context("spawn"))
    running: dict[Future[tuple[list[tuple[bool, bool, bool]], float]], tuple[_Track, int]] = {}
    try:
        while True:
            check()
            late = time.monotonic() >= deadline
            while len(running) < 2 * workers and (track := _next(tracks, late)) is not None:
                batch = track.handed
                track.handed += 1
                track.out += 1
                future = pool.submit(play_batch, strategy, track.guess, track.indices(batch))
                running[future] = (track, batch)
            if late:
                running = {f: tb for f, tb in running.items() if tb[0].counted == 0}
            if not running:
                break
            done, _ = wait(running, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
            for future in done:
                track, batch = running.pop(future)
                track.out -= 1
                outcomes, seconds = future.result()
                cpu[0] += seconds
                if not track.settled:
                    track.take(batch, outcomes, target)
            if done:
                report()
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _reporter(tracks: dict[int, _Track], target: float,
              progress: Callable[[RolloutProgress], None] | None) -> Callable[[], None]:
    """A function that tells ``progress`` how far the tracks are."""
    def report() -> None:
        if progress is None:
            return
        odds = [t.odds() for t in tracks.values()]
        started = all(o.pairs.layouts for o in odds)
        widest = max((o.half_width() for o in odds), default=0.0) if started else None
        progress(RolloutProgress(sum(o.pairs.games for o in odds),
                                 sum(t.settled for t in tracks.values()), len(tracks),
                                 widest, target))
    return report
