"""The SAT route (sweepkit.analysis.decide.sat) against the brute force of tests/brute.py: on random
positions (most of them inconsistent), 2-D and n-D, with and without the mine count, with
and without the components built, it finds a layout exactly when there is one, the
layout is an explanation, and the equations a refutation names cannot hold together; on
components of wires (many without a layout) it agrees with a count over the boxes; a
conflict limit stops a long search; a reduced formula's board is decided as the formula
is."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.count.box_search import SearchLimitExceeded
from sweepkit.analysis.decide.sat import Refutation
from sweepkit.analysis.decide.sat import decide as sat_decide
from sweepkit.analysis.papers.consistency import SAT_FIRST_BOXES, decide, find_witness
from sweepkit.constraints import (
    Component,
    Constraint,
    ConstraintSystem,
    build_system,
    system_from_constraints,
)
from sweepkit.position import SAFE, Position
from sweepkit.reductions.formulas import CNF
from sweepkit.reductions.layout import reduce_cnf
from tests import brute
from tests.analysis.decide.test_contract import brute_total, explains, wired_components
from tests.examples import examples
from tests.strategies_boards import nd_positions, positions


def only_numbers(position: Position, numbers) -> Position:
    """The position with every other number turned into a plain safe cell."""
    keep = set(numbers)
    return position.replace({i: SAFE for i in position.number_cells() if i not in keep})


def refuted_numbers(refutation: Refutation) -> tuple[set[int], bool]:
    """The numbers a refutation says cannot hold together (its core and, without the mine
    count, every wire of its component, which the solver always had in force) and whether
    the mine count is among them."""
    if refutation.numbers is not None:
        return set(refutation.numbers), refutation.counted
    numbers = {refutation.equations[k].number for k in refutation.core}
    if refutation.wires is not None:
        numbers |= {con.number for con in refutation.equations
                    if con.need == 1 and len(con.cells) == 2}
    return numbers, refutation.counted


def check_against_brute(position: Position, use_count: bool, cores: bool,
                        components: bool) -> None:
    system = build_system(position, components=components)
    found = sat_decide(system, use_count, cores=cores)
    layouts = brute.explanations(position, use_count)
    if layouts:
        assert not isinstance(found, Refutation)
        assert found.union(position.known_mines()) in layouts
        return
    assert isinstance(found, Refutation)
    if cores or found.numbers is not None:
        numbers, counted = refuted_numbers(found)
        assert not brute.consistent(only_numbers(position, numbers), counted)


@settings(max_examples=examples(400), deadline=None)
@given(positions(max_rows=4, max_cols=5), st.booleans(), st.booleans(), st.booleans())
def test_a_layout_exactly_when_there_is_one_and_a_core_that_cannot_hold(
        position, use_count, cores, components):
    check_against_brute(position, use_count, cores, components)


@settings(max_examples=examples(100), deadline=None)
@given(nd_positions(), st.booleans(), st.booleans())
def test_the_same_on_nd_positions(position, use_count, cores):
    check_against_brute(position, use_count, cores, components=True)


def cells_system(component: Component) -> tuple[list[list[int]], ConstraintSystem]:
    """A component's equations over cells of their own (box ``b`` of size ``s``: ``s``
    consecutive cells), as a constraint system, and each box's cells."""
    cells, start = [], 0
    for size in component.sizes:
        cells.append(list(range(start, start + size)))
        start += size
    constraints = [Constraint(r, tuple(sorted(c for b in bs for c in cells[b])), need)
                   for r, (bs, need) in enumerate(component.rows)]
    return cells, system_from_constraints(constraints)


@settings(max_examples=examples(300), deadline=None)
@given(wired_components())
def test_components_of_wires_have_a_layout_exactly_when_the_count_says(component):
    cells, system = cells_system(component)
    found = sat_decide(system, use_mine_count=False)
    assert isinstance(found, Refutation) == (brute_total(component) == 0)
    if not isinstance(found, Refutation):
        assert explains(component, tuple(sum(c in found for c in box) for box in cells))


def pigeons(pigeons: int, holes: int) -> list[Constraint]:
    """Each pigeon in exactly one hole, each hole at most one pigeon (a spare cell a
    hole: exactly one of its pigeons or the spare)."""
    cell = {(p, h): p * holes + h for p in range(pigeons) for h in range(holes)}
    spare = pigeons * holes
    rows = [tuple(cell[p, h] for h in range(holes)) for p in range(pigeons)]
    rows += [(*(cell[p, h] for p in range(pigeons)), spare + h) for h in range(holes)]
    return [Constraint(k, tuple(sorted(r)), 1) for k, r in enumerate(rows)]


def test_pigeons_do_not_fit_in_fewer_holes_and_a_conflict_limit_stops_the_search():
    assert isinstance(sat_decide(system_from_constraints(pigeons(5, 4))), Refutation)
    fits = pigeons(4, 4)
    found = sat_decide(system_from_constraints(fits))
    assert not isinstance(found, Refutation)
    assert all(sum(c in found for c in con.cells) == 1 for con in fits)
    with pytest.raises(SearchLimitExceeded):
        sat_decide(system_from_constraints(pigeons(9, 8)), conflicts=100)


def test_a_reduced_board_is_decided_as_its_formula_and_its_layout_reads_back_a_model():
    cnf = CNF(3, ((1, -2, 3), (-1, 2, 3), (-3, 1, 2), (-1, -2, -3), (2, -3, 1)))
    board = reduce_cnf(cnf)
    assert max(len(c.sizes) for c in build_system(board.position).components) >= \
        SAT_FIRST_BOXES
    for witness in (find_witness(board.position, use_mine_count=False),
                    decide(board.position).witness):
        assert witness is not None and board.position.explains(witness)
        values = {int(k[1:]): v for k, v in board.assignment(witness).items()}
        assert cnf.satisfied(values)
    unsat = reduce_cnf(CNF(2, ((1, 2), (1, -2), (-1, 2), (-1, -2)))).position
    assert find_witness(unsat, use_mine_count=False) is None
    verdict = decide(unsat)
    assert verdict.witness is None and verdict.contradiction is not None
    assert not verdict.system.components          # decided on the equations alone
    assert decide(unsat, why=False).contradiction is None


@settings(max_examples=examples(200), deadline=None)
@given(positions(max_rows=4, max_cols=5), st.booleans())
def test_decide_gives_a_layout_or_else_an_irreducible_contradiction(position, use_count):
    verdict = decide(position, use_count)
    layouts = brute.explanations(position, use_count)
    if layouts:
        assert verdict.witness in layouts and verdict.contradiction is None
        return
    found = verdict.contradiction
    assert verdict.witness is None and found is not None and found.minimal
    counted = use_count and found.uses_mine_count
    assert not brute.consistent(only_numbers(position, found.numbers), counted)
    for dropped in found.numbers:
        rest = [n for n in found.numbers if n != dropped]
        assert brute.consistent(only_numbers(position, rest), counted)
