"""Depth-first search over a component's boxes: the first route of every component count.

A box of s cells takes k mines in C(s, k) ways; each equation's remaining need and the room
left in its other boxes bound k (:func:`box_bounds`, shared with the enumeration of
:mod:`sweepkit.analysis.papers.enumerate`), so dead branches are cut at once. Grouping cells into
boxes (cells in exactly the same equations) and splitting the frontier into independent
components is the classic set-up of exact Minesweeper solvers, from Studholme, *Minesweeper
as a Constraint Satisfaction Problem*, 2000, §3 [Studholme2000] (docs/bibliography.md).
The search is exponential in the worst case;
:func:`sweepkit.analysis.count.component.solve_component` gives it a node limit and then
falls back to methods whose cost grows with the component's width instead. Its tables hold
only the mine numbers it reaches (not every number up to the component's cells), and it
checks the open budget (:mod:`sweepkit.analysis.budget`) every 1,024 nodes. A search with a
node limit runs compiled when the machine could build :mod:`.native`'s library (the same
search step for step, in C; the budget checked before it, the limit keeping it to
milliseconds), else here.
:func:`has_layout` is the same search stopped at the first layout (existence, not a count);
:class:`Examples` is the shape of the examples the fallbacks make on demand.

>>> from sweepkit.constraints import Component
>>> two = Component((1, 1, 1), (((0, 1), 1), ((1, 2), 1)), ((0,), (1,), (2,)), (7, 8))
>>> solved = search_component(two)
>>> solved.low, solved.by_mines, solved.box_mines
(1, (1, 1), ((0, 1), (1, 0), (0, 1)))
"""

from __future__ import annotations

import ctypes
from array import array
from collections.abc import Sequence
from heapq import heapify, heappop, heappush
from itertools import accumulate, chain
from math import comb
from struct import unpack_from

from sweepkit.analysis.budget import check, check_size
from sweepkit.analysis.count import native
from sweepkit.analysis.count.component_count import Assignment, ComponentCount, no_layout
from sweepkit.constraints import Component

Rows = tuple[tuple[tuple[int, ...], int], ...]
"""A component's equations in box terms: ``(box indices, need)``."""


