"""Strip-shaped components through the transfer matrix: the crop, the counts (against the box
search and the box DP), and the route the general analysis takes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.count.box_dp import dp_component
from sweepkit.analysis.count.box_search import SearchLimitExceeded, search_component
from sweepkit.analysis.count.component import SEARCH_MAX_BOXES, SEARCH_NODE_LIMIT, solve_component
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.analysis.count.split import split_certain
from sweepkit.analysis.count.strip_route import strip_count, strip_crop
from sweepkit.automata.transfer import count_strip_layouts, solve_strip
from sweepkit.constraints import Component, Constraint, build_system, system_from_constraints
from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from tests.analysis.component_checks import assert_same_count
from tests.examples import examples
from tests.strategies_boards import consistent_positions, positions


def _check_count(component: Component, counted: ComponentCount) -> None:
    """``strip_count``'s count against the box search."""
    assert_same_count(component, search_component(component), counted)


# -- the crop -----------------------------------------------------------------------------

def test_crop_keeps_the_equations_only():
    position = Position.from_rows(["??????", "2*1-1?", "??????", "------"])
    (component,) = [c for c in build_system(position).components if 0 in c.cells]
    crop = strip_crop(component)
    assert crop is not None
    assert (crop.top, crop.left) == (0, 0)
    # the 2 beside the known mine needs 1 more; the mine itself is a plain safe cell in the crop
    assert crop.position.rows == 3
    rows = str(crop.position).split()
    assert rows[1] == "1-0-1?"  # the 1 beside the mine needs nothing more: an equation of 0
    assert set(rows[0]) == {"?"} and set(rows[2]) == {"?"}


def test_crop_refuses_a_square_component_and_made_up_equations():
    ring = Position.from_rows(["?????", "?212?", "?000?", "?101?", "?????"])
    (component,) = build_system(ring).components
    assert len(component.cells) == 16 and strip_crop(component) is None  # a 5x5 box
    made_up = system_from_constraints([Constraint(-1, (1, 2), 1), Constraint(-1, (2, 3), 1)])
    assert strip_crop(made_up.components[0]) is None


# -- the counts ---------------------------------------------------------------------------

@settings(max_examples=examples(300), deadline=None)
@given(positions(max_rows=3, max_cols=7, with_mines=False))
def test_counts_equal_the_search_on_random_strips(position):
    _check_every_component(position)


@settings(max_examples=examples(150), deadline=None)
@given(consistent_positions(max_rows=9, max_cols=3, with_mines=False))
def test_counts_equal_the_search_on_tall_strips(position):
    _check_every_component(position)


def _check_every_component(position: Position) -> None:
    """Every component of a board at most 3 wide one way fits a crop and counts right."""
    for component in build_system(position).components:
        crop = strip_crop(component)
        assert crop is not None
        _check_count(component, strip_count(component, crop))


@settings(max_examples=examples(200), deadline=None)
@given(positions(max_rows=3, max_cols=8, with_mines=False))
def test_split_parts_keep_their_geometry(position):
    for component in build_system(position).components:
        split = split_certain(component)
        if split is None:
            continue
        for part, boxes in split[1]:
            assert part.cells == tuple(sorted(c for b in boxes for c in component.boxes[b]))
            crop = strip_crop(part)
            assert crop is not None
            _check_count(part, strip_count(part, crop))


# -- the route the analysis takes ---------------------------------------------------------

def _largest(position: Position) -> Component:
    return max(build_system(position).components, key=lambda c: len(c.sizes))


def test_hard_strip_component_is_routed_and_agrees_with_the_dp():
    position = Position.from_rows([("1?" * 30)[:60], "?" * 60], mines=22)
    component = _largest(position)
    with pytest.raises(SearchLimitExceeded):  # so solve_component takes the transfer route
        search_component(component, node_limit=SEARCH_NODE_LIMIT)
    crop = strip_crop(component)
    assert crop is not None
    solve_component.cache_clear()
    routed = solve_component(component)
    programmed = dp_component(component)
    assert (routed.low, routed.by_mines, routed.box_mines) == (
        programmed.low, programmed.by_mines, programmed.box_mines)
    # the whole analysis against the whole-board transfer matrix (another code path)
    whole = solve_strip(position)
    general = analyse(position)
    assert general.total == whole.count > 0
    for cell in position.unknown_cells():
        assert general.probability(cell) == Fraction(whole.cell_mine_counts[cell], whole.count)


def _corridor(n: int) -> Position:
    """3×n: the middle row shows the numbers of a fixed pattern of mines above and below."""
    mines = [[(3 * j + r) % 7 == 0 for j in range(n)] for r in range(3)]
    middle = [sum(mines[r][c] for r in (0, 2) for c in (j - 1, j, j + 1) if 0 <= c < n)
              for j in range(n)]
    return Position((3, n), (UNKNOWN,) * n + tuple(middle) + (UNKNOWN,) * n)


def test_component_longer_than_the_search_allows():
    position = _corridor(SEARCH_MAX_BOXES + 100)
    component = _largest(position)
    assert len(component.sizes) > SEARCH_MAX_BOXES
    solve_component.cache_clear()
    general = analyse(position)  # no search (it would recurse too deep): the transfer matrix
    assert general.total == count_strip_layouts(position) > 0
    with_count = position.with_mines(sum(v == MINE for v in position.cells) + 300)
    assert analyse(with_count).total == count_strip_layouts(with_count)


def test_other_topologies_are_never_cropped():
    line = Position.from_rows(["?1?1?"], topology="line")
    cube = Position((2, 2, 2), (1, UNKNOWN, UNKNOWN, SAFE, UNKNOWN, SAFE, SAFE, SAFE))
    for position in (line, cube):
        components = build_system(position).components
        assert components and all(strip_crop(c) is None for c in components)
    # the cube's component keeps its shape (the strip orders of the box DP sweep it slice
    # by slice), the line's has none
    assert build_system(cube).components[0].shape == (2, 2, 2)
    assert build_system(line).components[0].shape is None
