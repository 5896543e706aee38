"""Exact counting of layouts: per component by mine number, then for the whole board.

A component is solved by a depth-first search over its **boxes** (not cells): box b
takes k mines in C(size, k) ways, and each equation's remaining need and capacity bound
k, so dead branches are cut at once (hard components fall back to the transfer matrix when
they are strips, else to a box DP: see ``solve_component``). The result is a polynomial
(mines -> weighted number of layouts) plus, for every box, the mine-weighted counts that
give exact probabilities. Results are cached in a module-level LRU cache keyed by the component's
abstract structure (box sizes and equations), so during a game only components that
changed are solved again: this is the **incremental** mechanism (see ``solve_component``).

Whole board: without a mine count every floating cell doubles the count (the seeds'
convention: Kadlac's all-unknown 3x3 has 512 layouts); with one, the components'
polynomials are convolved and weighted by C(floating, remaining - m).

>>> from sweepkit.position import Position
>>> count_layouts(Position.unknown(3, 3))
512
>>> count_layouts(Position.from_rows(["1?", "??"], mines=2))
0
>>> layouts_by_mines(Position.from_rows(["1?", "??"]))
{1: 3}
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

from sweepkit.analysis.strip_route import strip_count, strip_crop
from sweepkit.constraints import Component, ConstraintSystem, build_system
from sweepkit.position import Position

Poly = tuple[int, ...]
"""A polynomial in the number of mines: ``poly[m]`` = weighted layouts with m mines."""


@dataclass(frozen=True)
class ComponentCount:
    """The solved component.

    ``by_mines[m]``: layouts of the component's cells with m mines. ``box_mines[b][m]``:
    sum over those layouts of the mines in box b (divide by the box size for one cell).
    ``examples[m]``: one box assignment (mines per box) with m mines, for witnesses.
    """

    by_mines: Poly
    box_mines: tuple[Poly, ...]
    examples: tuple[tuple[int, ...] | None, ...]

    @property
    def total(self) -> int:
        return sum(self.by_mines)


def box_order(sizes: tuple[int, ...], rows: tuple[tuple[tuple[int, ...], int], ...]
              ) -> list[int]:
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


@lru_cache(maxsize=4096)
def solve_component(component: Component) -> ComponentCount:
    """Count a component's layouts by mine number (cached by ``component.key``).

    In order: the closed form of a single equation; the boxes forced by single equations
    fixed and the rest split into parts (each solved, and cached, on its own); a
    depth-first search (:func:`search_component`) with a budget of :data:`SEARCH_BUDGET`
    nodes; when that runs out, the transfer matrix if the component fits in a strip (its
    cells and numbers in a box at most ``strip_route.ROUTE_ROWS`` high, see
    :mod:`sweepkit.analysis.strip_route`), else the dynamic programme of
    :func:`dp_component` (after a longer search, :data:`WIDE_SEARCH_BUDGET`, when the
    programme would keep more than :data:`DP_MAX_WIDTH` equations open at once). Both
    fallbacks cost in proportion to the component's width, not to its number of layouts.
    Components of more than :data:`SEARCH_MAX_BOXES` boxes skip the (recursive) search.

    The cache is module-level (``solve_component.cache_info()`` / ``cache_clear()``);
    Component equality and hash use only the abstract key, so equal structures anywhere
    on any board share one entry.
    """
    if len(component.rows) == 1:
        return single_equation(component)
    split = split_forced(component)
    if split is not None:
        return combine_split(component, *split)
    searchable = len(component.sizes) <= SEARCH_MAX_BOXES
    if searchable:
        try:
            return search_component(component, budget=SEARCH_BUDGET)
        except SearchBudgetExceeded:
            pass
    crop = strip_crop(component)  # only now: most components never get here
    if crop is not None:
        return ComponentCount(*strip_count(component, crop))
    order = width_order(component.sizes, component.rows)
    if searchable and _open_width(order, component.rows) > DP_MAX_WIDTH:
        try:
            return search_component(component, budget=WIDE_SEARCH_BUDGET)
        except SearchBudgetExceeded:
            pass
    return dp_component(component, order)


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


def split_forced(component: Component
                 ) -> tuple[dict[int, int], list[tuple[Component, list[int]]]] | None:
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


def combine_split(component: Component, fixed: dict[int, int],
                  parts: list[tuple[Component, list[int]]]) -> ComponentCount:
    """A component's count from its forced boxes and its independently solved parts."""
    sizes = component.sizes
    top = sum(sizes)
    empty = ComponentCount((0,) * (top + 1), tuple((0,) * (top + 1) for _ in sizes),
                           (None,) * (top + 1))
    if fixed.get(-1) == -1:
        return empty
    shift = sum(fixed.values())
    solved = [solve_component(part) for part, _boxes in parts]
    polys = [c.by_mines for c in solved]
    product: Poly = (1,)
    for poly in polys:
        product = convolve(product, poly)
    if not any(product):
        return empty

    def padded(poly: Poly, offset: int) -> tuple[int, ...]:
        out = [0] * (top + 1)
        for m, w in enumerate(poly):
            if w:
                out[m + offset] += w
        return tuple(out)

    counts = padded(product, shift)
    box_mines: list[tuple[int, ...]] = [()] * len(sizes)
    by_k: dict[int, tuple[int, ...]] = {}
    for b, k in fixed.items():
        if k not in by_k:
            by_k[k] = tuple(k * w for w in counts)
        box_mines[b] = by_k[k]
    for i, (c, (_part, boxes)) in enumerate(zip(solved, parts, strict=True)):
        others: Poly = (1,)
        for j, poly in enumerate(polys):
            if j != i:
                others = convolve(others, poly)
        for local, b in enumerate(boxes):
            box_mines[b] = padded(convolve(c.box_mines[local], others), shift)
    # One witness per mine number: a mine number for every part, found part by part.
    reach: dict[int, list[int]] = {0: []}
    for c in solved:
        reach = {total + m: [*chosen, m] for total, chosen in reach.items()
                 for m, w in enumerate(c.by_mines) if w}
    examples: list[tuple[int, ...] | None] = [None] * (top + 1)
    for total, chosen in reach.items():
        assign = [0] * len(sizes)
        for b, k in fixed.items():
            assign[b] = k
        for c, (_part, boxes), m in zip(solved, parts, chosen, strict=True):
            example = c.examples[m]
            assert example is not None
            for local, b in enumerate(boxes):
                assign[b] = example[local]
        examples[total + shift] = tuple(assign)
    return ComponentCount(counts, tuple(box_mines), tuple(examples))


