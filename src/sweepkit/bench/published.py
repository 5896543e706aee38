"""The published figures a benchmark run is meant to reproduce, as data, and each beside ours.

The published numbers are :data:`PUBLISHED`, with their sources in :data:`SOURCES`:
Pedersen, *The complexity of Minesweeper and strategies for game playing*, 2004, Tables
5.1–5.3 and 5.5 [Pedersen2004], and the school project's staged solver [SchoolProject]. A
run matches a published row on strategy, level (Pedersen's beginner is our
``pedersen-beginner``, 10×10/10; his expert 30×16/99 is our ``expert``, 16×30/99) and
search radius; :func:`comparisons` says for each figure whether the published value lies
inside our 95% interval.

>>> f"{PUBLISHED[0].strategy} {PUBLISHED[0].level} {PUBLISHED[0].value:.1%}"
'single-point pedersen-beginner 77.4%'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from sweepkit.bench.run_figures import RunFigures
from sweepkit.bench.store import RunRow
from sweepkit.rules import LEVELS


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


__all__ = ["GUESS_SUCCESS_NOTE", "MEASURES", "PUBLISHED", "SOURCES", "Comparison", "Published",
           "Source", "comparisons"]
