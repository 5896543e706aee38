"""The parts of the deferred box probabilities that stand alone: a component's own certain
boxes (split components read from their parts, without their table) and the test that
tells when the window of the mine count may cut a component's mine numbers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.deferred import _may_be_cut, local_certainty
from sweepkit.analysis.count.component import count_component
from sweepkit.analysis.count.split import SplitBoxTable
from sweepkit.constraints import build_system
from sweepkit.position import Position
from tests.examples import examples
from tests.strategies_boards import positions


@settings(max_examples=examples(200), deadline=None)
@given(positions(max_rows=5, max_cols=6))
def test_own_certain_boxes_are_those_of_the_box_table(position):
    for comp in build_system(position).components:
        count = count_component(comp)  # uncached: a split component's table not yet built
        got = local_certainty(count, comp.sizes)
        table = [tuple(m) for m in count.box_mines]
        by = count.by_mines
        want = tuple(False if not any(m) else True if all(
            x == size * y for x, y in zip(m, by, strict=True)) else None
            for m, size in zip(table, comp.sizes, strict=True))
        if not by or all(v is None for v in want):
            assert got is None
        else:
            assert got == want


def test_a_split_component_is_read_from_its_parts():
    # the 1 at (1, 2) forces its one cell, which splits the row's frontier in two parts
    (comp,) = build_system(Position.from_rows(["?1?2?", "?-1-?"])).components
    count = count_component(comp)
    assert isinstance(count.box_mines, SplitBoxTable)
    assert local_certainty(count, comp.sizes) == (False, True, None)
    assert count.box_mines._table is None  # its table was not built


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(0, 8), st.integers(0, 8), st.integers(-3, 12), st.integers(-3, 12))
def test_the_window_cuts_only_where_it_may(width, rest, k_lo, k_hi):
    # a mine number a is surely completed when a or a + rest lies in the window
    surely = all(k_lo <= a <= k_hi or k_lo <= a + rest <= k_hi for a in range(width + 1))
    assert _may_be_cut(width, rest, k_lo, k_hi) is not surely
