"""Golden tests: the papers' worked examples (boards restated in golden_boards.py)."""

from __future__ import annotations

from itertools import combinations, product

import pytest

from sweepkit.analysis.board.board_count import count_layouts
from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.papers.consistency import find_witness, is_consistent, is_unique
from sweepkit.analysis.papers.enumerate import component_assignments, enumerate_layouts
from sweepkit.constraints import Constraint, system_from_constraints
from sweepkit.position import MINE, VALUE_OF, Position
from tests.analysis.golden_boards import (
    HU_LIN,
    HU_LIN_LAYOUTS,
    KADLAC,
    KADLAC_EX2_LAYOUTS,
    KADLAC_LAYOUTS,
)


def board(rows: list[str]) -> Position:
    """Build directly (not parsed): Hu-Lin's fig. 4 has a 2 with one neighbour, which the
    .board parser rightly rejects but which the paper uses as an inconsistent board."""
    return Position((len(rows), len(rows[0])), tuple(VALUE_OF[ch] for row in rows for ch in row))


def mines_of(rows: list[str]) -> frozenset[int]:
    board_ = board(rows)
    return frozenset(i for i, v in enumerate(board_.cells) if v == MINE)


@pytest.mark.parametrize("name", sorted(KADLAC) + sorted(HU_LIN))
def test_paper_board_counts(name):
    rows, expected = KADLAC.get(name) or HU_LIN[name]
    position = board(rows)
    assert count_layouts(position) == expected
    assert len(list(enumerate_layouts(position))) == expected
    assert is_consistent(position) == (expected > 0)
    assert is_unique(position) == (expected == 1)


@pytest.mark.parametrize("name", sorted(KADLAC_LAYOUTS) + sorted(HU_LIN_LAYOUTS))
def test_seed_unique_layouts(name):
    rows = (KADLAC.get(name) or HU_LIN[name])[0]
    printed = KADLAC_LAYOUTS.get(name) or HU_LIN_LAYOUTS[name]
    position = board(rows)
    expected = mines_of(printed)
    assert list(enumerate_layouts(position)) == [expected]
    assert find_witness(position) == expected
    assert position.layout(expected).cells == board(printed).cells


def test_kadlac_example_2_layouts():
    position = board(KADLAC["s4-ex2"][0])
    expected = {mines_of(rows) for rows in KADLAC_EX2_LAYOUTS}
    assert len(expected) == 4
    assert set(enumerate_layouts(position)) == expected
    for mines in expected:
        assert position.explains(mines)


# The school project's equation systems, tested at the constraint level: letters are
# made-up cell ids (A=0, B=1, ...), and each equation is a Constraint without a number.
def letters(text: str) -> tuple[int, ...]:
    return tuple(sorted("ABCDEFGHIJKL".index(ch) for ch in text))


def solutions(equations: list[tuple[str, int]]) -> set[frozenset[int]]:
    system = system_from_constraints([Constraint(-1, letters(t), n) for t, n in equations])
    assert len(system.components) == 1 or all(c.rows for c in system.components)
    result = {frozenset()}
    for comp in system.components:
        layouts = set()
        for assignment in component_assignments(comp):
            for parts in product(*(combinations(box, k)
                                   for box, k in zip(comp.boxes, assignment, strict=True))):
                layouts.add(frozenset(c for part in parts for c in part))
        assert len(layouts) == solve_component(comp).total
        result = {a | b for a in result for b in layouts}
    return result


def test_school_subset_example():
    sols = solutions([("ABCD", 2), ("CDE", 1), ("DEF", 2), ("EF", 1)])
    a, b, c, d, e, f = letters("A"), letters("B"), letters("C"), letters("D"), letters("E"), \
        letters("F")
    assert sols == {frozenset(d + f + a), frozenset(d + f + b)}
    assert all(c[0] not in s and e[0] not in s for s in sols)


def test_school_brute_force_example():
    sols = solutions([("AB", 1), ("BCDGH", 1), ("IJK", 2), ("GJKL", 1)])
    assert len(sols) == 8
    g, i, ell = letters("G")[0], letters("I")[0], letters("L")[0]
    assert all(g not in s and ell not in s and i in s for s in sols)
    # every other letter varies
    for other in letters("ABCDHJK"):
        assert any(other in s for s in sols) and any(other not in s for s in sols)
