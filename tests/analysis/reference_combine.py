"""The board-level combination without the product tree: a slow, independent reference
for the product-tree route, and the baseline of ``benchmarks/bench_combine.py``.

Prefix × suffix products of the component polynomials (quadratic in the number of
components), one table of relative floating weights over the whole frontier, plain
schoolbook products and ``math.comb``: everything exact and straightforward.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from sweepkit.analysis.count.component_count import ComponentCount

Ratio = tuple[int, int]


def schoolbook(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    if not a or not b:
        return ()
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return tuple(out)


def products_without(polys: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    n = len(polys)
    prefix: list[tuple[int, ...]] = [(1,)]
    for p in polys:
        prefix.append(schoolbook(prefix[-1], p))
    suffix: list[tuple[int, ...]] = [(1,)] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = schoolbook(suffix[i + 1], polys[i])
    return [schoolbook(prefix[i], suffix[i + 1]) for i in range(n)]


def floating_weights(floating: int, remaining: int, low: int, high: int
                     ) -> tuple[list[int], int, int]:
    weights = [0] * (high - low + 1)
    lo, hi = max(0, remaining - high), min(floating, remaining - low)
    if lo > hi:
        return weights, 0, 1
    rel = 1
    for j in range(floating - hi + 1, floating - lo + 1):
        rel *= j
    den = rel
    for r in range(hi, lo - 1, -1):
        if r < hi:
            rel = rel * (r + 1) // (floating - r)
        weights[remaining - r - low] = rel
    return weights, comb(floating, hi), den


def old_total(counts: Sequence[ComponentCount], floating: int, remaining: int) -> int:
    """The board's number of layouts, the old way (left fold of products)."""
    poly: tuple[int, ...] = (1,)
    for c in counts:
        poly = schoolbook(poly, c.by_mines)
    if not poly:
        return 0
    low = sum(c.low for c in counts)
    weights, num, den = floating_weights(floating, remaining, low, low + len(poly) - 1)
    relative = sum(w * x for w, x in zip(poly, weights, strict=True))
    return relative * num // den


def old_combine(counts: Sequence[ComponentCount], sizes: Sequence[Sequence[int]],
                floating: int, remaining: int
                ) -> tuple[int, tuple[tuple[Ratio, ...], ...] | None, Ratio | None]:
    """``(total, box_ratio, floating_ratio)`` with the mine count, as the old ``analyse``
    computed them (``None`` ratios when inconsistent)."""
    polys = [c.by_mines for c in counts]
    if any(not p for p in polys):
        return 0, None, None
    others = products_without(polys)
    everything = schoolbook(others[0], polys[0]) if polys else (1,)
    low = sum(c.low for c in counts)
    weights, num, den = floating_weights(floating, remaining, low, low + len(everything) - 1)
    relative = sum(w * x for w, x in zip(everything, weights, strict=True))
    if relative == 0:
        return 0, None, None
    total = relative * num // den
    probs = []
    for c, box_sizes, rest in zip(counts, sizes, others, strict=True):
        rest_terms = [(j, w) for j, w in enumerate(rest) if w]
        completion = [sum(w * weights[i + j] for j, w in rest_terms) if x else 0
                      for i, x in enumerate(c.by_mines)]
        support = [i for i, x in enumerate(c.by_mines) if x]
        probs.append(tuple(
            (sum(bm[i] * completion[i] for i in support), size * relative)
            for bm, size in zip(c.box_mines, box_sizes, strict=True)))
    floating_ratio: Ratio | None = None
    if floating:
        mined = sum(w * weights[i] * (remaining - low - i)
                    for i, w in enumerate(everything) if w)
        floating_ratio = (mined, floating * relative)
    return total, tuple(probs), floating_ratio
