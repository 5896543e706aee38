"""The components combined into every box's probability, exactly or, on very wide
frontiers, within 2^(2 − PRECISION) (what :func:`~sweepkit.analysis.board.probability.analyse`
does with the mine count).

How the components are combined (with the mine count), at any scale:

- a component whose layouts all hold the same number of mines is independent of the rest:
  its boxes' probabilities are its own (a 500×500 first-click board has 3,661 components,
  3,595 of them of this kind);
- the others go into a product tree and its transpose (:mod:`.product_tree`): each
  component receives the weights of "everything else" in O(M(D) log n), not the quadratic
  prefix × suffix products;
- while the table of relative floating weights is small (:data:`EXACT_TABLE_BITS`, every
  board met in play so far), every ratio is exact at once. Past it (a frontier thousands of
  mine numbers wide), the weights are taken on a *window* of frontier mine numbers only,
  those whose term F[m]·C(floating, remaining − m) is within 2^-(PRECISION + 4 +
  log2(terms)) of the largest estimate: the terms left out weigh less than 2^-PRECISION of
  the total, and every box numerator is at most (box size)·F[m]·C(...) term by term, so
  each probability computed on the window is within 2^(1 − PRECISION) of the exact one
  (|p' − p| ≤ δ/(1 − δ) for a left-out share δ; :data:`PRECISION` = 64, below the float's
  own rounding). The transposed tree then keeps each vector to the entries and bits that
  matter (:meth:`.product_tree.ProductTree.transposed_window`), adding at most another
  2^-PRECISION to δ: every float is within 2^(2 − PRECISION) of the exact probability,
  then rounded. Exact zeros and ones come from the supports (a 0/1 product tree), and the
  exact ratios are computed on demand per box by binary splitting
  (:func:`.board_count.binomial_sum`), no table of weights held at once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import lgamma, log

from sweepkit.analysis.board.board_count import (
    binomial_sum,
    exact_quotient,
    floating_weights,
    table_bits,
)
from sweepkit.analysis.board.product_tree import ProductTree
from sweepkit.analysis.budget import check, check_size
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.analysis.count.poly import Poly, int_product, multiply
from sweepkit.constraints import Component

Ratio = tuple[int, int]
"""An exact probability as integers ``(numerator, denominator)``, not reduced: the hot
path never builds a Fraction (no gcd per box); :class:`Fraction` is made on demand."""


EXACT_TABLE_BITS = 1 << 24
"""Every ratio is computed exactly at once while the table of relative floating weights
holds at most about this many bits (:func:`.board_count.table_bits`); past it, the
windowed floats and exact ratios on demand (module doc)."""


PRECISION = 64
"""Windowed probabilities are within 2^(2 − PRECISION) of the exact ones (module doc)."""


class BoxProbabilities:
    """The mine probability of every box (component i, box b) and of the floating pool.

    :meth:`ratio` is exact, :meth:`value` a float (the exact ratio correctly rounded, or
    within 2^(2 − PRECISION) of it on very wide frontiers), :meth:`certain` says whether
    the box is safe (False) or a mine (True) in every layout, else None: always exact.
    """

    def __init__(self, ratios: Sequence[Sequence[Ratio]], floating: Ratio | None) -> None:
        self._ratios = tuple(tuple(r) for r in ratios)
        self._floating = floating

    def ratio(self, i: int, b: int) -> Ratio:
        """Exact probability of box b of component i."""
        return self._ratios[i][b]

    def ratios(self) -> tuple[tuple[Ratio, ...], ...]:
        """Every box's exact probability, by component."""
        return self._ratios

    def value(self, i: int, b: int) -> float:
        num, den = self._ratios[i][b]
        # int / int is correctly rounded, the same float as the reduced Fraction gives.
        return num / den

    def certain(self, i: int, b: int) -> bool | None:
        num, den = self._ratios[i][b]
        return False if not num else True if num == den else None

    def certain_boxes(self, certain_mine: bool, components: Sequence[Component]
                      ) -> Iterator[tuple[int, int]]:
        """``(i, b)`` of every box of ``components`` that is a mine (``certain_mine``) or safe
        in every layout: each box asked in turn here, only those known to be certain where
        they are known apart."""
        for i, comp in enumerate(components):
            for b in range(len(comp.sizes)):
                if self.certain(i, b) is certain_mine:
                    yield i, b

    def floating_ratio(self) -> Ratio | None:
        """Exact probability of every floating cell (None without floating cells)."""
        return self._floating

    def floating_value(self) -> float | None:
        r = self._floating
        return None if r is None else r[0] / r[1]

    def floating_certain(self) -> bool | None:
        r = self._floating
        if r is None:
            return None
        return False if not r[0] else True if r[0] == r[1] else None


