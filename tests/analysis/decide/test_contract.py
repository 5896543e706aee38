"""Wires contracted, against independent counts: on random components full of ``a + b =
1`` ties between single cells (wires) with gadget-like equations across them, and on
random positions, the contracted component has exactly as many layouts (brute force over
the boxes, and the usual solvers); and the one test of a board drawn from a circuit."""

from __future__ import annotations

from math import comb

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.count.box_dp import dp_total
from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.decide.contract import (
    DRAWN_MIN_EQUATIONS,
    DRAWN_SHARE,
    contract,
    contracted_total,
    drawn_from_circuit,
    sweep_order,
)
from sweepkit.constraints import Component, Constraint, build_system, system_from_constraints
from sweepkit.position import Position
from sweepkit.reductions.formulas import CNF
from sweepkit.reductions.layout import reduce_cnf
from tests.examples import examples
from tests.strategies_boards import nd_positions, positions


def brute_total(component: Component) -> int:
    """Layouts by trying every number of mines in every box (weights C(size, k)), box by
    box, dropping a choice as soon as an equation of the box is over its need or can no
    longer reach it (every choice of the product of all boxes took this module's time)."""
    sizes, rows = component.sizes, component.rows
    need = [n for _bs, n in rows]                       # mines still to place, per equation
    room = [sum(sizes[b] for b in bs) for bs, _n in rows]   # cells left to place them in
    touching = [[j for j, (bs, _n) in enumerate(rows) if b in bs] for b in range(len(sizes))]

    def layouts(b: int) -> int:
        if b == len(sizes):
            return 0 if any(need) else 1
        total = 0
        for k in range(sizes[b] + 1):
            for j in touching[b]:
                need[j] -= k
                room[j] -= sizes[b]
            if all(0 <= need[j] <= room[j] for j in touching[b]):
                total += comb(sizes[b], k) * layouts(b + 1)
            for j in touching[b]:
                need[j] += k
                room[j] += sizes[b]
        return total

    return layouts(0)


def explains(component: Component, example: tuple[int, ...]) -> bool:
    return (all(0 <= k <= s for k, s in zip(example, component.sizes, strict=True))
            and all(sum(example[b] for b in bs) == need for bs, need in component.rows))


@st.composite
def wired_components(draw) -> Component:
    """Chains of single cells tied pairwise (wires), a few bigger boxes, and random
    equations over all of them, some impossible."""
    sizes: list[int] = []
    rows: list[tuple[tuple[int, ...], int]] = []
    for _ in range(draw(st.integers(1, 4))):          # wires
        length = draw(st.integers(1, 4))
        start = len(sizes)
        sizes.extend([1] * length)
        rows.extend(((b, b + 1), 1) for b in range(start, start + length - 1))
    sizes.extend(draw(st.lists(st.integers(1, 3), max_size=2)))
    n = len(sizes)
    for _ in range(draw(st.integers(1, 5))):
        bs = tuple(sorted(draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=5))))
        room = sum(sizes[b] for b in bs)
        rows.append((bs, draw(st.integers(0, room))))
    if n > 1 and draw(st.booleans()):                 # a tie that may close a loop
        a, b = draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True))
        if sizes[a] == sizes[b] == 1:
            rows.append((tuple(sorted((a, b))), 1))
    for b in set(range(n)) - {b for bs, _need in rows for b in bs}:
        rows.append(((b,), draw(st.integers(0, sizes[b]))))   # every box in an equation
    return Component(tuple(sizes), tuple(rows), tuple((b,) for b in range(n)),
                     tuple(range(len(rows))))


def check(component: Component, expected: int) -> None:
    assert contracted_total(component) == expected
    contraction = contract(component)
    assert (contraction is not None) or expected == 0
    if contraction is not None:
        assert len(contraction.component.sizes) <= len(component.sizes) + len(component.rows)


@settings(max_examples=examples(400), deadline=None)
@given(wired_components())
def test_contracted_wires_keep_every_layout(component):
    check(component, brute_total(component))


@settings(max_examples=examples(200), deadline=None)
@given(positions(max_rows=4, max_cols=5, with_mines=False))
def test_contracted_positions_count_as_the_usual_solvers(position):
    system = build_system(position)
    for comp in system.components:
        check(comp, solve_component(comp).total)


