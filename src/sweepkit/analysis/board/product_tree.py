"""The product tree of the components' polynomials and its transpose: the whole board's
polynomial, and for every component the weights of "everything else", in quasi-linear time.

The board level needs, for each component i, ``completion_i[a] = Σ_j rest_i[j] · w[a + j]``:
the (weighted) ways every other component and the floating pool complete a layout of
component i with ``low_i + a`` mines, ``rest_i`` the product of the other components'
polynomials and ``w`` the floating pool's weights (:mod:`.board_count`). Multiplying out
each ``rest_i`` (prefix × suffix products) costs one product per component: quadratic in
the number of components, 2 s on a 500×500 first-click board and two minutes on 1000×1000.

:class:`ProductTree` multiplies the polynomials in pairs, then the pairs' products in pairs,
up to the root (the board's polynomial; Bernstein, *Fast multiplication and its
applications*, 2008, §12 "product tree" [Bernstein2008]). :meth:`ProductTree.transposed`
runs the tree the other way: the root receives ``w`` and each node hands its children the
middle product (:func:`.poly.middle_product`) of what it received with the sibling's
polynomial, so a leaf receives exactly ``completion_i``. This is the transpose of the
product tree (Tellegen's principle: the transposed algorithm costs what the direct one
does): Bostan, Lecerf and Schost, *Tellegen's principle into practice*, ISSAC 2003, §4–5
[BostanLS2003]. Both passes cost O(M(D) log n) for n leaves of total degree D, M the cost of
one product (:func:`.poly.multiply`: schoolbook when small, FLINT when big).

>>> tree = ProductTree([(1, 1), (1, 2), (3,)])
>>> tree.root
(3, 9, 6)
>>> tree.transposed((1, 10, 100))  # rest_0 = (3, 6): 3·1 + 6·10, 3·10 + 6·100
[(63, 630), (33, 330), (231,)]
>>> ProductTree([(1, 1), (0, 1)], boolean=True).transposed((1, 0, 0))
[(0, 0), (1, 0)]

:meth:`ProductTree.transposed_window` is the same pass when only ratios are wanted to a
given precision (very wide frontiers, :mod:`.probability`): each vector is kept on the
range of entries that matter and to the bits that matter. For a node of polynomial p
receiving v, Σ_x p[x]·v[x] is the same for every node (the board's weighted total, scaled),
and an error e in v moves every probability below the node by at most
Σ_x p[x]·|e[x]| / Σ_x p[x]·v[x] (each box's numerator is at most its size times p[x]·v[x]
term by term). :func:`trim` rounds each vector down so that this share is at most
2^-bits; errors only ever lower the values, and add up along a path, so a leaf at depth d
is within d·2^-bits of its exact vector (scaled) in that measure.
"""

from __future__ import annotations

from collections.abc import Sequence

from sweepkit.analysis.budget import check, check_size
from sweepkit.analysis.count.poly import Poly, middle_product, multiply

Window = tuple[int, Poly]
"""A vector given on a range: ``(offset, values)``, entry ``offset + t`` is ``values[t]``,
every other entry 0."""


def _indicator(poly: Sequence[int]) -> Poly:
    return tuple(1 if x else 0 for x in poly)


