"""Wires contracted, against independent counts: on random components full of ``a + b =
1`` ties between single cells (wires) with gadget-like equations across them, and on
random positions, the contracted component has exactly as many layouts (brute force over
the boxes, and the usual solvers), its witness explains the original equations, and it
has one exactly when the component does."""

from __future__ import annotations

from math import comb

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.box_dp import dp_total
from sweepkit.analysis.component import solve_component
from sweepkit.analysis.contract import (
    contract,
    contracted_total,
    search_contracted,
    sweep_order,
    wired,
)
from sweepkit.constraints import Component, build_system
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


def contracted_witness(component: Component) -> tuple[int, ...] | None:
    """One layout of ``component`` found on its contraction (None: it has none)."""
    contraction = contract(component)
    return None if contraction is None else search_contracted(contraction)


def check(component: Component, expected: int) -> None:
    assert contracted_total(component) == expected
    example = contracted_witness(component)
    assert (example is not None) == (expected > 0)
    if example is not None:
        assert explains(component, example)
    contraction = contract(component)
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
    assert contracted_witness(wire) == (0, 1, 0, 1, 0)


def test_a_wire_that_closes_on_itself_with_the_wrong_parity_has_no_layout():
    loop = Component((1, 1, 1), (((0, 1), 1), ((1, 2), 1), ((0, 2), 1)),
                     ((0,), (1,), (2,)), (0, 1, 2))
    assert contract(loop) is None
    assert contracted_total(loop) == 0 and contracted_witness(loop) is None


def test_only_large_mostly_tied_components_are_contracted_by_default():
    chain = Component((1,) * 300, tuple(((b, b + 1), 1) for b in range(299)),
                      tuple((b,) for b in range(300)), tuple(range(299)))
    assert wired(chain)
    assert not wired(Component(chain.sizes[:10], chain.rows[:9], chain.boxes[:10],
                               chain.numbers[:9]))


def test_a_component_is_contracted_once_while_it_lives_and_by_identity():
    """The witness and the count of one system share the contraction; a component equal
    by its key but of other cells has its own (a contraction holds the cells); the entry
    goes with its component."""
    import gc

    from sweepkit.analysis import contract as module

    wire = Component((1, 1, 1, 1, 2), (((0, 1), 1), ((1, 2), 1), ((2, 3), 1), ((3, 4), 1)),
                     ((0,), (1,), (2,), (3,), (4, 5)), (6, 7, 8, 9))
    moved = Component(wire.sizes, wire.rows, ((10,), (11,), (12,), (13,), (14, 15)),
                      wire.numbers)
    first = module.contracted(wire)
    assert module.contracted(wire) is first and first == contract(wire)
    again = module.contracted(moved)
    assert again is not first and again.component.boxes != first.component.boxes
    key = id(wire)
    del wire, first
    gc.collect()
    assert key not in module._CONTRACTED