SEARCH_BUDGET = 2_000
"""Search nodes tried (about 2.5 ms) before a component goes to a fallback whose cost grows
with its width, not with its number of layouts. The search is faster on most frontiers
(strong pruning, tiny overhead) and settles almost every component of a game within this
budget. On the 33 components of random 30–60%-revealed expert boards that it does not
settle, the box DP straight away took 1.5 s in all (median 13 ms), a
:data:`WIDE_SEARCH_BUDGET` search first 3.1 s (median 20 ms): ``python
benchmarks/bench_analysis.py``, case (d)."""

WIDE_SEARCH_BUDGET = 100_000
"""The longer search tried before the box DP on a component that keeps more than
:data:`DP_MAX_WIDTH` equations open at once (the programme's states can grow exponentially
with that width)."""

DP_MAX_WIDTH = 14
"""The widest component (most equations open at once along the box order) sent to the box DP
without the longer search first; expert-board components the search does not settle are
6–12 wide."""

SEARCH_MAX_BOXES = 500
"""Larger components skip the search: it recurses once per box (Python's stack is about
1,000 frames deep), and its budget would run out on them anyway."""


class SearchBudgetExceeded(Exception):
    """Raised by :func:`search_component` when its node budget runs out."""


def single_equation(component: Component) -> ComponentCount:
    """Closed form for a component of one equation: N mines among S cells, C(S, N) ways,
    each box of s cells holding s * C(S-1, N-1) mines in total.

    >>> from sweepkit.constraints import Component
    >>> single_equation(Component((2, 1), (((0, 1), 1),), ((0, 1), (2,)), (5,))).box_mines
    ((0, 2, 0, 0), (0, 1, 0, 0))
    """
    sizes = component.sizes
    ((_boxes, need),) = component.rows
    top = sum(sizes)
    counts = [0] * (top + 1)
    box_mines = [[0] * (top + 1) for _ in sizes]
    examples: list[tuple[int, ...] | None] = [None] * (top + 1)
    if 0 <= need <= top:
        counts[need] = comb(top, need)
        if need:
            for b, size in enumerate(sizes):
                box_mines[b][need] = size * comb(top - 1, need - 1)
        example, left = [], need
        for size in sizes:
            example.append(min(size, left))
            left -= example[-1]
        examples[need] = tuple(example)
    return ComponentCount(tuple(counts), tuple(tuple(m) for m in box_mines), tuple(examples))