@settings(max_examples=examples(100), deadline=None)
@given(nd_positions(with_mines=False))
def test_contracted_nd_positions_count_as_the_usual_solvers(position):
    for comp in build_system(position).components:
        check(comp, solve_component(comp).total)


@settings(max_examples=examples(200), deadline=None)
@given(st.one_of(wired_components(), positions(max_rows=4, max_cols=5, with_mines=False)
                 .map(lambda p: max(build_system(p).components, key=lambda c: len(c.sizes),
                                    default=Component((), (), (), ()))))
       .flatmap(lambda c: st.tuples(st.just(c), st.permutations(range(len(c.sizes))))))
def test_the_plain_box_programme_counts_in_any_order(drawn):
    """dp_total's packed states (each equation's need in a field, fields reused once it
    closes) give the brute-force total whatever order the boxes come in; the sweep order
    is an order of every box."""
    component, order = drawn
    expected = brute_total(component)
    assert dp_total(component, list(order)) == expected
    assert sorted(sweep_order(component)) == list(range(len(component.sizes)))
    assert dp_total(component, sweep_order(component)) == expected


def test_a_wire_becomes_one_free_class():
    wire = Component((1,) * 5, tuple(((b, b + 1), 1) for b in range(4)),
                     tuple((b,) for b in range(5)), tuple(range(4)))
    contraction = contract(wire)
    assert contraction is not None
    assert contraction.component.sizes == () and contraction.free == 1
    assert contracted_total(wire) == 2


def test_a_wire_that_closes_on_itself_with_the_wrong_parity_has_no_layout():
    loop = Component((1, 1, 1), (((0, 1), 1), ((1, 2), 1), ((0, 2), 1)),
                     ((0,), (1,), (2,)), (0, 1, 2))
    assert contract(loop) is None
    assert contracted_total(loop) == 0


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(DRAWN_MIN_EQUATIONS - 3, DRAWN_MIN_EQUATIONS + 40).flatmap(
    lambda n: st.tuples(st.just(n), st.lists(st.sampled_from(["three", "none", "both", "box"]),
                                             max_size=n // 6))))
def test_drawn_from_a_circuit(drawn):
    """A system or a component is drawn from a circuit when it has
    :data:`DRAWN_MIN_EQUATIONS` equations or more, at least :data:`DRAWN_SHARE` of them
    ``a + b = 1`` (in a component, between two boxes of one cell: two cells of one box
    are no link); the early exit of the count answers as counting them all. A reduced
    board and its component are; a game's frontier is not."""
    n, others = drawn
    kinds = ["link"] * (n - len(others)) + others
    constraints, sizes, rows, boxes = [], [], [], []
    for k, kind in enumerate(kinds):
        cells = (3 * k, 3 * k + 1, 3 * k + 2)[:3 if kind == "three" else 2]
        need = {"none": 0, "both": 2}.get(kind, 1)
        constraints.append(Constraint(k, cells, need))
        if kind == "box":
            rows.append(((len(sizes),), need))
            sizes.append(2)
            boxes.append(cells)
        else:
            rows.append((tuple(range(len(sizes), len(sizes) + len(cells))), need))
            sizes.extend([1] * len(cells))
            boxes.extend((c,) for c in cells)
    component = Component(tuple(sizes), tuple(rows), tuple(boxes), tuple(range(n)))
    links = kinds.count("link")
    assert drawn_from_circuit(system_from_constraints(constraints)) is (
        n >= DRAWN_MIN_EQUATIONS and links + kinds.count("box") >= DRAWN_SHARE * n)
    assert drawn_from_circuit(component) is (
        n >= DRAWN_MIN_EQUATIONS and links >= DRAWN_SHARE * n)
    board = reduce_cnf(CNF(2, ((1, 2), (-1, 2), (1, -2)))).position
    system = build_system(board)
    assert drawn_from_circuit(build_system(board, components=False))
    assert drawn_from_circuit(max(system.components, key=lambda c: len(c.rows)))
    assert not drawn_from_circuit(build_system(Position.from_rows(["1?" * 300, "?" * 600])))
