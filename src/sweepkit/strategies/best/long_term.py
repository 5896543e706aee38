"""Long-term safety: how much of a guess's risk a 50/50 that may form would take anyway.

The Java solver of David N. Hill (``LongTermRiskHelper``, measured in ``docs/results.md``)
scores each guess by its secondary safety times (safe + 0.9 × influence) / safe, where
*influence* counts the layouts in which the cell is a mine inside a 2×1 or 2×2 pattern
that no number can tell apart once its frame is all mines (the closed patterns of
:mod:`.patterns`). This module computes that influence, following the Java code:

- per cell, for each axis, the largest count n of the two-cell patterns along that axis
  that contain it, summed over the axes, plus the largest count of the 2×2 blocks split
  by their diagonals that contain it; patterns whose frame has at most ``max_missing`` (3)
  covered cells not known to be mines are counted;
- *enablers*: a covered frame cell of a pattern with at most one such cell, whose count is
  above 2.5% of the layouts, gains that count (its mine would close the pattern; revealing
  it breaks the pattern), summed over such patterns;
- the sum is capped at the cell's mine count and at its safe count (a 50/50 takes half of
  its layouts: never more than either).

Differences from the Java code, by choice: the shapes are found on any board and in any
dimension (a pair along each axis; a block of four split by its diagonals), and the
count of a pattern is exact for our analysis (the Java solver's own count is exact too).
As in the Java code, a cell joins the candidates when its safety plus its *sweep*
influence reaches the cut-off: the sum of the counts of the patterns with at most one
frame cell to fill and above 2.5% of the layouts that it is in or enables (not capped).
The Java solver also uses that sweep to find pseudo 50/50s (``best``'s experimental
option ``pseudo`` does that, measured apart: :mod:`.experimental.owed`).

>>> from sweepkit.analysis.board.probability import analyse
>>> from sweepkit.position import Position
>>> view = Position.from_rows(["1???", "1???"], mines=2)
>>> shares = influence(analyse(view)).scores

On a board two rows high nothing tells the two cells of a column apart, so each covered
cell's whole risk is in a vertical pair: its influence is capped at its mine share.

>>> shares[2], shares[1]
(0.25, 0.5)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from sweepkit.analysis.board.outcomes import OutcomeTable
from sweepkit.analysis.board.probability import Analysis
from sweepkit.strategies.best.patterns import (
    MAX_CELLS,
    Pattern,
    PatternCheck,
    PatternCounter,
    Possible,
    counted_patterns,
    pattern_index,
)

MAX_MISSING = 3
"""The most frame cells still to fill for a pattern to count in a cell's influence (the
Java solver's 4 and 5 limits, less the pattern's own one or two mines)."""

ENABLER_MISSING = 1
"""The most frame cells still to fill for a pattern to credit them as enablers."""

ENABLER_SHARE = 0.025
"""The least share of the layouts a pattern needs to credit its enablers (Java:
``FINAL_THRESHOLD``)."""


def shape_of(pattern: Pattern, shape: tuple[int, ...]) -> int | None:
    """The kind of ``pattern`` the Java solver counts: for two cells, the axis they differ
    along (0 .. dimensions − 1); for four cells split by a diagonal, the dimension count
    (one kind for every block); None for the other shapes (a diagonal pair, a block split
    by rows or columns)."""
    first, second = pattern.first, pattern.second
    if len(first) == 1:
        axes = _differing_axes(first[0], second[0], shape)
        return axes[0] if len(axes) == 1 else None
    a, d = first
    return len(shape) if len(_differing_axes(a, d, shape)) == 2 else None


@lru_cache(maxsize=16)
def _kinds(shape: tuple[int, ...], topology: str) -> tuple[int | None, ...]:
    """:func:`shape_of` of every pattern of the board's index, in its order (cached)."""
    return tuple(shape_of(p, shape) for p in pattern_index(shape, topology).patterns)


def _differing_axes(a: int, b: int, shape: tuple[int, ...]) -> list[int]:
    found = []
    for axis in range(len(shape) - 1, -1, -1):
        size = shape[axis]
        if a % size != b % size:
            found.append(axis)
        a //= size
        b //= size
    return found


@dataclass(frozen=True)
class Influence:
    """The long-term influence of the cells of one position, as shares of its layouts:
    ``scores`` scale a guess's value (module doc: capped), ``sweep`` lets a cell join the
    candidates (the Java solver's board sweep: patterns with at most one frame cell to
    fill and above :data:`ENABLER_SHARE`, summed over the patterns, not capped)."""

    scores: dict[int, float]
    sweep: dict[int, float]


def influence(analysis: Analysis, max_missing: int = MAX_MISSING,
              table: OutcomeTable | None = None) -> Influence:
    """The influence of every covered cell that has some (module doc); the patterns counted
    by ``table`` (:func:`~sweepkit.strategies.best.patterns.closed_patterns`)."""
    total = analysis.total
    position = analysis.position
    if not total or position.size > MAX_CELLS:
        return Influence({}, {})
    kinds = _kinds(position.shape, position.topology)
    least = enabler_least(total)
    largest: dict[tuple[int, int], int] = {}  # (cell, kind): the largest count
    enabled: dict[int, int] = {}
    swept: dict[int, int] = {}
    for (i, pattern, missing, _floating), n in counted_patterns(analysis, max_missing, table):
        kind = kinds[i]
        if kind is None:
            continue
        for c in pattern.cells:
            if n > largest.get((c, kind), 0):
                largest[(c, kind)] = n
        if len(missing) <= ENABLER_MISSING and n > least:
            for c in missing:
                enabled[c] = enabled.get(c, 0) + n
            for c in pattern.cells:
                swept[c] = swept.get(c, 0) + n
    tallies = dict(enabled)
    for (c, _), n in largest.items():
        tallies[c] = tallies.get(c, 0) + n
    for c, n in enabled.items():
        swept[c] = swept.get(c, 0) + n
    probabilities = analysis.probabilities()
    scores = {}
    for c, n in tallies.items():
        capped = _capped(n, total, probabilities[c])
        if capped > 0:
            scores[c] = capped
    return Influence(scores, {c: n / total for c, n in swept.items()})