def search_component(component: Component, budget: int | None = None) -> ComponentCount:
    """Count a component by plain depth-first search over box assignments.

    Exponential in the number of box solutions; kept as an independent second
    algorithm (tests compare it with :func:`dp_component`). With ``budget``, raises
    :class:`SearchBudgetExceeded` after that many search nodes.
    """
    sizes = component.sizes
    n = len(sizes)
    order = box_order(sizes, component.rows)
    box_rows, need, cap = equation_tables(component)
    top = sum(sizes)
    counts = [0] * (top + 1)
    box_mines = [[0] * (top + 1) for _ in range(n)]
    examples: list[tuple[int, ...] | None] = [None] * (top + 1)
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
        lo, hi = 0, size
        for r in rs:
            left = need[r] - (cap[r] - size)
            if left > lo:
                lo = left
            if need[r] < hi:
                hi = need[r]
        if lo > hi:
            return
        for r in rs:
            cap[r] -= size
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
            cap[r] += size

    search(0, 0, 1)
    return ComponentCount(tuple(counts), tuple(tuple(m) for m in box_mines), tuple(examples))


def convolve(a: Poly, b: Poly) -> Poly:
    """Product of two mine polynomials."""
    if not a or not b:
        return ()
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return tuple(out)


def frontier_polynomial(counts: list[ComponentCount]) -> Poly:
    """The product of the components' polynomials (mines on the frontier -> layouts)."""
    poly: Poly = (1,)
    for c in counts:
        poly = convolve(poly, c.by_mines)
    return poly


def floating_weights(floating: int, remaining: int, top: int) -> tuple[list[int], int, int]:
    """Weights ``w[m]`` (m = 0..top frontier mines) proportional to C(floating, remaining - m).

    Returns ``(w, num, den)`` with C(floating, remaining - m) = w[m] * num / den: the small
    relative weights keep probabilities cheap on huge boards, and only one big binomial is
    ever computed (for the total).

    >>> w, num, den = floating_weights(10, 4, 3)
    >>> [x * num // den for x in w] == [comb(10, 4 - m) for m in range(4)]
    True
    """
    weights = [0] * (top + 1)
    lo, hi = max(0, remaining - top), min(floating, remaining)
    if lo > hi:
        return weights, 0, 1
    # rel(r) = hi!/r! * (F-lo)!/(F-r)!, an integer for lo <= r <= hi.
    rel = 1
    for j in range(floating - hi + 1, floating - lo + 1):
        rel *= j
    den = rel
    for r in range(hi, lo - 1, -1):
        if r < hi:
            rel = rel * (r + 1) // (floating - r)
        weights[remaining - r] = rel
    return weights, comb(floating, hi), den


def system_count(system: ConstraintSystem, use_mine_count: bool = True) -> int:
    """Number of layouts of a constraint system (0 if any equation is impossible)."""
    if system.impossible:
        return 0
    counts = [solve_component(c) for c in system.components]
    floating = len(system.floating)
    if not use_mine_count or system.remaining is None:
        total = 1 << floating
        for c in counts:
            total *= c.total
        return total
    poly = frontier_polynomial(counts)
    weights, num, den = floating_weights(floating, system.remaining, len(poly) - 1)
    relative = sum(w * x for w, x in zip(poly, weights, strict=True))
    return relative * num // den if relative else 0


def count_layouts(position: Position, use_mine_count: bool = True) -> int:
    """Exact number of layouts explaining the position (see the module doc for the
    conventions with and without the mine count)."""
    return system_count(build_system(position), use_mine_count)


