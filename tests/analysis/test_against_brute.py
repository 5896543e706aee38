"""Agreement with the independent brute force (tests/brute.py) on random small positions.

Positions come from two strategies: random mixes of numbers, ``?``, ``*`` and ``-``
(mostly inconsistent) and positions cut from a random layout (always consistent), each
with or without a mine count; every property is checked with and without using it.
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
from sweepkit.position import SAFE, Position
from tests import brute
from tests.examples import examples
from tests.strategies_boards import consistent_positions, positions

MAX_UNKNOWN = 10
small_positions = st.one_of(
    positions(max_rows=4, max_cols=4, max_unknown=MAX_UNKNOWN),
    consistent_positions(max_rows=4, max_cols=4),
).filter(lambda p: len(p.unknown_cells()) <= MAX_UNKNOWN)
consistent_small = consistent_positions(max_rows=4, max_cols=4).filter(
    lambda p: len(p.unknown_cells()) <= MAX_UNKNOWN)

MANY = settings(max_examples=examples(1000), deadline=None)
SOME = settings(max_examples=examples(400), deadline=None)


@MANY
@given(small_positions, st.booleans())
def test_counts_probabilities_and_certain_cells(position, use_count):
    sols = brute.explanations(position, use_count)
    analysis = analyse(position, use_count)
    assert analysis.total == len(sols) == count_layouts(position, use_count)
    assert analysis.consistent == bool(sols) == is_consistent(position, use_count)
    if not sols:
        assert analysis.probabilities() == {}
        assert analysis.safe_cells() == analysis.mine_cells() == ()
        return
    expected = brute.probabilities(position, use_count)
    assert analysis.probabilities(exact=True) == expected
    assert analysis.safe_cells() == tuple(c for c, p in expected.items() if p == 0)
    assert analysis.mine_cells() == tuple(c for c, p in expected.items() if p == 1)
    floats = analysis.probabilities()
    assert all(abs(floats[c] - float(p)) < 1e-12 for c, p in expected.items())


@MANY
@given(small_positions)
def test_layouts_by_mines(position):
    sols = brute.explanations(position, use_mine_count=False)
    expected: dict[int, int] = {}
    for s in sols:
        expected[len(s)] = expected.get(len(s), 0) + 1
    assert layouts_by_mines(position) == dict(sorted(expected.items()))


@MANY
@given(small_positions, st.booleans())
def test_witness_solution_and_safety(position, use_count):
    sols = brute.explanations(position, use_count)
    witness = find_witness(position, use_count)
    if not sols:
        assert witness is None
    else:
        assert witness in sols
    assert is_unique(position, use_count) == (len(sols) == 1)
    for cell in range(position.size):
        probe = bool(sols) and all(cell not in s for s in sols)
        flag = bool(sols) and all(cell in s for s in sols)
        assert is_safe_move(position, cell, use_mine_count=use_count) == probe
        assert is_safe_move(position, cell, flag=True, use_mine_count=use_count) == flag


def only_numbers(position: Position, numbers) -> Position:
    """The position with every other number turned into a plain safe cell."""
    keep = set(numbers)
    return position.replace({i: SAFE for i in position.number_cells() if i not in keep})


@MANY
@given(positions(max_rows=4, max_cols=4, max_unknown=MAX_UNKNOWN), st.booleans())
def test_minimal_contradiction(position, use_count):
    found = minimal_contradiction(position, use_count)
    if brute.consistent(position, use_count):
        assert found is None
        return
    assert found is not None
    with_count = use_count and found.uses_mine_count
    assert not found.uses_mine_count or use_count
    part = only_numbers(position, found.numbers)
    assert not brute.consistent(part, with_count)
    for dropped in found.numbers:
        smaller = only_numbers(position, [n for n in found.numbers if n != dropped])
        assert brute.consistent(smaller, with_count)


@MANY
@given(small_positions, st.booleans(), st.integers(1, 5))
def test_enumeration(position, use_count, limit):
    sols = brute.explanations(position, use_count)
    listed = list(enumerate_layouts(position, use_count))
    assert len(listed) == len(set(listed))
    assert set(listed) == set(sols)
    limited = list(enumerate_layouts(position, use_count, limit=limit))
    assert len(limited) == min(limit, len(sols)) and set(limited) <= set(sols)


@SOME
@given(consistent_small, st.booleans())
def test_explanations_are_sound_and_cover_every_certain_cell(position, use_count):
    analysis = analyse(position, use_count)
    explanations = explain(position, use_count)
    certain = set(analysis.safe_cells()) | set(analysis.mine_cells())
    assert {e.cell for e in explanations} == certain
    for e in explanations:
        assert e.technique in TECHNIQUES
        assert e.sentence
        truth = brute.probabilities(position, use_count)[e.cell]
        assert truth == (Fraction(0) if e.value == "safe" else Fraction(1))
        if e.technique == "global":
            assert analysis.uses_mine_count
            # not certain from the numbers alone
            assert brute.probabilities(position, False)[e.cell] not in (0, 1)
            continue
        restricted = brute.probabilities(only_numbers(position, e.because), False)
        assert restricted[e.cell] == truth
        assert len(e.because) == {"single": 1, "subset": 2}.get(e.technique, len(e.because))
        if e.technique == "linked":
            assert len(e.because) >= 2


@SOME
@given(small_positions, st.booleans())
def test_dead_cells(position, use_count):
    sols = brute.explanations(position, use_count)
    expected = []
    for cell in position.unknown_cells():
        shown = {sum(1 for j in position.neighbours(cell) if j in s) for s in sols
                 if cell not in s}
        if len(shown) == 1:
            expected.append(cell)
    assert dead_cells(position, use_count) == tuple(expected)

