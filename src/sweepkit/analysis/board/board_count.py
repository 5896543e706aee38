"""Whole-board counts from the solved components: the one place where the floating pool and
the mine count are weighed in.

Without a mine count every floating cell doubles the count (the papers' convention:
Kadlac's all-unknown 3x3 board has 512 layouts). With one, the components' polynomials are
multiplied into the frontier's polynomial F (frontier mines -> layouts; a balanced product
tree, :func:`.poly.product`) and each term is weighted by the ways the floating pool takes
the rest: the total is Σ_m F[m] · C(floating, remaining − m).

Two ways to weigh F, both exact:

- :func:`floating_weights`: a table of small *relative* weights (one big binomial per
  board), which the probabilities need term by term (:mod:`.probability`). Relative
  weights over D + 1 frontier mine numbers hold up to D·log2(floating) bits each: the
  table grows as D², so it is kept for frontiers of modest width (:data:`TABLE_BITS`).
- :func:`binomial_sum`: the sum alone, by binary splitting over the ratios
  C(f, r + 1) / C(f, r) = (f − r) / (r + 1), with no table at all (Haible and Papanikolaou,
  *Fast multiprecision evaluation of series of rational numbers*, ANTS 1998
  [HaiblePapanikolaou1998]): O(M(N) log D) for numbers of N bits, at any width. Board
  totals of wide frontiers take this way.

Binomials of big pools come from FLINT (``fmpz.bin_uiui``: 5 ms for C(999126, 123000), where
``math.comb`` takes a second), big quotients from FLINT's division (Python's is quadratic).

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

from flint import fmpz

from sweepkit.analysis.budget import check, check_size
from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.analysis.count.poly import Poly, int_product, multiply, product
from sweepkit.analysis.decide.contract import component_total
from sweepkit.constraints import ConstraintSystem, build_system
from sweepkit.position import Position

TABLE_BITS = 1 << 22
"""Board totals weigh the frontier with the table of :func:`floating_weights` while it
holds at most about this many bits (:func:`table_bits`), else with :func:`binomial_sum`."""

BIG = 1 << 12
"""Integers of more bits than this are divided and made binomials by FLINT."""


def binomial(n: int, k: int) -> int:
    """C(n, k) (0 outside 0 <= k <= n); FLINT's for big n.

    >>> binomial(10, 3), binomial(10, 11), binomial(10**6, 3)
    (120, 0, 166666166667000000)
    """
    if not 0 <= k <= n:
        return 0
    if n < 512:  # measured: math.comb is faster up to a few hundred, FLINT's past them
        return comb(n, k)
    return int(fmpz.bin_uiui(n, k))


def exact_quotient(a: int, b: int) -> int:
    """``a // b`` for ``b`` dividing ``a``; FLINT's division when both are big."""
    if b.bit_length() > BIG and a.bit_length() > BIG:
        return int(fmpz(a) // fmpz(b))
    return a // b


def table_bits(terms: int, floating: int) -> int:
    """Bits of a table of relative floating weights over ``terms`` frontier mine numbers
    (an over-estimate: up to ``terms`` entries of ``terms · log2(floating)`` bits)."""
    return terms * terms * max(1, floating.bit_length())


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
    weights, den = relative_weights(floating, remaining, low, high)
    if not den:
        return weights, 0, 1
    hi = min(floating, remaining - low)
    return weights, comb(floating, hi) if floating < 512 else binomial(floating, hi), den


def relative_weights(floating: int, remaining: int, low: int, high: int
                     ) -> tuple[list[int], int]:
    """``(w, den)`` of :func:`floating_weights` without the one big binomial ``num`` (the
    probabilities need only the ratios; the board's total needs ``num``); ``den`` is 0
    when no frontier mine number in ``low .. high`` leaves the pool a possible share."""
    weights = [0] * (high - low + 1)
    lo, hi = max(0, remaining - high), min(floating, remaining - low)
    if lo > hi:
        return weights, 0
    # rel(r) = hi!/r! * (F-lo)!/(F-r)!, an integer for lo <= r <= hi (r: floating mines).
    if hi - lo <= 16:
        rel = 1
        for j in range(floating - hi + 1, floating - lo + 1):
            rel *= j
    else:
        rel = product_of_range(floating - hi + 1, floating - lo + 1)
    den = rel
    for r in range(hi, lo - 1, -1):
        if r < hi:
            rel = rel * (r + 1) // (floating - r)
        weights[remaining - r - low] = rel
    return weights, den


def product_of_range(start: int, stop: int) -> int:
    """start × (start + 1) × ... × (stop − 1), multiplied in a balanced tree.

    >>> product_of_range(3, 6), product_of_range(4, 4)
    (60, 1)
    """
    if stop - start <= 16:
        out = 1
        for j in range(start, stop):
            out *= j
        return out
    mid = (start + stop) // 2
    return product_of_range(start, mid) * product_of_range(mid, stop)


def binomial_sum(poly: Sequence[int], floating: int, top: int) -> int:
    """Σ_k poly[k] · C(floating, top − k), exactly, with no table of binomials.

    With r = top − k the pool's mines, C(f, r) = C(f, r_lo) · Π_{s<r} (f − s)/(s + 1): the
    sum is C(f, r_lo) · U / Q, U and Q built by binary splitting over the range of r
    (:func:`_split`); one big binomial and one exact division.

    >>> binomial_sum((1, 2, 3), 10, 4) == comb(10, 4) + 2 * comb(10, 3) + 3 * comb(10, 2)
    True
    >>> binomial_sum((5,), 3, 4), binomial_sum((), 3, 1)
    (0, 0)
    """
    k_lo, k_hi = max(0, top - floating), min(len(poly) - 1, top)
    if k_lo > k_hi:
        return 0
    r_lo, r_hi = top - k_hi, top - k_lo
    _, q, u = _split(poly, top, floating, r_lo, r_hi + 1)
    if not u:
        return 0
    return exact_quotient(binomial(floating, r_lo) * int(u), int(q))


def _split(poly: Sequence[int], top: int, floating: int, a: int, b: int
           ) -> tuple[int | fmpz, int | fmpz, int | fmpz]:
    """``(P, Q, U)`` over the pool's mine numbers r in [a, b): P = Π (f − r), Q = Π (r + 1),
    and U = Σ_r g(r) · Π_{a<=s<r} (f − s) · Π_{r<=s<b} (s + 1), g(r) = poly[top − r], so that
    Σ_r g(r) C(f, r) / C(f, a) = U / Q. Halves merge as P = P_l P_r, Q = Q_l Q_r,
    U = U_l Q_r + P_l U_r (Haible and Papanikolaou's binary splitting)."""
    if b - a <= 32:
        p, q, u = 1, 1, 0
        for r in range(a, b):
            u = (u + p * poly[top - r]) * (r + 1)
            p *= floating - r
            q *= r + 1
        return p, q, u
    check()
    mid = (a + b) // 2
    p_l, q_l, u_l = _split(poly, top, floating, a, mid)
    p_r, q_r, u_r = _split(poly, top, floating, mid, b)
    if mid - a > 256:  # big numbers: FLINT's multiplication
        p_l, q_r, u_r = fmpz(p_l), fmpz(q_r), fmpz(u_r)
    return p_l * p_r, q_l * q_r, u_l * q_r + p_l * u_r


def frontier_polynomial(counts: Sequence[ComponentCount]) -> tuple[int, Poly]:
    """``(low, poly)``: the product of the components' polynomials (a balanced product
    tree), frontier mines from ``low`` (empty when a component has no layout)."""
    low = sum(c.low for c in counts)
    polys = [c.by_mines for c in counts]
    return low, product(polys) if all(polys) else ()


def weighted_total(low: int, frontier: Poly, floating: int, remaining: int) -> int:
    """Σ_m frontier[m − low] · C(floating, remaining − m): the table of
    floating weights for narrow frontiers, :func:`binomial_sum` for wide ones."""
    if not frontier:
        return 0
    if table_bits(len(frontier), floating) > TABLE_BITS:
        return binomial_sum(frontier, floating, remaining - low)
    weights, num, den = floating_weights(floating, remaining, low, low + len(frontier) - 1)
    relative = sum(w * x for w, x in zip(frontier, weights, strict=True) if x)
    return exact_quotient(relative * num, den) if relative else 0


def board_total(counts: Sequence[ComponentCount], floating: int, remaining: int | None) -> int:
    """Number of layouts of the board: the components' counts, ``floating`` free cells, and
    ``remaining`` mines among the unknown cells (``None``: no mine count)."""
    if remaining is None:
        return int_product([c.total for c in counts]) << floating
    return weighted_total(*frontier_polynomial(counts), floating, remaining)


def system_count(system: ConstraintSystem, use_mine_count: bool = True) -> int:
    """Number of layouts of a constraint system (0 if any equation is impossible)."""
    if system.impossible:
        return 0
    remaining = system.remaining if use_mine_count else None
    if remaining is None:     # totals only: a drawn board's wires may be contracted
        return int_product([component_total(c) for c in system.components]) << len(
            system.floating)
    counts = [solve_component(c) for c in system.components]
    return board_total(counts, len(system.floating), remaining)


def count_layouts(position: Position, use_mine_count: bool = True) -> int:
    """Exact number of layouts explaining the position (see the module doc for the
    conventions with and without the mine count)."""
    return system_count(build_system(position, equations=False), use_mine_count)


def layouts_by_mines(position: Position) -> dict[int, int]:
    """Total mines on the board (known ones included) -> number of layouts, ignoring
    the position's own mine count; only non-zero entries.

    >>> layouts_by_mines(Position.from_rows(["*1", "??", "??"]))
    {1: 1, 2: 2, 3: 1}
    """
    system = build_system(position, equations=False)
    if system.impossible:
        return {}
    low, poly = frontier_polynomial([solve_component(c) for c in system.components])
    if not poly:
        return {}
    floating = len(system.floating)
    known = len(position.known_mines())
    # Its numbers are big: up to ``floating`` bits from the binomials alone, so they are
    # weighed by their size: 250,001 rows of a 500x500 board with nothing open would take
    # gigabytes, and are refused at once.
    check_size(len(poly) + floating, "the table of layouts by mines",
               bits=floating + max(w.bit_length() for w in poly))
    row = [1] * (floating + 1)  # C(floating, f), f = 0 .. floating
    for f in range(1, floating // 2 + 1):
        if not f % 4096:
            check()
        row[f] = row[floating - f] = row[f - 1] * (floating - f + 1) // f
    return {known + low + i: w for i, w in enumerate(multiply(poly, row)) if w}
