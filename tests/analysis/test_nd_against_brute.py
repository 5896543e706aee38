"""The exact analysis on boards of 3 and 4 dimensions, against the brute force.

The same properties as ``test_against_brute.py`` on random small n-D positions (shapes
such as 2x3x3, 3x3x3 and 2x2x2x3, numbers up to 26 and 80): the brute force
(``tests/brute.py``) finds neighbours by comparing coordinates, the package by its
topology, so the two share no geometry.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.board_count import count_layouts, layouts_by_mines
from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.dead_cells.dead import dead_cells
from sweepkit.analysis.papers.consistency import (
    find_witness,
    is_consistent,
    is_safe_move,
    is_unique,
    minimal_contradiction,
)
from sweepkit.analysis.papers.enumerate import enumerate_layouts
from sweepkit.analysis.reasons.explain import TECHNIQUES, explain
from sweepkit.constraints import build_system
from sweepkit.position import SAFE, Position
from tests import brute
from tests.examples import examples
from tests.strategies_boards import nd_consistent_positions, nd_positions

nd_small = st.one_of(nd_positions(), nd_consistent_positions())

MANY = settings(max_examples=examples(400), deadline=None)  # as test_against_brute's SOME
SOME = settings(max_examples=examples(250), deadline=None)


def only_numbers(position: Position, numbers) -> Position:
    """The position with every other number turned into a plain safe cell."""
    keep = set(numbers)
    return position.replace({i: SAFE for i in position.number_cells() if i not in keep})


@MANY
@given(nd_small, st.booleans())
def test_counts_probabilities_and_certain_cells(position, use_count):
    sols = brute.explanations(position, use_count)
    analysis = analyse(position, use_count)
    assert analysis.total == len(sols) == count_layouts(position, use_count)
    assert analysis.consistent == bool(sols) == is_consistent(position, use_count)
    if not sols:
        return
    expected = brute.probabilities(position, use_count)
    assert analysis.probabilities(exact=True) == expected
    assert analysis.safe_cells() == tuple(c for c, p in expected.items() if p == 0)
    assert analysis.mine_cells() == tuple(c for c, p in expected.items() if p == 1)


@MANY
@given(nd_small)
def test_layouts_by_mines(position):
    expected: dict[int, int] = {}
    for s in brute.explanations(position, use_mine_count=False):
        expected[len(s)] = expected.get(len(s), 0) + 1
    assert layouts_by_mines(position) == dict(sorted(expected.items()))


@MANY
@given(nd_small, st.booleans())
def test_witness_uniqueness_and_safety(position, use_count):
    sols = brute.explanations(position, use_count)
    witness = find_witness(position, use_count)
    assert (witness is None) if not sols else (witness in sols)
    assert is_unique(position, use_count) == (len(sols) == 1)
    for cell in position.unknown_cells():
        probe = bool(sols) and all(cell not in s for s in sols)
        flag = bool(sols) and all(cell in s for s in sols)
        assert is_safe_move(position, cell, use_mine_count=use_count) == probe
        assert is_safe_move(position, cell, flag=True, use_mine_count=use_count) == flag


@MANY
@given(nd_positions(), st.booleans())
def test_minimal_contradiction(position, use_count):
    found = minimal_contradiction(position, use_count)
    if brute.consistent(position, use_count):
        assert found is None
        return
    assert found is not None
    with_count = use_count and found.uses_mine_count
    assert not brute.consistent(only_numbers(position, found.numbers), with_count)
    for dropped in found.numbers:
        smaller = only_numbers(position, [n for n in found.numbers if n != dropped])
        assert brute.consistent(smaller, with_count)
    # the description names the numbers by their n-D coordinates
    text = found.describe(position)
    for n in found.numbers:
        assert str(position.coord(n)) in text and len(position.coord(n)) == position.dims


@SOME
@given(nd_small, st.booleans())
def test_enumeration(position, use_count):
    sols = brute.explanations(position, use_count)
    listed = list(enumerate_layouts(position, use_count))
    assert len(listed) == len(set(listed)) and set(listed) == set(sols)


@SOME
@given(nd_consistent_positions(), st.booleans())
def test_explanations_are_sound(position, use_count):
    analysis = analyse(position, use_count)
    explanations = explain(position, use_count)
    assert {e.cell for e in explanations} == set(analysis.safe_cells()) | set(
        analysis.mine_cells())
    truth = brute.probabilities(position, use_count)
    for e in explanations:
        assert e.technique in TECHNIQUES
        assert truth[e.cell] == (Fraction(0) if e.value == "safe" else Fraction(1))
        if e.technique != "global":
            restricted = brute.probabilities(only_numbers(position, e.because), False)
            assert restricted[e.cell] == truth[e.cell]


@SOME
@given(nd_small, st.booleans())
def test_dead_cells(position, use_count):
    sols = brute.explanations(position, use_count)
    near = brute.adjacency(position)
    expected = [cell for cell in position.unknown_cells()
                if len({len(near[cell] & s) for s in sols if cell not in s}) == 1]
    assert dead_cells(position, use_count) == tuple(expected)


@SOME
@given(nd_small)
def test_equations_are_the_numbers_read_by_coordinates(position):
    near = brute.adjacency(position)
    cells = position.cells
    expected = {}
    for i in position.number_cells():
        unknown = tuple(sorted(j for j in near[i] if cells[j] == -1))
        need = cells[i] - sum(1 for j in near[i] if cells[j] == -2)
        if unknown or need:
            expected[i] = (unknown, need)
    system = build_system(position)
    assert {c.number: (c.cells, c.need) for c in system.constraints} == expected


def test_the_numbers_of_n_dimensions_go_up_to_three_to_the_n_minus_one():
    # the centre of a 3x3x3 cube sees 26 cells; of a 3x3x3x3 hypercube, 80
    for dims, top in ((3, 26), (4, 80)):
        size = 3**dims
        centre = size // 2
        cells = [-2] * size
        cells[0] = cells[1] = -1
        for number, layouts in ((top, 1), (top - 1, 2), (top - 2, 1), (top - 3, 0)):
            cells[centre] = number
            assert count_layouts(Position((3,) * dims, tuple(cells))) == layouts
