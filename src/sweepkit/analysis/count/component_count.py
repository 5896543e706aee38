"""The count of one component, as every component solver returns it: :class:`ComponentCount`.

Its tables are count polynomials (:mod:`.poly`) stored from the fewest mines a layout
holds, ``low``: the layouts by number of mines, the mines of each box summed over them,
and one example layout per mine number. :func:`trimmed` cuts tables down to the mine numbers
that have a layout; :func:`no_layout` is the count of a component without one.

>>> c = trimmed([0, 0, 3, 1, 0], [[0, 0, 3, 2, 0]], [None, None, (1,), (2,), None])
>>> c.low, c.by_mines, c.box_mines, c.total, c.layouts(3), c.example(2)
(2, (3, 1), ((3, 2),), 4, 1, (1,))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from sweepkit.analysis.count.poly import Poly

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
    box_mines: Sequence[Poly]
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