def combine(counts: Sequence[ComponentCount], sizes: Sequence[Sequence[int]], floating: int,
            remaining: int, exact_table_bits: int | None = None
            ) -> tuple[int, BoxProbabilities] | None:
    """The board's total and every box's probability from the solved components (box
    ``sizes`` per component), ``floating`` free cells and ``remaining`` mines among the
    unknown cells; None when no layout has that many mines (module doc for the method).
    ``exact_table_bits`` (default :data:`EXACT_TABLE_BITS`) sets where the exact tables
    give way to the window."""
    if exact_table_bits is None:
        exact_table_bits = EXACT_TABLE_BITS
    if any(not c.by_mines for c in counts):
        return None
    fixed = [i for i, c in enumerate(counts) if len(c.by_mines) == 1]
    varying = [i for i, c in enumerate(counts) if len(c.by_mines) > 1]
    low = sum(c.low for c in counts)
    top = remaining - low  # floating mines when the frontier holds its fewest
    const = int_product([counts[i].by_mines[0] for i in fixed])
    tree = ProductTree([counts[i].by_mines for i in varying]) if varying else None
    frontier = tree.root if tree is not None else (1,)
    k_lo, k_hi = max(0, top - floating), min(len(frontier) - 1, top)
    if not any(frontier[k] for k in range(k_lo, k_hi + 1)):
        return None
    ratios: list[tuple[Ratio, ...]] = [()] * len(counts)
    for i in fixed:
        c = counts[i]
        ratios[i] = tuple((bm[0], size * c.by_mines[0])
                          for bm, size in zip(c.box_mines, sizes[i], strict=True))
    if tree is None or table_bits(len(frontier), floating) <= exact_table_bits:
        return _exact(counts, sizes, floating, remaining, low, const, varying, tree,
                      frontier, ratios)
    return _windowed(counts, sizes, floating, top, const, varying, tree, frontier, ratios)


def _box_numerators(count: ComponentCount, completion: Poly) -> list[int]:
    """Σ_a box_mines[b][a] · completion[a] for every box b."""
    terms = [(a, w) for a, w in enumerate(completion) if w]
    return [sum(bm[a] * w for a, w in terms) for bm in count.box_mines]


def _exact(counts: Sequence[ComponentCount], sizes: Sequence[Sequence[int]], floating: int,
           remaining: int, low: int, const: int, varying: list[int], tree: ProductTree | None,
           frontier: Poly, ratios: list[tuple[Ratio, ...]]) -> tuple[int, BoxProbabilities]:
    """Every ratio exact at once: relative weights, the transposed tree, one dot product per
    box."""
    check_size(len(frontier), "the floating weights")
    weights, num, den = floating_weights(floating, remaining, low, low + len(frontier) - 1)
    relative = sum(x * w for x, w in zip(frontier, weights, strict=True) if x)
    total = const * exact_quotient(relative * num, den)
    if tree is not None:
        for i, completion in zip(varying, tree.transposed(weights), strict=True):
            check()
            ratios[i] = tuple((n, size * relative) for n, size in zip(
                _box_numerators(counts[i], completion), sizes[i], strict=True))
    floating_ratio: Ratio | None = None
    if floating:
        floating_ratio = (_floating_mines(frontier, weights, remaining - low),
                          floating * relative)
    return total, BoxProbabilities(ratios, floating_ratio)


