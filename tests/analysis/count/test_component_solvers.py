"""The component solvers (search, dynamic programme, split, strip route) agree, examples are
valid (made on demand by the fallbacks), and the routes keep to their limits: tables checked
before they are built, the search stopped in time, the cache of big results bounded."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.budget import AnalysisTimeout, AnalysisTooLarge, limits
from sweepkit.analysis.count import component as route
from sweepkit.analysis.count import strip_route
from sweepkit.analysis.count.box_dp import dp_component, plan, support_width, width_order
from sweepkit.analysis.count.box_search import (
    Examples,
    SearchLimitExceeded,
    box_order,
    has_layout,
    search_by_row,
    search_component,
    single_equation,
)
from sweepkit.analysis.count.component import (
    SizedCache,
    count_component,
    solve_by_row,
    solve_component,
    table_size,
)
from sweepkit.analysis.count.split import combine_split, split_certain
from sweepkit.constraints import Component, build_system
from sweepkit.position import Position
from tests import brute
from tests.analysis.component_checks import assert_same_count
from tests.examples import examples
from tests.strategies_boards import consistent_positions, positions


@settings(max_examples=examples(600), deadline=None)
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


@settings(max_examples=examples(400), deadline=None)
@given(st.one_of(positions(max_rows=5, max_cols=5), consistent_positions(max_rows=6,
                                                                         max_cols=6)))
def test_certain_boxes_split_off_agree_with_the_search(position):
    for comp in build_system(position).components:
        split = split_certain(comp)
        if split is None:
            continue
        fixed, parts = split
        solved = [solve_component(part) for part, _boxes in parts]
        assert_same_count(comp, search_component(comp), combine_split(comp, fixed, parts,
                                                                      solved))


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(positions(max_rows=5, max_cols=5), consistent_positions(max_rows=6,
                                                                         max_cols=6)),
       st.integers(0, 50))
def test_a_search_by_one_row_counts_each_need_as_its_own_search(position, pick):
    for comp in build_system(position).components:
        row = pick % len(comp.rows)
        bs, _need = comp.rows[row]
        by_need = search_by_row(comp, row)
        cached = solve_by_row(comp, row)
        assert cached.keys() == by_need.keys()
        for k in range(sum(comp.sizes[b] for b in bs) + 2):
            with_k = replace(comp, rows=(*comp.rows[:row], (bs, k), *comp.rows[row + 1:]))
            expected = dp_component(with_k)
            if not expected.by_mines:
                assert k not in by_need
                continue
            assert_same_count(with_k, expected, by_need[k])
            assert_same_count(with_k, expected, cached[k])


def test_a_search_by_row_past_its_node_limit_counts_need_by_need():
    comp = build_system(Position.from_rows(["1-1-1-1-1", "?????????"])).components[0]
    with pytest.raises(SearchLimitExceeded):
        search_by_row(comp, 0, node_limit=3)
    by_need = route._each_need(comp, 0)
    assert by_need.keys() == search_by_row(comp, 0).keys()
    assert all(by_need[k].by_mines == c.by_mines for k, c in search_by_row(comp, 0).items())


def test_split_finds_certain_boxes_and_independent_parts():
    # The first equation needs no mine: boxes 0 and 1 are safe, and what is left falls
    # into two independent equations, {2, 3} and {4, 5}, with one mine each.
    comp = Component((1,) * 6, (((0, 1), 0), ((1, 2, 3), 1), ((0, 4, 5), 1)),
                     tuple((b,) for b in range(6)), (10, 11, 12))
    fixed, parts = split_certain(comp)
    assert fixed == {0: 0, 1: 0}
    assert sorted(boxes for _part, boxes in parts) == [[2, 3], [4, 5]]
    combined = combine_split(comp, fixed, parts, [search_component(p) for p, _ in parts])
    assert (combined.low, combined.by_mines) == (2, (4,))
    assert combined.by_mines == search_component(comp).by_mines
    assert combined.box_mines == search_component(comp).box_mines


def _fallback_route(position: Position, use_count: bool, route_rows: int,
                    dp_max_width: int = route.DP_MAX_WIDTH) -> None:
    """Analyse with a node limit of one (so every component of two or more equations
    goes to a fallback), the given strip routing and DP width limit, against the brute force."""
    saved = route.SEARCH_NODE_LIMIT, strip_route.ROUTE_ROWS, route.DP_MAX_WIDTH
    route.SEARCH_NODE_LIMIT, strip_route.ROUTE_ROWS, route.DP_MAX_WIDTH = (1, route_rows,
                                                                        dp_max_width)
    solve_component.cache_clear()
    try:
        analysis = analyse(position, use_count)
        assert analysis.total == len(brute.explanations(position, use_count))
        assert analysis.probabilities(exact=True) == brute.probabilities(position, use_count)
    finally:
        route.SEARCH_NODE_LIMIT, strip_route.ROUTE_ROWS, route.DP_MAX_WIDTH = saved
        solve_component.cache_clear()


@settings(max_examples=examples(300), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=4).filter(lambda p: len(p.unknown_cells())
                                                           <= 10), st.booleans())
def test_fallback_dynamic_programme_matches_brute_force(position, use_count):
    _fallback_route(position, use_count, route_rows=0)  # routing off: the box DP


@settings(max_examples=examples(300), deadline=None)
@given(consistent_positions(max_rows=3, max_cols=6).filter(lambda p: len(p.unknown_cells())
                                                           <= 10), st.booleans())
def test_fallback_transfer_route_matches_brute_force(position, use_count):
    _fallback_route(position, use_count, route_rows=3)  # every component is a strip


@settings(max_examples=examples(100), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=4).filter(lambda p: len(p.unknown_cells())
                                                           <= 10), st.booleans())
def test_wide_component_route_matches_brute_force(position, use_count):
    # every component counts as wide: the long search (with its own node limit), then the DP
    _fallback_route(position, use_count, route_rows=0, dp_max_width=0)


def test_the_node_limit_stops_the_search():
    comp = build_system(Position.from_rows(["1-1-1-1-1", "?????????"])).components[0]
    try:
        search_component(comp, node_limit=3)
    except SearchLimitExceeded:
        pass
    else:
        raise AssertionError("the node limit of 3 should stop the search")
    assert route.count_component(comp).by_mines == dp_component(comp).by_mines


def _old_box_order(sizes, rows):
    """The box order as it was first written (a scan of every box left per step)."""
    n = len(sizes)
    box_rows = [[] for _ in range(n)]
    for r, (bs, _need) in enumerate(rows):
        for b in bs:
            box_rows[b].append(r)
    score = {b: len(box_rows[b]) * 100 + 99 - sizes[b] for b in range(n)}
    order = []
    while score:
        best = max(score, key=score.__getitem__)
        del score[best]
        order.append(best)
        for r in box_rows[best]:
            for c in rows[r][0]:
                if c in score:
                    score[c] += 10_000
    return order


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(positions(max_rows=6, max_cols=6), consistent_positions(max_rows=7,
                                                                         max_cols=7)))
def test_box_order_layout_search_and_width(position):
    for comp in build_system(position).components:
        assert box_order(comp.sizes, comp.rows) == _old_box_order(comp.sizes, comp.rows)
        counted = search_component(comp)
        assert has_layout(comp) == bool(counted.by_mines)
        order = width_order(comp.sizes, comp.rows)
        assert support_width(plan(comp, order)) == len(counted.by_mines)


def test_has_layout_stops_at_its_node_limit():
    comp = build_system(Position.from_rows(["1-1-1-1-1", "?????????"])).components[0]
    with pytest.raises(SearchLimitExceeded):
        has_layout(comp, node_limit=2)
    assert has_layout(comp)


def test_examples_made_on_demand_behave_as_a_tuple():
    class Doubling(Examples):
        made = 0

        def make(self, index):
            Doubling.made += 1
            return (index, index)

    examples = Doubling(4, 0b1011)
    assert Doubling.made == 0 and len(examples) == 4
    assert examples[1] == (1, 1) and examples[2] is None and examples[-1] == (3, 3)
    assert examples == ((0, 0), (1, 1), None, (3, 3)) and examples[1:3] == ((1, 1), None)
    assert repr(examples) == "((0, 0), (1, 1), None, (3, 3))"
    assert Doubling.made == 3  # each made once, then kept
    with pytest.raises(IndexError):
        examples[4]


def test_wide_component_examples_are_lazy_and_valid():
    # 2x300 strip "1?1?..." over unknown cells: one component, a wide polynomial (the box
    # DP and the transfer matrix); its examples are made only when asked for
    position = Position.from_rows([("1?" * 300)[:300], "?" * 300])
    (comp,) = build_system(position).components
    for counted in (dp_component(comp), route.count_component(comp)):
        assert isinstance(counted.examples, Examples) and not counted.examples.made
        assert_same_count(comp, dp_component(comp), counted)


def test_sized_cache_bounds_entries_and_numbers():
    comps = [build_system(Position.from_rows(["1" + "-1" * k, "?" * (2 * k + 1)])).components[0]
             for k in range(1, 7)]
    sizes = [table_size(count_component(c)) for c in comps]
    cache = SizedCache(count_component, entries=3, numbers=sum(sizes[3:5]))
    for c in comps[:4]:
        cache(c)
    info = cache.cache_info()
    assert info.misses == 4 and info.currsize <= 3 and cache.held <= sum(sizes[3:5])
    cache(comps[3])
    assert cache.cache_info().hits == 1
    tiny = SizedCache(count_component, entries=8, numbers=min(sizes) - 1)
    assert tiny(comps[0]).by_mines == count_component(comps[0]).by_mines
    assert tiny.cache_info().currsize == 0  # bigger than the whole cache: not kept
    cache.cache_clear()
    assert cache.cache_info() == (0, 0, 3, 0) and cache.held == 0


def test_table_budget_stops_the_fallbacks_cleanly():
    position = Position.from_rows([("1?" * 600)[:600], "?" * 600])
    (comp,) = build_system(position).components
    for solve in (route.count_component, dp_component):
        with limits(table=10_000), pytest.raises(AnalysisTooLarge):
            solve(comp)
    with limits(table=10**7):
        assert route.count_component(comp).by_mines == dp_component(comp).by_mines
    small = build_system(Position.from_rows(["1-1-1-1-1", "?????????"])).components[0]
    with limits(table=10_000):  # a small component never meets the guard
        assert route.count_component(small).by_mines


def test_time_budget_stops_a_long_search():
    position = Position.from_rows([("1?" * 400)[:400], "?" * 400])
    (comp,) = build_system(position).components
    with limits(seconds=0.0), pytest.raises(AnalysisTimeout):
        search_component(comp)


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(65, 220).flatmap(lambda n: st.tuples(
    st.lists(st.integers(1, 8), min_size=n, max_size=n),
    st.lists(st.lists(st.integers(0, n - 1), min_size=1, max_size=5, unique=True),
             min_size=1, max_size=2 * n))))
def test_box_order_with_a_heap_is_the_scan_order(drawn):
    # beyond SCAN_BOXES the order comes from a heap: the same order as the scan's
    sizes, rows = drawn
    rows = tuple((tuple(sorted(bs)), 1) for bs in rows)
    assert box_order(tuple(sizes), rows) == _old_box_order(tuple(sizes), rows)