def enabler_least(total: int) -> float | Fraction:
    """:data:`ENABLER_SHARE` of ``total`` layouts, the count a pattern must exceed to credit
    its enablers: the float product when it fits in a float (as every measured run
    compared), exactly beyond (a count of more than about 10^308 layouts, on a big board,
    does not fit)."""
    try:
        return ENABLER_SHARE * total
    except OverflowError:
        return Fraction(ENABLER_SHARE) * total


def _capped(tally: int, total: int, p: float) -> float:
    """A cell's influence share: its tally of layouts as a share of ``total``, capped at its
    mine probability ``p`` and its safety (module doc)."""
    return min(tally / total, p, 1 - p)


class LongTerm:
    """What :func:`influence` gives, counted on demand, for when only some cells' shares
    matter (``best``'s window: the cells within its cut-off): :attr:`sweep` for every cell
    when made (only patterns with at most one frame cell to fill give one, few), the
    influence shares of the cells asked for by :meth:`scores`, each from the patterns it is
    a cell of (:attr:`~sweepkit.strategies.best.patterns.PatternIndex.holding`). Each pattern is
    checked at most once and counted at most once; the shares are the same numbers as
    :func:`influence`'s, ``tests/strategies/best/test_long_term.py`` compares them."""

    def __init__(self, analysis: Analysis, max_missing: int = MAX_MISSING,
                 table: OutcomeTable | None = None,
                 probabilities: dict[int, float] | None = None) -> None:
        self.total = total = analysis.total
        position = analysis.position
        self.enabled: dict[int, int] = {}
        self.sweep: dict[int, float] = {}
        """Per cell, its sweep share (:attr:`Influence.sweep`)."""
        self.check = (PatternCheck(analysis, max_missing, probabilities)
                      if total and position.size <= MAX_CELLS else None)
        if self.check is None:
            return
        self.probabilities = self.check.probabilities
        self.kinds = _kinds(position.shape, position.topology)
        self.counter = PatternCounter(analysis, table)
        self.possible: dict[int, Possible | None] = {}  # pattern index: its check
        self.counts: dict[int, int] = {}  # pattern index: its count (0: it cannot close)
        least = enabler_least(total)
        swept: dict[int, int] = {}
        # the patterns listed have at most ENABLER_MISSING frame cells not flagged, and a
        # possible one no open frame cell: so at most that many frame cells to fill
        for i in self.check.index.worth_a_look(self.check.flagged, ENABLER_MISSING):
            possible = self._possible(i) if self.kinds[i] is not None else None
            if possible is None or self._below_share(possible):
                continue
            n = self._count(i)
            if n > least:
                for c in possible.missing:
                    self.enabled[c] = self.enabled.get(c, 0) + n
                for c in (*possible.pattern.cells, *possible.missing):
                    swept[c] = swept.get(c, 0) + n
        self.sweep = {c: n / total for c, n in swept.items()}

    def _possible(self, i: int) -> Possible | None:
        """Pattern ``i`` checked (:class:`~.patterns.PatternCheck`), once."""
        if i in self.possible:
            return self.possible[i]
        check = self.check
        assert check is not None
        found = self.possible[i] = check(i)
        return found

    def _below_share(self, possible: Possible) -> bool:
        """Whether ``possible``'s layouts are surely too few to credit its enablers, with
        no count: they are a share of the layouts no larger than the chance of any one
        of its cells being as the pattern has it (a mine in its first way or among its
        frame cells still to fill, safe in its second), which is below
        :data:`ENABLER_SHARE` (with a margin for the floats' rounding)."""
        p = self.probabilities
        pattern = possible.pattern
        bound = min(min(p[c] for c in (*pattern.first, *possible.missing)),
                    min(1 - p[c] for c in pattern.second))
        return bound < ENABLER_SHARE * (1 - 1e-9)

    def _count(self, i: int) -> int:
        """The count of pattern ``i`` (0 when it cannot close), once."""
        found = self.counts.get(i)
        if found is None:
            possible = self._possible(i)
            found = self.counts[i] = 0 if possible is None else self.counter(possible)
        return found

    def scores(self, cells: Iterable[int]) -> dict[int, float]:
        """The influence shares of those of ``cells`` that have one (:attr:`Influence.scores`)."""
        found = {}
        check = self.check
        if check is None:
            return found
        holding, kinds, counts = check.index.holding, self.kinds, self.counts
        for c in cells:
            largest: dict[int, int] = {}  # kind: the largest count
            for i in holding[c]:
                kind = kinds[i]
                if kind is None:
                    continue
                n = counts.get(i)
                if n is None:
                    n = self._count(i)
                if n > largest.get(kind, 0):
                    largest[kind] = n
            tally = self.enabled.get(c, 0) + sum(largest.values())
            if tally:
                capped = _capped(tally, self.total, self.probabilities[c])
                if capped > 0:
                    found[c] = capped
        return found
