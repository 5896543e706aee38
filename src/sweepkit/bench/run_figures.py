"""The figures of a stored benchmark run, recomputed from its games, and what a run is
called in tables and plots.

Every figure is recomputed from the games stored for a run (the same
:func:`~sweepkit.bench.stats.run_summary` that ``sweepkit bench`` prints), never read from the
run's stored summary, so an interrupted run, or one whose process died, is reported for
the games it really has, and is labelled as such.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from sweepkit.bench.result import GameResult
from sweepkit.bench.stats import CAUSES, mean_ci, run_summary, wilson
from sweepkit.bench.store import RunRow, Store
from sweepkit.rules import LEVELS

REPORTED_STATUSES: Final = ("complete", "interrupted")
"""The runs reported when none is named: finished ones, or stopped by the user."""

RADIUS_STRATEGIES: Final = ("limited-search", "limited-search-prob")
"""The strategies whose search area is the ``radius`` option (``None``: the zone of
interest)."""


class ReportError(ValueError):
    """Nothing to report, or a run that cannot be reported; the message is one line."""


@dataclass(frozen=True)
class RunFigures:
    """What the report says of one run, recomputed from its stored games.

    ``stats`` is :func:`~sweepkit.bench.stats.run_summary` of the games; ``guesses`` the
    guesses of each game (the first click included); ``later_guesses`` and
    ``later_safe`` count the guessed reveals after each game's first click and those that
    were safe.
    """

    run: RunRow
    stats: dict[str, Any]
    guesses: tuple[int, ...]
    later_guesses: int
    later_safe: int

    @property
    def games(self) -> int:
        return int(self.stats["games"])

    @property
    def wins(self) -> int:
        return int(self.stats["wins"])

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def guesses_per_game(self) -> float:
        return float(self.stats["guesses_per_game"])

    @property
    def games_per_cpu_second(self) -> float | None:
        return self.stats["games_per_cpu_second"]

    @property
    def label(self) -> str:
        """``#3 exact``: the run's id and strategy, for plots."""
        return f"#{self.run.id} {strategy_label(self.run)}"

    def measure(self, name: str) -> tuple[float, tuple[float, float] | None, int] | None:
        """Our value of a :data:`~sweepkit.bench.published.MEASURES` key, its 95% interval
        (Wilson for proportions, normal approximation for the mean; ``None`` when it has
        none) and the number of trials; ``None`` when no trial counts (no first-zero game,
        no loss...)."""
        if name == "guesses_per_game":
            return (self.guesses_per_game, mean_ci(self.guesses), self.games)
        if name == "win_rate":
            successes, trials = self.wins, self.games
        elif name == "first_zero_win_rate":
            successes, trials = self.stats["first_zero_wins"], self.stats["first_zero_games"]
        elif name == "guess_success":
            successes, trials = self.later_safe, self.later_guesses
        elif name.startswith("loss_") and name.removeprefix("loss_") in CAUSES:
            successes = self.stats["loss_causes"].get(name.removeprefix("loss_"), 0)
            trials = self.losses
        else:
            raise ValueError(f"unknown measure {name!r}")
        if not trials:
            return None
        return (successes / trials, wilson(successes, trials), trials)


def stored_results(store: Store, run_id: int) -> list[GameResult]:
    """The stored games of a run as GameResults without their records.

    The same figures as :meth:`Store.game_results`, which also decompresses every game
    record: a report needs none of them, and 100,000 records would cost memory for
    nothing."""
    return [g.result(with_record=False) for g in store.games(run_id)]


def run_figures(run: RunRow, results: Sequence[GameResult]) -> RunFigures:
    """The figures of ``run`` from its games (games per CPU-second from their
    ``cpu_seconds``; no wall time, which the games do not keep)."""
    results = list(results)
    # guess_log[0] is the first click: every game's first move is the FIRST-based reveal.
    later = [safe for r in results for _, safe in r.guess_log[1:]]
    return RunFigures(run=run, stats=run_summary(results, 0.0),
                      guesses=tuple(r.guesses for r in results),
                      later_guesses=len(later), later_safe=sum(later))


def select_runs(store: Store, run_ids: Sequence[int] | None = None) -> list[RunRow]:
    """The runs to report: those named (in the order given, each once), else every
    complete or interrupted run with at least one game stored. ReportError when there is
    none, or a named run has no game; StoreError for an unknown id."""
    if run_ids:
        runs = [store.run(i) for i in dict.fromkeys(run_ids)]
        empty = [r.id for r in runs if r.done == 0]
        if empty:
            raise ReportError(f"run {empty[0]} has no games stored: nothing to report")
        return runs
    runs = [r for r in store.runs() if r.status in REPORTED_STATUSES and r.done > 0]
    if not runs:
        raise ReportError(f"no complete or interrupted runs with games in {store.path}")
    return runs


def collect(store: Store, run_ids: Sequence[int] | None = None) -> list[RunFigures]:
    """The figures of the runs :func:`select_runs` picks, read from the store."""
    return [run_figures(run, stored_results(store, run.id))
            for run in select_runs(store, run_ids)]


def strategy_label(run: RunRow) -> str:
    """``exact``, ``limited-search-prob (radius=3)``; a limited search without a radius
    says ``radius=zone`` (the zone of interest)."""
    options = dict(run.options)
    if run.strategy in RADIUS_STRATEGIES and options.get("radius") is None:
        options["radius"] = "zone"
    text = ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{run.strategy} ({text})" if text else run.strategy


def level_label(run: RunRow) -> str:
    """``beginner 9×9/10``, or ``custom 5×7/3`` when the size is not the named level's."""
    size = f"{run.rows}×{run.cols}/{run.mines}"
    preset = run.level is not None and LEVELS.get(run.level) == (run.rows, run.cols,
                                                                 run.mines)
    return f"{run.level if preset else 'custom'} {size}"


def status_label(run: RunRow) -> str:
    """``complete``, or what keeps the run from being complete, with its real game count."""
    if run.status == "complete" and run.done >= run.games:
        return "complete"
    if run.status == "complete":
        return f"**complete, but only {run.done} of {run.games} games stored**"
    if run.status == "running":
        return f"**running (or its process died): {run.done} of {run.games} games**"
    return f"**{run.status}: {run.done} of {run.games} games**"


__all__ = ["RADIUS_STRATEGIES", "REPORTED_STATUSES", "ReportError", "RunFigures", "collect",
           "level_label", "run_figures", "select_runs", "status_label", "stored_results",
           "strategy_label"]
