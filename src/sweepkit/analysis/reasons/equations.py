"""The equations near a cell: what one equation, two, or a whole component force on it.

:class:`CellValue` says what a certain cell is. :class:`Equations` indexes a list of
equations by cell once, so that every question about one cell looks only at the equations
near it; one equation, or two overlapping ones, force a cell in closed form
(:func:`certain_alone`, :func:`certain_pair`), any set by counting (:func:`certain_by`); what
the cell's whole connected set forces (its *closure*) comes from the exact analysis when one
is given. Used by :mod:`sweepkit.analysis.reasons.prover` (the linked set) and
:mod:`sweepkit.analysis.reasons.explain` (the techniques).

>>> from sweepkit.constraints import Constraint
>>> certain_by([Constraint(0, (1, 2), 0)], 1)
<CellValue.SAFE: 'safe'>
>>> certain_pair(Constraint(3, (1, 2, 4), 2), Constraint(0, (1, 2), 1), 2, False)  # cell 4
<CellValue.MINE: 'mine'>
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from enum import StrEnum

from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.constraints import Component, Constraint, system_from_constraints


class CellValue(StrEnum):
    """What a certain cell is: safe in every layout, or a mine in every layout."""

    SAFE = "safe"
    MINE = "mine"


def certain_by(constraints: Sequence[Constraint], cell: int) -> CellValue | None:
    """``SAFE``/``MINE`` if these equations alone (no mine count) fix ``cell``."""
    system = system_from_constraints(constraints)
    for comp in system.components:
        for b, box in enumerate(comp.boxes):
            if cell in box:
                return certain_in(solve_component(comp), b, len(box))
    return None


def certain_in(solved: ComponentCount, box: int, size: int) -> CellValue | None:
    """What a solved component says of a cell of its box ``box`` (of ``size`` cells)."""
    if solved.total == 0:
        return None
    mines = sum(solved.box_mines[box])
    if mines == 0:
        return CellValue.SAFE
    if mines == solved.total * size:
        return CellValue.MINE
    return None


def possible(c: Constraint) -> bool:
    """Whether an equation can hold on its own (else the systems leave it out)."""
    return 0 <= c.need <= len(c.cells)


def certain_alone(c: Constraint) -> CellValue | None:
    """:func:`certain_by` of one equation, for a cell of it, in closed form: all its cells
    are safe when it needs no mine, all mines when it needs one per cell."""
    if not possible(c):
        return None
    if c.need == 0:
        return CellValue.SAFE
    if c.need == len(c.cells):
        return CellValue.MINE
    return None


def certain_pair(a: Constraint, b: Constraint, shared: int, cell_shared: bool
                 ) -> CellValue | None:
    """:func:`certain_by` of two overlapping equations that can each hold, for a cell of
    ``a``, in closed form: with t mines among the ``shared`` cells, ``a`` puts ``a.need - t``
    in its own cells and ``b`` ``b.need - t`` in its own; the layouts exist for t in one
    interval (every binomial positive), and the cell is certain when its part takes the
    same extreme value (none, or all of it) for every t of that interval."""
    own_a, own_b = len(a.cells) - shared, len(b.cells) - shared
    lo = max(0, a.need - own_a, b.need - own_b)
    hi = min(shared, a.need, b.need)
    if lo > hi:
        return None
    if cell_shared:  # the shared box holds t mines
        if hi == 0:
            return CellValue.SAFE
        return CellValue.MINE if lo == shared else None
    if lo == a.need:  # a's own box holds a.need - t mines, 0 for every t
        return CellValue.SAFE
    return CellValue.MINE if hi == a.need - own_a else None


Closure = Callable[[int], "tuple[CellValue | None, frozenset[int]] | None"]
"""For a cell: what the whole connected set of equations around it forces, and the mine cells
of one layout of that set; ``None`` when that set has no layout or holds an equation that
cannot hold on its own (then :func:`~sweepkit.analysis.reasons.prover.linked_set` takes the careful
route)."""


class Equations:
    """A list of equations indexed by cell, so that every question about one cell looks only
    at the equations near it (the order of the list is kept: it decides ties; an equation
    listed twice counts once, as it did).

    ``closure`` (optional, see :data:`Closure`) answers for a cell from the exact analysis
    of its component, without a new count; without it the linked set is counted here.
    """

    def __init__(self, constraints: Sequence[Constraint], closure: Closure | None = None
                 ) -> None:
        seen_ids: set[int] = set()
        self.constraints = [c for c in constraints
                            if id(c) not in seen_ids and not seen_ids.add(id(c))]
        by_cell: dict[int, list[int]] = {}
        for j, c in enumerate(self.constraints):
            for x in c.cells:
                found = by_cell.get(x)
                if found is None:
                    by_cell[x] = [j]
                else:
                    found.append(j)
        self.by_cell = by_cell
        self._closure = closure
        self._overlaps: dict[int, list[int]] = {}
        self._sets: dict[int, frozenset[int]] = {}
        self._all_numbers: tuple[int, ...] | None = None

    def containing(self, cell: int) -> list[Constraint]:
        """The equations holding ``cell``, in list order."""
        return [self.constraints[j] for j in self.by_cell.get(cell, ())]

    def overlapping(self, j: int) -> list[int]:
        """Indices (ascending) of the equations sharing a cell with equation ``j`` (``j``
        included)."""
        found = self._overlaps.get(j)
        if found is None:
            by_cell = self.by_cell
            found = self._overlaps[j] = sorted({k for x in self.constraints[j].cells
                                                for k in by_cell[x]})
        return found

    def cells_of(self, j: int) -> frozenset[int]:
        found = self._sets.get(j)
        if found is None:
            found = self._sets[j] = frozenset(self.constraints[j].cells)
        return found

    def all_numbers(self) -> tuple[int, ...]:
        """The number cells of every equation (what a ``GLOBAL`` reason cites)."""
        if self._all_numbers is None:
            self._all_numbers = tuple(sorted({c.number for c in self.constraints}))
        return self._all_numbers

    def growth(self, start: Sequence[int]) -> Iterator[int]:
        """The equations added, one by one, when a set is grown breadth-first from the
        equations ``start``: each equation of the set in turn brings the equations sharing a
        cell with it, in list order, that are not in the set yet (an equal equation counts as
        in it)."""
        constraints = self.constraints
        chosen = {constraints[j] for j in start}
        frontier = list(start)
        while frontier:
            nxt = []
            for j in frontier:
                for k in self.overlapping(j):
                    d = constraints[k]
                    if d not in chosen:
                        chosen.add(d)
                        nxt.append(k)
                        yield k
            frontier = nxt

    def closure(self, cell: int) -> tuple[CellValue | None, frozenset[int]] | None:
        """See :data:`Closure`: from the analysis when one was given, else counted."""
        if self._closure is not None:
            return self._closure(cell)
        start = self.by_cell.get(cell, [])
        linked = [self.constraints[j] for j in (*start, *self.growth(start))]
        if not all(possible(c) for c in linked):
            return None
        (component,) = system_from_constraints(linked).components
        solved = solve_component(component)
        if solved.total == 0:
            return None
        b = next(b for b, box in enumerate(component.boxes) if cell in box)
        return (certain_in(solved, b, component.sizes[b]),
                example_mines(component, solved))


def example_mines(component: Component, solved: ComponentCount) -> frozenset[int]:
    """The mine cells of one layout of a component that has one."""
    example = solved.example(solved.low)  # the fewest mines: always a layout
    assert example is not None
    return frozenset(c for box, k in zip(component.boxes, example, strict=True)
                     for c in box[:k])


__all__ = ["CellValue", "Closure", "Equations", "certain_alone", "certain_by", "certain_in",
           "certain_pair", "example_mines", "possible"]
