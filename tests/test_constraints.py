"""The constraint system: equations, boxes, components, floating cells."""

from __future__ import annotations

import gc
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.constraints import (
    Constraint,
    ConstraintSystem,
    build_system,
    numbers_near_unknown,
    paused_gc,
    system_from_constraints,
)
from sweepkit.position import Position
from tests.examples import examples
from tests.strategies_boards import consistent_positions, positions


def test_equation_subtracts_known_mines_and_skips_revealed_cells():
    system = build_system(Position.from_rows(["*2?", "-??"]))
    (eq,) = [c for c in system.constraints if c.number == 1]
    assert eq.cells == (2, 4, 5) and eq.need == 1


def test_boxes_group_cells_with_the_same_equations():
    # The two 1s share the middle column; the outer columns belong to one each.
    system = build_system(Position.from_rows(["1-1", "???"]))
    (comp,) = system.components
    assert sorted(comp.boxes) == [(3,), (4,), (5,)]
    assert comp.sizes == (1, 1, 1)
    system = build_system(Position.from_rows(["1--1", "????"]))
    assert sorted(c.boxes for c in system.components) == [((4, 5),), ((6, 7),)]


def test_components_and_floating_pool():
    system = build_system(Position.from_rows(["1???1", "?????", "?????"]))
    assert len(system.components) == 2
    assert system.floating == (2, 7, 10, 11, 12, 13, 14)
    assert system.unknown_count == 13
    assert system.remaining is None
    assert build_system(Position.from_rows(["1?", "*?"], mines=3)).remaining == 2


def test_impossible_equations_are_data_not_exceptions():
    system = build_system(Position.from_rows(["*1", "*?"]))
    assert system.impossible == (1,)
    system = build_system(Position.from_rows(["3?", "-?"]))
    assert system.impossible == (0,)
    # a number with no unknown neighbour but mines still missing
    assert build_system(Position.from_rows(["1-"])).impossible == (0,)


def test_components_hash_by_structure_so_results_can_be_shared():
    left = build_system(Position.from_rows(["1-----", "??----"])).components[0]
    right = build_system(Position.from_rows(["-----1", "----??"])).components[0]
    assert left.boxes != right.boxes
    assert left == right and hash(left) == hash(right)
    assert {left: "cached"}[right] == "cached"


def test_constraint_level_systems():
    system = system_from_constraints([Constraint(-1, (0, 1), 1), Constraint(-1, (5,), 2)])
    assert system.impossible == (-1,)
    assert len(system.components) == 1
    assert system_from_constraints([Constraint(3, (1, 2), 2)]).impossible == ()
    assert system_from_constraints([Constraint(3, (1,), 2)]).impossible == (3,)


def _naive_equations(position: Position) -> list[tuple[int, tuple[int, ...], int]]:
    """Every number's equation by walking its neighbours one by one (independent of the
    bit-set path, which finds the informative numbers in bulk)."""
    result = []
    for i, v in enumerate(position.cells):
        if v < 0:
            continue
        around = position.neighbours(i)
        unknown = tuple(j for j in around if position.cells[j] == -1)
        need = v - sum(1 for j in around if position.cells[j] == -2)
        if unknown or need:
            result.append((i, unknown, need))
    return result


@settings(max_examples=examples(300), deadline=None)
@given(positions(max_rows=6, max_cols=7))
def test_bulk_equations_match_a_neighbour_walk(position):
    system = build_system(position)
    assert [(c.number, c.cells, c.need) for c in system.constraints] == \
        _naive_equations(position)
    touched = {j for c in system.constraints for j in c.cells}
    assert system.floating == tuple(i for i in position.unknown_cells() if i not in touched)


def test_bulk_equations_on_a_line_and_a_wrong_number_far_from_unknowns():
    line = Position.from_rows(["1?*2*-?"], topology="line")
    assert [(c.number, c.cells, c.need) for c in build_system(line).constraints] == \
        _naive_equations(line)
    # The 3 touches no unknown cell but only two known mines: an impossible equation.
    wrong = Position.from_rows(["*3*", "---", "1??"])
    assert build_system(wrong).impossible == (1,)
    assert build_system(wrong, equations=False).impossible == (1,)