def layouts_by_mines(position: Position) -> dict[int, int]:
    """Total mines on the board (known ones included) -> number of layouts, ignoring
    the position's own mine count; only non-zero entries.

    >>> layouts_by_mines(Position.from_rows(["*1", "??", "??"]))
    {1: 1, 2: 2, 3: 1}
    """
    system = build_system(position)
    if system.impossible:
        return {}
    poly = frontier_polynomial([solve_component(c) for c in system.components])
    floating = len(system.floating)
    known = len(position.known_mines())
    result: dict[int, int] = {}
    for m, w in enumerate(poly):
        if w:
            for f in range(floating + 1):
                key = known + m + f
                result[key] = result.get(key, 0) + w * comb(floating, f)
    return dict(sorted(result.items()))


def _open_width(order: list[int], rows: tuple[tuple[tuple[int, ...], int], ...]) -> int:
    """Most equations open at once (touched before a step and after it) along ``order``."""
    pos = {b: i for i, b in enumerate(order)}
    delta = [0] * (len(order) + 1)
    for bs, _need in rows:
        places = [pos[b] for b in bs]
        delta[min(places)] += 1
        delta[max(places)] -= 1
    width = current = 0
    for d in delta:
        current += d
        width = max(width, current)
    return width


def _bfs_order(sizes: tuple[int, ...], rows: tuple[tuple[tuple[int, ...], int], ...]
               ) -> list[int]:
    """Cuthill-McKee style: breadth-first over boxes sharing equations, from a box in the
    fewest equations."""
    n = len(sizes)
    nbrs: list[set[int]] = [set() for _ in range(n)]
    for bs, _need in rows:
        for b in bs:
            nbrs[b].update(bs)
    seen = [False] * n
    order: list[int] = []
    for start in sorted(range(n), key=lambda b: len(nbrs[b])):
        if seen[start]:
            continue
        seen[start] = True
        queue = [start]
        for b in queue:
            order.append(b)
            for c in sorted(nbrs[b] - {b}, key=lambda c: len(nbrs[c])):
                if not seen[c]:
                    seen[c] = True
                    queue.append(c)
    return order


def width_order(sizes: tuple[int, ...], rows: tuple[tuple[tuple[int, ...], int], ...]
                ) -> list[int]:
    """Of a few candidate box orders, the one with the fewest equations open at once."""
    candidates = [list(range(len(sizes))), _bfs_order(sizes, rows), box_order(sizes, rows)]
    return min(candidates, key=lambda order: _open_width(order, rows))


def _add_shifted(target: list[int], poly: list[int], shift: int, factor: int) -> None:
    for m, w in enumerate(poly):
        if w:
            target[m + shift] += w * factor


