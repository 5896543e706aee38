"""Constraints: a Position as linear equations over its unknown cells, grouped into boxes.

Every revealed number gives one equation: the sum of its unknown neighbours equals
the number minus its known-mine neighbours. Unknown cells that belong to exactly the
same equations form a **box** (the variable is how many mines the box holds, 0..size,
in C(size, k) ways); equations sharing boxes form independent **components**; unknown
cells touching no number form the **floating** pool. All data is frozen and hashable so
component results can be cached (see :mod:`sweepkit.analysis.count.component`).

On 2-D boards the equations and boxes are found in bulk: the board as one byte per cell in
a big integer, shifted once per neighbour direction (:func:`sweepkit.topology.neighbour_codes`),
gives every cell's code of unknown neighbours, of known-mine neighbours and of neighbouring
numbers at once; Python then touches only the frontier. A 500x500 board with 20,000 mines
builds in about a third of a second. During a game,
:class:`sweepkit.analysis.tracking.incremental.IncrementalAnalyser` keeps a system up to date move
by move instead of building it again.

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

import gc
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress, pairwise
from struct import Struct
from typing import NamedTuple

from sweepkit.bits import (
    IS_NUMBER,
    MINE_BIT,
    UNKNOWN_BIT,
    cell_mask,
    mask_cells,
    packed,
)
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.topology import (
    cell_neighbours,
    code_cells,
    neighbour_codes,
    neighbour_counts,
    neighbour_masks,
)

TABLE_LIMIT = 20_000
"""On the cell-by-cell route (boards that are not 2-D, or numbers given in an order of their
own), boards up to this many cells use the cached neighbour table; bigger ones compute
neighbours per number (no million-entry table for a 1000x1000 board). 2-D boards of any
size take the bulk route (:func:`_grid_equations`)."""


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
    is the board's shape when it is a grid, of any dimension (so the component's geometry
    is known: :mod:`sweepkit.analysis.count.strip_route` uses a 2-D one, the box programme's
    strip orders any), else ``None``.
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
    ``floating`` is a tuple, or from the incremental tracker a sequence equal to one (its
    rows are kept between moves: :class:`sweepkit.analysis.tracking.board_state.FloatingCells`).
    """

    constraints: tuple[Constraint, ...]
    components: tuple[Component, ...]
    floating: Sequence[int]
    impossible: tuple[int, ...]
    remaining: int | None
    unknown_count: int


Boxes = list[tuple[tuple[int, ...], list[int]]]
"""Boxes as ``(signature, cells)``: the keys of the equations the cells lie in, the cells."""


