"""The transfer matrix and the general analysis engine, written independently, agree on strips.

Boards far beyond the brute force (up to 3×40) with and without the mine count: layout counts,
exact per-cell probabilities, certain safes and mines. The analysis routes a component through
the transfer matrix only when its box search gives up (``count.SEARCH_NODE_LIMIT``), which
these random boards almost never make it do: the two sides stay independent here, and
``tests/analysis/count/test_strip_route.py`` checks the routed path against the box search and DP.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings

from sweepkit.analysis.board.probability import analyse
from sweepkit.automata.transfer import solve_strip
from sweepkit.position import Position
from tests.examples import examples
from tests.strategies_boards import consistent_positions, positions


def _agree(position: Position) -> None:
    strip = solve_strip(position)
    general = analyse(position)
    assert strip.count == general.total
    assert set(strip.safe) == set(general.safe_cells())
    assert set(strip.mines) == set(general.mine_cells())
    if strip.count:
        for cell in position.unknown_cells():
            assert general.probability(cell) == Fraction(strip.cell_mine_counts[cell], strip.count)


@settings(max_examples=examples(150), deadline=None)
@given(consistent_positions(max_rows=3, max_cols=40))
def test_consistent_strips(position):
    _agree(position)


@settings(max_examples=examples(150), deadline=None)
@given(positions(max_rows=2, max_cols=12))
def test_random_strips_including_inconsistent(position):
    _agree(position)
