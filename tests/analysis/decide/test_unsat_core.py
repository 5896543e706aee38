"""Minimal contradictions from a SAT core (sweepkit.analysis.decide.unsat_core): irreducible on
small boards full of wires (checked by the brute force of tests/brute.py), on a reduced
formula's board (checked by the exact analysis) and within their time."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.budget import AnalysisTimeout, limits
from sweepkit.analysis.decide.contract import drawn_from_circuit
from sweepkit.analysis.decide.unsat_core import contradiction_core
from sweepkit.analysis.papers.consistency import (
    Contradiction,
    find_witness,
    is_consistent,
    minimal_contradiction,
)
from sweepkit.constraints import build_system
from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from sweepkit.reductions.formulas import CNF
from sweepkit.reductions.layout import reduce_cnf
from tests import brute


def only_numbers(position: Position, numbers) -> Position:
    """The position with every other number turned into a plain safe cell."""
    keep = set(numbers)
    return position.replace({i: SAFE for i in position.number_cells() if i not in keep})


@st.composite
def wire_positions(draw) -> Position:
    """Small boards where most numbers see two covered cells: rows of ``?1?1?`` (a 1 on a
    one-row board sees its two sides) or sparse covered cells among 1s, so that the wires
    are joined, cycles closed and segments cut; some 0, 2, flags; a mine count or not."""
    rows = draw(st.integers(1, 3))
    cols = draw(st.integers(3, 11 if rows == 1 else 5))
    cells = []
    for r in range(rows):
        for c in range(cols):
            if (rows == 1 and c % 2 == 0) or (rows > 1 and (r + c) % 2 == 0):
                v = draw(st.sampled_from([UNKNOWN, UNKNOWN, UNKNOWN, MINE, SAFE]))
            else:
                deg = (min(r + 1, rows - 1) - max(r - 1, 0) + 1) * (
                    min(c + 1, cols - 1) - max(c - 1, 0) + 1) - 1
                v = draw(st.sampled_from([1, 1, 1, 1, 0, min(2, deg), SAFE]))
            cells.append(v)
    unknown = [i for i, v in enumerate(cells) if v == UNKNOWN]
    for i in unknown[11:]:
        cells[i] = SAFE
    mines = None
    if draw(st.booleans()):
        known = cells.count(MINE)
        mines = draw(st.integers(known, known + cells.count(UNKNOWN)))
    return Position((rows, cols), tuple(cells), mines)


def assert_irreducible(position: Position, found: Contradiction, use_count: bool) -> None:
    with_count = use_count and found.uses_mine_count
    assert not found.uses_mine_count or use_count
    assert not brute.consistent(only_numbers(position, found.numbers), with_count)
    for dropped in found.numbers:
        smaller = only_numbers(position, [n for n in found.numbers if n != dropped])
        assert brute.consistent(smaller, with_count), f"{dropped} is not needed"


def check_irreducible(position: Position, use_count: bool) -> None:
    found = minimal_contradiction(position, use_count)
    if brute.consistent(position, use_count):
        assert found is None
        return
    assert found is not None and found.minimal
    assert_irreducible(position, found, use_count)


@settings(max_examples=120, deadline=None)
@given(wire_positions(), st.booleans())
def test_irreducible_on_boards_of_wires(position, use_count):
    check_irreducible(position, use_count)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(wire_positions(), st.booleans())
def test_irreducible_on_many_boards_of_wires(position, use_count):
    check_irreducible(position, use_count)


def test_an_odd_cycle_of_wires_is_its_own_contradiction():
    # a + b = 1, a + c = 1, b + c = 1: three numbers, each needed
    position = Position.from_rows(["?1?", "1-1", "-?-"])
    found = minimal_contradiction(position)
    assert found == Contradiction((1, 3, 5), False, True)
    assert_irreducible(position, found, False)


def test_the_mine_count_joins_when_the_numbers_agree():
    # the 1 allows one mine among its three neighbours; three mines in all cannot be
    position = Position.from_rows(["1?", "??"], mines=3)
    assert minimal_contradiction(position, use_mine_count=False) is None
    assert minimal_contradiction(position) == Contradiction((0,), True, True)


def test_a_long_chain_against_the_mine_count():
    # ?1?1?...: 101 covered cells alternately mines, so 50 or 51 mines; 60 cannot be
    # (the count's constraint over more than 200 cells takes the cardinality network)
    row = "".join("?" if c % 2 == 0 else "1" for c in range(201))
    position = Position.from_rows([row, "-" * 201, row], mines=120)
    found = minimal_contradiction(position)
    assert found is not None and found.uses_mine_count and found.minimal
    part = only_numbers(position, found.numbers)
    assert not is_consistent(part)
    for dropped in found.numbers[::7]:
        assert is_consistent(only_numbers(position, [n for n in found.numbers
                                                     if n != dropped]))


@pytest.fixture(scope="module")
def contradiction_board() -> Position:
    """The board of (x1)(not x1), 53 x 163."""
    return reduce_cnf(CNF(1, ((1,), (-1,)))).position


def test_a_reduced_board_gives_an_irreducible_set(contradiction_board):
    position = contradiction_board
    assert drawn_from_circuit(build_system(position))
    found = minimal_contradiction(position, use_mine_count=False)
    assert found is not None and found.minimal and not found.uses_mine_count
    assert len(found.numbers) < len(position.number_cells()) // 3

    def has_layout(numbers) -> bool:
        return find_witness(only_numbers(position, numbers), use_mine_count=False) is not None

    assert not has_layout(found.numbers)
    for dropped in found.numbers[::5]:
        assert has_layout([n for n in found.numbers if n != dropped])


@pytest.mark.slow
def test_every_number_of_a_reduced_contradiction_is_needed(contradiction_board):
    position = contradiction_board
    found = minimal_contradiction(position, use_mine_count=False)
    assert found is not None
    for dropped in found.numbers:
        part = only_numbers(position, [n for n in found.numbers if n != dropped])
        assert find_witness(part, use_mine_count=False) is not None


def test_a_bigger_reduced_board_gives_a_contradicting_set():
    # every 2-clause of two variables: 185 x 336
    cnf = CNF(2, ((1, 2), (1, -2), (-1, 2), (-1, -2)))
    position = reduce_cnf(cnf).position
    found = minimal_contradiction(position, use_mine_count=False)
    assert found is not None and found.minimal
    assert find_witness(only_numbers(position, found.numbers), use_mine_count=False) is None


def test_out_of_time_the_core_comes_back_unshrunk(contradiction_board):
    position = contradiction_board
    found = minimal_contradiction(position, use_mine_count=False, seconds=0)
    shrunk = minimal_contradiction(position, use_mine_count=False)
    assert found is not None and shrunk is not None
    assert not found.minimal and shrunk.minimal
    assert len(found.numbers) >= len(shrunk.numbers)
    assert find_witness(only_numbers(position, found.numbers), use_mine_count=False) is None
    assert "may not be minimal" in found.describe(position)
    assert "may not be minimal" not in shrunk.describe(position)


def test_an_open_budget_bounds_the_shrinking_not_the_answer(contradiction_board):
    # the margin of a 0.5 s budget is all of it: no time to shrink, but a set all the same
    with limits(seconds=0.5):
        found = contradiction_core(build_system(contradiction_board), False)
    assert found is not None and not found.minimal


def test_no_refutation_within_the_budget_is_a_timeout(contradiction_board):
    system = build_system(contradiction_board)
    with pytest.raises(AnalysisTimeout), limits(seconds=0):
        contradiction_core(system, False)


def test_consistent_systems_have_no_core():
    position = Position.from_rows(["1?1", "???"], mines=2)
    assert contradiction_core(build_system(position)) is None
