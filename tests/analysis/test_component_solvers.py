"""The two component solvers (search and dynamic programme) agree, and examples are valid."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis import count
from sweepkit.analysis.count import (
    SearchBudgetExceeded,
    dp_component,
    search_component,
    single_equation,
    solve_component,
)
from sweepkit.analysis.probability import analyse
from sweepkit.constraints import build_system
from sweepkit.position import Position
from tests import brute
from tests.strategies_boards import consistent_positions, positions


@settings(max_examples=600, deadline=None)
@given(st.one_of(positions(max_rows=5, max_cols=5), consistent_positions(max_rows=6,
                                                                         max_cols=6)))
def test_search_and_dynamic_programme_agree(position):
    for comp in build_system(position).components:
        searched, programmed = search_component(comp), dp_component(comp)
        if len(comp.rows) == 1:
            closed = single_equation(comp)
            assert (closed.by_mines, closed.box_mines) == (searched.by_mines,
                                                           searched.box_mines)
            assert [e is None for e in closed.examples] == [e is None for e in
                                                            searched.examples]
            ((_boxes, need),) = comp.rows
            assert all(sum(e) == need and all(0 <= k <= size for k, size in
                                              zip(e, comp.sizes, strict=True))
                       for e in closed.examples if e is not None)
        assert searched.by_mines == programmed.by_mines
        assert searched.box_mines == programmed.box_mines
        for m, example in enumerate(programmed.examples):
            assert (example is None) == (programmed.by_mines[m] == 0)
            if example is not None:
                assert sum(example) == m
                assert all(sum(example[b] for b in bs) == need for bs, need in comp.rows)
                assert all(0 <= k <= size for k, size in zip(example, comp.sizes, strict=True))


@settings(max_examples=300, deadline=None)
@given(consistent_positions(max_rows=4, max_cols=4).filter(lambda p: len(p.unknown_cells())
                                                           <= 10), st.booleans())
def test_forced_dynamic_programme_matches_brute_force(position, use_count):
    saved = count.SEARCH_BUDGET
    count.SEARCH_BUDGET = 1  # every component goes to the programme
    solve_component.cache_clear()
    try:
        analysis = analyse(position, use_count)
        assert analysis.total == len(brute.explanations(position, use_count))
        assert analysis.probabilities(exact=True) == brute.probabilities(position, use_count)
    finally:
        count.SEARCH_BUDGET = saved
        solve_component.cache_clear()


def test_search_budget_is_enforced():
    comp = build_system(Position.from_rows(["1-1-1-1-1", "?????????"])).components[0]
    try:
        search_component(comp, budget=3)
    except SearchBudgetExceeded:
        pass
    else:
        raise AssertionError("the budget of 3 nodes should run out")
    assert solve_component.__wrapped__(comp).by_mines == dp_component(comp).by_mines
