import pytest
from hypothesis import given
from hypothesis import strategies as st

from sweepkit.topology import (
    OffBoardError,
    cell_neighbours,
    flat_index,
    neighbour_masks,
    neighbours,
)


def test_corner_edge_interior_counts():
    table = neighbours((3, 3), "grid")
    assert [len(a) for a in table] == [3, 5, 3, 5, 8, 5, 3, 5, 3]


def test_line_is_left_and_right():
    assert neighbours((1, 4), "line") == ((1,), (0, 2), (1, 3), (2,))


def test_three_dimensional_grid_has_26_neighbours_inside():
    table = neighbours((3, 3, 3), "grid")
    assert len(table[13]) == 26
    assert len(table[0]) == 7


@given(st.integers(1, 7), st.integers(1, 7))
def test_adjacency_is_symmetric_and_matches_chebyshev(rows, cols):
    table = neighbours((rows, cols), "grid")
    masks = neighbour_masks((rows, cols), "grid")
    for i in range(rows * cols):
        ri, ci = divmod(i, cols)
        expected = [j for j in range(rows * cols)
                    if j != i and max(abs(ri - j // cols), abs(ci - j % cols)) <= 1]
        assert list(table[i]) == expected
        assert cell_neighbours((rows, cols), "grid", i) == table[i]
        assert masks[i] == sum(1 << j for j in expected)


def test_flat_index_is_row_major_and_names_an_off_board_cell():
    assert [flat_index((2, 3), r, c) for r in range(2) for c in range(3)] == list(range(6))
    for row, col in [(2, 0), (0, 3), (-1, 0), (0, -1)]:
        with pytest.raises(OffBoardError) as info:
            flat_index((2, 3), row, col)
        assert str(info.value) == f"cell ({row}, {col}) is off the 2x3 board"


def test_off_board_error_is_an_index_error_and_a_value_error():
    assert issubclass(OffBoardError, IndexError) and issubclass(OffBoardError, ValueError)
