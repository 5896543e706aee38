"""The board-level combination of successive views, kept between them: a move pays for the
components it changed, not for the board.

:func:`~sweepkit.analysis.board.probability.analyse` multiplies every component's polynomial
and computes every box's probability, each time. :class:`CombinationKeeper` keeps, from one
system to the next (the :class:`~sweepkit.constraints.Component` objects a move left alone
are the same objects, :mod:`.system_tracker`):

- each component's count (:func:`~sweepkit.analysis.count.component.solve_component`, asked
  once per component object) and its own certain boxes
  (:func:`~sweepkit.analysis.board.deferred.local_certainty`);
- the product of the polynomials of the components with more than one mine number, as a
  tree whose leaves are slots (:mod:`~sweepkit.analysis.board.path_tree`): a component that
  leaves empties its slot, one that comes takes a free one, and only the paths of changed
  slots are multiplied again;
- the sum of the components' fewest mines.

The analysis it returns answers every question ``analyse`` does, with the same numbers: its
box probabilities are :class:`~sweepkit.analysis.board.deferred.DeferredBoxes` (computed
when read), its total is computed when read (a binomial of the floating pool: 10 ms on a
1000×1000 board, which no move needs). Frontiers so wide that ``analyse`` would weigh them
on a window (:data:`~sweepkit.analysis.board.combine.EXACT_TABLE_BITS`) are combined as
``analyse`` does, so the floats are its floats.
"""

from __future__ import annotations

from collections.abc import Callable

from sweepkit.analysis.board.board_count import binomial, exact_quotient, table_bits
from sweepkit.analysis.board.combine import EXACT_TABLE_BITS, combine
from sweepkit.analysis.board.deferred import (
    Certainty,
    DeferredBoxes,
    local_certainty,
    window_ends,
)
from sweepkit.analysis.board.path_tree import Node, assign, grow
from sweepkit.analysis.board.probability import Analysis
from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.analysis.count.poly import Poly, int_product
from sweepkit.constraints import Component, ConstraintSystem
from sweepkit.position import Position


class _Entry:
    """One component while it is kept: its count, its slot in the tree (−1: not in it)
    and its own certain boxes."""

    __slots__ = ("component", "count", "local", "mined", "slot")

    def __init__(self, component: Component, count: ComponentCount) -> None:
        self.component = component
        self.count = count
        self.local: Certainty | None = local_certainty(count, component.sizes)
        self.mined = self.local is not None and True in self.local
        self.slot = -1


class CombinationKeeper:
    """``analyse(position, system, ...)``: the :class:`Analysis` of a system, reusing what
    the last system's components left (module doc). ``clear()`` forgets them."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        """Forget every component (the next system is combined from nothing)."""
        self._entries: dict[int, _Entry] = {}  # id of a kept Component -> its entry
        self._root: Node | None = None
        self._nslots = 1
        self._free: list[int] = []
        self._used = 0  # slots handed out so far (those above are all free)
        self._low = 0
        self._dead = 0  # components with no layout

    def analyse(self, position: Position | Callable[[], Position], system: ConstraintSystem,
                use_mine_count: bool = True, marked: tuple[int, ...] = ()) -> Analysis:
        """The analysis of ``system`` (that of ``position``: given, or made when read)."""
        with_count = use_mine_count and system.remaining is not None
        if system.impossible:
            return Analysis(position, system, (), 0, with_count, marked=marked)
        try:
            counts, slots, local, mined = self._follow(system.components)
        except BaseException:
            self.clear()  # a budget stopped it half-way: combine afresh next time
            raise
        if self._dead:
            return Analysis(position, system, counts, 0, with_count, marked=marked)
        floating = len(system.floating)
        sizes = [comp.sizes for comp in system.components]
        if not with_count:
            boxes = DeferredBoxes(counts, sizes, slots, local, mined, floating, False)
            return Analysis(position, system, counts, _product_total(counts, floating), False,
                            boxes, marked, consistent=True)
        remaining = system.remaining
        assert remaining is not None
        root, low = self._root, self._low
        frontier: Poly = root.poly if root is not None else (1,)
        top = remaining - low
        if window_ends(frontier, max(0, top - floating), min(len(frontier) - 1, top)) is None:
            return Analysis(position, system, counts, 0, True, marked=marked)
        if root is not None and table_bits(len(frontier), floating) > EXACT_TABLE_BITS:
            combined = combine(counts, sizes, floating, remaining)
            assert combined is not None
            total, wide = combined
            return Analysis(position, system, counts, total, True, wide, marked)
        boxes = DeferredBoxes(counts, sizes, slots, local, mined, floating, True, root,
                              self._nslots, remaining, low)
        return Analysis(position, system, counts,
                        _weighted_total(counts, boxes, floating, remaining, low), True,
                        boxes, marked, consistent=True)

    def _follow(self, components: tuple[Component, ...]
                ) -> tuple[tuple[ComponentCount, ...], tuple[int, ...], dict[int, Certainty],
                           list[int]]:
        """Bring the entries and the tree up to ``components``; their counts, slots, own
        certain boxes (by index) and the indices of those with a certain mine, in order."""
        old = self._entries
        if not any(id(comp) in old for comp in components):
            self.clear()  # nothing kept: a fresh tree, as small as this board's
            old = self._entries
        entries: dict[int, _Entry] = {}
        added: list[_Entry] = []
        for comp in components:
            entry = old.pop(id(comp), None)
            if entry is None:
                entry = _Entry(comp, solve_component(comp))
                added.append(entry)
            entries[id(comp)] = entry
        changes: dict[int, Poly | None] = {}
        for entry in old.values():  # the components that left
            self._low -= entry.count.low
            self._dead -= not entry.count.by_mines
            if entry.slot >= 0:
                changes[entry.slot] = None
                self._free.append(entry.slot)
        for entry in added:
            by = entry.count.by_mines
            self._low += entry.count.low
            self._dead += not by
            if len(by) > 1:
                entry.slot = self._take_slot()
                changes[entry.slot] = by
        self._entries = entries
        self._root = assign(self._root, self._nslots, changes)
        counts, slots, local, mined = [], [], {}, []
        for i, entry in enumerate(entries.values()):
            counts.append(entry.count)
            slots.append(entry.slot)
            if entry.local is not None:
                local[i] = entry.local
                if entry.mined:
                    mined.append(i)
        return tuple(counts), tuple(slots), local, mined

    def _take_slot(self) -> int:
        if self._free:
            return self._free.pop()
        if self._used == self._nslots:
            self._root = grow(self._root)
            self._nslots *= 2
        self._used += 1
        return self._used - 1


def _product_total(counts: tuple[ComponentCount, ...], floating: int) -> Callable[[], int]:
    """The total without the mine count, when read: the product of the components' totals,
    each floating cell doubling it."""
    return lambda: int_product([c.total for c in counts]) << floating


def _weighted_total(counts: tuple[ComponentCount, ...], boxes: DeferredBoxes, floating: int,
                    remaining: int, low: int) -> Callable[[], int]:
    """The total with the mine count, when read: the components of one mine number
    multiplied, the others' product weighed by the pool (as :func:`.combine.combine`)."""
    def total() -> int:
        const = int_product([c.by_mines[0] for c in counts if len(c.by_mines) == 1])
        den, relative = boxes.relative_sum()
        num = binomial(floating, min(floating, remaining - low))
        return const * exact_quotient(relative * num, den)
    return total


__all__ = ["CombinationKeeper"]
