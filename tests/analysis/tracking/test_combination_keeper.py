"""The kept combination against ``analyse(view)`` on random runs of views: cells asked one at a
time in any order (each through one path of the kept tree), then everything, integer for
integer and float for float; an analysis kept from an earlier view still answers for it."""

from __future__ import annotations

from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.deferred import local_certainty
from sweepkit.analysis.board.probability import Analysis, analyse
from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.tracking import combination_keeper
from sweepkit.analysis.tracking.combination_keeper import CombinationKeeper
from sweepkit.analysis.tracking.system_tracker import SystemTracker
from sweepkit.position import UNKNOWN, Position
from tests.analysis.tracking.test_incremental import game_sequences
from tests.examples import examples
from tests.strategies_boards import positions


def assert_same(got: Analysis, want: Analysis) -> None:
    assert got == want
    assert got.consistent == want.consistent
    assert got.box_ratio == want.box_ratio  # the same integers, not only the same ratios
    assert got.floating_ratio == want.floating_ratio
    assert got.probabilities() == want.probabilities()  # the same floats
    assert got.probabilities(exact=True) == want.probabilities(exact=True)
    assert got.safe_cells() == want.safe_cells()
    assert got.mine_cells() == want.mine_cells()


def run(views: list[Position], use_mine_count: bool, data: st.DataObject) -> None:
    tracker, keeper = SystemTracker(rebuild_fraction=1.0), CombinationKeeper()
    kept = []
    for view in views:
        got = keeper.analyse(view, tracker.system(view), use_mine_count)
        want = analyse(view, use_mine_count)
        assert got.consistent == want.consistent and got.counts == want.counts
        if want.consistent:
            unknown = [c for c, v in enumerate(view.cells) if v == UNKNOWN]
            asked = data.draw(st.permutations(unknown))[:data.draw(st.integers(0, 4))]
            for cell in asked:
                assert got.probability(cell) == want.probability(cell)
            if data.draw(st.booleans()):
                assert got.mine_cells() == want.mine_cells()
        kept.append((got, want))
    for got, want in kept:
        assert_same(got, want)


@settings(max_examples=examples(150), deadline=None)
@given(game_sequences(), st.booleans(), st.data())
def test_every_view_of_a_game_answers_as_analyse(views, use_mine_count, data):
    run(views, use_mine_count, data)


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(positions(max_rows=5, max_cols=6), min_size=1, max_size=6), st.booleans(),
       st.data())
def test_unrelated_and_inconsistent_views_too(views, use_mine_count, data):
    # other shapes, impossible numbers, no mine count: every kind of system in turn
    run(views, use_mine_count, data)


@st.composite
def endgames(draw) -> Position:
    """A random layout with most of its safe cells open and the mine count: little or no
    floating pool, so the count decides which mine numbers the components can take."""
    rows, cols = draw(st.integers(2, 4)), draw(st.integers(3, 6))
    n = rows * cols
    mines = set(draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n // 3,
                              unique=True)))
    full = Position.unknown(rows, cols).layout(mines)
    shown = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    cells = tuple(v if v >= 0 and (show or draw(st.booleans())) else UNKNOWN
                  for v, show in zip(full.cells, shown, strict=True))
    return Position((rows, cols), cells, len(mines))


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(endgames(), min_size=1, max_size=3), st.data())
def test_endgames_where_the_mine_count_decides(views, data):
    run(views, True, data)


def test_a_mine_the_count_alone_proves():
    # one mine left: the two components could each hold it, the count says which cells
    # cannot; no component proves anything on its own
    view = Position.from_rows(["?11?", "?1??"], mines=1)
    system = SystemTracker().system(view)
    got = CombinationKeeper().analyse(view, system)
    assert all(local_certainty(solve_component(c), c.sizes) is None
               for c in system.components)
    assert (got.mine_cells(), got.safe_cells()) == ((6,), (0, 3, 4, 7))
    assert_same(got, analyse(view))


@settings(max_examples=examples(60), deadline=None)
@given(game_sequences())
def test_frontiers_past_the_exact_tables_are_combined_as_analyse_does(views):
    # with no room for the exact tables the keeper takes analyse's windowed route: the
    # exact answers are still the exact ones
    tracker, keeper = SystemTracker(rebuild_fraction=1.0), CombinationKeeper()
    with mock.patch.object(combination_keeper, "EXACT_TABLE_BITS", 0):
        for view in views:
            got = keeper.analyse(view, tracker.system(view))
            want = analyse(view)
            assert got.total == want.total and got.counts == want.counts
            assert got.probabilities(exact=True) == want.probabilities(exact=True)
            assert got.safe_cells() == want.safe_cells()
            assert got.mine_cells() == want.mine_cells()


def test_a_component_left_alone_is_counted_once():
    # two frontiers far apart; a move at one leaves the other's entry in place: only the
    # changed component is counted again
    before = Position.from_rows(["1?--------?1", "??--------??"], mines=2)
    after = Position.from_rows(["1?--------?1", "?1--------??"], mines=2)
    tracker, keeper = SystemTracker(rebuild_fraction=1.0), CombinationKeeper()
    first = keeper.analyse(before, tracker.system(before))
    solve = mock.Mock(wraps=combination_keeper.solve_component)
    with mock.patch.object(combination_keeper, "solve_component", solve):
        second = keeper.analyse(after, tracker.system(after))
    assert [call.args[0] for call in solve.call_args_list] == [second.system.components[0]]
    assert second == analyse(after) and first == analyse(before)