def _reference_system(position: Position, numbers=None):
    """The system the generic route builds from the neighbour walk's equations (the bulk
    route of 2-D boards must give the same, cell for cell)."""
    chosen = None if numbers is None else set(numbers)
    equations = [Constraint(i, cells, need) for i, cells, need in _naive_equations(position)
                 if chosen is None or i in chosen]
    touched = {j for c in equations for j in c.cells}
    floating = tuple(i for i in position.unknown_cells() if i not in touched)
    shape = position.shape if position.topology == "grid" else None
    return system_from_constraints(equations, floating, position.remaining_mines(),
                                   position.cells.count(-1), shape)


def _same(got, want) -> None:
    assert got == want
    assert [(c.boxes, c.numbers, c.shape) for c in got.components] == \
        [(c.boxes, c.numbers, c.shape) for c in want.components]


@settings(max_examples=examples(300), deadline=None)
@given(positions(max_rows=7, max_cols=8), st.randoms(use_true_random=False))
def test_the_bulk_route_builds_what_the_generic_route_builds(position, rng):
    # boxes, components, their order, impossible numbers, floating cells: all of it
    _same(build_system(position), _reference_system(position))
    numbers = sorted(i for i in position.number_cells() if rng.random() < 0.5)
    _same(build_system(position, numbers), _reference_system(position, numbers))
    # without the equations (counting): the same components, impossible numbers, floating
    _same(build_system(position, equations=False), _without_equations(build_system(position)))
    # without the components (check's SAT route): the same equations, none of the rest
    _same(build_system(position, components=False),
          replace(build_system(position), components=()))


def _without_equations(system: ConstraintSystem) -> ConstraintSystem:
    return replace(system, constraints=())


@settings(max_examples=examples(100), deadline=None)
@given(consistent_positions(max_rows=1, max_cols=12))
def test_the_bulk_route_on_lines(position):
    line = Position(position.shape, position.cells, position.mines, "line")
    _same(build_system(line), _reference_system(line))


def test_numbers_in_an_order_of_their_own_keep_it():
    position = Position.from_rows(["1?1", "???"])
    system = build_system(position, [2, 0])
    assert [c.number for c in system.constraints] == [2, 0]
    assert system.components[0].numbers == (2, 0)  # rows in the equations' order
    assert system.components[0].shape == (2, 3)


def test_a_big_board_matches_the_generic_route():
    # past the old cached-table limit (20,000 cells): one bulk route for every size
    rng = random.Random(5)
    full = Position.unknown(150, 150, 2000).layout(rng.sample(range(150 * 150), 2000))
    cells = [v if rng.random() < 0.6 and v != -2 else -1 for v in full.cells]
    position = Position((150, 150), tuple(cells), 2000)
    _same(build_system(position), _reference_system(position))
    _same(build_system(position, equations=False), _without_equations(build_system(position)))
    # without the components (check's SAT route): the same equations, none of the rest
    _same(build_system(position, components=False),
          replace(build_system(position), components=()))


def test_the_collector_is_paused_and_restored():
    assert gc.isenabled()
    with paused_gc():
        assert not gc.isenabled()
        with paused_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


@settings(max_examples=examples(200), deadline=None)
@given(positions(max_rows=6, max_cols=7), st.randoms(use_true_random=False))
def test_numbers_near_unknown_cells(position, rng):
    excluded = {i for i in position.unknown_cells() if rng.random() < 0.3}
    expected = [i for i in position.number_cells()
                if any(position.cells[j] == -1 and j not in excluded
                       for j in position.neighbours(i))]
    assert numbers_near_unknown(position, excluded) == expected
    cube = Position((2, 2, 2), (1, -1, 0, -2, 0, 0, 0, 0))
    assert numbers_near_unknown(cube) == [0, 2, 4, 5, 6, 7]
    assert numbers_near_unknown(cube, [1]) == []
