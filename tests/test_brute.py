"""The brute-force reference checked against its own definition: the pruned search
lists the same mine sets, in the same order, as trying every subset of the unknown cells."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from tests import brute
from tests.examples import examples
from tests.strategies_boards import consistent_positions as consistent
from tests.strategies_boards import nd_consistent_positions, nd_positions, positions

SMALL = st.one_of(positions(max_rows=4, max_cols=4, max_unknown=12),
                  consistent(max_rows=3, max_cols=4),
                  nd_positions(max_unknown=8), nd_consistent_positions(max_unknown=8))


@settings(max_examples=examples(400), deadline=None)
@given(SMALL, st.booleans())
def test_the_search_lists_what_every_subset_lists(position, use_mine_count):
    assert brute.explanations(position, use_mine_count) == \
        brute.explanations_by_product(position, use_mine_count)


def test_a_number_out_of_reach_has_no_explanation():
    # a 3 in a corner has three neighbours; flagging one leaves two to fill from one cell
    position = Position((2, 2), (3, MINE, UNKNOWN, SAFE), None)
    assert brute.explanations(position) == brute.explanations_by_product(position) == []