def _grid_equations(position: Position, chosen: Sequence[int] | None = None,
                    equations: bool = True, boxes: bool = True
                    ) -> tuple[list[Constraint], list[int], Boxes, bytes, list[int]]:
    """A 2-D board's equations, boxes and floating cells, found in bulk.

    The board is one byte per cell in a big integer; shifting it by a neighbour's offset
    (:func:`sweepkit.topology.neighbour_bytes`) gives, for every cell at once, the 8-bit
    code of its unknown neighbours, the count of its known-mine neighbours and the code of
    its neighbouring numbers. Python then visits only the numbers that give an equation and
    the unknown cells that lie in one, each with a table look-up (the code's offsets), so a
    500x500 board costs little more than its frontier.

    Returns the equations (in number order; ``chosen``: only those numbers, ascending;
    none with ``equations=False``), the numbers of the impossible ones (found in bulk
    too), the boxes as ``(signature, cells)`` in order of their first cell (a signature is
    the sorted number cells of the possible equations the box's cells lie in), each number
    cell's need plus 8 (a byte per cell) and the floating cells. ``boxes=False``: no boxes
    (an empty list).
    """
    cells, shape = position.cells, position.shape
    n = len(cells)
    raw = _cell_bytes(n).pack(*cells)
    unknown = int.from_bytes(raw.translate(_UNKNOWN01), "little")
    mines = int.from_bytes(raw.translate(_MINE01), "little")
    values = raw.translate(_VALUE)
    if chosen is None:
        numbers = int.from_bytes(raw.translate(_NUMBER01), "little")
    else:
        picked = bytearray(n)
        for i in chosen:
            picked[i] = 1
        numbers = int.from_bytes(picked, "little")
    ucode = neighbour_codes(unknown, shape).to_bytes(n, "little")
    # need + 8 per cell: value + 8 - known-mine neighbours lies in 0..16, no borrow between bytes
    need8 = (int.from_bytes(values, "little") + int.from_bytes(b"\x08" * n, "little")
             - (neighbour_counts(mines, shape) if mines else 0)).to_bytes(n, "little")
    informative = numbers & (int.from_bytes(ucode.translate(_NONZERO), "little")
                             | int.from_bytes(need8.translate(_NOT_EIGHT), "little"))
    near = code_cells(shape)
    if equations:
        new = tuple.__new__
        constraints = [new(Constraint, (i, near[ucode[i]](i), need8[i] - 8))
                       for i in compress(range(n), informative.to_bytes(n, "little"))]
        impossible = [c.number for c in constraints if not 0 <= c.need <= len(c.cells)]
    else:
        # need < 0 (need8 < 8), or need > the p unknown neighbours: need8 + 8 - p (in 0..24
        # per byte, no borrow) above 16
        constraints = []
        room = (int.from_bytes(need8, "little") + int.from_bytes(b"\x08" * n, "little")
                - int.from_bytes(ucode.translate(_POPCOUNT), "little")).to_bytes(n, "little")
        bad = (int.from_bytes(need8.translate(_BELOW_EIGHT), "little")
               | int.from_bytes(room.translate(_ABOVE_SIXTEEN), "little"))
        impossible = list(compress(range(n), (informative & bad).to_bytes(n, "little")))
    # The possible equations with cells are the numbers touching an unknown cell, less
    # the impossible ones; a cell's signature is the code of its neighbours among them.
    linked = numbers & int.from_bytes(ucode.translate(_NONZERO), "little")
    if impossible:
        flags = bytearray(linked.to_bytes(n, "little"))
        for i in impossible:
            flags[i] = 0
        linked = int.from_bytes(flags, "little")
    lcode = neighbour_codes(linked, shape).to_bytes(n, "little")
    in_box = unknown & int.from_bytes(lcode.translate(_NONZERO), "little")
    by_sig: dict[tuple[int, ...], list[int]] = {}
    for c in compress(range(n), in_box.to_bytes(n, "little")) if boxes else ():
        sig = near[lcode[c]](c)
        box = by_sig.get(sig)
        if box is None:
            by_sig[sig] = [c]
        else:
            box.append(c)
    near_number = int.from_bytes(
        neighbour_codes(numbers, shape).to_bytes(n, "little").translate(_NONZERO), "little")
    floating = list(compress(range(n), (unknown & ~near_number).to_bytes(n, "little")))
    return constraints, impossible, list(by_sig.items()), need8, floating


def numbers_near_unknown(position: Position, excluded: Iterable[int] = ()) -> list[int]:
    """The number cells next to an unknown cell that is not in ``excluded``, ascending.

    The numbers a single-number deduction can still act on (a player passes the cells it
    already knows to be mines as ``excluded``). Found in bulk on 2-D boards (byte planes,
    no per-cell loop), cell by cell on others.

    >>> numbers_near_unknown(Position.from_rows(["1?-", "1-2", "-?*"]), excluded=[1])
    [3, 5]
    """
    cells, shape = position.cells, position.shape
    n = len(cells)
    if len(shape) != 2:
        skip = set(excluded)
        return [i for i in range(n) if cells[i] >= 0 and any(
            cells[j] == UNKNOWN and j not in skip
            for j in cell_neighbours(shape, position.topology, i))]
    raw = _cell_bytes(n).pack(*cells)
    unknown = bytearray(raw.translate(_UNKNOWN01))
    for i in excluded:
        unknown[i] = 0
    near = neighbour_codes(int.from_bytes(unknown, "little"), shape).to_bytes(n, "little")
    found = (int.from_bytes(raw.translate(_NUMBER01), "little")
             & int.from_bytes(near.translate(_NONZERO), "little"))
    return list(compress(range(n), found.to_bytes(n, "little")))


def _table(member: Callable[[int], int]) -> bytes:
    """A ``bytes.translate`` table: signed cell value (a byte) -> ``member(value)``."""
    return bytes(member(b - 256 if b > 127 else b) for b in range(256))


