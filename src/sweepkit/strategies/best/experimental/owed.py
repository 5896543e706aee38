"""Risk a guess owes anyway, and pseudo 50/50s: what the closed patterns of
:mod:`..patterns` take from a guess whatever is played. Experimental (the options ``owed``
and ``pseudo``, off in every preset; ``docs/results.md`` records what they were worth).

With n the layouts of one way of a closed pattern (the same for both, by the swap of
:mod:`..patterns`): a guess at a cell of the pattern loses in n layouts of it, all of them
owed anyway; a guess at a frame cell still covered (a mine in all 2n) loses n more than is
owed. So the risk a guess adds beyond what is owed is its mine probability less the
n/total of every pattern it is in. Patterns can overlap, so the sum over a cell's patterns
is capped at its mine probability and safety: each n is exact, the share a heuristic.
``best`` with the option ``owed`` weighs a guess's value by that share, as the strong peers
do for 2×1 and 2×2 shapes.

A cell of a pattern that is a mine only in layouts of one pattern (n equals its mine
count) is a *pseudo 50/50*: guessing it adds no risk at all, and its number may tell much,
so ``best`` with the option ``pseudo`` takes it before other guesses, like a forced guess.

>>> from sweepkit.analysis.board.probability import analyse
>>> from sweepkit.position import Position
>>> view = Position.from_rows(["1???", "1???"], mines=2)
>>> found = owed_risk(analyse(view))

On a board two rows high nothing tells the two cells of a column apart: a mine in a
column is a 50/50, and every cell is a pseudo 50/50 (all its risk is owed).

>>> found.pseudo, found.share(2), found.share(1)
((1, 2, 3, 5, 6, 7), 0.25, 0.5)
"""

from __future__ import annotations

from dataclasses import dataclass

from sweepkit.analysis.board.outcomes import OutcomeTable
from sweepkit.analysis.board.probability import Analysis
from sweepkit.strategies.best.patterns import closed_patterns


@dataclass(frozen=True)
class Owed:
    """Per cell, the layouts in which a guess there loses only what is owed anyway
    (``counts``, capped as the module doc says; cells in no pattern are absent), and the
    pseudo 50/50 cells found (ascending)."""

    counts: dict[int, int]
    pseudo: tuple[int, ...]
    total: int

    def share(self, cell: int) -> float:
        """``counts[cell]`` as a probability (0 for a cell in no pattern)."""
        return self.counts.get(cell, 0) / self.total if self.total else 0.0


def owed_risk(analysis: Analysis, max_missing: int = 2, table: OutcomeTable | None = None
              ) -> Owed:
    """The owed layouts of every cell in a closed pattern of ``analysis``'s view, and its
    pseudo 50/50s (module doc; ``table`` as :func:`closed_patterns` takes it)."""
    total = analysis.total
    counts: dict[int, int] = {}
    single: dict[int, int] = {}  # the largest one-pattern count of each cell
    for pattern, missing, n in closed_patterns(analysis, max_missing, table):
        for c in (*pattern.cells, *missing):
            counts[c] = counts.get(c, 0) + n
        for c in pattern.cells:
            single[c] = max(single.get(c, 0), n)
    mines = {c: int(analysis.probability(c) * total) for c in counts}
    pseudo = tuple(c for c, n in sorted(single.items()) if n == mines[c])
    capped = {c: min(n, mines[c], total - mines[c]) for c, n in counts.items()}
    return Owed({c: n for c, n in capped.items() if n}, pseudo, total)
