"""Fast enumeration of every layout, depth-first over the constraint system.

Components are solved box by box (the same pruning as the counter), each box
assignment is expanded to the cell combinations it stands for, and the floating cells
are filled last; with the mine count, a component only takes mine numbers that the
components after it and the floating pool can still complete. Layouts come out one by
one (a generator), so a ``limit`` stops the work early. The problem is Kadlac's (list
every layout consistent with a position: *Explorations of the Minesweeper Consistency
Problem*, 2003, §6 [Kadlac2003], reproduced faithfully in :mod:`.kadlac_bfs`); this
depth-first method over boxes is ours.

>>> from sweepkit.position import Position
>>> sorted(sorted(s) for s in enumerate_layouts(Position.from_rows(["1?", "??"])))
[[1], [2], [3]]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from sweepkit.analysis.budget import check
from sweepkit.analysis.count.box_search import box_bounds, box_order, equation_tables
from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.dead_cells.supports import Support, pool_fills, sumset, support_of
from sweepkit.constraints import Component, build_system
from sweepkit.position import Position


def component_assignments(component: Component) -> Iterator[tuple[int, ...]]:
    """Every box assignment (mines per box) of a component that satisfies its equations,
    depth first (a loop with its own stack: components of thousands of boxes, such as
    the boards of a reduction, go deeper than Python's recursion)."""
    sizes = component.sizes
    n = len(sizes)
    if n == 0:
        yield ()
        return
    order = box_order(sizes, component.rows)
    box_rows, need, room = equation_tables(component)
    assign = [0] * n
    stack: list[list[int]] = []     # [position in order, next value, highest, value applied]

    def enter(pos: int) -> None:
        b = order[pos]
        lo, hi = box_bounds(box_rows[b], sizes[b], need, room)
        for r in box_rows[b]:
            room[r] -= sizes[b]
        stack.append([pos, lo, hi, -1])

    enter(0)
    steps = 0
    while stack:
        steps += 1
        if not steps & 0xFFF:  # a search can run long between layouts: keep to the budget
            check()
        frame = stack[-1]
        pos, k, hi, applied = frame
        b = order[pos]
        rs = box_rows[b]
        if applied >= 0:
            for r in rs:
                need[r] += applied
            frame[3] = -1
        if k > hi:
            stack.pop()
            assign[b] = 0
            for r in rs:
                room[r] += sizes[b]
            continue
        frame[1] = k + 1
        frame[3] = k
        for r in rs:
            need[r] -= k
        assign[b] = k
        if pos + 1 == n:
            yield tuple(assign)
        else:
            enter(pos + 1)


def _cell_layouts(component: Component, allowed: set[int] | None
                  ) -> Iterator[tuple[int, tuple[int, ...]]]:
    """(mines, mine cells) for every cell layout of a component, mine numbers in
    ``allowed`` only (all when None)."""
    for assignment in component_assignments(component):
        m = sum(assignment)
        if allowed is not None and m not in allowed:
            continue
        choices = [itertools.combinations(box, k)
                   for box, k in zip(component.boxes, assignment, strict=True)]
        for parts in itertools.product(*choices):
            yield m, tuple(c for part in parts for c in part)


def enumerate_layouts(position: Position, use_mine_count: bool = True,
                      limit: int | None = None) -> Iterator[frozenset[int]]:
    """Every layout (mine cells, known mines included), at most ``limit`` of them.

    Depth first over the components in order, with a stack of its own (a board of
    thousands of components goes deeper than Python's recursion); with the mine count,
    a component takes only the mine numbers the components after it and the floating
    cells can complete (a bit set of the mine numbers each suffix of components can take).
    """
    system = build_system(position)
    if system.impossible:
        return
    components = system.components
    floating = system.floating
    with_count = use_mine_count and system.remaining is not None
    known = frozenset(position.known_mines())
    # reach[i]: the mine numbers components i.. can take between them
    reach: list[Support] = [(0, 1)] * (len(components) + 1)
    for i in range(len(components) - 1, -1, -1):
        reach[i] = sumset(support_of(solve_component(components[i])), reach[i + 1])

    def allowed(i: int, count: int) -> set[int] | None:
        """The mine numbers component ``i`` may take after ``count`` mines before it."""
        if not with_count:
            return None
        r = system.remaining - count
        return {m for m in range(min(r, sum(components[i].sizes)) + 1)
                if next(pool_fills(reach[i + 1], r - m - len(floating), r - m), None)
                is not None}

    def completed(mines: list[int], count: int) -> Iterator[frozenset[int]]:
        if with_count:
            sizes: Iterable[int] = (system.remaining - count,)
        else:
            sizes = range(len(floating) + 1)
        for r in sizes:
            if 0 <= r <= len(floating):
                for extra in itertools.combinations(floating, r):
                    yield known | set(mines) | set(extra)

    def layouts() -> Iterator[frozenset[int]]:
        if not components:
            yield from completed([], 0)
            return
        mines: list[int] = []
        # per component placed: its layouts still to try, and the mines before it
        stack = [(_cell_layouts(components[0], allowed(0, 0)), 0, 0)]
        while stack:
            options, base, before = stack[-1]
            del mines[base:]
            step = next(options, None)
            if step is None:
                stack.pop()
                continue
            m, cells = step
            mines.extend(cells)
            if len(stack) == len(components):
                yield from completed(mines, before + m)
            else:
                i = len(stack)
                stack.append((_cell_layouts(components[i], allowed(i, before + m)),
                              len(mines), before + m))

    found = layouts()
    yield from found if limit is None else itertools.islice(found, limit)

