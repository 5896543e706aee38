"""Which cells off the frontier a guess ranking looks at: all, or the Java solver's few.

A cell *off the frontier* (floating: next to no revealed number) is as safe as every
other such cell; what sets one apart is what its number may tell. ``best`` looks at every
class of them within its tolerance; the Java solver of David N. Hill
(``SecondarySafetyEvaluator.evaluateOffEdgeCandidates`` and the off-edge cut-off in
``Solver``) looks at few, which makes its ranking cheaper:

- none unless their safety is above 0.95 times the best safety on the board
  (:data:`GATE`);
- then only the cells two steps straight out (along a row or a column) from a revealed
  number that still has a covered neighbour, and the cells with two or three covered
  neighbours not known to be mines (a board corner, or a cell walled in by numbers);
- all of them once fewer than :data:`FEW` floating cells are left.

Cells with long-term influence (:mod:`.long_term`'s sweep) join as every cell does, off the
frontier or not. Only grids of two dimensions have straight lines as the Java solver's
offsets mean them; on other boards every floating cell stays.

>>> from sweepkit.analysis.board.probability import analyse
>>> from sweepkit.position import Position
>>> view = Position.from_rows(["1" + "?" * 9] + ["?" * 10] * 4, mines=5)
>>> cells = sorted(java_off_frontier(analyse(view), 0.9))
>>> [view.coord(c) for c in cells]
[(0, 2), (0, 9), (2, 0), (4, 0), (4, 9)]

The first click showed a 1 in a corner: of the 46 floating cells, those two steps out
from it in a straight line and the other three corners of the board are kept.
"""

from __future__ import annotations

from array import array

from sweepkit.analysis.board.probability import Analysis
from sweepkit.constraints import numbers_near_unknown
from sweepkit.position import UNKNOWN
from sweepkit.topology import neighbour_counts

GATE = 0.95
"""Floating cells are looked at only when their safety is above this share of the best
(the Java solver's ``OFF_EDGE_TOLERENCE``)."""

FEW = 30
"""Below this many floating cells, all of them are looked at (the Java solver's 30)."""

MODES = ("all", "java")
"""The choices of ``best``'s option ``off_frontier``."""


def java_off_frontier(analysis: Analysis, safest: float) -> set[int] | None:
    """The floating cells the Java solver looks at (module doc) when the safest cell on
    the board has safety ``safest``; ``None`` when it looks at all of them (few left, or a
    board that is not a two-dimensional grid)."""
    position = analysis.position
    floating = analysis.system.floating
    if len(floating) < FEW or len(position.shape) != 2 or position.topology != "grid":
        return None
    boxes = analysis.boxes
    risk = (boxes.floating_value() if boxes is not None
            else analysis.probabilities()[next(iter(floating))])
    assert risk is not None
    if 1 - risk <= GATE * safest:
        return set()
    rows, cols = position.shape
    values = position.cells
    # per cell, its covered neighbours (a byte each, for the whole board at once)
    covered = int.from_bytes(array("b", values).tobytes().translate(_IS_UNKNOWN), "little")
    around = neighbour_counts(covered, position.shape).to_bytes(len(values), "little")
    kept = {c for c in floating if 1 < around[c] < 4}
    for c in numbers_near_unknown(position):  # revealed numbers with a covered neighbour
        r, k = divmod(c, cols)
        for dr, dk in ((2, 0), (-2, 0), (0, 2), (0, -2)):
            if 0 <= r + dr < rows and 0 <= k + dk < cols:
                kept.add((r + dr) * cols + k + dk)
    return kept & set(floating)


_IS_UNKNOWN = bytes(int(b - 256 * (b > 127) == UNKNOWN) for b in range(256))
"""``bytes.translate`` table: a cell value as a signed byte -> 1 when covered, else 0."""
