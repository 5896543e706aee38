"""The embedding of a board in more dimensions: the inductive step of the proof that
n-CONSISTENCY is NP-complete for every n >= 2.

One step turns a k-D position into a (k+1)-D one of shape ``(3, *shape)``: the old board
is the middle slice, between two slices made entirely of known mines. Every revealed
number is raised by the cells it now sees in the two new slices, all of them mines: the
cells of its old closed neighbourhood (itself included), twice. Unknown cells stay
unknown, known mines stay, ``-`` cells (known safe, no number) stay ``-``; the mine count,
when there is one, rises by the mines added (twice the old size).

No unknown cell lies in a new slice, and every number sees there exactly the mines it was
raised by, so an assignment of mines to the unknown cells fits the new board if and only
if it fits the old one: the layouts are the same, the bijection the identity on the
middle cells. :func:`embed` repeats the step up to ``dims`` dimensions; the original's
cells are then the middle block, ``size * (3**t - 1) / 2`` cells in after ``t`` steps
(:func:`embedded_cell`), and :func:`original_mines` takes a layout of the embedded board
(a witness, say) back to the original's cells.

>>> from sweepkit.boardfile import format_board
>>> cube = embed(Position.from_rows(["1?"], mines=1), 3)
>>> print(format_board(cube), end="")
shape: 3x1x2
mines: 5
# slice 0
* *
<BLANKLINE>
# slice 1
5 ?
<BLANKLINE>
# slice 2
* *
>>> original_mines(cube.known_mines() + (cube.index(1, 0, 1),), (1, 2), 3)
frozenset({1})
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from sweepkit.position import MINE, Position
from sweepkit.topology import neighbour_count

MAX_CELLS = 20_000_000
"""The largest embedded board :func:`embed` builds, in cells (each step triples the size;
a reduced 3-CNF of 12 variables has 15 million in 3-D, one of 7 variables 16 million in
4-D: each counted in under 10 s, in about 2 GB)."""


def embed(position: Position, dims: int) -> Position:
    """``position`` embedded in ``dims`` dimensions, one step at a time (see the module's
    docstring); the position itself when it has ``dims`` dimensions already.

    A ``line`` is embedded as the 1-row grid it is (the same neighbours). ValueError when
    ``dims`` is below the board's dimensions or the result would pass :data:`MAX_CELLS`.
    """
    if dims < position.dims:
        raise ValueError(f"cannot embed a {position.dims}-D board in {dims} dimensions, "
                         f"fewer than its own")
    steps = dims - position.dims
    # each step at least triples the cells: past the bound within a few dozen steps, so
    # a huge ``dims`` is refused without computing 3**steps (thousands of digits)
    if steps > math.log(MAX_CELLS, 3) + 1 or position.size * 3**steps > MAX_CELLS:
        cells = (f"{position.size * 3**steps:,}" if steps < 60 else
                 f"about 10^{math.log10(position.size) + steps * math.log10(3):,.0f}")
        raise ValueError(f"the board embedded in {dims:,} dimensions would have {cells} "
                         f"cells, more than {MAX_CELLS:,}")
    for _ in range(steps):
        position = embed_once(position)
    return position


def embed_once(position: Position) -> Position:
    """One step: the board as the middle of three slices, the outer two all mines, every
    number raised by twice its closed neighbourhood.

    >>> embed_once(Position.from_rows(["1-", "?*"])).cells[4:8]
    (9, -3, -1, -2)
    """
    shape = position.shape
    middle = tuple(v + 2 * (neighbour_count(shape, i) + 1) if v >= 0 else v
                   for i, v in enumerate(position.cells))
    wall = (MINE,) * position.size
    mines = None if position.mines is None else position.mines + 2 * position.size
    return Position((3, *shape), wall + middle + wall, mines)


def embedded_cell(shape: tuple[int, ...], dims: int, cell: int) -> int:
    """Where cell ``cell`` of a board of ``shape`` lies once embedded in ``dims``
    dimensions (the middle block, ``size * (3**t - 1) / 2`` cells in after ``t`` steps).

    >>> embedded_cell((1, 2), 3, 1), embedded_cell((1, 2), 4, 1)
    (3, 9)
    """
    return cell + _offset(shape, dims)


def original_mines(layout: Iterable[int], shape: tuple[int, ...], dims: int) -> frozenset[int]:
    """A layout of the board embedded in ``dims`` dimensions (its mine cells, known ones
    included) taken back to the original board of ``shape``: its mines in the middle block,
    as cells of the original. A layout of the embedded board gives one of the original (the
    same unknown cells, the same numbers to meet), so a witness of the one is a witness of
    the other."""
    start = _offset(shape, dims)
    size = 1
    for n in shape:
        size *= n
    return frozenset(c - start for c in layout if start <= c < start + size)


def _offset(shape: tuple[int, ...], dims: int) -> int:
    if dims < len(shape):
        raise ValueError(f"cannot embed a {len(shape)}-D board in {dims} dimensions")
    size = 1
    for n in shape:
        size *= n
    return size * (3 ** (dims - len(shape)) - 1) // 2
