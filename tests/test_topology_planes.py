"""Whole-board neighbour work (bit planes, byte planes, codes) against the neighbour table,
and the written-out neighbours of inner cells."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sweepkit.topology import (
    DIRECTIONS_2D,
    cell_neighbours,
    code_cells,
    code_offsets,
    neighbour_bytes,
    neighbour_codes,
    neighbour_counts,
    neighbour_planes,
    neighbours,
)

shapes = st.tuples(st.integers(1, 9), st.integers(1, 9))


def as_bytes(values: list[int]) -> int:
    return int.from_bytes(bytes(values), "little")


def per_cell(number: int, size: int) -> list[int]:
    return list(number.to_bytes(size, "little"))


def neighbour_in(shape: tuple[int, int], cell: int, direction: tuple[int, int]) -> int | None:
    rows, cols = shape
    r, c = divmod(cell, cols)
    rr, cc = r + direction[0], c + direction[1]
    return rr * cols + cc if 0 <= rr < rows and 0 <= cc < cols else None


@given(shapes, st.data())
def test_byte_planes_codes_and_counts_match_the_table(shape, data):
    size = shape[0] * shape[1]
    marked = data.draw(st.lists(st.booleans(), min_size=size, max_size=size))
    indicator = as_bytes([int(m) for m in marked])
    planes = [per_cell(p, size) for p in neighbour_bytes(indicator, shape)]
    codes = per_cell(neighbour_codes(indicator, shape), size)
    counts = per_cell(neighbour_counts(indicator, shape), size)
    table = neighbours(shape, "grid")
    for cell in range(size):
        for k, direction in enumerate(DIRECTIONS_2D):
            other = neighbour_in(shape, cell, direction)
            assert planes[k][cell] == (0 if other is None else int(marked[other]))
        near = tuple(j for j in table[cell] if marked[j])
        assert code_cells(shape)[codes[cell]](cell) == near
        assert tuple(cell + o for o in code_offsets(shape)[codes[cell]]) == near
        assert counts[cell] == len(near)


@given(shapes, st.data())
def test_bit_planes_match_the_table(shape, data):
    size = shape[0] * shape[1]
    mask = data.draw(st.integers(0, (1 << size) - 1))
    planes = neighbour_planes(mask, shape)
    table = neighbours(shape, "grid")
    for cell in range(size):
        held = sum(plane >> cell & 1 for plane in planes)
        assert held == sum(mask >> j & 1 for j in table[cell])


@given(st.integers(1, 40), st.integers(1, 40), st.data())
def test_written_out_neighbours_match_the_ranges(rows, cols, data):
    cell = data.draw(st.integers(0, rows * cols - 1))
    r, c = divmod(cell, cols)
    expected = tuple(rr * cols + cc for rr in range(max(r - 1, 0), min(r + 2, rows))
                     for cc in range(max(c - 1, 0), min(c + 2, cols)) if (rr, cc) != (r, c))
    assert cell_neighbours((rows, cols), "grid", cell) == expected


def test_every_code_length_has_its_function():
    # codes with 0..8 bits set, on a board wide enough for every offset to differ
    adders = code_cells((5, 5))
    offsets = code_offsets((5, 5))
    for code in range(256):
        assert adders[code](12) == tuple(12 + o for o in offsets[code])
