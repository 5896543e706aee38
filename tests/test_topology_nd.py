"""Geometry of boards of three and more dimensions: coordinates, flat indices, neighbours
(from the cached table and computed per cell on big boards), neighbour counts."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.topology import (
    TABLE_CELLS,
    OffBoardError,
    cell_coord,
    cell_neighbours,
    flat_index,
    neighbour_count,
    neighbours,
    shape_text,
)

shapes = st.lists(st.integers(1, 4), min_size=1, max_size=5).map(tuple)


def by_coordinates(shape: tuple[int, ...], coord: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The neighbours of a cell as coordinates: one step at most in every dimension, on
    the board, less the cell itself (each dimension's 1 to 3 positions tried once, not the
    3**d steps each cell: this brute force was two thirds of the test)."""
    within = [[y for y in (x - 1, x, x + 1) if 0 <= y < n]
              for x, n in zip(coord, shape, strict=True)]
    return [near for near in itertools.product(*within) if near != coord]


@settings(deadline=None)
@given(shapes)
def test_coordinates_and_flat_indices_are_row_major_inverses(shape):
    cells = list(itertools.product(*(range(n) for n in shape)))
    assert [flat_index(shape, *c) for c in cells] == list(range(len(cells)))
    assert [cell_coord(shape, i) for i in range(len(cells))] == cells


@settings(deadline=None)
@given(shapes)
def test_neighbours_are_the_cells_one_step_away_in_every_dimension(shape):
    table = neighbours(shape)
    for i, near in enumerate(table):
        expected = sorted(flat_index(shape, *c) for c in by_coordinates(shape,
                                                                       cell_coord(shape, i)))
        assert list(near) == expected == list(cell_neighbours(shape, "grid", i))
        assert neighbour_count(shape, i) == len(near)


def test_big_boards_compute_a_cell_s_neighbours_without_a_table():
    shape = (2, 50, 50, 11)
    size = 2 * 50 * 50 * 11
    assert size > TABLE_CELLS
    before = neighbours.cache_info().currsize
    rng = random.Random(5)
    for i in [0, size - 1, *rng.sample(range(size), 300)]:
        coord = cell_coord(shape, i)
        expected = tuple(sorted(flat_index(shape, *c) for c in by_coordinates(shape, coord)))
        assert cell_neighbours(shape, "grid", i) == expected
        assert neighbour_count(shape, i) == len(expected)
    assert neighbours.cache_info().currsize == before  # no table of 55,000 cells was built


def test_the_sizes_of_n_d_neighbourhoods():
    assert neighbour_count((3, 3, 3), 13) == 26 and neighbour_count((3,) * 4, 40) == 80
    assert neighbour_count((3, 3, 3), 0) == 7 and neighbour_count((2, 1, 5), 2) == 5


def test_off_board_cells_and_wrong_numbers_of_coordinates():
    with pytest.raises(OffBoardError, match=r"^cell \(0, 3, 0\) is off the 2x3x4 board$"):
        flat_index((2, 3, 4), 0, 3, 0)
    with pytest.raises(OffBoardError, match="has 4 coordinates but the 2x3x4 board has 3"):
        flat_index((2, 3, 4), 0, 0, 0, 0)
    assert shape_text((2, 3, 4)) == "2x3x4"