_UNKNOWN01 = _table(lambda v: int(v == UNKNOWN))
_MINE01 = _table(lambda v: int(v == MINE))
_NUMBER01 = _table(lambda v: int(v >= 0))
_VALUE = _table(lambda v: max(v, 0))
_NONZERO = bytes(int(b != 0) for b in range(256))
_NOT_EIGHT = bytes(int(b != 8) for b in range(256))
_BELOW_EIGHT = bytes(int(b < 8) for b in range(256))
_ABOVE_SIXTEEN = bytes(int(b > 16) for b in range(256))
_POPCOUNT = bytes(b.bit_count() for b in range(256))


@lru_cache(maxsize=16)
def _cell_bytes(size: int) -> Struct:
    """Packs a board's cell values as signed bytes, in cell order."""
    return Struct(f"{size}b")


def _constraints_and_mask(position: Position, numbers: Iterable[int] | None
                          ) -> tuple[list[Constraint], int | None]:
    """The equations of boards other than 2-D ones (or of any board for numbers given in
    an order of their own), and the bit set of the unknown cells they do not touch
    (``None`` on boards too big for the cached tables, where no bit sets are used)."""
    cells = position.cells
    shape, topology = position.shape, position.topology
    result = []
    if numbers is None:
        numbers = compress(range(len(cells)), map(IS_NUMBER.__getitem__, cells))
    if len(cells) <= TABLE_LIMIT:
        masks = neighbour_masks(shape, topology)
        raw = packed(cells)
        unknown = cell_mask(raw, UNKNOWN_BIT)
        mines = cell_mask(raw, MINE_BIT)
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
    for i in numbers:
        equation = number_equation(cells, shape, topology, i)
        if equation is not None:
            result.append(equation)
    return result, None


def number_equation(cells: Sequence[int], shape: tuple[int, ...], topology: str,
                    k: int) -> Constraint | None:
    """The equation of number cell ``k`` read from its neighbours (``None`` when it gives
    none: no unknown neighbour and nothing still needed)."""
    unknown = []
    need = cells[k]
    for j in cell_neighbours(shape, topology, k):
        v = cells[j]
        if v == UNKNOWN:
            unknown.append(j)
        elif v == MINE:
            need -= 1
    if unknown or need:
        return Constraint(k, tuple(unknown), need)
    return None


def build_system(position: Position, numbers: Iterable[int] | None = None, *,
                 equations: bool = True, components: bool = True) -> ConstraintSystem:
    """Turn a position into its constraint system (optionally using only some numbers).

    ``equations=False``: the system's ``constraints`` are left empty on 2-D boards, where
    the components are found without them (what counting needs; a tenth of a second
    saved on a 500x500 board). ``components=False``: its ``components`` are left empty
    on 2-D boards (for a caller that reads only the equations, as ``check`` does on a
    board drawn from a circuit: half a second of its 200,000 equations' boxes and
    union-find saved).

    Cost is linear in the board size (bulk operations on bytes, a few milliseconds for a
    million cells) plus the frontier (Python work per equation and per frontier cell). The
    cyclic garbage collector is paused meanwhile on big boards (see :func:`paused_gc`).
    """
    if len(position.cells) < TABLE_LIMIT:
        return _build_system(position, numbers, equations, components)
    with paused_gc():
        return _build_system(position, numbers, equations, components)


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector for the body (if it is on), and restore it.

    Building a big system makes hundreds of thousands of tuples, none in a reference cycle;
    each 700 of them would start a collection that walks the young objects (and, as the
    heap grows, the old ones): a third of the time of a 500x500 build. Nothing built here
    needs the collector, so it waits. With threads, the one that paused it turns it back
    on when it leaves; the others find it paused and leave it so.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _build_system(position: Position, numbers: Iterable[int] | None,
                  equations: bool, components: bool) -> ConstraintSystem:
    cells = position.cells
    unknown_count = cells.count(UNKNOWN)
    remaining = position.remaining_mines()
    shape = position.shape
    chosen = None if numbers is None else list(numbers)
    grid = shape if position.topology == "grid" else None
    if len(shape) == 2 and (chosen is None or _ascending_numbers(chosen, cells)):
        constraints, impossible, boxes, need8, floating = _grid_equations(
            position, chosen, equations, boxes=components)
        return ConstraintSystem(tuple(constraints),
                                tuple(_components(boxes, need8, -8, None, grid)),
                                tuple(floating), tuple(impossible), remaining, unknown_count)
    constraints, untouched = _constraints_and_mask(position, chosen)
    if untouched is not None:
        floating = tuple(mask_cells(untouched))
    else:
        constrained: set[int] = set()
        for c in constraints:
            constrained.update(c.cells)
        floating = tuple(i for i in position.unknown_cells() if i not in constrained)
    return system_from_constraints(constraints, floating, remaining, unknown_count, grid)


