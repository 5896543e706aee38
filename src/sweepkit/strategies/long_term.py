"""Long-term safety: how much of a guess's risk a 50/50 that may form would take anyway.

The Java solver of David N. Hill (``LongTermRiskHelper``, measured in ``docs/results.md``)
scores each guess by its secondary safety times (safe + 0.9 × influence) / safe, where
*influence* counts the layouts in which the cell is a mine inside a 2×1 or 2×2 pattern
that no number can tell apart once its frame is all mines (the closed patterns of
:mod:`.owed`). This module computes that influence, following the Java code:

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
The Java solver also uses that sweep to find pseudo 50/50s (``best``'s option ``pseudo``
does that, measured apart).

>>> from sweepkit.analysis.probability import analyse
>>> from sweepkit.position import Position
>>> view = Position.from_rows(["1???", "1???"], mines=2)
>>> shares = influence(analyse(view)).scores

On a board two rows high nothing tells the two cells of a column apart, so each covered
cell's whole risk is in a vertical pair: its influence is capped at its mine share.

>>> shares[2], shares[1]
(0.25, 0.5)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from sweepkit.analysis.outcomes import OutcomeTable
from sweepkit.analysis.probability import Analysis
from sweepkit.strategies.owed import Pattern, counted_patterns, pattern_index

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
    by ``table`` (:func:`~sweepkit.strategies.owed.closed_patterns`)."""
    total = analysis.total
    if not total:
        return Influence({}, {})
    position = analysis.position
    kinds = _kinds(position.shape, position.topology)
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
        if len(missing) <= ENABLER_MISSING and n > ENABLER_SHARE * total:
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
        p = probabilities[c]
        capped = min(n / total, p, 1 - p)
        if capped > 0:
            scores[c] = capped
    return Influence(scores, {c: n / total for c, n in swept.items()})
