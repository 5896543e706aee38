"""Depth-first search over a component's boxes: the first route of every component count.

A box of s cells takes k mines in C(s, k) ways; each equation's remaining need and the room
left in its other boxes bound k (:func:`box_bounds`, shared with the enumeration of
:mod:`sweepkit.analysis.enumerate`), so dead branches are cut at once. Grouping cells into
boxes (cells in exactly the same equations) and splitting the frontier into independent
components is the classic set-up of exact Minesweeper solvers, from Studholme, *Minesweeper
as a Constraint Satisfaction Problem*, 2000, §3 [Studholme2000] (docs/bibliography.md).
The search is exponential in the worst case; :func:`sweepkit.analysis.component.solve_component`
gives it a node budget and then falls back to methods whose cost grows with the component's
width instead.

>>> from sweepkit.constraints import Component
>>> two = Component((1, 1, 1), (((0, 1), 1), ((1, 2), 1)), ((0,), (1,), (2,)), (7, 8))
>>> solved = search_component(two)
>>> solved.low, solved.by_mines, solved.box_mines
(1, (1, 1), ((0, 1), (1, 0), (0, 1)))
"""

from __future__ import annotations

from math import comb

from sweepkit.analysis.poly import Assignment, ComponentCount, no_layout, trimmed
from sweepkit.constraints import Component

Rows = tuple[tuple[tuple[int, ...], int], ...]
"""A component's equations in box terms: ``(box indices, need)``."""


class SearchBudgetExceeded(Exception):
    """Raised by :func:`search_component` when its node budget runs out."""


def box_order(sizes: tuple[int, ...], rows: Rows) -> list[int]:
    """A connectivity order of the boxes: each next box shares the most equations with
    the boxes already placed (ties: the box in the most equations, then the smallest)."""
    n = len(sizes)
    box_rows: list[list[int]] = [[] for _ in range(n)]
    for r, (bs, _need) in enumerate(rows):
        for b in bs:
            box_rows[b].append(r)
    # score = touched equations * 10^4 + equations * 10^2 + (99 - size); boxes have <= 8 cells
    score = {b: len(box_rows[b]) * 100 + 99 - sizes[b] for b in range(n)}
    order = []
    while score:
        best = max(score, key=score.__getitem__)
        del score[best]
        order.append(best)
        for r in box_rows[best]:
            for c in rows[r][0]:
                if c in score:
                    score[c] += 10_000
    return order


def equation_tables(component: Component) -> tuple[list[list[int]], list[int], list[int]]:
    """Mutable tables that box-by-box solvers start from: the equations of each box, each
    equation's remaining need, and its room (cells still free)."""
    sizes, rows = component.sizes, component.rows
    box_rows: list[list[int]] = [[] for _ in sizes]
    for r, (bs, _need) in enumerate(rows):
        for b in bs:
            box_rows[b].append(r)
    need = [v for _bs, v in rows]
    room = [sum(sizes[b] for b in bs) for bs, _v in rows]
    return box_rows, need, room


def box_bounds(rows_of_box: list[int], size: int, need: list[int], room: list[int]
               ) -> tuple[int, int]:
    """The fewest and most mines a box of ``size`` cells can take: each of its equations
    must still be met by the room left after it (``need - (room - size)`` at least) and
    cannot be exceeded (``need`` at most). ``lo > hi`` means a dead branch.

    >>> box_bounds([0, 1], 2, [2, 1], [3, 4])
    (1, 1)
    """
    lo, hi = 0, size
    for r in rows_of_box:
        left = need[r] - (room[r] - size)
        if left > lo:
            lo = left
        if need[r] < hi:
            hi = need[r]
    return lo, hi


def single_equation(component: Component) -> ComponentCount:
    """Closed form for a component of one equation: N mines among S cells, C(S, N) ways,
    each box of s cells holding s * C(S-1, N-1) mines in total.

    >>> from sweepkit.constraints import Component
    >>> single_equation(Component((2, 1), (((0, 1), 1),), ((0, 1), (2,)), (5,)))
    ComponentCount(low=1, by_mines=(3,), box_mines=((2,), (1,)), examples=((1, 0),))
    """
    sizes = component.sizes
    ((_boxes, need),) = component.rows
    top = sum(sizes)
    if not 0 <= need <= top:
        return no_layout(len(sizes))
    box_mines = [(size * comb(top - 1, need - 1) if need else 0,) for size in sizes]
    example, left = [], need
    for size in sizes:
        example.append(min(size, left))
        left -= example[-1]
    return ComponentCount(need, (comb(top, need),), tuple(box_mines), (tuple(example),))


def search_component(component: Component, budget: int | None = None) -> ComponentCount:
    """Count a component by plain depth-first search over box assignments.

    Exponential in the number of box solutions, but with strong pruning and little
    overhead it settles most frontiers fastest; tests compare it with the box DP
    (:func:`sweepkit.analysis.box_dp.dp_component`). With ``budget``, raises
    :class:`SearchBudgetExceeded` after that many search nodes. Recursive: one frame per
    box (callers keep it to components of at most a few hundred boxes).
    """
    sizes = component.sizes
    n = len(sizes)
    order = box_order(sizes, component.rows)
    box_rows, need, room = equation_tables(component)
    top = sum(sizes)
    counts = [0] * (top + 1)
    box_mines = [[0] * (top + 1) for _ in range(n)]
    examples: list[Assignment | None] = [None] * (top + 1)
    assign = [0] * n
    plan = [(b, sizes[b], box_rows[b], [comb(sizes[b], k) for k in range(sizes[b] + 1)])
            for b in order]

    nodes = [budget if budget is not None else -1]
    placed: list[tuple[int, int]] = []  # (box, mines) of the boxes holding mines

    def search(pos: int, mines: int, weight: int) -> None:
        nodes[0] -= 1
        if nodes[0] == 0:
            raise SearchBudgetExceeded
        if pos == n:
            counts[mines] += weight
            for b, k in placed:
                box_mines[b][mines] += weight * k
            if examples[mines] is None:
                examples[mines] = tuple(assign)
            return
        b, size, rs, weights = plan[pos]
        lo, hi = box_bounds(rs, size, need, room)
        if lo > hi:
            return
        for r in rs:
            room[r] -= size
        for k in range(lo, hi + 1):
            for r in rs:
                need[r] -= k
            assign[b] = k
            if k:
                placed.append((b, k))
                search(pos + 1, mines + k, weight * weights[k])
                placed.pop()
            else:
                search(pos + 1, mines, weight)
            for r in rs:
                need[r] += k
        assign[b] = 0
        for r in rs:
            room[r] += size

    search(0, 0, 1)
    return trimmed(counts, box_mines, examples)
