"""CONSISTENCY by clause learning, against brute force and the propagation search: on
random components of single cells (many without a layout) it finds a layout exactly when
there is one, and what it finds explains every equation."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.box_search import SearchBudgetExceeded
from sweepkit.analysis.learn import learnt_witness, luby
from sweepkit.analysis.propagate import component_witness
from sweepkit.constraints import Component
from tests.examples import examples


def cells_component(n: int, rows: list[tuple[tuple[int, ...], int]]) -> Component:
    return Component((1,) * n, tuple(rows), tuple((b,) for b in range(n)),
                     tuple(range(len(rows))))


def explains(rows, example) -> bool:
    return all(sum(example[b] for b in bs) == need for bs, need in rows)


@st.composite
def cell_components(draw) -> Component:
    n = draw(st.integers(1, 11))
    rows = []
    for _ in range(draw(st.integers(1, 14))):
        bs = tuple(sorted(draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=5))))
        rows.append((bs, draw(st.integers(0, len(bs)))))
    return cells_component(n, rows)


def layout_masks(n: int, rows) -> set[int]:
    """Every layout of ``n`` cells (bit ``b`` of a mask: a mine in cell ``b``) that
    explains ``rows``: each of the 2^n subsets tried, an equation's mines counted as the
    bits its cells' mask shares with the layout's."""
    masks = [(sum(1 << b for b in bs), need) for bs, need in rows]
    return {a for a in range(1 << n) if all((a & m).bit_count() == need for m, need in masks)}


def as_mask(example: tuple[int, ...]) -> int:
    assert all(v in (0, 1) for v in example)
    return sum(v << b for b, v in enumerate(example))


@settings(max_examples=examples(300), deadline=None)
@given(cell_components(), st.randoms(use_true_random=False))
def test_learning_finds_a_layout_exactly_when_there_is_one(component, rnd):
    n = len(component.sizes)
    layouts = layout_masks(n, component.rows)
    example = learnt_witness(component, order=rnd.sample(range(n), n))
    assert (example is None) == (not layouts)
    if example is not None:
        assert len(example) == n and as_mask(example) in layouts


def test_the_layout_masks_are_the_layouts_of_every_subset():
    """layout_masks against the plain definition (tuples of every product, summed)."""
    rng = random.Random(7)
    for _ in range(30):
        n = rng.randint(1, 7)
        rows = [(tuple(sorted(rng.sample(range(n), rng.randint(1, min(n, 4))))), 0)
                for _ in range(rng.randint(1, 4))]
        rows = [(bs, rng.randint(0, len(bs))) for bs, _ in rows]
        expected = {as_mask(a) for a in itertools.product((0, 1), repeat=n)
                    if explains(rows, a)}
        assert layout_masks(n, rows) == expected


@pytest.mark.parametrize("seed", range(6))
def test_learning_agrees_with_the_propagation_search_on_larger_components(seed):
    """Components of 30 to 80 cells, sparse enough that many have layouts: where the
    search without learning decides, learning decides the same way."""
    rng = random.Random(seed)
    agreed = satisfiable = 0
    for _ in range(40):
        n = rng.randint(30, 80)
        rows = []
        for _ in range(rng.randint(n // 6, n // 2)):
            k = rng.randint(2, 6)
            rows.append((tuple(sorted(rng.sample(range(n), k))), rng.randint(1, k - 1)))
        component = cells_component(n, rows)
        example = learnt_witness(component)
        if example is not None:
            assert explains(rows, example)
            satisfiable += 1
        try:
            reference = component_witness(component, budget=200_000)
        except SearchBudgetExceeded:
            continue
        assert (example is None) == (reference is None)
        agreed += 1
    assert agreed >= 30 and 0 < satisfiable < 40


def test_pigeons_do_not_fit_in_fewer_holes():
    """Five pigeons, four holes (each pigeon in exactly one hole, each hole at most one
    pigeon, written with a spare cell per hole): no layout, found only by learning
    across many conflicts."""
    pigeons, holes = 5, 4
    cell = {(p, h): p * holes + h for p in range(pigeons) for h in range(holes)}
    spare = {h: pigeons * holes + h for h in range(holes)}
    rows = [(tuple(cell[p, h] for h in range(holes)), 1) for p in range(pigeons)]
    rows += [(tuple(sorted([cell[p, h] for p in range(pigeons)] + [spare[h]])), 1)
             for h in range(holes)]
    component = cells_component(pigeons * holes + holes, rows)
    assert learnt_witness(component) is None
    four = [(tuple(cell[p, h] for h in range(holes)), 1) for p in range(holes)]
    four += [(tuple(sorted([cell[p, h] for p in range(holes)] + [spare[h]])), 1)
             for h in range(holes)]
    example = learnt_witness(cells_component(pigeons * holes + holes, four))
    assert example is not None and explains(four, example)


def test_the_budget_stops_a_long_search():
    pigeons, holes = 8, 7
    rows = [(tuple(p * holes + h for h in range(holes)), 1) for p in range(pigeons)]
    rows += [(tuple(sorted([p * holes + h for p in range(pigeons)] + [pigeons * holes + h])),
              1) for h in range(holes)]
    with pytest.raises(SearchBudgetExceeded):
        learnt_witness(cells_component(pigeons * holes + holes, rows), budget=50)


def test_boxes_of_several_cells_are_refused():
    with pytest.raises(ValueError, match="single cells"):
        learnt_witness(Component((2,), (((0,), 1),), ((0, 1),), (5,)))


def test_the_luby_sequence():
    assert [luby(i) for i in range(1, 32)][-16:] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1,
                                                     2, 4, 8, 16]
