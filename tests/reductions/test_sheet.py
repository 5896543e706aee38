"""The sheet's wires proved by the exact counter: a wire bent square or diagonally at any
phase, the splitter, the fixed-true end and the gates stamped on a sheet (turned or not)
each have exactly the layouts they should, and every wire holds one value."""

from __future__ import annotations

import itertools

import pytest

from sweepkit.analysis import count_layouts
from sweepkit.analysis.papers.enumerate import enumerate_layouts
from sweepkit.position import MINE, SAFE
from sweepkit.reductions.drawing import crossover, draw_gate
from sweepkit.reductions.sheet import SEPARATOR, VALUE, LayoutError, Port, Sheet


def layouts(sheet: Sheet, inputs: dict[int, bool] | None = None) -> list[dict[int, bool]]:
    """Every layout of the sheet's board, as the value each variable holds in it (each
    variable must hold one value: both cells kinds agree)."""
    position, (top, left) = sheet.position()
    cols = position.cols
    index = {cell: (cell[0] - top) * cols + cell[1] - left for cell in sheet.covered}
    changes = {}
    for var, value in (inputs or {}).items():
        cell = sheet.terminals[var]
        changes[index[cell]] = MINE if value else SAFE
    position = position.replace(changes)
    found = []
    for mines in enumerate_layouts(position, use_mine_count=False):
        values: dict[int, bool] = {}
        for cell, (var, negated) in sheet.covered.items():
            if var in sheet.auxiliary or cell in {sheet.terminals.get(v) for v in inputs or {}}:
                continue
            value = (index[cell] in mines) != negated
            assert values.setdefault(var, value) == value, f"variable {var} splits at {cell}"
        found.append(values)
    return found


@pytest.mark.parametrize("kind", [SEPARATOR, 1, VALUE])
@pytest.mark.parametrize("cut", [False, True])
def test_a_bent_wire_has_two_layouts_at_every_phase(kind, cut):
    sheet = Sheet()
    a = sheet.variable("a")
    corner = (0, 10)
    cells = [(0, c) for c in range(10)] + ([] if cut else [corner])
    cells += [(r, 10) for r in range(1, 11)]
    sheet.path(a, cells, kind)
    sheet.terminals[a] = next(c for c, (v, neg) in sheet.covered.items() if not neg)
    assert len(layouts(sheet)) == 2


@pytest.mark.parametrize("kind", range(3))
def test_a_route_cuts_corners_so_that_the_kinds_meet(kind):
    sheet = Sheet()
    a = sheet.variable("a")
    end = Port((12, 20), (0, -1), VALUE)
    sheet.route(a, Port((0, 0), (0, 1), kind), [(0, 10), (12, 10)], end)
    assert sheet.covered[end.cell] == (a, False)
    sheet.terminals[a] = end.cell
    assert len(layouts(sheet)) == 2


def test_a_route_refuses_to_cut_a_corner_between_short_runs():
    sheet = Sheet()
    a = sheet.variable("a")
    with pytest.raises(LayoutError, match="too close"):
        sheet.route(a, Port((0, 0), (0, 1), 0), [(0, 2), (2, 2)], Port((2, 4), (0, -1), 1))


def test_a_split_copies_the_value_both_ways():
    sheet = Sheet()
    a = sheet.variable("a")
    sheet.source(a, [(0, 0)], Port((0, 9), (0, -1), SEPARATOR))
    turned, straight = sheet.split(a, Port((0, 9), (0, 1), SEPARATOR), (1, 0))
    sheet.route(a, turned, [turned.ahead(9)])
    sheet.route(a, straight, [straight.ahead(9)])
    found = layouts(sheet)
    assert sorted(v[a] for v in found) == [False, True]


def test_a_fixed_true_end_leaves_one_layout_with_a_mine_at_the_terminal():
    sheet = Sheet()
    a = sheet.variable("a")
    sheet.source(a, [(0, 0)], Port((0, 9), (0, -1), SEPARATOR))
    end = sheet.route(a, Port((0, 10), (0, 1), 1), [(0, 17)], end_kind=VALUE)
    sheet.fix_true(end)
    assert [v[a] for v in layouts(sheet)] == [True]


FUNCTIONS = {"not": lambda u, v: not u, "and": lambda u, v: u and v,
             "or": lambda u, v: u or v, "xor": lambda u, v: u != v}


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
@pytest.mark.parametrize("turns", range(4))
def test_a_gate_stamped_on_a_sheet_computes_its_function(name, turns):
    sheet = Sheet()
    u, v, t = sheet.variable("u"), sheet.variable("v"), sheet.variable("t")
    ports = draw_gate(sheet, name, (0, 0), turns, {"u": u, "v": v, "t": t})
    inputs = [var for label, var in (("u", u), ("v", v)) if label in ports]
    for label, var in (("u", u), ("v", v)):
        if label in ports:
            sheet.source(var, [ports[label].ahead(9)], ports[label])
    sheet.route(t, ports["t"], [ports["t"].ahead(9)])
    for values in itertools.product((False, True), repeat=len(inputs)):
        found = layouts(sheet, dict(zip(inputs, values, strict=True)))
        args = (*values, False)[:2]
        unique = 2 if name == "and" and not any(values) else 1   # Kaye's AND
        assert len(found) == unique, (values, found)
        assert all(f[t] == FUNCTIONS[name](*args) for f in found)


def test_the_crossover_carries_each_input_across_the_other():
    part, ports = crossover()
    sheet = Sheet()
    a, b = sheet.variable("a"), sheet.variable("b")
    sheet.stamp(part, (0, 0), {0: a, 1: b})
    sheet.source(a, [ports["a_in"].ahead(8)], ports["a_in"])
    sheet.source(b, [ports["b_in"].ahead(8)], ports["b_in"])
    sheet.route(a, ports["a_out"], [ports["a_out"].ahead(8)])
    sheet.route(b, ports["b_out"], [ports["b_out"].ahead(8)])
    for values in itertools.product((False, True), repeat=2):
        found = layouts(sheet, dict(zip((a, b), values, strict=True)))
        assert len(found) == 1        # unique: one layout a row, its outputs the inputs
    position, _ = sheet.position()
    assert count_layouts(position, use_mine_count=False) == 4
