"""The embedding in more dimensions keeps the layouts: checked with the brute force on both
boards (which shares no code with the embedding) and with the analysis."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.board_count import count_layouts
from sweepkit.analysis.papers.consistency import find_witness
from sweepkit.boardfile import parse_board
from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from sweepkit.reductions.embed import (
    MAX_CELLS,
    embed,
    embed_once,
    embedded_cell,
    original_mines,
)
from tests import brute
from tests.examples import examples
from tests.strategies_boards import consistent_positions, nd_positions, positions

small_2d = st.one_of(
    positions(max_rows=4, max_cols=4, max_unknown=9),
    consistent_positions(max_rows=4, max_cols=4),
).filter(lambda p: len(p.unknown_cells()) <= 9)


@settings(max_examples=examples(300), deadline=None)
@given(small_2d, st.sampled_from([3, 4]), st.booleans())
def test_the_layouts_are_the_same_on_the_middle_cells(position, dims, use_count):
    embedded = embed(position, dims)
    expected = set(brute.explanations(position, use_count))
    found = brute.explanations(embedded, use_count)
    assert len(found) == len(expected)
    assert {original_mines(layout, position.shape, dims) for layout in found} == expected
    assert count_layouts(embedded, use_count) == len(expected)


@settings(max_examples=examples(300), deadline=None)
@given(small_2d, st.sampled_from([3, 4]))
def test_check_agrees_and_a_witness_comes_back(position, dims):
    embedded = embed(position, dims)
    witness = find_witness(embedded)
    assert (witness is None) == (find_witness(position) is None)
    if witness is not None:
        assert position.explains(original_mines(witness, position.shape, dims))


@settings(max_examples=examples(100), deadline=None)
@given(nd_positions(shapes=((2, 2, 3), (1, 3, 3), (2, 1, 2))), st.booleans())
def test_a_3_d_board_embeds_in_4_d(position, use_count):
    embedded = embed(position, 4)
    expected = set(brute.explanations(position, use_count))
    found = {original_mines(m, position.shape, 4)
             for m in brute.explanations(embedded, use_count)}
    assert found == expected


@settings(deadline=None)
@given(small_2d, st.sampled_from([3, 4, 5]))
def test_the_shape_the_cells_and_the_mine_count(position, dims):
    embedded = embed(position, dims)
    steps = dims - 2
    assert embedded.shape == (3,) * steps + position.shape
    assert embedded.size == position.size * 3**steps
    if position.mines is not None:
        assert embedded.mines == position.mines + embedded.size - position.size
    start = embedded_cell(position.shape, dims, 0)
    near = brute.adjacency(position)
    for i, v in enumerate(position.cells):
        w = embedded.cells[start + i]
        if v < 0:
            assert w == v  # unknown, known mine and '-' cells stay as they are
        else:  # raised by the closed neighbourhood, 3**steps - 1 times over
            assert w == v + (len(near[i]) + 1) * (3**steps - 1)
    outside = embedded.cells[:start] + embedded.cells[start + position.size:]
    assert set(outside) == {MINE}
    assert parse_board(str(embedded)) == embedded


def test_a_worked_example():
    position = Position.from_rows(["1?", "-*"], mines=1)
    once = embed_once(position)
    assert once.shape == (3, 2, 2) and once.mines == 9
    assert once.cells == (MINE,) * 4 + (9, UNKNOWN, SAFE, MINE) + (MINE,) * 4
    assert embed(position, 2) is position
    assert embed(position, 3) == once
    assert embed(position, 4) == embed_once(once)
    assert embedded_cell((2, 2), 4, 3) == 3 + 4 * 4
    assert count_layouts(embed(position, 4)) == count_layouts(position) == 1


def test_a_line_embeds_as_the_one_row_grid_it_is():
    line = parse_board("topology: line\n1?1?\n")
    embedded = embed(line, 3)
    assert embedded.topology == "grid" and embedded.shape == (3, 1, 4)
    assert embedded.cells[4:8] == (5, UNKNOWN, 7, UNKNOWN)
    assert count_layouts(embedded) == count_layouts(line) == 1


def test_bad_dimensions_are_refused():
    cube = Position.covered((2, 2, 2))
    with pytest.raises(ValueError, match="cannot embed a 3-D board in 2 dimensions"):
        embed(cube, 2)
    with pytest.raises(ValueError, match=f"more than {MAX_CELLS:,}"):
        embed(cube, 20)
    # not 3**steps written out (Python refuses ints of over 4,300 digits as text)
    with pytest.raises(ValueError, match="would have about 10\\^4,772 cells"):
        embed(cube, 10_002)
    with pytest.raises(ValueError, match="cannot embed a 3-D board in 2"):
        original_mines([0], (2, 2, 2), 2)
