"""Polynomials in the number of mines, and the solved component every component solver returns.

A count polynomial maps a number of mines m to a weighted number of layouts. It is stored
from its lowest non-zero term: a component whose layouts all hold between 4,000 and 4,100
mines keeps 101 coefficients, not 4,101, for its count and for each of its boxes (a
component of 10^4 boxes would otherwise take boxes × cells integers: gigabytes).

>>> c = trimmed([0, 0, 3, 1, 0], [[0, 0, 3, 2, 0]], [None, None, (1,), (2,), None])
>>> c.low, c.by_mines, c.box_mines, c.total, c.layouts(3), c.example(2)
(2, (3, 1), ((3, 2),), 4, 1, (1,))
>>> convolve((1, 1), (1, 2, 1))
(1, 3, 3, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

Poly = tuple[int, ...]
"""Coefficients of a count polynomial from a known lowest term: ``poly[i]`` is the weighted
number of layouts with ``low + i`` mines, ``low`` kept beside it."""

Assignment = tuple[int, ...]
"""Mines per box of a component, in box order."""


class ComponentCount(NamedTuple):
    """A solved component, every table starting at ``low`` mines.

    ``by_mines[i]``: layouts of the component's cells with ``low + i`` mines (first and last
    entries non-zero; empty when the component has no layout). ``box_mines[b][i]``: the sum,
    over those layouts, of the mines in box b (divide by the box size for one cell); same
    length as ``by_mines``. ``examples[i]``: one box assignment with ``low + i`` mines, for
    witnesses (``None`` where ``by_mines[i]`` is 0).
    """

    low: int
    by_mines: Poly
    box_mines: tuple[Poly, ...]
    examples: tuple[Assignment | None, ...]

    @property
    def total(self) -> int:
        """Number of layouts of the component."""
        return sum(self.by_mines)

    def mine_numbers(self) -> range:
        """Every mine number between the fewest and the most a layout holds."""
        return range(self.low, self.low + len(self.by_mines))

    def layouts(self, mines: int) -> int:
        """Number of layouts with exactly ``mines`` mines."""
        i = mines - self.low
        return self.by_mines[i] if 0 <= i < len(self.by_mines) else 0

    def example(self, mines: int) -> Assignment | None:
        """One box assignment with ``mines`` mines, or ``None``."""
        i = mines - self.low
        return self.examples[i] if 0 <= i < len(self.examples) else None


def no_layout(boxes: int) -> ComponentCount:
    """The count of a component that has no layout."""
    return ComponentCount(0, (), ((),) * boxes, ())


def trimmed(counts: Sequence[int], box_mines: Sequence[Sequence[int]],
            examples: Sequence[Assignment | None], low: int = 0) -> ComponentCount:
    """A :class:`ComponentCount` from tables that start at ``low`` mines, cut to the mine
    numbers that have a layout."""
    first = next((i for i, w in enumerate(counts) if w), None)
    if first is None:
        return no_layout(len(box_mines))
    last = max(i for i, w in enumerate(counts) if w) + 1
    return ComponentCount(low + first, tuple(counts[first:last]),
                          tuple(tuple(m[first:last]) for m in box_mines),
                          tuple(examples[first:last]))


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


def product(polys: Sequence[Sequence[int]]) -> Poly:
    """Product of several polynomials (``(1,)`` for none).

    >>> product([(1, 1), (1, 1), (2,)])
    (2, 4, 2)
    """
    result: Poly = (1,)
    for poly in polys:
        result = convolve(result, poly)
    return result


def products_without(polys: Sequence[Sequence[int]]) -> list[Poly]:
    """For each i, the product of every polynomial but the i-th (prefix × suffix products:
    linear in the number of polynomials, no division).

    >>> products_without([(1, 1), (1, 2), (3,)])
    [(3, 6), (3, 3), (1, 3, 2)]
    """
    n = len(polys)
    prefix: list[Poly] = [(1,)]
    for p in polys:
        prefix.append(convolve(prefix[-1], p))
    suffix: list[Poly] = [(1,)] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = convolve(suffix[i + 1], polys[i])
    return [convolve(prefix[i], suffix[i + 1]) for i in range(n)]
