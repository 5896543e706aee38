"""Whole-board counts from the solved components: the one place where the floating pool and
the mine count are weighed in.

Without a mine count every floating cell doubles the count (the papers' convention:
Kadlac's all-unknown 3x3 board has 512 layouts). With one, the components' polynomials are
multiplied into the frontier's polynomial F (frontier mines -> layouts) and each term is
weighted by the ways the floating pool takes the rest: the total is
Σ_m F[m] · C(floating, remaining − m). Only one big binomial is ever computed
(:func:`floating_weights`), so a 1000×1000 board costs no more than its frontier.

>>> from sweepkit.position import Position
>>> count_layouts(Position.unknown(3, 3))
512
>>> count_layouts(Position.from_rows(["1?", "??"], mines=2))
0
>>> layouts_by_mines(Position.from_rows(["1?", "??"]))
{1: 3}
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import NamedTuple

from sweepkit.analysis.component import solve_component
from sweepkit.analysis.poly import ComponentCount, Poly, product
from sweepkit.constraints import ConstraintSystem, build_system
from sweepkit.position import Position


class FrontierWeights(NamedTuple):
    """The frontier polynomial weighed against the floating pool (with a mine count).

    ``frontier[i]`` counts the frontier layouts with ``low + i`` mines; ``weights[i]`` is
    proportional to C(floating, remaining − low − i), ``weights[i] * num / den`` exactly;
    ``relative`` is Σ frontier[i] · weights[i], and ``total`` the board's number of layouts.
    """

    low: int
    frontier: Poly
    weights: list[int]
    num: int
    den: int
    relative: int

    @property
    def total(self) -> int:
        return self.relative * self.num // self.den if self.relative else 0


def floating_weights(floating: int, remaining: int, low: int, high: int
                     ) -> tuple[list[int], int, int]:
    """Weights ``w[i]`` (frontier mines m = low + i, up to ``high``) proportional to
    C(floating, remaining − m).

    Returns ``(w, num, den)`` with C(floating, remaining − m) = w[i] * num / den: the small
    relative weights keep probabilities cheap on huge boards, and only one big binomial is
    ever computed (for the total).

    >>> w, num, den = floating_weights(10, 4, 1, 3)
    >>> [x * num // den for x in w] == [comb(10, 4 - m) for m in range(1, 4)]
    True
    """
    weights = [0] * (high - low + 1)
    lo, hi = max(0, remaining - high), min(floating, remaining - low)
    if lo > hi:
        return weights, 0, 1
    # rel(r) = hi!/r! * (F-lo)!/(F-r)!, an integer for lo <= r <= hi (r: floating mines).
    rel = 1
    for j in range(floating - hi + 1, floating - lo + 1):
        rel *= j
    den = rel
    for r in range(hi, lo - 1, -1):
        if r < hi:
            rel = rel * (r + 1) // (floating - r)
        weights[remaining - r - low] = rel
    return weights, comb(floating, hi), den


def frontier_polynomial(counts: Sequence[ComponentCount]) -> tuple[int, Poly]:
    """``(low, poly)``: the product of the components' polynomials, frontier mines from
    ``low`` (empty when a component has no layout)."""
    return sum(c.low for c in counts), product([c.by_mines for c in counts])


def weigh_frontier(low: int, frontier: Poly, floating: int, remaining: int) -> FrontierWeights:
    """The frontier polynomial weighed by the floating pool for ``remaining`` mines."""
    if not frontier:
        return FrontierWeights(low, frontier, [], 0, 1, 0)
    weights, num, den = floating_weights(floating, remaining, low, low + len(frontier) - 1)
    relative = sum(w * x for w, x in zip(frontier, weights, strict=True))
    return FrontierWeights(low, frontier, weights, num, den, relative)


def board_total(counts: Sequence[ComponentCount], floating: int, remaining: int | None) -> int:
    """Number of layouts of the board: the components' counts, ``floating`` free cells, and
    ``remaining`` mines among the unknown cells (``None``: no mine count)."""
    if remaining is None:
        total = 1 << floating
        for c in counts:
            total *= c.total
        return total
    return weigh_frontier(*frontier_polynomial(counts), floating, remaining).total


def system_count(system: ConstraintSystem, use_mine_count: bool = True) -> int:
    """Number of layouts of a constraint system (0 if any equation is impossible)."""
    if system.impossible:
        return 0
    counts = [solve_component(c) for c in system.components]
    remaining = system.remaining if use_mine_count else None
    return board_total(counts, len(system.floating), remaining)


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
    low, poly = frontier_polynomial([solve_component(c) for c in system.components])
    floating = len(system.floating)
    known = len(position.known_mines())
    result: dict[int, int] = {}
    for m, w in enumerate(poly, low):
        if w:
            for f in range(floating + 1):
                key = known + m + f
                result[key] = result.get(key, 0) + w * comb(floating, f)
    return dict(sorted(result.items()))
