"""CONSISTENCY by search with propagation against the brute-force enumerator: on random
positions (any numbers, so many are inconsistent), every component's search finds a
layout exactly when the component has one, and what it finds explains its numbers; the
witness of a large reduced board comes from it."""

from __future__ import annotations

from hypothesis import given, settings

from sweepkit.analysis.consistency import SEARCH_FIRST_BOXES, find_witness
from sweepkit.analysis.propagate import component_witness
from sweepkit.constraints import build_system
from sweepkit.reductions.formulas import CNF
from sweepkit.reductions.layout import reduce_cnf
from tests import brute
from tests.examples import examples
from tests.strategies_boards import consistent_positions, nd_positions, positions


def check_components(position) -> None:
    system = build_system(position)
    if system.impossible:
        return
    consistent = brute.consistent(position, use_mine_count=False)
    found = []
    for comp in system.components:
        example = component_witness(comp)
        found.append(example)
        if example is not None:
            assert all(0 <= k <= size for k, size in zip(example, comp.sizes, strict=True))
            for bs, need in comp.rows:
                assert sum(example[b] for b in bs) == need
    assert all(e is not None for e in found) == consistent


@settings(max_examples=examples(300), deadline=None)
@given(positions(max_rows=4, max_cols=5, with_mines=False))
def test_the_search_finds_a_layout_exactly_when_there_is_one(position):
    check_components(position)


@settings(max_examples=examples(100), deadline=None)
@given(consistent_positions(with_mines=False))
def test_the_search_finds_one_on_every_consistent_position(position):
    check_components(position)


@settings(max_examples=examples(100), deadline=None)
@given(nd_positions(with_mines=False))
def test_the_search_on_nd_positions(position):
    check_components(position)


def test_a_reduced_board_is_decided_by_the_search_and_its_witness_explains_it():
    cnf = CNF(3, ((1, -2, 3), (-1, 2, 3), (-3, 1, 2), (-1, -2, -3), (2, -3, 1)))
    board = reduce_cnf(cnf)
    assert max(len(c.sizes) for c in build_system(board.position).components) >= \
        SEARCH_FIRST_BOXES
    witness = find_witness(board.position, use_mine_count=False)
    assert witness is not None and board.position.explains(witness)
    values = {int(k[1:]): v for k, v in board.assignment(witness).items()}
    assert cnf.satisfied(values)
    unsat = reduce_cnf(CNF(2, ((1, 2), (1, -2), (-1, 2), (-1, -2))))
    assert find_witness(unsat.position, use_mine_count=False) is None
