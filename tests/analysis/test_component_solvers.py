"""The two component solvers (search and dynamic programme) agree, and examples are valid."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis import component as route
from sweepkit.analysis import strip_route
from sweepkit.analysis.box_dp import dp_component
from sweepkit.analysis.box_search import SearchBudgetExceeded, search_component, single_equation
from sweepkit.analysis.component import solve_component
from sweepkit.analysis.probability import analyse
from sweepkit.analysis.split import combine_split, split_forced
from sweepkit.constraints import Component, build_system
from sweepkit.position import Position
from tests import brute
from tests.analysis.component_checks import assert_same_count
from tests.strategies_boards import consistent_positions, positions


@settings(max_examples=600, deadline=None)
@given(st.one_of(positions(max_rows=5, max_cols=5), consistent_positions(max_rows=6,
                                                                         max_cols=6)))
def test_search_and_dynamic_programme_agree(position):
    for comp in build_system(position).components:
        searched, programmed = search_component(comp), dp_component(comp)
        if len(comp.rows) == 1:
            closed = single_equation(comp)
            assert (closed.low, closed.by_mines, closed.box_mines) == (
                searched.low, searched.by_mines, searched.box_mines)
            assert [e is None for e in closed.examples] == [e is None for e in
                                                            searched.examples]
            ((_boxes, need),) = comp.rows
            assert all(sum(e) == need and all(0 <= k <= size for k, size in
                                              zip(e, comp.sizes, strict=True))
                       for e in closed.examples if e is not None)
        assert_same_count(comp, searched, programmed)


@settings(max_examples=400, deadline=None)
@given(st.one_of(positions(max_rows=5, max_cols=5), consistent_positions(max_rows=6,
                                                                         max_cols=6)))
def test_forced_boxes_split_off_agree_with_the_search(position):
    for comp in build_system(position).components:
        split = split_forced(comp)
        if split is None:
            continue
        fixed, parts = split
        solved = [solve_component(part) for part, _boxes in parts]
        assert_same_count(comp, search_component(comp), combine_split(comp, fixed, parts,
                                                                      solved))


def test_split_finds_forced_boxes_and_independent_parts():
    # The first equation needs no mine: boxes 0 and 1 are safe, and what is left falls
    # into two independent equations, {2, 3} and {4, 5}, with one mine each.
    comp = Component((1,) * 6, (((0, 1), 0), ((1, 2, 3), 1), ((0, 4, 5), 1)),
                     tuple((b,) for b in range(6)), (10, 11, 12))
    fixed, parts = split_forced(comp)
    assert fixed == {0: 0, 1: 0}
    assert sorted(boxes for _part, boxes in parts) == [[2, 3], [4, 5]]
    combined = combine_split(comp, fixed, parts, [search_component(p) for p, _ in parts])
    assert (combined.low, combined.by_mines) == (2, (4,))
    assert combined.by_mines == search_component(comp).by_mines
    assert combined.box_mines == search_component(comp).box_mines


def _forced_route(position: Position, use_count: bool, route_rows: int,
                  dp_max_width: int = route.DP_MAX_WIDTH) -> None:
    """Analyse with a search budget of one node (so every component of two or more equations
    goes to a fallback), the given strip routing and DP width limit, against the brute force."""
    saved = route.SEARCH_BUDGET, strip_route.ROUTE_ROWS, route.DP_MAX_WIDTH
    route.SEARCH_BUDGET, strip_route.ROUTE_ROWS, route.DP_MAX_WIDTH = (1, route_rows,
                                                                        dp_max_width)
    solve_component.cache_clear()
    try:
        analysis = analyse(position, use_count)
        assert analysis.total == len(brute.explanations(position, use_count))
        assert analysis.probabilities(exact=True) == brute.probabilities(position, use_count)
    finally:
        route.SEARCH_BUDGET, strip_route.ROUTE_ROWS, route.DP_MAX_WIDTH = saved
        solve_component.cache_clear()


@settings(max_examples=300, deadline=None)
@given(consistent_positions(max_rows=4, max_cols=4).filter(lambda p: len(p.unknown_cells())
                                                           <= 10), st.booleans())
def test_forced_dynamic_programme_matches_brute_force(position, use_count):
    _forced_route(position, use_count, route_rows=0)  # routing off: the box DP


@settings(max_examples=300, deadline=None)
@given(consistent_positions(max_rows=3, max_cols=6).filter(lambda p: len(p.unknown_cells())
                                                           <= 10), st.booleans())
def test_forced_transfer_route_matches_brute_force(position, use_count):
    _forced_route(position, use_count, route_rows=3)  # every component is a strip


@settings(max_examples=100, deadline=None)
@given(consistent_positions(max_rows=4, max_cols=4).filter(lambda p: len(p.unknown_cells())
                                                           <= 10), st.booleans())
def test_wide_component_route_matches_brute_force(position, use_count):
    # every component counts as wide: the long search (with its own budget), then the DP
    _forced_route(position, use_count, route_rows=0, dp_max_width=0)


def test_search_budget_is_enforced():
    comp = build_system(Position.from_rows(["1-1-1-1-1", "?????????"])).components[0]
    try:
        search_component(comp, budget=3)
    except SearchBudgetExceeded:
        pass
    else:
        raise AssertionError("the budget of 3 nodes should run out")
    assert route.count_component(comp).by_mines == dp_component(comp).by_mines
