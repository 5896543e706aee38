"""Constraints: a Position as linear equations over its unknown cells, grouped into boxes.

Every revealed number gives one equation: the sum of its unknown neighbours equals
the number minus its known-mine neighbours. Unknown cells that belong to exactly the
same equations form a **box** (the variable is how many mines the box holds, 0..size,
in C(size, k) ways); equations sharing boxes form independent **components**; unknown
cells touching no number form the **floating** pool. All data is frozen and hashable so
component results can be cached (see :mod:`sweepkit.analysis.component`).

Sources: the equations and their split into independent groups are Studholme, *Minesweeper
as a Constraint Satisfaction Problem*, 2000 [Studholme2000], and the school project's
*Minesweeper Solver*, §3 stage 3 "brute force over connected groups" [SchoolProject]; boxes
(cells in the same equations, one variable each) are how the fastest peer solvers shrink
the search. Full entries in ``docs/bibliography.md``.

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
from itertools import compress
from typing import NamedTuple

from sweepkit.bits import (
    IS_NUMBER,
    MINE_BIT,
    NUMBER_BIT,
    UNKNOWN_BIT,
    VALUE_BIT,
    cell_mask,
    mask_cells,
    packed,
)
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.topology import cell_neighbours, neighbour_masks, neighbour_planes

TABLE_LIMIT = 20_000
"""Boards up to this many cells use the cached neighbour table; bigger ones compute
neighbours per number (no million-entry table for a 1000x1000 board)."""


class Constraint(NamedTuple):
    """One equation: exactly ``need`` mines among ``cells`` (sorted unknown cells).

    ``number`` is the flat index of the revealed number it comes from (``-1`` when the
    equation was made up, e.g. in a test at the constraint level). A named tuple: the
    hot path makes one per frontier number.
    """

    number: int
    cells: tuple[int, ...]
    need: int


@dataclass(frozen=True)
class Component:
    """Constraints linked through shared boxes; solved as one unit.

    ``sizes[b]`` is the size of box ``b``, ``rows`` the equations in box terms:
    ``(box indices, need)``. ``key`` (sizes and rows) is all the counting depends on,
    so two components with the same key share one cached result. ``boxes`` and
    ``numbers`` map the abstract boxes and rows back to cells and number cells; ``shape``
    is the board's shape when it is a plain 2-D grid (so the component's geometry is
    known: :mod:`sweepkit.analysis.strip_route` uses it), else ``None``.
    """

    sizes: tuple[int, ...]
    rows: tuple[tuple[tuple[int, ...], int], ...]
    boxes: tuple[tuple[int, ...], ...] = field(compare=False)
    numbers: tuple[int, ...] = field(compare=False)
    shape: tuple[int, ...] | None = field(default=None, compare=False)

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


def _informative_numbers(cells: bytes, shape: tuple[int, ...], topology: str,
                         unknown: int, mines: int) -> int:
    """Bit set of the numbers that touch an unknown cell or whose known-mine neighbours
    do not add up to their value (a 2-D board; bit-sliced counting, no per-cell loop)."""
    numbers = cell_mask(cells, NUMBER_BIT)
    near_unknown = 0
    for plane in neighbour_planes(unknown, shape, topology):
        near_unknown |= plane
    count = [0, 0, 0, 0]  # bit k of every cell's count of known-mine neighbours
    if mines:
        for carry in neighbour_planes(mines, shape, topology):
            k = 0
            while carry:
                count[k], carry = count[k] ^ carry, count[k] & carry
                k += 1
    wrong = 0
    for k in range(4):
        wrong |= count[k] ^ cell_mask(cells, VALUE_BIT[k])
    return numbers & (near_unknown | wrong)


def _constraints_and_mask(position: Position, numbers: Iterable[int] | None
                          ) -> tuple[list[Constraint], int | None]:
    """The equations, and the bit set of the unknown cells they do not touch (``None`` on
    boards too big for the cached tables, where no bit sets are used)."""
    cells = position.cells
    shape, topology = position.shape, position.topology
    result = []
    if len(cells) <= TABLE_LIMIT:
        # Bit sets: only numbers touching an unknown cell, or whose count of known-mine
        # neighbours differs from their value, give an equation; both sets are found
        # in bulk, so the numbers deep inside the revealed area cost nothing.
        masks = neighbour_masks(shape, topology)
        raw = packed(cells)
        unknown = cell_mask(raw, UNKNOWN_BIT)
        mines = cell_mask(raw, MINE_BIT)
        if numbers is None:
            if len(shape) == 2:
                numbers = mask_cells(_informative_numbers(raw, shape, topology, unknown,
                                                          mines))
            else:
                numbers = compress(range(len(cells)), map(IS_NUMBER.__getitem__, cells))
        touched = 0
        for i in numbers:
            around = masks[i]
            need = cells[i] - (around & mines).bit_count() if mines else cells[i]
            near = around & unknown
            if near:
                touched |= near
                found = []
                while near:
                    low = near & -near
                    found.append(low.bit_length() - 1)
                    near ^= low
                result.append(Constraint(i, tuple(found), need))
            elif need:
                result.append(Constraint(i, (), need))
        return result, unknown & ~touched
    if numbers is None:
        numbers = compress(range(len(cells)), map(IS_NUMBER.__getitem__, cells))
    for i in numbers:
        unknown_cells = []
        need = cells[i]
        for j in cell_neighbours(shape, topology, i):
            v = cells[j]
            if v == UNKNOWN:
                unknown_cells.append(j)
            elif v == MINE:
                need -= 1
        if unknown_cells or need != 0:
            result.append(Constraint(i, tuple(unknown_cells), need))
    return result, None


def build_system(position: Position, numbers: Iterable[int] | None = None) -> ConstraintSystem:
    """Turn a position into its constraint system (optionally using only some numbers).

    Cost is linear in the board size plus the frontier.
    """
    cells = position.cells
    unknown_count = cells.count(UNKNOWN)
    constraints, untouched = _constraints_and_mask(position, numbers)
    remaining = position.remaining_mines()
    if untouched is not None:
        floating = tuple(mask_cells(untouched))
    else:
        constrained: set[int] = set()
        for c in constraints:
            constrained.update(c.cells)
        floating = tuple(i for i, v in enumerate(cells)
                         if v == UNKNOWN and i not in constrained)
    grid = position.shape if position.topology == "grid" and len(position.shape) == 2 else None
    return system_from_constraints(constraints, floating, remaining, unknown_count, grid)


def system_from_constraints(constraints: Sequence[Constraint], floating: Sequence[int] = (),
                            remaining: int | None = None,
                            unknown_count: int | None = None,
                            shape: tuple[int, ...] | None = None) -> ConstraintSystem:
    """Group equations into boxes and components (usable directly on made-up equations).

    ``shape`` (a 2-D grid's shape, the equations' cells being flat indices of it) is
    passed on to the components, whose geometry it gives.

    >>> s = system_from_constraints([Constraint(-1, (1, 2), 1), Constraint(-1, (2, 3), 1)])
    >>> [(c.sizes, c.rows) for c in s.components]
    [((1, 1, 1), (((0, 1), 1), ((1, 2), 1)))]
    """
    constraints = tuple(constraints)
    # An equation can hold on its own when 0 <= need <= its cells; the others are
    # impossible (reported, and left out of the boxes).
    possible = [0 <= need <= len(eq_cells) for _number, eq_cells, need in constraints]
    impossible = tuple(c.number for c, ok in zip(constraints, possible, strict=True) if not ok)
    # Box = the set of usable equations a cell belongs to.
    member: dict[int, list[int]] = {}
    for k, (_number, eq_cells, _need) in enumerate(constraints):
        if eq_cells and possible[k]:
            for cell in eq_cells:
                seen = member.get(cell)
                if seen is None:
                    member[cell] = [k]
                else:
                    seen.append(k)
    boxes_by_sig: dict[tuple[int, ...], list[int]] = {}
    for cell in sorted(member):
        sig = tuple(member[cell])
        box = boxes_by_sig.get(sig)
        if box is None:
            boxes_by_sig[sig] = [cell]
        else:
            box.append(cell)
    # Components: equations linked through shared cells, found depth-first.
    component_of: dict[int, int] = {}
    for sig in boxes_by_sig:
        start = sig[0]
        if start in component_of:
            continue
        component_of[start] = start
        stack = [start]
        while stack:
            k = stack.pop()
            for cell in constraints[k].cells:
                for other in member[cell]:
                    if other not in component_of:
                        component_of[other] = start
                        stack.append(other)
    groups: dict[int, list[tuple[int, ...]]] = {}
    for sig in boxes_by_sig:  # boxes in order of their first cell
        group = groups.get(component_of[sig[0]])
        if group is None:
            groups[component_of[sig[0]]] = [sig]
        else:
            group.append(sig)
    components = []
    for sigs in groups.values():  # in order of their first box
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
            shape=shape,
        ))
    if unknown_count is None:
        unknown_count = len(member) + len(floating)
    return ConstraintSystem(constraints, tuple(components), tuple(floating), impossible,
                            remaining, unknown_count)
