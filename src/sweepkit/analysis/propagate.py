"""CONSISTENCY by search with propagation: one layout of a component, or proof that it
has none, without counting.

Each box holds a range of mine numbers ``[lo, hi]`` (from 0 to its size); each equation
``Σ boxes = need`` narrows the ranges of its boxes to what the others leave room for
(bounds consistency: every rule of the form "this number is satisfied, the rest are
safe" or "it needs all its cells" is a case). The search fixes one undecided box at a
time (fewest mines first), propagates, and backs up on a contradiction: the
Davis–Putnam–Logemann–Loveland scheme, with Minesweeper's equations as the clauses.

The counting solvers (the box dynamic programme) cost grows with how many equations
are open at once, which on a board drawn from a circuit (Kaye's reduction:
:mod:`sweepkit.reductions.layout`) is the number of its live signals and more; this
search instead follows the circuit: deciding a wire's cell decides the whole wire, and
gates and crossovers pass the values on, so it finds a layout or a contradiction after
few choices when it chooses in the circuit's order (the inputs, at the left edge,
first). :func:`sweepkit.analysis.consistency.find_witness` tries it first on large
components when the mine count plays no part.

>>> from sweepkit.constraints import Component
>>> two = Component((1, 1, 1), (((0, 1), 1), ((1, 2), 1)), ((7,), (8,), (9,)), (3, 4))
>>> component_witness(two)
(1, 0, 1)
>>> component_witness(Component((1, 1), (((0, 1), 1), ((0, 1), 2)), ((7,), (8,)), (3, 4)))
"""

from __future__ import annotations

from sweepkit.analysis.box_search import SearchBudgetExceeded, box_order, equation_tables
from sweepkit.analysis.budget import check
from sweepkit.constraints import Component


def component_witness(component: Component, budget: int | None = None,
                      order: list[int] | None = None) -> tuple[int, ...] | None:
    """Mines in each box of one layout of ``component``, or None when it has none.
    Boxes are chosen in ``order`` (default: the connectivity order of the box search).
    SearchBudgetExceeded after ``budget`` choices (None: no limit)."""
    sizes, rows = component.sizes, component.rows
    n = len(sizes)
    lo = [0] * n
    hi = list(sizes)
    box_rows = equation_tables(component)[0]
    trail: list[tuple[int, int, int]] = []

    def propagate(queue: list[int]) -> bool:
        queued = set(queue)
        while queue:
            r = queue.pop()
            queued.discard(r)
            bs, need = rows[r]
            low = high = 0
            for b in bs:
                low += lo[b]
                high += hi[b]
            if low > need or high < need:
                return False
            if low == high:
                continue
            changed = False
            for b in bs:
                new_lo = max(lo[b], need - (high - hi[b]))
                new_hi = min(hi[b], need - (low - lo[b]))
                if new_lo == lo[b] and new_hi == hi[b]:
                    continue
                if new_lo > new_hi:
                    return False
                trail.append((b, lo[b], hi[b]))
                low += new_lo - lo[b]
                high += new_hi - hi[b]
                lo[b], hi[b] = new_lo, new_hi
                changed = True
                for r2 in box_rows[b]:
                    if r2 not in queued:
                        queue.append(r2)
                        queued.add(r2)
            if changed and r not in queued:
                queue.append(r)
                queued.add(r)
        return True

    def undo(mark: int) -> None:
        while len(trail) > mark:
            b, old_lo, old_hi = trail.pop()
            lo[b], hi[b] = old_lo, old_hi

    if not propagate(list(range(len(rows)))):
        return None
    if order is None:
        order = box_order(sizes, rows)
    # the search as a loop: each frame is (position in order, box, next value to try,
    # trail mark); a frame's box is the first undecided one from its position on
    stack: list[list[int]] = []
    start = 0
    nodes = 0
    while True:
        while start < n and lo[order[start]] == hi[order[start]]:
            start += 1
        if start == n:
            return tuple(lo)
        box = order[start]
        stack.append([start, box, lo[box], len(trail)])
        while stack:
            frame = stack[-1]
            at, box, value, mark = frame
            undo(mark)
            if value > hi[box]:
                stack.pop()
                continue
            frame[2] = value + 1
            nodes += 1
            if budget is not None and nodes > budget:
                raise SearchBudgetExceeded(budget)
            if nodes % 256 == 0:
                check()
            trail.append((box, lo[box], hi[box]))
            lo[box] = hi[box] = value
            if propagate(list(box_rows[box])):
                start = at + 1
                break
        else:
            return None
