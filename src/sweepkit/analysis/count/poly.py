"""Polynomials in the number of mines: products, middle products, products without one factor.

A count polynomial maps a number of mines m to a weighted number of layouts. It is stored
from its lowest non-zero term: a component whose layouts all hold between 4,000 and 4,100
mines keeps 101 coefficients, not 4,101, for its count and for each of its boxes (a
component of 10^4 boxes would otherwise take boxes × cells integers: gigabytes). The
solved component that holds them is :mod:`.component_count`'s.

>>> convolve((1, 1), (1, 2, 1))
(1, 3, 3, 1)

Products of many polynomials, as the board level needs them (thousands of components on
a big board), go through :func:`multiply` (schoolbook for small factors, FLINT's
``fmpz_poly`` for big ones: Kronecker substitution and fast integer multiplication, see
https://flintlib.org) and :func:`product` (a balanced product tree, not a left fold: the
fold multiplies a growing product by each factor in turn, quadratic in the number of
factors). :func:`middle_product` is the transpose of multiplication, the step of the
transposed product tree in :mod:`.product_tree`.

>>> multiply((1, 2), (3,)), middle_product((1, 2, 3, 4), (1, 1))
((3, 6), (3, 5, 7))
"""

from __future__ import annotations

from collections.abc import Sequence

from flint import fmpz_poly

from sweepkit.analysis.budget import check

Poly = tuple[int, ...]
"""Coefficients of a count polynomial from a known lowest term: ``poly[i]`` is the weighted
number of layouts with ``low + i`` mines, ``low`` kept beside it."""


def convolve(a: Sequence[int], b: Sequence[int]) -> Poly:
    """Product of two polynomials (the lowest terms multiply: add their offsets)."""
    if not a or not b:
        return ()
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return tuple(out)


SCHOOLBOOK_TERMS = 48
"""Products of at most this many term pairs (len(a) × len(b)) are multiplied in plain
Python: FLINT's conversions cost more than they save on the small polynomials of an expert
board (measured: at 8×8 terms FLINT wins from ~200-bit coefficients, at 4×4 only from
~2000 bits)."""


def multiply(a: Sequence[int], b: Sequence[int]) -> Poly:
    """Product of two polynomials, as :func:`convolve`, fast on big ones.

    A factor of one term scales the other; small products are schoolbook; big ones go
    through ``flint.fmpz_poly`` (exact integers, same result).

    >>> multiply((1, 0), (1, 1, 0))
    (1, 1, 0, 0)
    """
    la, lb = len(a), len(b)
    if not la or not lb:
        return ()
    if la == 1:
        x = a[0]
        return tuple(x * y for y in b)
    if lb == 1:
        y = b[0]
        return tuple(x * y for x in a)
    if la * lb <= SCHOOLBOOK_TERMS:
        return convolve(a, b)
    out = [int(c) for c in (fmpz_poly(list(a)) * fmpz_poly(list(b))).coeffs()]
    # fmpz_poly drops high zero terms; the result keeps the length of a dense product
    return (*out, *[0] * (la + lb - 1 - len(out)))


def middle_product(v: Sequence[int], p: Sequence[int]) -> Poly:
    """``out[x] = Σ_y p[y] · v[x + y]`` for ``x = 0 .. len(v) − len(p)``: the transpose of
    multiplication by ``p`` (the coefficients ``len(p) − 1 .. len(v) − 1`` of
    reversed(p) × v), the middle product of Hanrot, Quercia and Zimmermann, *The middle
    product algorithm I*, AAECC 14, 2004 [HanrotQZ2004]; Bostan, Lecerf and Schost,
    *Tellegen's principle into practice*, ISSAC 2003, §3 [BostanLS2003].

    ``v`` has at least ``len(p)`` entries.

    >>> middle_product((5, 7, 11), (1,)), middle_product((5, 7, 11), (2, 3))
    ((5, 7, 11), (31, 47))
    """
    lp, lv = len(p), len(v)
    if lp == 1:
        y = p[0]
        return tuple(y * x for x in v)
    if lp * (lv - lp + 1) <= SCHOOLBOOK_TERMS:
        out = [0] * (lv - lp + 1)
        for y, w in enumerate(p):
            if w:
                for x in range(lv - lp + 1):
                    z = v[x + y]
                    if z:
                        out[x] += w * z
        return tuple(out)
    full = multiply(p[::-1], v)
    return full[lp - 1:lv]


def product(polys: Sequence[Sequence[int]]) -> Poly:
    """Product of several polynomials (``(1,)`` for none), by a balanced product tree.

    >>> product([(1, 1), (1, 1), (2,)])
    (2, 4, 2)
    """
    if len(polys) <= 4:  # a few factors (an expert board): the fold, no lists
        result: Sequence[int] = polys[0] if polys else (1,)
        for poly in polys[1:]:
            result = multiply(result, poly)
        return tuple(result)
    layer: list[Sequence[int]] = list(polys)
    while len(layer) > 1:
        check()
        paired: list[Sequence[int]] = [multiply(layer[i], layer[i + 1])
                                       for i in range(0, len(layer) - 1, 2)]
        if len(layer) % 2:
            paired.append(layer[-1])
        layer = paired
    return tuple(layer[0])


def int_product(values: Sequence[int]) -> int:
    """Product of integers in a balanced tree (a left fold of n big factors is quadratic).

    >>> int_product([2, 3, 4]), int_product([])
    (24, 1)
    """
    layer = list(values)
    if not layer:
        return 1
    while len(layer) > 1:
        paired = [layer[i] * layer[i + 1] for i in range(0, len(layer) - 1, 2)]
        if len(layer) % 2:
            paired.append(layer[-1])
        layer = paired
    return layer[0]


def products_without(polys: Sequence[Sequence[int]]) -> list[Poly]:
    """For each i, the product of every polynomial but the i-th (prefix × suffix products:
    linear in the number of polynomials, no division).

    The answer itself holds one product per polynomial; for the weighted sums the board
    level needs, :class:`.product_tree.ProductTree` gets them without it.

    >>> products_without([(1, 1), (1, 2), (3,)])
    [(3, 6), (3, 3), (1, 3, 2)]
    """
    n = len(polys)
    prefix: list[Poly] = [(1,)]
    for p in polys:
        prefix.append(multiply(prefix[-1], p))
    suffix: list[Poly] = [(1,)] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = multiply(suffix[i + 1], polys[i])
    return [multiply(prefix[i], suffix[i + 1]) for i in range(n)]