def dp_component(component: Component, order: list[int] | None = None) -> ComponentCount:
    """Count a component by dynamic programming over boxes in a narrow order.

    The state after placing a prefix of the boxes is the remaining need of every
    equation still open; equal states merge, so a long frontier costs its length
    times the number of distinct states, not the number of its layouts. A forward
    pass gives the count polynomial, a backward pass the per-box mine counts.
    ``order`` (a permutation of the boxes) defaults to :func:`width_order`'s.
    """
    sizes, rows = component.sizes, component.rows
    n = len(sizes)
    top = sum(sizes)
    if order is None:
        order = width_order(sizes, rows)
    pos = {b: i for i, b in enumerate(order)}
    first = [min(pos[b] for b in bs) for bs, _ in rows]
    last = [max(pos[b] for b in bs) for bs, _ in rows]
    box_rows: list[list[int]] = [[] for _ in range(n)]
    for r, (bs, _need) in enumerate(rows):
        for b in bs:
            box_rows[b].append(r)
    active: list[list[int]] = [[] for _ in range(n)]  # open after step i
    for r in range(len(rows)):
        for i in range(first[r], last[r]):
            active[i].append(r)
    steps = []
    for i, b in enumerate(order):
        prev_slot = {r: j for j, r in enumerate(active[i - 1])} if i else {}
        rs = box_rows[b]
        sources = [prev_slot.get(r) for r in rs]
        full = [rows[r][1] for r in rs]
        after = [sum(sizes[c] for c in rows[r][0] if pos[c] > i) for r in rs]
        index_in_rs = {r: j for j, r in enumerate(rs)}
        layout = [(index_in_rs[r], -1) if r in index_in_rs else (-1, prev_slot[r])
                  for r in active[i]]
        weights = [comb(sizes[b], k) for k in range(sizes[b] + 1)]
        steps.append((sizes[b], sources, full, after, layout, weights))

    forward: list[dict[tuple[int, ...], list[int]]] = [{(): [1]}]
    transitions: list[dict[tuple[int, ...], list[tuple[int, tuple[int, ...]]]]] = []
    for size, sources, full, after, layout, weights in steps:
        layer: dict[tuple[int, ...], list[int]] = {}
        moves: dict[tuple[int, ...], list[tuple[int, tuple[int, ...]]]] = {}
        for state, poly in forward[-1].items():
            needs = [state[s] if s is not None else f for s, f in zip(sources, full,
                                                                     strict=True)]
            lo = max([0] + [nd - a for nd, a in zip(needs, after, strict=True)])
            hi = min([size, *needs])
            options = []
            for k in range(lo, hi + 1):
                nxt = tuple(needs[j] - k if j >= 0 else state[s] for j, s in layout)
                options.append((k, nxt))
                target = layer.get(nxt)
                if target is None:
                    target = layer[nxt] = [0] * (len(poly) + size)
                elif len(target) < len(poly) + size:
                    target.extend([0] * (len(poly) + size - len(target)))
                _add_shifted(target, poly, k, weights[k])
            moves[state] = options
        forward.append(layer)
        transitions.append(moves)

    final = forward[-1].get((), [])
    counts = [0] * (top + 1)
    for m, w in enumerate(final):
        counts[m] += w
    # Backward: suffix polynomials, and each box's mine-weighted counts.
    backward: dict[tuple[int, ...], list[int]] = {(): [1]}
    box_mines = [[0] * (top + 1) for _ in range(n)]
    for i in range(n - 1, -1, -1):
        size, _s, _f, _a, _l, weights = steps[i]
        b = order[i]
        into: dict[tuple[int, ...], list[int]] = {}  # next state -> k-weighted prefixes
        new_back: dict[tuple[int, ...], list[int]] = {}
        for state, options in transitions[i].items():
            suffix = [0] * (top + 1)
            poly = forward[i][state]
            for k, nxt in options:
                g = backward.get(nxt)
                if not g or not any(g):
                    continue
                _add_shifted(suffix, g, k, weights[k])
                if k:
                    acc = into.get(nxt)
                    if acc is None:
                        acc = into[nxt] = [0] * (top + 1)
                    _add_shifted(acc, poly, k, weights[k] * k)
            new_back[state] = suffix
        for nxt, acc in into.items():
            g = backward[nxt]
            target = box_mines[b]
            for a, x in enumerate(acc):
                if x:
                    for j, y in enumerate(g):
                        if y:
                            target[a + j] += x * y
        backward = new_back
    examples = _examples(counts, order, forward, transitions, steps)
    return ComponentCount(tuple(counts), tuple(tuple(m) for m in box_mines), examples)


def _examples(counts: list[int], order: list[int], forward, transitions, steps
              ) -> tuple[tuple[int, ...] | None, ...]:
    """One box assignment for every feasible mine number, walking back from the end."""
    n = len(order)
    result: list[tuple[int, ...] | None] = [None] * len(counts)
    # parents[i+1][state] = list of (previous state, k)
    parents: list[dict[tuple[int, ...], list[tuple[tuple[int, ...], int]]]] = [{}]
    for moves in transitions:
        layer: dict[tuple[int, ...], list[tuple[tuple[int, ...], int]]] = {}
        for state, options in moves.items():
            for k, nxt in options:
                layer.setdefault(nxt, []).append((state, k))
        parents.append(layer)
    for m, w in enumerate(counts):
        if not w:
            continue
        assign = [0] * n
        state: tuple[int, ...] = ()
        left = m
        for i in range(n, 0, -1):
            for prev, k in parents[i][state]:
                poly = forward[i - 1][prev]
                if 0 <= left - k < len(poly) and poly[left - k]:
                    assign[order[i - 1]] = k
                    state, left = prev, left - k
                    break
        result[m] = tuple(assign)
    return tuple(result)
