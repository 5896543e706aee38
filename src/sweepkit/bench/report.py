"""``sweepkit report``: Markdown tables and plots of stored benchmark runs, beside the
published figures they are meant to reproduce.

Every figure is recomputed from the games stored for a run (the same
:func:`~sweepkit.bench.stats.run_summary` that ``sweepkit bench`` prints), never read from the
run's stored summary, so an interrupted run, or one whose process died, is reported for
the games it really has, and is labelled as such.

The published numbers are data here (:data:`PUBLISHED`, with their sources in
:data:`SOURCES`): Pedersen, *The complexity of Minesweeper and strategies for game
playing*, 2004, Tables 5.1–5.3 and 5.5 [Pedersen2004], and the school project's staged
solver [SchoolProject]. A run matches a published row on strategy, level (Pedersen's
beginner is our ``pedersen-beginner``, 10×10/10; his expert 30×16/99 is our ``expert``,
16×30/99) and search radius; :func:`comparisons` says for each figure whether the
published value lies inside our 95% interval.

>>> f"{PUBLISHED[0].strategy} {PUBLISHED[0].level} {PUBLISHED[0].value:.1%}"
'single-point pedersen-beginner 77.4%'
>>> percent_ci(25, 100)
'25.00% [17.55%, 34.30%]'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from sweepkit.bench.result import GameResult
from sweepkit.bench.stats import CAUSES, Z95, calibration_verdict, run_summary, wilson
from sweepkit.bench.store import RunRow, Store
from sweepkit.rules import LEVELS

FIGSIZE: Final = (8.0, 5.0)
"""Size of every plot in inches; with :data:`DPI` the PNGs are 800×500 pixels."""

DPI: Final = 100
"""Dots per inch of every plot."""

MIN_BIN_TRIALS: Final = 100
"""Calibration bins with fewer guesses are left out of the Markdown tables (their
intervals are too wide to say anything); the plot shows them, faint and small."""

VERDICT_TRIALS: Final = 1000
"""Bins of at least this many guesses are tested for calibration (the issue's criterion)."""

REPORT_FILES: Final = ("report.md", "win-rates.png", "calibration.png", "guesses.png")
"""The files :func:`write_report` writes, in order."""

REPORTED_STATUSES: Final = ("complete", "interrupted")
"""The runs reported when none is named: finished ones, or stopped by the user."""

RADIUS_STRATEGIES: Final = ("limited-search", "limited-search-prob")
"""The strategies whose search area is the ``radius`` option (``None``: the zone of
interest)."""


class ReportError(ValueError):
    """Nothing to report, or a run that cannot be reported; the message is one line."""


# -- published figures ----------------------------------------------------------------

@dataclass(frozen=True)
class Source:
    """Where published figures come from and the conditions they were measured under
    (``first`` is ``None`` when the source does not say where the first click was)."""

    key: str
    citation: str
    rule: str = "safe"
    first: str | None = "corner"


SOURCES: Final[dict[str, Source]] = {s.key: s for s in (
    Source("Pedersen2004 T5.1-5.3",
           "Kasper Pedersen, The complexity of Minesweeper and strategies for game playing, "
           "2004, Tables 5.1-5.3: first move safe, corner first, 100,000 games each; levels "
           "beginner 10x10/10, intermediate 16x16/40, expert 30x16/99 [Pedersen2004]"),
    Source("Pedersen2004 T5.5",
           "Kasper Pedersen, The complexity of Minesweeper and strategies for game playing, "
           "2004, Table 5.5: expert, limited search with probabilities, search area the zone "
           "of interest or a (2r+1)x(2r+1) square, 1,000 games each (600 for r = 7) "
           "[Pedersen2004]"),
    Source("SchoolProject",
           "Anonymous, Minesweeper Solver (school project), its staged solver on expert, "
           "first click safe, 11,425 games: 30,727 guesses, 83.41% successful; losses by "
           "cause [SchoolProject]", first=None),
)}
"""The sources of :data:`PUBLISHED`, by key."""

MEASURES: Final[dict[str, str]] = {
    "win_rate": "win rate",
    "first_zero_win_rate": "first-zero win rate",
    "guesses_per_game": "guesses per game",
    "guess_success": "guesses after the first click that were safe",
    "loss_guess": "losses on a guess",
    "loss_corner": "losses on a corner move",
    "loss_random": "losses on a random move",
    "loss_certain": "losses on a move called safe",
}
"""What a published figure measures, by key: a proportion, except ``guesses_per_game``
(a mean; the first click counts as a guess, as in Pedersen). Loss shares are over the lost
games; the school project's "safe" cause is our ``certain``."""


GUESS_SUCCESS_NOTE: Final = ("ours counts every guessed reveal after the first click, "
                             "corner and random moves included")
"""How our ``guess_success`` is counted: from each game's guess log, which does not say
on what a guess was made. The school project's failed guesses (16.59% of 30,727, i.e.
5,097) equal its losses on a guess (62.95% of 8,097), so it seems not to count corner and
random moves as guesses; the comparison says so."""


@dataclass(frozen=True)
class Published:
    """One published figure: ``value`` of ``measure`` for ``strategy`` on ``level`` (our
    level name) with search ``radius`` (``None``: the zone of interest, or no radius
    option), over ``games`` games, from ``source`` (a key of :data:`SOURCES`)."""

    source: str
    strategy: str
    level: str
    measure: str
    value: float
    games: int
    radius: int | None = None


def _pedersen_tables() -> list[Published]:
    """Tables 5.1–5.3: three strategies at three levels (no guesses published for
    limited-search-prob)."""
    levels = ("pedersen-beginner", "intermediate", "expert")
    rows: dict[tuple[str, str], tuple[float, ...]] = {
        ("single-point", "win_rate"): (0.774, 0.291, 0.005),
        ("single-point", "first_zero_win_rate"): (0.814, 0.331, 0.007),
        ("single-point", "guesses_per_game"): (2.30, 4.38, 5.45),
        ("limited-search", "win_rate"): (0.917, 0.643, 0.170),
        ("limited-search", "first_zero_win_rate"): (0.963, 0.740, 0.218),
        ("limited-search", "guesses_per_game"): (1.68, 2.85, 4.50),
        ("limited-search-prob", "win_rate"): (0.925, 0.677, 0.250),
        ("limited-search-prob", "first_zero_win_rate"): (0.971, 0.778, 0.300),
    }
    return [Published("Pedersen2004 T5.1-5.3", strategy, level, measure, value, 100_000)
            for (strategy, measure), values in rows.items()
            for level, value in zip(levels, values, strict=True)]


def _pedersen_radii() -> list[Published]:
    """Table 5.5: limited-search-prob on expert by search area."""
    wins: dict[int | None, float] = {None: 0.263, 2: 0.248, 3: 0.265, 4: 0.276, 5: 0.300,
                                     6: 0.272, 7: 0.280}
    return [Published("Pedersen2004 T5.5", "limited-search-prob", "expert", "win_rate", value,
                      600 if radius == 7 else 1_000, radius)
            for radius, value in wins.items()]


def _school_project() -> list[Published]:
    """The school project's staged solver on expert."""
    figures = {"win_rate": 0.2913, "guess_success": 0.8341, "loss_guess": 0.6295,
               "loss_corner": 0.3139, "loss_random": 0.0563, "loss_certain": 0.0002}
    return [Published("SchoolProject", "staged", "expert", measure, value, 11_425)
            for measure, value in figures.items()]


PUBLISHED: Final[tuple[Published, ...]] = (*_pedersen_tables(), *_pedersen_radii(),
                                           *_school_project())
"""Every published figure a run can be compared with."""


# -- the figures of a run ---------------------------------------------------------------

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
        """Our value of a :data:`MEASURES` key, its 95% interval (Wilson for proportions,
        normal approximation for the mean; ``None`` when it has none) and the number of
        trials; ``None`` when no trial counts (no first-zero game, no loss...)."""
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


# -- text -----------------------------------------------------------------------------

def percent_ci(successes: int, trials: int) -> str:
    """A proportion with its 95% Wilson interval, as the tables print it."""
    if trials <= 0:
        return "–"
    lo, hi = wilson(successes, trials)
    return f"{successes / trials:.2%} [{lo:.2%}, {hi:.2%}]"


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float] | None:
    """A 95% interval of a mean by the normal approximation (``None`` under 2 values)."""
    n = len(values)
    if n < 2:
        return None
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (mean - half, mean + half)


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


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|")


