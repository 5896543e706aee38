"""The k×n transfer matrix against the brute force: exhaustive small strips, random larger ones."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.automata.errors import StripInputError
from sweepkit.automata.transfer import (
    MAX_STRIP_ROWS,
    count_and_witness,
    count_strip_layouts,
    solve_strip,
    window_masks,
)
from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from tests.brute import explanations
from tests.examples import examples

VALUE = {"B": MINE, "?": UNKNOWN, "-": SAFE, **{str(d): d for d in range(9)}}


def board(cells: str, rows: int, mines: int | None = None) -> Position:
    """A position built directly (numbers above their neighbour count allowed: inconsistent)."""
    return Position((rows, len(cells) // rows), tuple(VALUE[ch] for ch in cells), mines)


def check_against_brute(position: Position) -> None:
    solved = solve_strip(position)
    layouts = explanations(position)
    assert solved.count == len(layouts)
    assert solved.consistent == bool(layouts)
    expected = tuple(sum(1 for s in layouts if i in s) for i in range(position.size))
    assert solved.cell_mine_counts == expected
    if layouts:
        assert solved.witness in layouts
        assert set(solved.safe) == {i for i in position.unknown_cells() if expected[i] == 0}
        assert set(solved.mines) == {
            i for i in position.unknown_cells() if expected[i] == len(layouts)}
    else:
        assert solved.witness is None and solved.safe == () and solved.mines == ()
    assert count_strip_layouts(position) == solved.count
    found = count_and_witness(position)  # the forward-only path the CLI uses
    assert found.count == solved.count and found.transposed == solved.transposed
    assert (found.witness in layouts) if layouts else found.witness is None


def test_window_masks_come_from_the_grid_adjacency():
    # row 1 of 3 sees rows 0-2 left and right, rows 0 and 2 in its own column
    assert window_masks(3)[1] == (0b111, 0b101, 0b111)
    assert window_masks(1) == ((1, 0, 1),)


@pytest.mark.parametrize("n", [1, 2])
def test_every_2xn_board_over_0_to_5_B_unknown(n):
    for cells in itertools.product("012345B?", repeat=2 * n):
        check_against_brute(board("".join(cells), 2))


@pytest.mark.slow
def test_every_2x3_board_over_a_reduced_alphabet():
    for cells in itertools.product("012B?", repeat=6):
        check_against_brute(board("".join(cells), 2))


@pytest.mark.slow
def test_every_1xn_strip_up_to_5():
    for n in range(1, 6):
        for cells in itertools.product("012B?-", repeat=n):
            check_against_brute(board("".join(cells), 1))


@st.composite
def strips(draw, max_unknown: int = 12) -> Position:
    """Boards with one short side (≤ 4, either way round) made from a random layout, a few
    cells hidden, flagged or changed; sometimes with the mine total."""
    short = draw(st.integers(1, 4))
    long = draw(st.integers(1, 12))
    rows, cols = draw(st.sampled_from([(short, long), (long, short)]))
    n = rows * cols
    mine_bits = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    full = Position.unknown(rows, cols).layout(i for i, b in enumerate(mine_bits) if b)
    cells = list(full.cells)
    hidden = draw(st.lists(st.integers(0, n - 1), max_size=max_unknown, unique=True))
    for i in hidden:
        cells[i] = UNKNOWN
    for i in range(n):
        if cells[i] >= 0 and draw(st.integers(0, 9)) == 0:
            cells[i] = SAFE
    for _ in range(draw(st.integers(0, 2))):  # perturb: usually makes it inconsistent
        i = draw(st.integers(0, n - 1))
        if cells[i] != UNKNOWN:
            cells[i] = draw(st.sampled_from([MINE, SAFE, 0, 1, 2, 3, 4]))
    mines = None
    if draw(st.booleans()):
        known = sum(1 for v in cells if v == MINE)
        unknown = sum(1 for v in cells if v == UNKNOWN)
        mines = draw(st.integers(known, known + unknown))
    return Position((rows, cols), tuple(cells), mines)


@settings(max_examples=examples(250), deadline=None)
@given(strips())
def test_random_strips_against_brute_force(position):
    check_against_brute(position)


def test_tall_boards_are_transposed_and_answers_map_back():
    position = Position.from_rows(["1?", "??", "?1", "??", "0?"])
    solved = solve_strip(position)
    assert solved.transposed
    check_against_brute(position)
    assert not solve_strip(Position.from_rows(["1??", "??1"])).transposed


def test_mine_total_counts_layouts_of_that_size_only():
    unknown = Position.unknown(3, 3)
    assert solve_strip(unknown).count == 512
    assert solve_strip(unknown.with_mines(2)).count == 36
    assert solve_strip(unknown.with_mines(2)).cell_mine_counts == (8,) * 9


def test_probabilities_follow_from_counts():
    position = Position.from_rows(["?1?", "???"])
    solved = solve_strip(position)
    assert solved.count == 5  # exactly one mine among the 1's five neighbours
    assert all(solved.probability(i) == Fraction(1, 5) for i in position.unknown_cells())
    with pytest.raises(ValueError, match="inconsistent"):
        solve_strip(Position.from_rows(["1*", "*?"])).probability(3)


def test_long_strip_is_linear_and_exact():
    # 2×200: a repeating consistent pattern with one free ?? column every 4 columns
    top = "1?1-" * 50
    bottom = "1?1-" * 50
    position = Position.from_rows([top, bottom])
    solved = solve_strip(position)
    assert solved.count == 2 ** 50
    assert count_strip_layouts(position) == 2 ** 50
    assert position.explains(solved.witness)


def test_benchmark_strips_are_consistent_layout_views():
    from benchmarks.bench_strips import random_strip

    position = random_strip(60, seed=1)
    solved = solve_strip(position)
    assert solved.consistent
    # every revealed number is the layout's own count
    layout = position.layout(solved.witness)
    assert all(v == layout.cells[i] for i, v in enumerate(position.cells) if v >= 0)


@pytest.mark.parametrize("shape", [(7, 7), (7, 40), (40, 7), (8, 8)])
def test_strips_higher_than_the_limit_are_refused(shape):
    position = Position.unknown(*shape)
    height = min(shape)
    for solver in (solve_strip, count_and_witness, count_strip_layouts):
        with pytest.raises(StripInputError, match=f"is {height} rows high.*limited to "
                                                  f"{MAX_STRIP_ROWS} rows"):
            solver(position)


def test_the_limit_is_the_smaller_side_and_can_be_lifted():
    assert MAX_STRIP_ROWS == 6
    assert count_strip_layouts(Position.from_rows(["0" * 6] * 30)) == 1  # 6 high: accepted
    assert count_strip_layouts(Position.from_rows(["?" * 40] * 2 + ["0" * 40] * 4)) == 2 ** 40
    assert count_strip_layouts(Position.from_rows(["0" * 7] * 7), max_rows=7) == 1
    assert count_strip_layouts(Position.unknown(4, 4), max_rows=None) == 2 ** 16
    with pytest.raises(StripInputError, match="limited to 3 rows"):
        solve_strip(Position.unknown(4, 4), max_rows=3)


@settings(max_examples=examples(60), deadline=None)
@given(strips(), st.data())
def test_witness_walk_with_a_mine_total(position, data):
    solved = solve_strip(position.with_mines(None))
    total = data.draw(st.integers(len(position.known_mines()), position.size))
    found = count_and_witness(position.with_mines(total))
    layouts = [s for s in explanations(position.with_mines(None)) if len(s) == total]
    assert found.count == len(layouts) <= solved.count
    assert (found.witness in layouts) if layouts else found.witness is None
