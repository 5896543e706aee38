"""Supports: the mine numbers a piece of a position can hold, as bit sets, and their
sums over independent pieces (what :mod:`sweepkit.analysis.dead_cells.dead` decides the
floating pool and the mine count with).

>>> sorted(members(sumset((2, 0b101), (1, 0b11))))
[3, 4, 5, 6]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.analysis.count.split import sumset_bits, support_bits

Support = tuple[int, int]
"""The mine numbers a piece can hold, as ``(low, bits)``: bit i of ``bits`` stands for
``low + i`` mines (an empty support has ``bits == 0``)."""


def sumset(a: Support, b: Support) -> Support:
    """The mine numbers two independent pieces can hold together.

    >>> sumset((2, 0b101), (1, 0b11))  # {2, 4} + {1, 2}
    (3, 15)
    """
    return a[0] + b[0], sumset_bits(a[1], b[1])


def support_of(count: ComponentCount) -> Support:
    """The mine numbers a solved component (or part) has layouts for."""
    return count.low, support_bits(count)


def members(support: Support) -> Iterator[int]:
    low, bits = support
    while bits:
        last = bits & -bits
        yield low + last.bit_length() - 1
        bits ^= last


class Supports:
    """The supports of independent pieces, and for any few of them left out, the support of
    all the others together: a segment tree of sumsets (a query costs a few sumsets)."""

    def __init__(self, supports: Sequence[Support]) -> None:
        self.size = size = max(1, len(supports))
        self.tree: list[Support] = [(0, 1)] * (2 * size)
        for i, s in enumerate(supports):
            self.tree[size + i] = s
        for i in range(size - 1, 0, -1):
            self.tree[i] = sumset(self.tree[2 * i], self.tree[2 * i + 1])
        self.cache: dict[tuple[int, ...], Support] = {}

    def everything(self) -> Support:
        return self.tree[1]

    def without(self, left_out: Sequence[int]) -> Support:
        """The support of every piece but those of ``left_out`` (indices)."""
        key = tuple(sorted(set(left_out)))
        found = self.cache.get(key)
        if found is None:
            found = (0, 1)
            start = 0
            for stop in (*key, self.size):
                found = sumset(found, self._range(start, stop))
                start = stop + 1
            self.cache[key] = found
        return found

    def _range(self, lo: int, hi: int) -> Support:
        """The sumset of pieces lo .. hi - 1."""
        result: Support = (0, 1)
        lo += self.size
        hi += self.size
        while lo < hi:
            if lo & 1:
                result = sumset(result, self.tree[lo])
                lo += 1
            if hi & 1:
                hi -= 1
                result = sumset(result, self.tree[hi])
            lo //= 2
            hi //= 2
        return result


def pool_fills(rest: Support, lo: int, hi: int) -> Iterator[int]:
    """For each r in ``rest`` within lo .. hi (the mines the other atoms hold), the pool's
    share hi − r, from the most."""
    low, bits = rest
    start = max(lo - low, 0)
    stop = hi - low
    if stop < start:
        return
    window = (bits >> start) & ((1 << (stop - start + 1)) - 1)
    while window:
        last = window & -window
        yield hi - (low + start + last.bit_length() - 1)
        window ^= last


__all__ = ["Support", "Supports", "members", "pool_fills", "sumset", "support_of"]