def _floating_mines(frontier: Poly, weights: Sequence[int], top: int) -> int:
    """Σ_k F[k]·w[k]·(top − k): a floating cell is a mine in (remaining − m) / floating of
    the completions of a frontier layout with m mines."""
    return sum(x * w * (top - k) for k, (x, w) in enumerate(zip(frontier, weights, strict=True))
               if x and w)


def _log2_binomial(n: int, k: int) -> float:
    """log2 C(n, k) to within far less than one bit (lgamma in double precision)."""
    return (lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1)) / log(2)


def window(frontier: Poly, floating: int, top: int, precision: int = PRECISION
           ) -> tuple[int, int]:
    """The frontier terms ``k`` (``top − k`` floating mines) whose weight
    t_k = frontier[k]·C(floating, top − k) matters: ``(first, last)`` such that the terms
    outside weigh less than 2^-precision of the sum.

    Each log2 t_k is estimated to within 2 bits (bit length, lgamma); terms estimated more
    than precision + 4 + log2(terms) bits below the largest are each under
    2^-(precision + log2(terms)) of it, so all of them together under 2^-precision.

    Terms falling by ~9× (3.2 bits) per frontier mine, a cut of 8 + 4 + 6 bits: 6 of 40.

    >>> window((1,) * 40, 10**6, 10**5, precision=8)
    (0, 5)
    """
    k_lo, k_hi = max(0, top - floating), min(len(frontier) - 1, top)
    est = {k: frontier[k].bit_length() + _log2_binomial(floating, top - k)
           for k in range(k_lo, k_hi + 1) if frontier[k]}
    cut = max(est.values()) - (precision + 4 + len(frontier).bit_length())
    kept = [k for k, e in est.items() if e >= cut]
    return min(kept), max(kept)


class _WindowedBoxes(BoxProbabilities):
    """Floats and certainties computed at once on the window, exact ratios on demand."""

    def __init__(self, ratios: Sequence[Sequence[Ratio]], exact: list[bool],
                 values: Sequence[Sequence[float]], certain: Sequence[Sequence[bool | None]],
                 floating: tuple[float, bool | None] | None, lazy: _LazyExact) -> None:
        super().__init__(ratios, None)
        self._exact = exact
        self._values = values
        self._certain = certain
        self._floating_value = floating
        self._lazy = lazy
        self._cache: dict[tuple[int, int], Ratio] = {}
        self._all: tuple[tuple[Ratio, ...], ...] | None = None

    def ratio(self, i: int, b: int) -> Ratio:
        if self._exact[i]:
            return self._ratios[i][b]
        found = self._cache.get((i, b))
        if found is None:
            found = self._cache[(i, b)] = self._lazy.box(i, b)
        return found

    def ratios(self) -> tuple[tuple[Ratio, ...], ...]:
        if self._all is None:
            self._all = tuple(tuple(self.ratio(i, b) for b in range(len(comp)))
                              for i, comp in enumerate(self._values))
        return self._all

    def value(self, i: int, b: int) -> float:
        return self._values[i][b]

    def certain(self, i: int, b: int) -> bool | None:
        return self._certain[i][b]

    def floating_ratio(self) -> Ratio | None:
        if self._floating_value is None:
            return None
        if self._floating is None:
            self._floating = self._lazy.floating_ratio()
        return self._floating

    def floating_value(self) -> float | None:
        return None if self._floating_value is None else self._floating_value[0]

    def floating_certain(self) -> bool | None:
        return None if self._floating_value is None else self._floating_value[1]


