"""Hypothesis strategies that draw positions and board texts for the tests."""

from __future__ import annotations

from hypothesis import strategies as st

from sweepkit.position import MINE, SAFE, UNKNOWN, Position

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
