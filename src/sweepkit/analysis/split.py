"""Boxes forced by single equations, fixed first; what is left split into independent parts.

An equation that needs no mine makes all its boxes safe, one that needs as many mines as
it has room makes them all mines; fixing them can force more, and can cut the component
into parts that no longer share a box. The parts are smaller, solved and cached on their
own (:func:`sweepkit.analysis.component.solve_component`), so a frontier that changes at
one end keeps the solved pieces at the other. This is the "trivial" deduction every
solver starts with (the school project's first stage, Pedersen's single-point strategy),
used here to shrink the counting problem.

>>> from sweepkit.constraints import Component
>>> from sweepkit.analysis.box_search import search_component
>>> comp = Component((1, 1, 1, 1), (((0, 1), 0), ((1, 2, 3), 1)), ((0,), (1,), (2,), (3,)),
...                  (8, 9))
>>> fixed, parts = split_forced(comp)
>>> combine_split(comp, fixed, parts, [search_component(p) for p, _ in parts]).by_mines
(2,)
"""

from __future__ import annotations

from collections.abc import Sequence

from sweepkit.analysis.box_search import equation_tables
from sweepkit.analysis.poly import (
    Assignment,
    ComponentCount,
    convolve,
    no_layout,
    product,
    products_without,
)
from sweepkit.constraints import Component

Parts = list[tuple[Component, list[int]]]
"""Each part of a split component, with the map from its boxes to the component's."""


def split_forced(component: Component
                 ) -> tuple[dict[int, int], Parts] | None:
    """Fix the boxes forced by single equations (need 0: all safe; need = room: all
    mines), repeatedly, and split what is left into its connected parts.

    Returns ``None`` when nothing is forced; else ``(fixed, parts)``: ``fixed[b]`` the
    mines of each forced box (``{-1: -1}`` when an equation became impossible) and each
    part as a component over the free boxes with the map from its boxes to the original
    ones. The parts are smaller and cached on their own, so a frontier that changes at
    one end keeps the solved pieces at the other.

    >>> from sweepkit.constraints import Component
    >>> fixed, parts = split_forced(Component((1, 1, 1, 1), (((0, 1), 0), ((1, 2, 3), 1)),
    ...                                        ((0,), (1,), (2,), (3,)), (8, 9)))
    >>> fixed, [(c.sizes, c.rows, boxes) for c, boxes in parts]
    ({0: 0, 1: 0}, [((1, 1), (((0, 1), 1),), [2, 3])])
    """
    sizes, rows = component.sizes, component.rows
    box_rows, left, room = equation_tables(component)
    fixed: dict[int, int] = {}
    pending = list(range(len(rows)))  # rows to look at again (a box of theirs got fixed)
    while pending:
        r = pending.pop()
        if left[r] < 0 or left[r] > room[r]:
            return {-1: -1}, []
        if not room[r] or 0 < left[r] < room[r]:
            continue
        full = left[r] > 0
        for b in rows[r][0]:
            if b not in fixed:
                k = fixed[b] = sizes[b] if full else 0
                for q in box_rows[b]:
                    left[q] -= k
                    room[q] -= sizes[b]
                    pending.append(q)
    if not fixed:
        return None
    if any(x and not room[r] for r, x in enumerate(left)):  # a need and no free box
        return {-1: -1}, []
    located = len(component.numbers) == len(rows)
    free_rows = [([b for b in bs if b not in fixed],
                  need - sum(fixed[b] for b in bs if b in fixed),
                  component.numbers[r] if located else -1)
                 for r, (bs, need) in enumerate(rows) if any(b not in fixed for b in bs)]
    parent = list(range(len(free_rows)))

    def find(r: int) -> int:
        while parent[r] != r:
            parent[r] = parent[parent[r]]
            r = parent[r]
        return r

    owner: dict[int, int] = {}
    for r, (bs, _need, _number) in enumerate(free_rows):
        for b in bs:
            if b in owner:
                parent[find(r)] = find(owner[b])
            else:
                owner[b] = r
    groups: dict[int, list[int]] = {}
    for r in range(len(free_rows)):
        groups.setdefault(find(r), []).append(r)
    parts = []
    for members in groups.values():
        boxes = sorted({b for r in members for b in free_rows[r][0]})
        local = {b: i for i, b in enumerate(boxes)}
        part_rows = tuple((tuple(local[b] for b in free_rows[r][0]), free_rows[r][1])
                          for r in members)
        # the part keeps its cells, number cells and board shape: it can be routed as a strip
        part = Component(tuple(sizes[b] for b in boxes), part_rows,
                         tuple(component.boxes[b] for b in boxes),
                         tuple(free_rows[r][2] for r in members) if located else (),
                         component.shape if located else None)
        parts.append((part, boxes))
    return fixed, parts


def combine_split(component: Component, fixed: dict[int, int], parts: Parts,
                  solved: Sequence[ComponentCount]) -> ComponentCount:
    """A component's count from its forced boxes and its parts (``solved[i]`` is part i's
    count)."""
    sizes = component.sizes
    if fixed.get(-1) == -1:
        return no_layout(len(sizes))
    shift = sum(fixed.values())
    polys = [c.by_mines for c in solved]
    counts = product(polys)
    if not counts:
        return no_layout(len(sizes))
    low = shift + sum(c.low for c in solved)  # products of trimmed polynomials are trimmed
    box_mines: list[tuple[int, ...]] = [()] * len(sizes)
    by_k: dict[int, tuple[int, ...]] = {}
    for b, k in fixed.items():
        if k not in by_k:
            by_k[k] = tuple(k * w for w in counts)
        box_mines[b] = by_k[k]
    others = products_without(polys)
    for c, (_part, boxes), rest in zip(solved, parts, others, strict=True):
        for local, b in enumerate(boxes):
            box_mines[b] = convolve(c.box_mines[local], rest)
    # One witness per mine number: a mine number for every part, found part by part.
    reach: dict[int, list[int]] = {0: []}
    for c in solved:
        reach = {total + m: [*chosen, m] for total, chosen in reach.items()
                 for m in c.mine_numbers() if c.layouts(m)}
    examples: list[Assignment | None] = [None] * len(counts)
    for total, chosen in reach.items():
        assign = [0] * len(sizes)
        for b, k in fixed.items():
            assign[b] = k
        for c, (_part, boxes), m in zip(solved, parts, chosen, strict=True):
            example = c.example(m)
            assert example is not None
            for local, b in enumerate(boxes):
                assign[b] = example[local]
        examples[total + shift - low] = tuple(assign)
    return ComponentCount(low, counts, tuple(box_mines), tuple(examples))