class ProductTree:
    """The balanced product tree of ``polys`` (each non-empty).

    ``levels[0]`` holds the leaves, each level above the products of adjacent pairs (an odd
    one out goes up as it is), ``levels[-1]`` the root alone. With ``boolean``, every
    polynomial and vector is cut to 0/1 (non-zero or not): the supports, from which exact
    zeros are read when the numbers themselves are only approximated.
    """

    def __init__(self, polys: Sequence[Sequence[int]], boolean: bool = False) -> None:
        if not polys:
            raise ValueError("a product tree needs at least one polynomial")
        self.boolean = boolean
        leaves = [_indicator(p) if boolean else tuple(p) for p in polys]
        check_size(sum(len(p) for p in leaves), "the product tree's leaves")
        self.levels: list[list[Poly]] = [leaves]
        while len(self.levels[-1]) > 1:
            check()
            below = self.levels[-1]
            above = [self._mul(below[i], below[i + 1]) for i in range(0, len(below) - 1, 2)]
            if len(below) % 2:
                above.append(below[-1])
            self.levels.append(above)

    def _mul(self, a: Poly, b: Poly) -> Poly:
        out = multiply(a, b)
        return _indicator(out) if self.boolean else out

    @property
    def root(self) -> Poly:
        """The product of every leaf."""
        return self.levels[-1][0]

    @property
    def leaves(self) -> list[Poly]:
        return self.levels[0]

    def transposed(self, vector: Sequence[int]) -> list[Poly]:
        """For each leaf i, ``out_i[a] = Σ_j rest_i[j] · vector[a + j]`` (``a`` from 0 to the
        leaf's degree), ``rest_i`` the product of every other leaf; ``vector`` has as many
        entries as the root."""
        if len(vector) != len(self.root):
            raise ValueError(f"the vector has {len(vector)} entries, the root "
                             f"{len(self.root)} terms")
        received: list[Poly] = [_indicator(vector) if self.boolean else tuple(vector)]
        for level in range(len(self.levels) - 2, -1, -1):
            check()
            children = self.levels[level]
            handed: list[Poly] = []
            for k, got in enumerate(received):
                if 2 * k + 1 < len(children):
                    left, right = children[2 * k], children[2 * k + 1]
                    handed.append(self._middle(got, right))
                    handed.append(self._middle(got, left))
                else:
                    handed.append(got)
            received = handed
        return received

    def _middle(self, v: Poly, p: Poly) -> Poly:
        out = middle_product(v, p)
        return _indicator(out) if self.boolean else out

    def product_without(self, leaf: int) -> Poly:
        """The product of every leaf but ``leaf``: the siblings met on the way up to the
        root, multiplied (O(log n) products, for one leaf on demand)."""
        rest: Poly = (1,)
        index = leaf
        for level in self.levels[:-1]:
            check()
            sibling = index ^ 1
            if sibling < len(level):
                rest = self._mul(rest, level[sibling])
            index //= 2
        return rest

    def transposed_window(self, vector: Window, bits: int) -> list[Window]:
        """:meth:`transposed` on a vector given on a window, each vector trimmed to
        2^-``bits`` (:func:`trim`) after each step: each leaf's vector, scaled by a power of 2
        and rounded down, within depth·2^-bits of the exact one in the measure of the
        module doc (so within depth·2^-bits plus the trimming of ``vector`` itself)."""
        if self.boolean:
            raise ValueError("windows are for numbers, not supports")
        received: list[Window] = [trim(*vector, self.root, bits)]
        for level in range(len(self.levels) - 2, -1, -1):
            check()
            children = self.levels[level]
            handed: list[Window] = []
            for k, got in enumerate(received):
                if 2 * k + 1 < len(children):
                    left, right = children[2 * k], children[2 * k + 1]
                    handed.append(trim(*_middle_window(got, right, len(left)), left, bits))
                    handed.append(trim(*_middle_window(got, left, len(right)), right, bits))
                else:
                    handed.append(got)
            received = handed
        return received


def _middle_window(v: Window, p: Poly, length: int) -> Window:
    """``out[x] = Σ_y p[y] · v[x + y]`` for x in [0, length), v and out as windows: only the
    part of p that meets v is multiplied."""
    offset, values = v
    if not values:
        return 0, ()
    # y with x + y in [offset, offset + len(values)) for some x in [0, length)
    y_lo, y_hi = max(0, offset - length + 1), min(len(p), offset + len(values))
    if y_lo >= y_hi:
        return 0, ()
    part = p[y_lo:y_hi]
    full = multiply(part[::-1], values)
    # full[t] = Σ_y part[y] values[t − len(part) + 1 + y]: x = offset − y_lo − len(part) + 1 + t
    start = offset - y_lo - len(part) + 1
    lo, hi = max(0, start), min(length, start + len(full))
    return lo, full[lo - start:hi - start]


def trim(offset: int, values: Sequence[int], poly: Poly, bits: int) -> Window:
    """``values`` (entries ``offset + t`` of a vector received by a node of polynomial
    ``poly``) cut to what matters within 2^-``bits``: entries dropped from both ends and
    every entry shifted right (floored) by one power of 2, together moving
    Σ_x poly[x]·v[x] by less than 2^-bits of it (bounds from bit lengths, all on the safe
    side). Returns the window, rounded down.

    >>> trim(0, (1, 2**80, 3), (5, 1, 7), 8)
    (1, (2048,))
    """
    sizes = [(poly[offset + t].bit_length() + v.bit_length()) if v and poly[offset + t] else 0
             for t, v in enumerate(values)]
    if not any(sizes):
        return 0, ()
    top = max(sizes) - 2  # Σ_x poly[x]·v[x] ≥ 2^top
    slack = top - bits - 1  # drop and round off less than 2^slack in all
    if slack <= 1:
        return offset, tuple(values)
    allowance = 1 << (slack - 2)  # each end may drop up to 2^(slack − 2)
    first, dropped = 0, 0
    while sizes[first] == 0 or dropped + (1 << sizes[first]) <= allowance:
        dropped += (1 << sizes[first]) if sizes[first] else 0
        first += 1
    last, dropped = len(values) - 1, 0
    while sizes[last] == 0 or dropped + (1 << sizes[last]) <= allowance:
        dropped += (1 << sizes[last]) if sizes[last] else 0
        last -= 1
    mass = sum(poly[offset + first:offset + last + 1]).bit_length()
    shift = slack - 1 - mass  # 2^shift · Σ poly < 2^(slack − 1)
    kept = values[first:last + 1]
    if shift > 0:
        kept = [v >> shift for v in kept]
    return offset + first, tuple(kept)
