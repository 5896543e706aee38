"""The risks an analysis leaves (sweepkit.analysis.board.risks) against the whole analysis.

For random consistent positions with the mine count, the safe cells and the two lowest
risks below 1 read from the component counts must be those of ``analyse`` (its per-cell
probabilities, sorted), both on the route written out for a few components varying in
mines and on the product tree's route for more.
"""

from __future__ import annotations

from hypothesis import given, settings

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.board.risks import (
    DIRECT_VARYING,
    Mixture,
    lowest_pair,
    risks,
    two_lowest,
)
from sweepkit.position import Position
from tests.examples import examples
from tests.strategies_boards import consistent_positions


def expected(position: Position) -> tuple[int, float, float]:
    """(safe cells, lowest, second) from the whole analysis's per-cell probabilities."""
    after = analyse(position, True)
    left = sorted(p for p in after.probabilities().values() if p < 1) or [0.0]
    return len(after.safe_cells()), left[0], left[min(1, len(left) - 1)]


def of(position: Position) -> tuple[int, float, float] | None:
    analysis = analyse(position, True)
    system = analysis.system
    assert system.remaining is not None
    return risks(analysis.counts, [c.sizes for c in system.components],
                 len(system.floating), system.remaining)


@settings(max_examples=examples(400), deadline=None)
@given(consistent_positions(max_rows=5, max_cols=6, with_mines=True))
def test_risks_are_the_whole_analysis_s(position):
    assert of(position) == expected(position)


def test_both_routes_by_hand():
    # no component varying in mines (a single 1), then one, two, and more than
    # DIRECT_VARYING of them: the product tree's route
    cases = [(Position.from_rows(["1??", "???"], mines=2), 0),
             (Position.from_rows(["1?1??", "?????"], mines=3), 1),
             (Position.from_rows(["1?1????1?1", "??????????"], mines=4), 2)]
    many = DIRECT_VARYING + 1
    cases.append((Position.from_rows(["1?1??" * many, "?????" * many], mines=2 * many + 3),
                  many))
    for position, varies in cases:
        counts = analyse(position, True).counts
        assert sum(len(c.by_mines) > 1 for c in counts) == varies
        assert of(position) == expected(position)


def test_no_layout_with_that_many_mines():
    position = Position.from_rows(["1?", "??"], mines=1)
    analysis = analyse(position, True)
    sizes = [c.sizes for c in analysis.system.components]
    assert risks(analysis.counts, sizes, len(analysis.system.floating), 5) == (0, 0.0, 0.0)


def test_two_lowest_counts_cells_not_boxes():
    assert two_lowest(1.0, 1.0, 0.25, 2) == (0.25, 0.25)
    assert two_lowest(1.0, 1.0, 0.25, 1) == (0.25, 1.0)
    assert lowest_pair(0.25, 1.0) == (0.25, 0.25)
    assert lowest_pair(1.0, 1.0) == (0.0, 0.0)


def test_a_mixture_is_the_sum_of_its_terms():
    """Two counts of one component, shifted and weighed, with an extra box: its tables are
    the sums term by term, and the risks read from it those of the sum written out."""
    position = Position.from_rows(["1?1??", "?????"], mines=3)
    analysis = analyse(position, True)
    (count,) = [c for c in analysis.counts if len(c.by_mines) > 1]
    mixed = Mixture([(0, 3, 0, count), (2, 5, 2, count)])
    width = len(count.by_mines) + 2
    expected_by_mines = [0] * width
    expected_boxes = [[0] * width for _ in range(len(count.box_mines) + 1)]
    for shift, ways, extra in ((0, 3, 0), (2, 5, 2)):
        for a, w in enumerate(count.by_mines):
            expected_by_mines[shift + a] += ways * w
            expected_boxes[-1][shift + a] += ways * w * extra
            for b, mines in enumerate(count.box_mines):
                expected_boxes[b][shift + a] += ways * mines[a]
    assert (mixed.low, mixed.by_mines) == (count.low, tuple(expected_by_mines))
    assert mixed.box_mines == tuple(map(tuple, expected_boxes))
    sizes = [(*analysis.system.components[0].sizes, 2)]
    for remaining in range(count.low, count.low + width + 4):
        assert risks([mixed], sizes, 4, remaining) == risks([mixed.count()], sizes, 4,
                                                             remaining)
