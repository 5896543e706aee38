"""Exact counting of layouts: per component by mine number, then for the whole board.

A component is solved by a depth-first search over its **boxes** (not cells): box b
takes k mines in C(size, k) ways, and each equation's remaining need and capacity bound
k, so dead branches are cut at once. The result is a polynomial (mines -> weighted
number of layouts) plus, for every box, the mine-weighted counts that give exact
probabilities. Results are cached in a module-level LRU cache keyed by the component's
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
    the boxes already placed (ties: the box in the most equations, then the tightest)."""
    n = len(sizes)
    box_rows: list[list[int]] = [[] for _ in range(n)]
    for r, (bs, _need) in enumerate(rows):
        for b in bs:
            box_rows[b].append(r)
    touched = [0] * len(rows)
    placed = [False] * n
    order = []
    for _ in range(n):
        best, best_key = -1, None
        for b in range(n):
            if placed[b]:
                continue
            key = (sum(1 for r in box_rows[b] if touched[r]), len(box_rows[b]), -sizes[b])
            if best_key is None or key > best_key:
                best, best_key = b, key
        placed[best] = True
        order.append(best)
        for r in box_rows[best]:
            touched[r] += 1
    return order


@lru_cache(maxsize=4096)
def solve_component(component: Component) -> ComponentCount:
    """Count a component's layouts by mine number (cached by ``component.key``).

    The cache is module-level (``solve_component.cache_info()`` / ``cache_clear()``);
    Component equality and hash use only the abstract key, so equal structures anywhere
    on any board share one entry.
    """
    sizes, rows = component.sizes, component.rows
    n = len(sizes)
    order = box_order(sizes, rows)
    box_rows: list[list[int]] = [[] for _ in range(n)]
    for r, (bs, _need) in enumerate(rows):
        for b in bs:
            box_rows[b].append(r)
    need = [v for _bs, v in rows]
    cap = [sum(sizes[b] for b in bs) for bs, _v in rows]
    top = sum(sizes)
    counts = [0] * (top + 1)
    box_mines = [[0] * (top + 1) for _ in range(n)]
    examples: list[tuple[int, ...] | None] = [None] * (top + 1)
    assign = [0] * n
    plan = [(b, sizes[b], box_rows[b], [comb(sizes[b], k) for k in range(sizes[b] + 1)])
            for b in order]

    def search(pos: int, mines: int, weight: int) -> None:
        if pos == n:
            counts[mines] += weight
            for b in range(n):
                k = assign[b]
                if k:
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
            search(pos + 1, mines + k, weight * weights[k])
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