class _LazyExact:
    """Exact ratios of one box at a time: numerator Σ_k (box_mines × rest)[k]·C(f, top − k)
    by binary splitting, over size × Σ_k F[k]·C(f, top − k)."""

    def __init__(self, counts: Sequence[ComponentCount], sizes: Sequence[Sequence[int]],
                 floating: int, top: int, tree: ProductTree, leaf: dict[int, int],
                 weighted: int) -> None:
        self.counts, self.sizes, self.floating, self.top = counts, sizes, floating, top
        self.tree, self.leaf, self.weighted = tree, leaf, weighted  # Σ_k F[k]·C(f, top − k)
        self._rest: tuple[int, Poly] | None = None  # the last component's rest, kept

    def box(self, i: int, b: int) -> Ratio:
        rest = self._rest
        if rest is None or rest[0] != i:
            rest = self._rest = (i, self.tree.product_without(self.leaf[i]))
        terms = multiply(self.counts[i].box_mines[b], rest[1])
        return (binomial_sum(terms, self.floating, self.top),
                self.sizes[i][b] * self.weighted)

    def floating_ratio(self) -> Ratio:
        # Σ F[k]·C(f, r)·r / f = Σ F[k]·C(f − 1, r − 1), r = top − k
        return binomial_sum(self.tree.root, self.floating - 1, self.top - 1), self.weighted


def _windowed(counts: Sequence[ComponentCount], sizes: Sequence[Sequence[int]], floating: int,
              top: int, const: int, varying: list[int], tree: ProductTree, frontier: Poly,
              ratios: list[tuple[Ratio, ...]]) -> tuple[int, BoxProbabilities]:
    """Floats on the window, certainties from the supports, exact ratios on demand."""
    first, last = window(frontier, floating, top)
    check_size(last - first + 1, "the floating weights on the window")
    part, _, _ = floating_weights(floating, top, first, last)
    weights = [0] * first + part + [0] * (len(frontier) - 1 - last)
    relative = sum(x * w for x, w in zip(frontier, weights, strict=True) if x)
    exact_sum = binomial_sum(frontier, floating, top)
    total = const * exact_sum
    values: list[tuple[float, ...]] = [tuple(n / d for n, d in r) for r in ratios]
    certain: list[tuple[bool | None, ...]] = [
        tuple(False if not n else True if n == d else None for n, d in r) for r in ratios]
    k_lo, k_hi = max(0, top - floating), min(len(frontier) - 1, top)
    possible = [1 if k_lo <= k <= k_hi else 0 for k in range(len(frontier))]
    supports = ProductTree([counts[i].by_mines for i in varying], boolean=True)
    bits = PRECISION + len(tree.levels).bit_length()
    for i, (offset, completion), reach in zip(
            varying, tree.transposed_window((first, tuple(part)), bits),
            supports.transposed(possible), strict=True):
        check()
        c = counts[i]
        span = range(offset, offset + len(completion))
        scale = sum(c.by_mines[a] * w for a, w in zip(span, completion, strict=True))
        box_values, box_certain = [], []
        for bm, size in zip(c.box_mines, sizes[i], strict=True):
            safe = not any(bm[a] for a, r in enumerate(reach) if r)
            mine = not any(size * x - bm[a]
                           for a, (x, r) in enumerate(zip(c.by_mines, reach, strict=True)) if r)
            box_certain.append(False if safe else True if mine else None)
            if safe or mine:
                box_values.append(1.0 if mine else 0.0)
            else:
                mined = sum(bm[a] * w for a, w in zip(span, completion, strict=True))
                box_values.append(mined / (size * scale))
        values[i], certain[i] = tuple(box_values), tuple(box_certain)
    floating_value: tuple[float, bool | None] | None = None
    if floating:
        mined = _floating_mines(frontier, weights, top)
        reachable = [top - k for k in range(k_lo, k_hi + 1) if frontier[k]]
        is_certain = (False if not any(reachable) else
                      True if all(r == floating for r in reachable) else None)
        floating_value = ({False: 0.0, True: 1.0}[is_certain] if is_certain is not None
                          else mined / (floating * relative), is_certain)
    exact = [len(c.by_mines) == 1 for c in counts]
    lazy = _LazyExact(counts, sizes, floating, top, tree,
                      {i: j for j, i in enumerate(varying)}, exact_sum)
    return total, _WindowedBoxes(ratios, exact, values, certain, floating_value, lazy)


__all__ = ["EXACT_TABLE_BITS", "PRECISION", "BoxProbabilities", "Ratio", "combine", "window"]
