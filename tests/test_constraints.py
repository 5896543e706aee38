"""The constraint system: equations, boxes, components, floating cells."""

from __future__ import annotations

from hypothesis import given, settings

from sweepkit.constraints import Constraint, build_system, system_from_constraints
from sweepkit.position import Position
from tests.strategies_boards import positions


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


@settings(max_examples=300, deadline=None)
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
