"""Constraints: a Position as linear equations over its unknown cells, grouped into boxes.

Every revealed number gives one equation: the sum of its unknown neighbours equals
the number minus its known-mine neighbours. Unknown cells that belong to exactly the
same equations form a **box** (the variable is how many mines the box holds, 0..size,
in C(size, k) ways); equations sharing boxes form independent **components**; unknown
cells touching no number form the **floating** pool. All data is frozen and hashable so
component results can be cached (see :mod:`sweepkit.analysis.count`).

>>> from sweepkit.position import Position
>>> s = build_system(Position.from_rows(["1??", "???"]))
>>> [c.cells for c in s.constraints], s.floating
([(1, 3, 4)], (2, 5))
>>> s.components[0].sizes, s.components[0].rows
((3,), (((0,), 1),))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.topology import cell_neighbours, neighbours

TABLE_LIMIT = 20_000
"""Boards up to this many cells use the cached neighbour table; bigger ones compute
neighbours per number (no million-entry table for a 1000x1000 board)."""


@dataclass(frozen=True)
class Constraint:
    """One equation: exactly ``need`` mines among ``cells`` (sorted unknown cells).

    ``number`` is the flat index of the revealed number it comes from (``-1`` when the
    equation was made up, e.g. in a test at the constraint level).
    """

    number: int
    cells: tuple[int, ...]
    need: int

    @property
    def possible(self) -> bool:
        """Whether the equation alone can hold (0 <= need <= number of cells)."""
        return 0 <= self.need <= len(self.cells)


@dataclass(frozen=True)
class Component:
    """Constraints linked through shared boxes; solved as one unit.

    ``sizes[b]`` is the size of box ``b``, ``rows`` the equations in box terms:
    ``(box indices, need)``. ``key`` (sizes and rows) is all the counting depends on,
    so two components with the same key share one cached result. ``boxes`` and
    ``numbers`` map the abstract boxes and rows back to cells and number cells.
    """

    sizes: tuple[int, ...]
    rows: tuple[tuple[tuple[int, ...], int], ...]
    boxes: tuple[tuple[int, ...], ...] = field(compare=False)
    numbers: tuple[int, ...] = field(compare=False)

    @property
    def key(self) -> tuple:
        return (self.sizes, self.rows)

    @property
    def cells(self) -> tuple[int, ...]:
        return tuple(sorted(c for box in self.boxes for c in box))


@dataclass(frozen=True)
class ConstraintSystem:
    """The whole position as constraints: components, floating cells, mine totals.

    ``impossible`` lists the numbers whose equation alone cannot hold (a negative need
    or more mines than unknown neighbours): the position is then inconsistent, and the
    components are built from the other equations only. ``remaining`` is the number of
    mines still to place among the unknown cells (``None`` without a mine count).
    """

    constraints: tuple[Constraint, ...]
    components: tuple[Component, ...]
    floating: tuple[int, ...]
    impossible: tuple[int, ...]
    remaining: int | None
    unknown_count: int

    @property
    def locally_consistent(self) -> bool:
        """No single equation is impossible on its own."""
        return not self.impossible


def position_constraints(position: Position, numbers: Iterable[int] | None = None
                         ) -> list[Constraint]:
    """The equation of every revealed number (or of the given number cells only).

    Numbers with no unknown neighbour and a need of 0 carry no information and are left out.
    """
    cells = position.cells
    shape, topology = position.shape, position.topology
    if numbers is None:
        numbers = (i for i, v in enumerate(cells) if v >= 0)
    if len(cells) <= TABLE_LIMIT:
        around = neighbours(shape, topology).__getitem__  # cached per shape
    else:
        def around(i: int) -> tuple[int, ...]:
            return cell_neighbours(shape, topology, i)
    result = []
    for i in numbers:
        unknown = []
        need = cells[i]
        for j in around(i):
            v = cells[j]
            if v == UNKNOWN:
                unknown.append(j)
            elif v == MINE:
                need -= 1
        if unknown or need != 0:
            result.append(Constraint(i, tuple(unknown), need))
    return result


def build_system(position: Position, numbers: Iterable[int] | None = None) -> ConstraintSystem:
    """Turn a position into its constraint system (optionally using only some numbers).

    Cost is linear in the board size plus the frontier; no neighbour table is built.
    """
    cells = position.cells
    unknown_count = cells.count(UNKNOWN)
    constraints = position_constraints(position, numbers)
    remaining = None if position.mines is None else position.mines - cells.count(MINE)
    constrained: set[int] = set()
    for c in constraints:
        constrained.update(c.cells)
    floating = tuple(i for i, v in enumerate(cells) if v == UNKNOWN and i not in constrained)
    return system_from_constraints(constraints, floating, remaining, unknown_count)


def system_from_constraints(constraints: Sequence[Constraint], floating: Sequence[int] = (),
                            remaining: int | None = None,
                            unknown_count: int | None = None) -> ConstraintSystem:
    """Group equations into boxes and components (usable directly on made-up equations).

    >>> s = system_from_constraints([Constraint(-1, (1, 2), 1), Constraint(-1, (2, 3), 1)])
    >>> [(c.sizes, c.rows) for c in s.components]
    [((1, 1, 1), (((0, 1), 1), ((1, 2), 1)))]
    """
    constraints = tuple(constraints)
    impossible = tuple(c.number for c in constraints if not 0 <= c.need <= len(c.cells))
    usable = [k for k, c in enumerate(constraints) if c.cells and 0 <= c.need <= len(c.cells)]
    # Box = the set of usable equations a cell belongs to.
    member: dict[int, list[int]] = {}
    for k in usable:
        for cell in constraints[k].cells:
            member.setdefault(cell, []).append(k)
    boxes_by_sig: dict[tuple[int, ...], list[int]] = {}
    for cell in sorted(member):
        boxes_by_sig.setdefault(tuple(member[cell]), []).append(cell)
    # Components: union-find over equations joined by boxes.
    parent = {k: k for k in usable}

    def find(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for sig in boxes_by_sig:
        root = find(sig[0])
        for k in sig[1:]:
            other = find(k)
            if other != root:
                parent[other] = root
    groups: dict[int, list[tuple[int, ...]]] = {}
    for sig in boxes_by_sig:  # boxes in order of their first cell
        groups.setdefault(find(sig[0]), []).append(sig)
    components = []
    for sigs in sorted(groups.values(), key=lambda g: boxes_by_sig[g[0]][0]):
        eqs = sorted({k for sig in sigs for k in sig})
        local = {k: r for r, k in enumerate(eqs)}
        box_rows: list[list[int]] = [[] for _ in eqs]
        for b, sig in enumerate(sigs):
            for k in sig:
                box_rows[local[k]].append(b)
        components.append(Component(
            sizes=tuple(len(boxes_by_sig[sig]) for sig in sigs),
            rows=tuple((tuple(bs), constraints[k].need) for bs, k in zip(box_rows, eqs,
                                                                        strict=True)),
            boxes=tuple(tuple(boxes_by_sig[sig]) for sig in sigs),
            numbers=tuple(constraints[k].number for k in eqs),
        ))
    if unknown_count is None:
        unknown_count = len(member) + len(floating)
    return ConstraintSystem(constraints, tuple(components), tuple(floating), impossible,
                            remaining, unknown_count)