def _ascending_numbers(chosen: Sequence[int], cells: Sequence[int]) -> bool:
    """Whether ``chosen`` lists number cells in strictly ascending order (the bulk route
    keeps the board's order; other orders keep their own)."""
    return (all(a < b for a, b in pairwise(chosen))
            and all(0 <= i < len(cells) and cells[i] >= 0 for i in chosen))


def system_from_constraints(constraints: Sequence[Constraint], floating: Sequence[int] = (),
                            remaining: int | None = None,
                            unknown_count: int | None = None,
                            shape: tuple[int, ...] | None = None) -> ConstraintSystem:
    """Group equations into boxes and components (usable directly on made-up equations).

    ``shape`` (a grid's shape, the equations' cells being flat indices of it) is
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
    # Box = the set of usable equations a cell belongs to (equations named by index).
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
    components = _components(list(boxes_by_sig.items()), [c.need for c in constraints], 0,
                             [c.number for c in constraints], shape)
    if unknown_count is None:
        unknown_count = len(member) + len(floating)
    return ConstraintSystem(constraints, tuple(components), tuple(floating), impossible,
                            remaining, unknown_count)


def _components(boxes: Boxes, needs: Sequence[int], shift: int, numbers: Sequence[int] | None,
                shape: tuple[int, ...] | None) -> list[Component]:
    """The components of boxes given as ``(signature, cells)`` in order of their first cell.

    A signature names its equations by keys that sort in the equations' order (their index,
    or on the bulk route their number cell); ``needs[key] + shift`` is an equation's need
    and ``numbers[key]`` its number cell (``None``: the key is the number cell). Equations
    sharing a box are joined with a union-find; components come in order of their first
    box, each with its boxes in order and its equations in the equations' order.
    """
    parent = list(range(len(needs)))  # keys index needs: a list beats a dict here
    for sig, _cells in boxes:
        if len(sig) == 1:
            continue
        a = sig[0]
        while parent[a] != a:  # find the root, halving the path
            parent[a] = a = parent[parent[a]]
        for b in sig[1:]:
            while parent[b] != b:
                parent[b] = b = parent[parent[b]]
            if b != a:
                parent[b] = a
    groups: dict[int, list[tuple[tuple[int, ...], list[int]]]] = {}
    for box in boxes:
        root = box[0][0]
        while parent[root] != root:
            parent[root] = root = parent[parent[root]]
        group = groups.get(root)
        if group is None:
            groups[root] = [box]
        else:
            group.append(box)
    components = []
    for members in groups.values():
        if len(members) == 1:  # one box: every equation holds all of it
            eqs = sig = members[0][0]
            rows = tuple(((0,), needs[k] + shift) for k in sig)
        else:
            eqs = sorted(set().union(*[sig for sig, _ in members]))
            local = dict(zip(eqs, range(len(eqs)), strict=True))
            box_rows: list[list[int]] = [[] for _ in eqs]
            for b, (sig, _) in enumerate(members):
                for k in sig:
                    box_rows[local[k]].append(b)
            need = map(needs.__getitem__, eqs)
            rows = tuple(zip(map(tuple, box_rows), map(shift.__add__, need) if shift else need,
                             strict=True))
        cell_lists = [box_cells for _, box_cells in members]
        components.append(Component(
            sizes=tuple(map(len, cell_lists)),
            rows=rows,
            boxes=tuple(map(tuple, cell_lists)),
            numbers=tuple(eqs) if numbers is None else tuple(map(numbers.__getitem__, eqs)),
            shape=shape,
        ))
    return components
