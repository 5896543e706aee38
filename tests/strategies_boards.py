"""Hypothesis strategies that draw positions and board texts for the tests."""

from __future__ import annotations

from hypothesis import strategies as st

from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from tests import brute

CELL_VALUES = [UNKNOWN, MINE, SAFE, *range(9)]


@st.composite
def positions(draw, max_rows: int = 4, max_cols: int = 4, max_unknown: int | None = None,
              with_mines: bool | None = None) -> Position:
    """Random small positions: any mix of numbers (0-8 within their neighbour count), ?, *, -.

    Most are inconsistent; use :func:`consistent_positions` for ones with a layout.
    """
    rows = draw(st.integers(1, max_rows))
    cols = draw(st.integers(1, max_cols))
    cells = []
    for r in range(rows):
        for c in range(cols):
            deg = (min(r + 1, rows - 1) - max(r - 1, 0) + 1) * (
                min(c + 1, cols - 1) - max(c - 1, 0) + 1) - 1
            v = draw(st.sampled_from([UNKNOWN, UNKNOWN, MINE, SAFE, *range(deg + 1)]))
            cells.append(v)
    if max_unknown is not None:
        unknown = [i for i, v in enumerate(cells) if v == UNKNOWN]
        for i in unknown[max_unknown:]:
            cells[i] = SAFE
    mines = None
    if with_mines is None:
        with_mines = draw(st.booleans())
    if with_mines:
        known = sum(1 for v in cells if v == MINE)
        mines = draw(st.integers(known, known + sum(1 for v in cells if v == UNKNOWN)))
    return Position((rows, cols), tuple(cells), mines)


@st.composite
def consistent_positions(draw, max_rows: int = 5, max_cols: int = 5,
                         with_mines: bool | None = None) -> Position:
    """Positions made from a random layout by revealing, flagging and hiding cells.

    Always consistent (the layout explains them).
    """
    rows = draw(st.integers(1, max_rows))
    cols = draw(st.integers(1, max_cols))
    n = rows * cols
    mine_bits = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    full = Position.unknown(rows, cols).layout(i for i, b in enumerate(mine_bits) if b)
    cells = []
    for _i, v in enumerate(full.cells):
        kind = draw(st.sampled_from(["show", "hide", "hide", "hide"] if v != MINE
                                    else ["hide", "hide", "hide", "flag"]))
        if kind == "hide":
            cells.append(UNKNOWN)
        elif kind == "flag":
            cells.append(MINE)
        else:
            cells.append(v if draw(st.integers(0, 9)) else SAFE)
    if with_mines is None:
        with_mines = draw(st.booleans())
    mines = sum(mine_bits) if with_mines else None
    return Position((rows, cols), tuple(cells), mines)


ND_SHAPES = [(2, 3, 3), (3, 3, 3), (2, 2, 2, 3), (1, 2, 3), (3, 1, 4), (2, 2, 2, 2),
             (1, 1, 2, 3), (3, 2, 1, 2)]
"""Small shapes of 3 and 4 dimensions (with sides of 1 among them: the border cases)."""


@st.composite
def nd_positions(draw, shapes=tuple(ND_SHAPES), max_unknown: int = 10,
                 with_mines: bool | None = None) -> Position:
    """Random small n-D positions: any mix of numbers (within the cell's neighbour count,
    taken from the brute force's adjacency), ?, *, -; mostly inconsistent."""
    shape = draw(st.sampled_from(shapes))
    blank = Position(shape, (UNKNOWN,) * _size(shape))
    cells = []
    for near in brute.adjacency(blank):
        cells.append(draw(st.sampled_from([UNKNOWN, UNKNOWN, MINE, SAFE, *range(len(near) + 1)])))
    unknown = [i for i, v in enumerate(cells) if v == UNKNOWN]
    for i in unknown[max_unknown:]:
        cells[i] = SAFE
    return Position(shape, tuple(cells), _mine_count(draw, cells, with_mines))


@st.composite
def nd_consistent_positions(draw, shapes=tuple(ND_SHAPES), max_unknown: int = 10,
                            with_mines: bool | None = None) -> Position:
    """n-D positions cut from a random layout (numbers counted by the brute force's
    adjacency): always consistent. Numbers above 8 are common (a 3-D cell has 26
    neighbours)."""
    shape = draw(st.sampled_from(shapes))
    size = _size(shape)
    mine_bits = draw(st.lists(st.booleans(), min_size=size, max_size=size))
    near = brute.adjacency(Position(shape, (UNKNOWN,) * size))
    cells = []
    for i in range(size):
        kind = draw(st.sampled_from(["show", "show", "hide"] if not mine_bits[i]
                                    else ["hide", "hide", "flag"]))
        if kind == "hide":
            cells.append(UNKNOWN)
        elif kind == "flag":
            cells.append(MINE)
        else:
            count = sum(mine_bits[j] for j in near[i])
            cells.append(count if draw(st.integers(0, 5)) else SAFE)
    unknown = [i for i, v in enumerate(cells) if v == UNKNOWN]
    for i in unknown[max_unknown:]:
        cells[i] = MINE if mine_bits[i] else SAFE
    if with_mines is None:
        with_mines = draw(st.booleans())
    return Position(shape, tuple(cells), sum(mine_bits) if with_mines else None)


def _size(shape: tuple[int, ...]) -> int:
    size = 1
    for n in shape:
        size *= n
    return size


def _mine_count(draw, cells: list[int], with_mines: bool | None) -> int | None:
    if with_mines is None:
        with_mines = draw(st.booleans())
    if not with_mines:
        return None
    known = sum(1 for v in cells if v == MINE)
    return draw(st.integers(known, known + sum(1 for v in cells if v == UNKNOWN)))
