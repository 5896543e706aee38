"""Board totals: the binomials, the two ways of weighing the frontier (table and
binary splitting), the tree product of the components, and layouts by mines, against the
old route (tests/analysis/reference_combine.py) and plain sums."""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board import board_count
from sweepkit.analysis.board.board_count import (
    binomial,
    binomial_sum,
    board_total,
    exact_quotient,
    floating_weights,
    frontier_polynomial,
    layouts_by_mines,
    product_of_range,
    weighted_total,
)
from sweepkit.analysis.budget import AnalysisTooLarge, limits
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.position import Position
from tests.analysis.reference_combine import old_total
from tests.examples import examples
from tests.strategies_boards import consistent_positions, positions


@st.composite
def component_counts(draw, max_components: int = 12, max_len: int = 8, max_bits: int = 40,
                     boxes: int = 2) -> tuple[list[ComponentCount], list[tuple[int, ...]]]:
    """Solved components drawn directly (any polynomial, box tables within their bounds):
    many more shapes than small positions give, and wide ones."""
    counts, sizes = [], []
    for _ in range(draw(st.integers(0, max_components))):
        n = draw(st.integers(1, max_len))
        by = [draw(st.integers(0, 2**max_bits)) for _ in range(n)]
        by[0] = by[0] or 1
        by[-1] = by[-1] or 1
        box_sizes = tuple(draw(st.integers(1, 4)) for _ in range(boxes))
        box_mines = tuple(tuple(draw(st.integers(0, s * x)) for x in by) for s in box_sizes)
        counts.append(ComponentCount(draw(st.integers(0, 30)), tuple(by), box_mines,
                                     tuple(None for _ in by)))
        sizes.append(box_sizes)
    return counts, sizes


@given(st.integers(0, 3000), st.integers(-5, 3005))
def test_binomial(n, k):
    assert binomial(n, k) == (comb(n, k) if 0 <= k <= n else 0)


@given(st.integers(0, 2**9000), st.integers(1, 2**9000))
def test_exact_quotient(q, b):
    assert exact_quotient(q * b, b) == q


@given(st.integers(1, 500), st.integers(0, 100))
def test_product_of_range(start, length):
    expected = 1
    for j in range(start, start + length):
        expected *= j
    assert product_of_range(start, start + length) == expected


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.integers(0, 2**64), max_size=120), st.integers(0, 400),
       st.integers(-20, 500))
def test_binomial_sum_is_the_plain_sum(poly, floating, top):
    expected = sum(x * comb(floating, top - k) for k, x in enumerate(poly)
                   if 0 <= top - k <= floating)
    assert binomial_sum(poly, floating, top) == expected


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(0, 300), st.integers(0, 400), st.integers(0, 200), st.integers(0, 60))
def test_floating_weights(floating, remaining, low, width):
    high = low + width
    w, num, den = floating_weights(floating, remaining, low, high)
    assert [x * num for x in w] == [comb(floating, remaining - m) * den
                                    if 0 <= remaining - m <= floating else 0
                                    for m in range(low, high + 1)]


@settings(max_examples=examples(150), deadline=None)
@given(component_counts(), st.integers(0, 300), st.integers(0, 400))
def test_board_total_matches_the_old_route_both_ways(drawn, floating, extra):
    counts, _ = drawn
    remaining = sum(c.low for c in counts) + extra
    expected = old_total(counts, floating, remaining)
    assert board_total(counts, floating, remaining) == expected
    low, poly = frontier_polynomial(counts)
    # the table and binary splitting, whichever board_total took
    assert weighted_total(low, poly, floating, remaining) == expected
    assert binomial_sum(poly, floating, remaining - low) == expected
    without = 2**floating
    for c in counts:
        without *= c.total
    assert board_total(counts, floating, None) == without


def test_wide_frontiers_take_binary_splitting(monkeypatch):
    counts = [ComponentCount(k % 3, tuple(range(1, 40)), ((1,) * 39,), (None,) * 39)
              for k in range(30)]
    expected = old_total(counts, 5000, 1500)
    monkeypatch.setattr(board_count, "TABLE_BITS", 0)
    assert board_total(counts, 5000, 1500) == expected
    monkeypatch.setattr(board_count, "TABLE_BITS", 1 << 60)
    assert board_total(counts, 5000, 1500) == expected


@settings(max_examples=examples(200), deadline=None)
@given(st.one_of(positions(max_rows=5, max_cols=6), consistent_positions(max_rows=5, max_cols=6)))
def test_layouts_by_mines_is_the_convolution_with_the_pool(position):
    found = layouts_by_mines(position)
    # the old double loop
    system = board_count.build_system(position)
    if system.impossible:
        assert found == {}
        return
    low, poly = frontier_polynomial([board_count.solve_component(c)
                                     for c in system.components])
    pool = len(system.floating)
    known = len(position.known_mines())
    expected: dict[int, int] = {}
    for m, w in enumerate(poly, low):
        if w:
            for f in range(pool + 1):
                expected[known + m + f] = expected.get(known + m + f, 0) + w * comb(pool, f)
    assert found == {k: v for k, v in sorted(expected.items()) if v}


def test_layouts_by_mines_respects_the_size_budget():
    with limits(table=100), pytest.raises(AnalysisTooLarge):
        layouts_by_mines(Position.unknown(20, 20))