def _row(cells: Iterable[object]) -> str:
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def _table(header: Sequence[str], align: str, rows: Iterable[Sequence[object]]) -> list[str]:
    """A Markdown table; ``align`` has one ``l`` or ``r`` per column."""
    marks = ["---:" if a == "r" else "---" for a in align]
    return [_row(header), _row(marks), *(_row(r) for r in rows)]


def _number(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _matches(run: RunRow, figure: Published) -> bool:
    """Same strategy, the same level at its preset size, the same search radius."""
    return (run.strategy == figure.strategy and run.level == figure.level
            and LEVELS.get(figure.level) == (run.rows, run.cols, run.mines)
            and run.options.get("radius") == figure.radius)


@dataclass(frozen=True)
class Comparison:
    """A published figure beside ours: ``inside`` is whether it lies in our 95% interval
    (``None`` without one); ``note`` says where the conditions differ."""

    figures: RunFigures
    published: Published
    ours: float | None
    ci95: tuple[float, float] | None
    trials: int
    inside: bool | None
    note: str = ""

    @property
    def source(self) -> Source:
        return SOURCES[self.published.source]


def comparisons(figures: RunFigures,
                published: Iterable[Published] = PUBLISHED) -> list[Comparison]:
    """The published figures that match the run, each beside ours."""
    found = []
    for figure in published:
        if not _matches(figures.run, figure):
            continue
        mine = figures.measure(figure.measure)
        value, ci, trials = mine if mine is not None else (None, None, 0)
        inside = None if ci is None else ci[0] <= figure.value <= ci[1]
        source = SOURCES[figure.source]
        differ = []
        if figures.run.rule != source.rule:
            differ.append(f"rule {figures.run.rule}, published {source.rule}")
        if source.first is not None and figures.run.first != source.first:
            differ.append(f"first click {figures.run.first}, published {source.first}")
        notes = ["conditions differ: " + "; ".join(differ)] if differ else []
        if figure.measure == "guess_success":
            notes.append(GUESS_SUCCESS_NOTE)
        found.append(Comparison(figures, figure, value, ci, trials, inside, "; ".join(notes)))
    return found


def _value_text(measure: str, value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:.2f}" if measure == "guesses_per_game" else f"{value:.2%}"


def _ci_text(measure: str, ci: tuple[float, float] | None) -> str:
    if ci is None:
        return "–"
    return f"[{_value_text(measure, ci[0])}, {_value_text(measure, ci[1])}]"


def _yes_no(inside: bool | None) -> str:
    return "n/a" if inside is None else ("yes" if inside else "no")


def _causes(figures: Sequence[RunFigures]) -> list[str]:
    """The five loss causes, and ``unknown`` when some run has such losses."""
    extra = any(f.stats["loss_causes"].get("unknown") for f in figures)
    return [*CAUSES, *(["unknown"] if extra else [])]


def runs_table(figures: Sequence[RunFigures], published: bool = False) -> list[str]:
    """The main table, one row per run; with ``published`` a column of the published win
    rates of the run's strategy and level, each saying whether it is in our interval."""
    causes = _causes(figures)
    header = ["run", "strategy", "level", "rule", "first click", "games", "wins",
              "win rate [95% CI]"]
    if published:
        header.append("published win rate (in our CI?)")
    header += ["first-zero win rate [95% CI] of games", "guesses/game",
               "guesses/won game", "wins without guess", "games/CPU-s",
               *(f"lost: {c}" for c in causes), "status"]
    rows = []
    for f in figures:
        s, run = f.stats, f.run
        row: list[object] = [run.id, strategy_label(run), level_label(run), run.rule,
                             run.first, f.games, f.wins, percent_ci(f.wins, f.games)]
        if published:
            wins = [c for c in comparisons(f) if c.published.measure == "win_rate"]
            row.append("; ".join(
                f"{c.published.value:.2%} ({_yes_no(c.inside)}"
                f"{', conditions differ' if c.note.startswith('conditions') else ''})"
                for c in wins) or "–")
        fz_games = s["first_zero_games"]
        row += [f"{percent_ci(s['first_zero_wins'], fz_games)} of {fz_games}",
                _number(f.guesses_per_game), _number(s["guesses_per_won_game"]),
                s["wins_without_guess"], _number(f.games_per_cpu_second, 1),
                *(s["loss_causes"].get(c, 0) for c in causes), status_label(run)]
        rows.append(row)
    align = "rllllrrl" + ("l" if published else "") + "lrrrr" + "r" * len(causes) + "l"
    return _table(header, align, rows)


def calibration_section(figures: RunFigures) -> list[str]:
    """The calibration table of a run (bins of :data:`MIN_BIN_TRIALS` trials or more)
    and the hardest technique its won games needed."""
    bins = figures.stats["calibration"]
    kept = [b for b in bins if b["trials"] >= MIN_BIN_TRIALS]
    left = [b for b in bins if b["trials"] < MIN_BIN_TRIALS]
    run = figures.run
    lines = [f"### Run {run.id}: {strategy_label(run)} on {level_label(run)} "
             f"({status_label(run).strip('*')})", ""]
    note = (f"Calibration: guesses binned by the mine probability the strategy estimated "
            f"(two decimals) against the share of them that hit a mine, with its 95% Wilson "
            f"interval. Only bins with at least {MIN_BIN_TRIALS} trials are listed")
    if left:
        note += (f"; {len(left)} smaller bin(s) with {sum(b['trials'] for b in left)} "
                 "guesses in all are left out (calibration.png shows them)")
    lines += [note + ". Guesses without an estimate (the first click, for one) are not "
              "counted.", ""]
    if kept:
        marks = {row["estimate"]: row
                 for row in calibration_verdict(bins, MIN_BIN_TRIALS)["bins"]}
        verdict = calibration_verdict(bins, VERDICT_TRIALS)
        lines += _table(["estimate", "mean estimate", "trials", "mine share observed",
                         "95% CI", "z", "inside"], "rrrrlrl",
                        ([f"{b['estimate']:.2f}", f"{b['mean_estimate']:.4f}", b["trials"],
                          f"{b['observed']:.3f}",
                          f"[{b['ci95'][0]:.3f}, {b['ci95'][1]:.3f}]",
                          f"{marks[b['estimate']]['z']:+.1f}",
                          "yes" if marks[b["estimate"]]["inside"] else
                          ("family only" if marks[b["estimate"]]["inside_family"] else "no")]
                         for b in kept))
        k = verdict["tested"]
        if not k:
            lines += ["", f"No bin has {VERDICT_TRIALS} guesses: no calibration verdict."]
        else:
            level = 1 - verdict["alpha"] / k
            calibrated = verdict["calibrated"]
            lines += ["", f"Verdict, on the {k} bins of at least {VERDICT_TRIALS} guesses: "
                      f"{len(verdict['outside'])} have their mean estimate outside the 95% "
                      f"interval (about {0.05 * k:.1f} expected by chance); "
                      f"{'every bin lies' if calibrated else 'not every bin lies'} inside its "
                      f"Bonferroni-corrected {level:.2%} interval, so the estimates are "
                      f"{'' if calibrated else 'not '}calibrated at the 5% level for the family "
                      "of bins. (z: observed minus mean estimate, in standard errors; "
                      "'family only': outside 95% but inside the corrected interval of the "
                      "listed bins.)"]
    else:
        lines.append(f"No bin has {MIN_BIN_TRIALS} trials or more.")
    needed = figures.stats["hardest_needed"]
    lines += ["", "Hardest technique needed by won games: "
              + (", ".join(f"{k} {v}" for k, v in needed.items()) or "none (no game won)")
              + ".", ""]
    return lines


def published_section(figures: Sequence[RunFigures]) -> list[str]:
    """Every published figure matching a run, beside ours, and the sources."""
    found = [c for f in figures for c in comparisons(f)]
    lines = ["## Published figures", ""]
    if not found:
        return [*lines, "No run matches a published figure (same strategy, level and "
                "search radius).", ""]
    rows = [[c.figures.run.id, strategy_label(c.figures.run), level_label(c.figures.run),
             MEASURES[c.published.measure],
             _value_text(c.published.measure, c.published.value),
             f"{c.source.key} ({c.published.games:,} games)",
             _value_text(c.published.measure, c.ours), _ci_text(c.published.measure, c.ci95),
             c.trials, _yes_no(c.inside), c.note]
            for c in found]
    lines += _table(["run", "strategy", "level", "measure", "published", "source", "ours",
                     "our 95% CI", "our trials", "published inside our CI", "note"],
                    "rlllrlrlrll", rows)
    lines += ["", "Sources:", ""]
    for key in dict.fromkeys(c.published.source for c in found):
        lines.append(f"- {key}: {SOURCES[key].citation}.")
    return [*lines, ""]


def markdown(figures: Sequence[RunFigures], published: bool = False,
             database: str | None = None) -> str:
    """The whole ``report.md``."""
    where = f" in {database}" if database else ""
    lines = [
        "# Benchmark report", "",
        f"{len(figures)} run(s){where}. Every figure is recomputed from the games stored "
        "for the run; a run that is not complete is marked as such and reported for the "
        "games it has. Win rates carry their 95% Wilson interval; guesses count the first "
        "click (as Pedersen does); first-zero games are those whose first click showed a 0; "
        "games per CPU-second divide the games by the CPU time they took.", "",
        *runs_table(figures, published), "",
        "## Calibration", "",
    ]
    for f in figures:
        lines += calibration_section(f)
    if published:
        lines += published_section(figures)
    return "\n".join(lines).rstrip("\n") + "\n"


# -- plots ----------------------------------------------------------------------------

def _figure() -> Any:
    """A new figure of the report's size, outside pyplot (no global state, no display)."""
    from matplotlib.figure import Figure

    return Figure(figsize=FIGSIZE, dpi=DPI, layout="constrained")


def _save(fig: Any, path: Path) -> None:
    """Write the PNG at the fixed size and release the figure."""
    fig.savefig(path, format="png", dpi=DPI)
    fig.clear()


def _level_order(run: RunRow) -> tuple[int, str]:
    names = list(LEVELS)
    label = level_label(run)
    name = label.split(" ", 1)[0]
    return (names.index(name) if name in names else len(names), label)


def plot_win_rates(figures: Sequence[RunFigures], path: Path, published: bool = False) -> None:
    """Win rate of each run with its 95% interval, grouped by level; a run that is not
    complete is hatched; with ``published`` the matching published win rates are marked."""
    fig = _figure()
    ax = fig.add_subplot()
    colours: dict[str, Any] = {}
    palette = [f"C{i}" for i in range(10)]
    groups: dict[str, list[RunFigures]] = {}
    for f in sorted(figures, key=lambda f: _level_order(f.run)):
        groups.setdefault(level_label(f.run), []).append(f)
    x = 0.0
    ticks, labels, centres = [], [], []
    marked = False
    for level, members in groups.items():
        start = x
        for f in members:
            name = strategy_label(f.run)
            colour = colours.setdefault(name, palette[len(colours) % len(palette)])
            lo, hi = f.ci95
            complete = status_label(f.run) == "complete"
            ax.bar(x, f.win_rate, width=0.8, color=colour, edgecolor="black", linewidth=0.5,
                   hatch=None if complete else "//",
                   yerr=[[max(0.0, f.win_rate - lo)], [max(0.0, hi - f.win_rate)]],
                   capsize=4)
            if published:
                for c in comparisons(f):
                    if c.published.measure == "win_rate":
                        ax.plot(x, c.published.value, marker="D", color="black",
                                markersize=5, linestyle="none")
                        marked = True
            ticks.append(x)
            labels.append(f"#{f.run.id}" + ("" if complete else f"\n{f.run.status}"))
            x += 1
        centres.append(((start + x - 1) / 2, level))
        x += 0.6
    ax.set_xticks(ticks, labels=labels, fontsize=7)
    levels = ax.secondary_xaxis("bottom")
    levels.set_xticks([c for c, _ in centres],
                      labels=[name.replace(" ", "\n", 1) for _, name in centres], fontsize=8)
    levels.tick_params(axis="x", length=0, pad=30)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title("Win rate by strategy and level")
    from matplotlib.patches import Patch

    handles: list[Any] = [Patch(facecolor=c, edgecolor="black", label=n)
                          for n, c in colours.items()]
    if any(status_label(f.run) != "complete" for f in figures):
        handles.append(Patch(facecolor="white", edgecolor="black", hatch="//",
                             label="not complete"))
    if marked:
        from matplotlib.lines import Line2D

        handles.append(Line2D([], [], marker="D", color="black", linestyle="none",
                              label="published"))
    fig.legend(handles=handles, fontsize=7, loc="outside lower center", ncols=3)
    _save(fig, path)


def plot_calibration(figures: Sequence[RunFigures], path: Path) -> None:
    """Estimated mine probability against the observed share, one series per run that
    has guesses with an estimate; markers grow and darken with the trials of their bin."""
    from matplotlib.colors import to_rgba
    from matplotlib.lines import Line2D

    fig = _figure()
    ax = fig.add_subplot()
    handles: list[Any] = ax.plot([0, 1], [0, 1], linestyle="--", color="grey", linewidth=1,
                                 label="y = x")
    for i, f in enumerate(figures):
        bins = f.stats["calibration"]
        if not bins:
            continue
        colour = f"C{i % 10}"
        xs = [b["estimate"] for b in bins]
        ys = [b["observed"] for b in bins]
        weight = [min(1.0, b["trials"] / MIN_BIN_TRIALS) for b in bins]
        ax.vlines(xs, [b["ci95"][0] for b in bins], [b["ci95"][1] for b in bins],
                  colors=[to_rgba(colour, 0.1 + 0.5 * w) for w in weight], linewidth=0.8)
        ax.scatter(xs, ys, s=[8 + 52 * w for w in weight],
                   c=[to_rgba(colour, 0.25 + 0.75 * w) for w in weight], edgecolors="none")
        handles.append(Line2D([], [], marker="o", color=colour, linestyle="none",
                              label=f.label))
    if len(handles) == 1:
        ax.text(0.5, 0.6, "no guess with an estimate", ha="center", color="grey")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("estimated mine probability")
    ax.set_ylabel("share of guesses that hit a mine")
    ax.set_title(f"Calibration (marker size: trials, full at {MIN_BIN_TRIALS})")
    ax.legend(handles=handles, fontsize=7, loc="upper left")
    _save(fig, path)


def plot_guesses(figures: Sequence[RunFigures], path: Path) -> None:
    """Box plot of the guesses per game of each run (the first click included), with
    the mean marked."""
    fig = _figure()
    ax = fig.add_subplot()
    ax.boxplot([list(f.guesses) for f in figures], showmeans=True,
               tick_labels=[f"{f.label}\n{level_label(f.run)}" for f in figures])
    ax.tick_params(axis="x", labelsize=7, labelrotation=20)
    ax.set_ylabel("guesses per game (first click included)")
    ax.set_title("Guesses per game (triangle: mean)")
    _save(fig, path)


# -- the report -----------------------------------------------------------------------

@dataclass(frozen=True)
class Report:
    """What :func:`write_report` wrote: the runs reported and the files, in
    :data:`REPORT_FILES` order."""

    figures: list[RunFigures]
    files: list[Path] = field(default_factory=list)


def write_report(store: Store, out: Path, run_ids: Sequence[int] | None = None,
                 published: bool = False) -> Report:
    """Write ``report.md`` and the three plots into ``out`` (created if need be).

    The figures are read first, so a bad run id or database writes nothing; ReportError
    or StoreError then, OSError when ``out`` cannot be written."""
    figures = collect(store, run_ids)
    out.mkdir(parents=True, exist_ok=True)
    paths = [out / name for name in REPORT_FILES]
    paths[0].write_text(markdown(figures, published, str(store.path)), encoding="utf-8")
    plot_win_rates(figures, paths[1], published)
    plot_calibration(figures, paths[2])
    plot_guesses(figures, paths[3])
    return Report(figures, paths)


__all__ = ["DPI", "FIGSIZE", "GUESS_SUCCESS_NOTE", "MEASURES", "MIN_BIN_TRIALS", "PUBLISHED",
           "REPORT_FILES", "SOURCES", "Comparison", "Published", "Report", "ReportError",
           "RunFigures", "Source", "calibration_section", "collect", "comparisons",
           "level_label", "markdown", "mean_ci", "percent_ci", "plot_calibration",
           "plot_guesses", "plot_win_rates", "published_section", "run_figures", "runs_table",
           "select_runs", "status_label", "stored_results", "strategy_label", "write_report"]
