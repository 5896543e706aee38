"""Strip-shaped components go through the transfer matrix (:mod:`sweepkit.automata.transfer`).

A component whose cells and numbers fit in a bounding box at most :data:`ROUTE_ROWS` high
(its smaller side) is cut out of the board as a position of its own: its unknown cells stay
unknown, its numbers show what they still need (their value minus the known mines around
them), every other cell of the box is a plain safe cell. That position has exactly the
component's equations, so the transfer matrix counts it column by column, by number of
mines: the same :class:`~sweepkit.analysis.count.component_count.ComponentCount` the box
search and the box DP give, which :func:`sweepkit.analysis.count.component.solve_component`
uses when the box search reaches its node limit. The search settles most components in a
fraction of a millisecond. Both fallbacks take one step per column (or box) whose work grows
with the spread of the mine numbers seen so far, so neither is linear on a long component
with many layouts; on 2-row crops the transfer matrix is 1.0–2.9× faster than the box DP, on
3-row crops 0.25–5× (slower only where a box of 3 cells is one DP variable but 8 masks here;
``benchmarks/bench_strip_route.py``, ``docs/automata.md``).
The examples are not taken from the transfer matrix (one walk of it per mine number) but made
on demand by a walk over the component's boxes along the strip (:func:`strip_order`,
:class:`~sweepkit.analysis.count.box_dp.DPExamples`); the box table is checked against the open
budget (:mod:`.budget`) before it is built.

>>> from sweepkit.constraints import build_system
>>> from sweepkit.position import Position
>>> (component,) = build_system(Position.from_rows(["1221", "????"])).components
>>> crop = strip_crop(component)
>>> print(crop.position, end="")
1221
????
>>> counted = strip_count(component, crop)
>>> counted.low, counted.by_mines, counted.example(2)
(2, (1,), (0, 1, 1, 0))
"""

from __future__ import annotations

from typing import NamedTuple

from sweepkit.analysis.budget import check, check_size
from sweepkit.analysis.count.box_dp import DPExamples, plan
from sweepkit.analysis.count.component_count import ComponentCount, no_layout
from sweepkit.automata.transfer import strip_polynomials
from sweepkit.constraints import Component
from sweepkit.position import SAFE, UNKNOWN, Position

ROUTE_ROWS = 3
"""The highest crop routed to the transfer matrix (its work per column grows as 8^rows);
0 turns routing off. Measured with ``python benchmarks/bench_strip_route.py``."""


class StripCrop(NamedTuple):
    """A component cut out of its board: ``position`` is the bounding box, whose top-left
    corner is cell (``top``, ``left``) of a board ``board_cols`` wide."""

    position: Position
    top: int
    left: int
    board_cols: int

    def local(self, cell: int) -> int:
        """The crop's flat index of a board cell inside the box."""
        row, col = divmod(cell, self.board_cols)
        return (row - self.top) * self.position.shape[1] + col - self.left


def strip_crop(component: Component) -> StripCrop | None:
    """The component alone, cut to its bounding box (see the module doc), or ``None`` when
    its geometry is unknown or the box is more than :data:`ROUTE_ROWS` high both ways."""
    shape = component.shape
    if (shape is None or len(shape) != 2 or len(component.numbers) != len(component.rows)
            or min(component.numbers, default=-1) < 0):
        return None
    cols = shape[1]
    cells = [c for box in component.boxes for c in box]
    rows, columns = zip(*(divmod(c, cols) for c in (*cells, *component.numbers)),
                        strict=True)
    top, left = min(rows), min(columns)
    height, width = max(rows) - top + 1, max(columns) - left + 1
    if min(height, width) > ROUTE_ROWS:
        return None
    marks = [UNKNOWN] * len(cells) + [need for _boxes, need in component.rows]
    values = [SAFE] * (height * width)
    for row, col, mark in zip(rows, columns, marks, strict=True):
        values[(row - top) * width + col - left] = mark
    return StripCrop(Position((height, width), tuple(values)), top, left, cols)


def strip_order(component: Component, crop: StripCrop) -> list[int]:
    """The boxes along the crop's long side (by the column of their first cell, then its
    row, on a crop wider than high): a narrow order for a walk over the boxes, found in
    O(n log n)."""
    rows, cols = crop.position.shape
    along_columns = cols >= rows

    def place(b: int) -> tuple[int, int]:
        row, col = divmod(component.boxes[b][0], crop.board_cols)
        return (col, row) if along_columns else (row, col)

    return sorted(range(len(component.sizes)), key=place)


def strip_count(component: Component, crop: StripCrop) -> ComponentCount:
    """The component's count from the transfer matrix on its crop. The box table (boxes ×
    mine numbers) is checked against the budget before it is built; the examples are made on
    demand by a walk over the component's boxes
    (:class:`~sweepkit.analysis.count.box_dp.DPExamples`), not by one walk of the transfer matrix
    per mine number."""
    polys = strip_polynomials(crop.position, max_rows=None)
    if not polys.by_mines:
        return no_layout(len(component.sizes))
    low = min(polys.by_mines)
    width = max(polys.by_mines) - low + 1
    check_size(len(component.sizes) * width, "the box table of a strip")
    by_mines = [0] * width
    present = 0
    for m, w in polys.by_mines.items():
        by_mines[m - low] = w
        if w:
            present |= 1 << (m - low)
    box_mines = []
    for box in component.boxes:
        check()
        mined = [0] * width
        for c in box:
            for m, w in polys.cell_mines[crop.local(c)].items():
                mined[m - low] += w
        box_mines.append(tuple(mined))
    order = strip_order(component, crop)
    examples = DPExamples(width, present, plan(component, order), order, low)
    return ComponentCount(low, tuple(by_mines), tuple(box_mines), examples)