class Examples(Sequence):
    """One box assignment per mine number of a component (``ComponentCount.examples``),
    each made the first time it is asked for: the fallbacks for big components would
    otherwise build one assignment of every box for every mine number, a table of boxes ×
    mine numbers that is rarely read (a witness needs one). Behaves as the tuple it stands
    for (indexing, slices, ``len``, equality, ``repr``). ``present`` is the bit set of the
    indices that have an assignment; subclasses give :meth:`make`.
    """

    def __init__(self, length: int, present: int) -> None:
        self.length = length
        self.present = present
        self.made: dict[int, Assignment] = {}

    def make(self, index: int) -> Assignment:
        """The assignment for mine number ``low + index`` (which has layouts)."""
        raise NotImplementedError

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self.length)))
        if index < 0:
            index += self.length
        if not 0 <= index < self.length:
            raise IndexError("example index out of range")
        if not self.present >> index & 1:
            return None
        found = self.made.get(index)
        if found is None:
            found = self.made[index] = self.make(index)
        return found

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == self.length and all(a == b for a, b in zip(self, other,
                                                                          strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


class SearchLimitExceeded(Exception):
    """A search ran past its limit: the node limit of :func:`search_component`,
    :func:`search_by_row` or :func:`has_layout`, or the conflict limit of
    :mod:`sweepkit.analysis.decide.sat`."""


SCAN_BOXES = 64
"""Components of at most this many boxes are ordered by a scan, bigger ones with a heap."""


def box_order(sizes: tuple[int, ...], rows: Rows) -> list[int]:
    """A connectivity order of the boxes: each next box shares the most equations with
    the boxes already placed (ties: the box in the most equations, then the smallest)."""
    n = len(sizes)
    box_rows: list[list[int]] = [[] for _ in range(n)]
    for r, (bs, _need) in enumerate(rows):
        for b in bs:
            box_rows[b].append(r)
    # score = touched equations * 10^4 + equations * 10^2 + (99 - size); boxes have <= 8 cells
    score = [len(box_rows[b]) * 100 + 99 - sizes[b] for b in range(n)]
    order = []
    if n <= SCAN_BOXES:  # a scan of the boxes left: cheapest on small components
        left = dict(enumerate(score))
        while left:
            best = max(left, key=left.__getitem__)
            del left[best]
            order.append(best)
            for r in box_rows[best]:
                for c in rows[r][0]:
                    if c in left:
                        left[c] += 10_000
        return order
    # a heap of (-score, box), stale entries skipped: the best box, the smallest on ties, in
    # O(log n) per step (the scan would make big components quadratic)
    heap = [(-s, b) for b, s in enumerate(score)]
    heapify(heap)
    placed = [False] * n
    while heap:
        s, best = heappop(heap)
        if placed[best] or -s != score[best]:
            continue
        placed[best] = True
        order.append(best)
        for r in box_rows[best]:
            for c in rows[r][0]:
                if not placed[c]:
                    score[c] += 10_000
                    heappush(heap, (-score[c], c))
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
    size_of = sizes.__getitem__
    room = [sum(map(size_of, bs)) for bs, _v in rows]
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


def search_component(component: Component, node_limit: int | None = None) -> ComponentCount:
    """Count a component by plain depth-first search over box assignments.

    Exponential in the number of box solutions, but with strong pruning and little
    overhead it settles most frontiers fastest; tests compare it with the box DP
    (:func:`sweepkit.analysis.count.box_dp.dp_component`). With ``node_limit``,
    raises :class:`SearchLimitExceeded` after that many search nodes. Recursive: one frame per
    box (callers keep it to components of at most a few hundred boxes).
    """
    return _counted(component, _search(component, node_limit, None).get(0, {}))


def search_by_row(component: Component, row: int, node_limit: int | None = None
                  ) -> dict[int, ComponentCount]:
    """The counts of ``component`` for every need of its equation ``row``, by need (only the
    needs that have layouts): what :func:`search_component` gives the component with that
    equation's need set to k, for each k, from one search that leaves the equation out
    and sorts each layout by the mines it puts in the equation's boxes. The counts are the
    same; the examples may be other layouts. ``node_limit`` as in :func:`search_component`.
    """
    return {k: _counted(component, rows) for k, rows in
            sorted(_search(component, node_limit, row).items())}


def _search(component: Component, node_limit: int | None, free: int | None
            ) -> dict[int, dict[int, list]]:
    """The search of :func:`search_component`, with equation ``free`` (if any) left out of
    the bounds: per mines in ``free``'s boxes (0 without it), per mine number, the row
    ``[layouts, one assignment, mines of each box summed]``."""
    if node_limit is not None:
        found = _compiled(component, node_limit, free)
        if found is not None:
            return found
    sizes = component.sizes
    n = len(sizes)
    order = box_order(sizes, component.rows)
    box_rows, need, room = equation_tables(component)
    free_boxes: tuple[int, ...] = ()
    if free is not None:
        free_boxes = component.rows[free][0]
        box_rows = [[r for r in rs if r != free] for rs in box_rows]
    # per mines in the free equation's boxes, then per number of mines reached: [layouts,
    # one assignment, mines of each box summed]; only the mine numbers that have layouts get
    # a row (no table over every possible number)
    found: dict[int, dict[int, list]] = {}
    assign = [0] * n
    plan = [(b, sizes[b], box_rows[b], [comb(sizes[b], k) for k in range(sizes[b] + 1)])
            for b in order]

    nodes = [node_limit if node_limit is not None else -1]
    placed: list[tuple[int, int]] = []  # (box, mines) of the boxes holding mines

    def search(pos: int, mines: int, weight: int) -> None:
        # One node per box, as a recursion of one call per box would count them: the boxes
        # whose mines are forced (one number left) are placed in a loop, and undone at the
        # end, so only the boxes with a choice recurse.
        forced = []
        while True:
            left = nodes[0] = nodes[0] - 1
            if left == 0:
                raise SearchLimitExceeded
            if not left & 1023:
                check()
            if pos == n:
                held = sum(assign[b] for b in free_boxes) if free_boxes else 0
                rows = found.get(held)
                if rows is None:
                    rows = found[held] = {}
                row = rows.get(mines)
                if row is None:
                    row = rows[mines] = [0, tuple(assign), [0] * n]
                row[0] += weight
                sums = row[2]
                for b, k in placed:
                    sums[b] += weight * k
                break
            b, size, rs, weights = plan[pos]
            lo, hi = 0, size  # :func:`box_bounds`, inline
            for r in rs:
                v = need[r]
                if v - room[r] + size > lo:
                    lo = v - room[r] + size
                if v < hi:
                    hi = v
            if lo > hi:
                break
            for r in rs:
                room[r] -= size
            if lo == hi:
                if lo:
                    for r in rs:
                        need[r] -= lo
                    assign[b] = lo
                    placed.append((b, lo))
                    mines += lo
                    weight *= weights[lo]
                forced.append(plan[pos])
                pos += 1
                continue
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
            break
        for b, size, rs, _weights in reversed(forced):
            k = assign[b]
            if k:
                for r in rs:
                    need[r] += k
                assign[b] = 0
                placed.pop()
            for r in rs:
                room[r] += size

    search(0, 0, 1)
    return found


ROWS_AT_FIRST = 16
"""Rows (mine numbers reached) the compiled search's answer is given room for at first; it
says when it needs more, and runs again with that room."""


def _compiled(component: Component, node_limit: int, free: int | None
              ) -> dict[int, dict[int, list]] | None:
    """:func:`_search` by the compiled search (:mod:`.native`), the same rows; ``None``
    when there is none, or when its numbers would not fit in 128 bits (the Python search
    then counts). Raises :class:`SearchLimitExceeded` as the Python search does."""
    lib = native.library()
    if lib is None:
        return None
    check()
    sizes, rows = component.sizes, component.rows
    n = len(sizes)
    boxes = array("i", chain.from_iterable(bs for bs, _need in rows))
    starts = array("i", accumulate((len(bs) for bs, _need in rows), initial=0))
    held = sum(map(sizes.__getitem__, rows[free][0])) if free is not None else 0
    arrays = [array("i", sizes), starts, boxes or array("i", [0]),
              array("i", [need for _bs, need in rows] or [0])]
    pointers = [a.buffer_info()[0] for a in arrays]
    row_bytes = 24 + 20 * n
    capacity = row_bytes * ROWS_AT_FIRST
    used = ctypes.c_int64(0)
    while True:
        out = bytearray(capacity)
        address = ctypes.addressof(ctypes.c_char.from_buffer(out))
        status = lib.box_search(n, pointers[0], pointers[1], pointers[2], len(rows),
                                pointers[3], -1 if free is None else free, node_limit, held,
                                sum(sizes), address, capacity, ctypes.byref(used))
        if status != 3:
            break
        capacity = used.value
    if status == 1:
        raise SearchLimitExceeded
    if status:
        return None  # past 128 bits, or out of memory: the Python search counts
    found: dict[int, dict[int, list]] = {}
    for at in range(0, used.value, row_bytes):
        k, mines, low, high = unpack_from("<iiQQ", out, at)
        example = array("i")
        example.frombytes(out[at + 24:at + 24 + 4 * n])
        halves = array("Q")
        halves.frombytes(out[at + 24 + 4 * n:at + row_bytes])
        sums = halves[::2].tolist()
        if any(halves[1::2]):  # a sum past 64 bits
            sums = [low_half | high_half << 64
                    for low_half, high_half in zip(sums, halves[1::2], strict=True)]
        found.setdefault(k, {})[mines] = [low | high << 64, tuple(example), sums]
    return found


def _counted(component: Component, rows: dict[int, list]) -> ComponentCount:
    """The :class:`ComponentCount` of a search's rows (:func:`_search`)."""
    n = len(component.sizes)
    if not rows:
        return no_layout(n)
    low = min(rows)
    width = max(rows) - low + 1
    check_size(n * width, "the box table of a searched component")
    zeros = [0] * n
    empty = [0, None, zeros]
    table = [rows.get(m, empty) for m in range(low, low + width)]
    return ComponentCount(low, tuple(row[0] for row in table),
                          tuple(zip(*[row[2] for row in table], strict=True)) if n else (),
                          tuple(row[1] for row in table))


def has_layout(component: Component, node_limit: int | None = None) -> bool:
    """Whether a component has a layout at all: the search of :func:`search_component`
    (same order, same bounds), stopped at the first complete assignment. Much cheaper than a
    count when layouts are many. With ``node_limit``, raises :class:`SearchLimitExceeded`
    after that many search nodes. Not recursive.

    >>> from sweepkit.constraints import Component
    >>> has_layout(Component((1, 1), (((0, 1), 1), ((0,), 1), ((1,), 1)), ((0,), (1,)), ()))
    False
    """
    sizes = component.sizes
    n = len(sizes)
    order = box_order(sizes, component.rows)
    box_rows, need, room = equation_tables(component)
    if any(v < 0 or v > r for v, r in zip(need, room, strict=True)):
        return False
    left = node_limit if node_limit is not None else -1
    # explicit stack: at each depth, the box's next mine number to try and its last one
    tries = [0] * (n + 1)
    last = [0] * (n + 1)
    pos = 0
    entering = True
    while True:
        if entering:
            if pos == n:
                return True
            left -= 1
            if left == 0:
                raise SearchLimitExceeded
            if not left & 1023:
                check()
            b = order[pos]
            lo, hi = box_bounds(box_rows[b], sizes[b], need, room)
            for r in box_rows[b]:
                room[r] -= sizes[b]
            tries[pos], last[pos] = lo, hi
        else:
            b = order[pos]
            k = tries[pos] - 1  # undo the mines placed before going deeper
            for r in box_rows[b]:
                need[r] += k
        k = tries[pos]
        if k <= last[pos]:
            for r in box_rows[b]:
                need[r] -= k
            tries[pos] = k + 1
            pos += 1
            entering = True
            continue
        for r in box_rows[b]:  # every mine number tried: back up
            room[r] += sizes[b]
        if pos == 0:
            return False
        pos -= 1
        entering = False
