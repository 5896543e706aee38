"""Dead cells: unknown cells whose number, if revealed, is already known.

A cell is dead when it can be safe and, in every layout where it is safe, its number
is the same: clicking it can only lose or tell nothing, so it is never worth clicking
while anything else is. (Strong solvers skip such cells; the papers do not name them, and
this definition, with its exact test, is ours.)

The number a safe cell c shows is its known mines plus the mines among its unknown
neighbours N, so revealing c as v keeps the position consistent exactly when some layout
has c safe and v − known mines in N: the set of numbers c can show is
{known + |L ∩ N| : L a layout, c ∉ L} (:func:`revealed_numbers` computes it by revealing c
as each number and counting, the definition read literally). The layouts factor into
independent pieces, and only the pieces c and N touch matter; :func:`dead_cells` decides
every cell from them, locally:

- **Determined neighbours.** When every cell of N is a certain safe or a certain mine,
  |L ∩ N| is the same in every layout: c is dead (it can be safe).
- **The floating pool.** Cells touching no number are interchangeable. Without a mine count
  they are free, so a floating neighbour can flip: c is not dead. With one, a floating cell
  whose unknown neighbours are all floating sees any share of the pool's mines allowed by
  the pool's possible mine counts (:func:`_pool_numbers`); and a pool mine can move between
  a floating neighbour and a far floating cell, changing the number by one, as soon as the
  pool can hold a number of mines strictly between none and all of it (counted from the
  supports of the component polynomials: :mod:`sweepkit.analysis.dead_cells.supports`). For the
  floating cells of a big 2-D board these counts are taken for all cells at once, on bit
  sets.
- **The local test.** Otherwise the components are cut into *atoms*: a component split by
  its certain boxes (:func:`sweepkit.analysis.count.component.cached_split`, as the counting splits
  it) gives its fixed boxes (certain cells) and its parts, any other component is one atom.
  Atoms are independent and meet only through the mine count. With T the atoms that c and N
  touch, and k mines among N's cells in T, the layouts of T with c safe and those k mines
  are those of T's equations with c taken out and one equation added (``N ∩ T`` holds k
  mines): counted as a component system of its own, its support S_k is the set of mine
  numbers T can then hold. N's fixed cells add a known number of mines; its floating cells
  add j mines, where the pool holds f mines in all (f, and then the range of j, follow from
  the mine count: every atom outside T holds a mine number of its support, the pool the
  rest, :class:`~sweepkit.analysis.dead_cells.supports.Supports`). So c shows
  known + fixed + k + j for
  exactly the k, the mine numbers m in S_k and the pool counts f that fit together: the same
  set as revealing c, since the layouts with c safe are exactly the layouts of T's changed
  system times those of every other atom, with the pool filling the rest. When no floating
  cell is next to c and every mine number T can hold leaves the other atoms and the pool
  room for the rest (:meth:`~sweepkit.analysis.dead_cells.atoms.AtomTable.room_for_any`: the usual
  case, the pool being big), the mine count cannot rule any k out, and a search for one
  layout decides each k instead of a count (:func:`~sweepkit.analysis.dead_cells.atoms.exists`: T's
  boxes cut along N, the certain boxes fixed, each part searched to a first layout).

The test tries the likeliest numbers first and stops at the second number found. All three
routes give exactly what revealing every cell and counting gives
(``tests/analysis/dead_cells/test_dead.py`` checks them against that, against the old whole-board
route and against the brute force).

>>> from sweepkit.position import Position
>>> [divmod(c, 3) for c in dead_cells(Position.from_rows(["*1?", "???"], mines=1))]
[(0, 2), (1, 0), (1, 1), (1, 2)]
"""

from __future__ import annotations

from sweepkit.analysis.board.board_count import system_count
from sweepkit.analysis.board.probability import Analysis, analyse
from sweepkit.analysis.budget import check
from sweepkit.analysis.dead_cells.atoms import AtomTable, box_trial, exists, system_support
from sweepkit.analysis.dead_cells.supports import (
    Support,
    Supports,
    members,
    pool_fills,
    sumset,
    support_of,
)
from sweepkit.bits import UNKNOWN_BIT, cell_mask, mask_cells, packed
from sweepkit.constraints import (
    Constraint,
    ConstraintSystem,
    build_system,
    system_from_constraints,
)
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.topology import neighbour_planes

BULK_CELLS = 0
"""2-D boards with more cells than this decide their floating cells on bit sets, all at once
(a few operations on integers of one bit per cell: cheaper than a loop over the cells even
on an expert board); the tests set it high to check the cell-by-cell route too."""


def revealed_numbers(position: Position, cell: int, use_mine_count: bool = True,
                     system: ConstraintSystem | None = None, stop_after: int | None = None
                     ) -> tuple[int, ...]:
    """The numbers an unknown cell can show if it is revealed (empty if it must be a mine).

    The definition read literally, on the whole constraint system: the cell leaves the
    equations it was in (it is safe, so their needs stay) and brings its own; the board is
    counted once per number (unchanged components come from the cache). ``stop_after``
    ends the search once that many numbers are found. :func:`dead_cells` answers the same
    question locally.

    >>> revealed_numbers(Position.from_rows(["1?", "??"]), 3)
    (1,)
    """
    if system is None:
        system = build_system(position)
    if system.impossible:
        return ()
    around = position.neighbours(cell)
    unknown = tuple(j for j in around if position.cells[j] == UNKNOWN)
    known = sum(1 for j in around if position.cells[j] == MINE)
    kept = [c if cell not in c.cells else
            Constraint(c.number, tuple(j for j in c.cells if j != cell), c.need)
            for c in system.constraints]
    mine_count = system.remaining if use_mine_count else None
    floating = tuple(j for j in system.floating if j != cell and j not in unknown)
    possible = []
    for value in range(known, known + len(unknown) + 1):
        trial = system_from_constraints([*kept, Constraint(cell, unknown, value - known)],
                                        floating, mine_count, system.unknown_count - 1)
        if system_count(trial, use_mine_count) > 0:
            possible.append(value)
            if stop_after is not None and len(possible) >= stop_after:
                break
    return tuple(possible)


def dead_cells(position: Position, use_mine_count: bool = True,
               analysis: Analysis | None = None) -> tuple[int, ...]:
    """Unknown cells that can be safe and whose number is determined, ascending (empty
    when the position is inconsistent). Decided locally: see the module doc."""
    if analysis is None:
        analysis = analyse(position, use_mine_count)
    if not analysis.consistent:
        return ()
    return tuple(sorted(_DeadCells(position, analysis).find()))


def _pool_numbers(pool_counts: set[int], others: int, near: int) -> set[int]:
    """Mines a floating cell can see among its ``near`` unknown neighbours (all floating)
    when it is safe: k mines among the ``others`` floating cells put between
    max(0, k - (others - near)) and min(k, near) of them next to it, every value in
    between possible (floating cells are interchangeable).

    >>> sorted(_pool_numbers({0, 3}, 5, 2))
    [0, 1, 2]
    """
    seen: set[int] = set()
    for k in pool_counts:
        if k <= others:  # the cell itself is safe: k mines among the other floating cells
            seen.update(range(max(0, k - (others - near)), min(k, near) + 1))
    return seen


class _DeadCells:
    """Every question :func:`dead_cells` asks about one analysed position."""

    def __init__(self, position: Position, analysis: Analysis) -> None:
        self.position = position
        self.analysis = analysis
        system = analysis.system
        self.system = system
        self.with_count = analysis.uses_mine_count
        self.floating = set(system.floating)
        self.pool = len(system.floating)
        self.remaining = system.remaining if self.with_count else None
        assert analysis.box_ratio is not None
        self.where: dict[int, tuple[int, int]] = {}
        for i, comp in enumerate(system.components):
            for b, box in enumerate(comp.boxes):
                for c in box:
                    self.where[c] = (i, b)
        self.components = Supports([support_of(c) for c in analysis.counts])
        self.safe_reach: dict[tuple[int, int], Support] = {}
        self._pool_counts: set[int] | None = None
        self._pool_dead: dict[int, bool] = {}
        self._atoms: AtomTable | None = None

    # -- what is certain -------------------------------------------------------------

    def determined(self, cell: int) -> bool:
        """Whether an unknown cell is a certain safe or a certain mine."""
        found = self.where.get(cell)
        if found is None:
            num, den = self.analysis.floating_ratio  # type: ignore[misc]
        else:
            num, den = self.analysis.box_ratio[found[0]][found[1]]  # type: ignore[index]
        return num == 0 or num == den

    # -- the floating pool -----------------------------------------------------------

    def pool_counts(self) -> set[int]:
        """The numbers of mines the floating pool can hold (with the mine count)."""
        if self._pool_counts is None:
            assert self.remaining is not None
            self._pool_counts = {self.remaining - m for m in members(
                self.components.everything()) if 0 <= self.remaining - m <= self.pool}
        return self._pool_counts

    def pool_decides(self, near: int) -> bool:
        """Whether a safe floating cell whose ``near`` unknown neighbours are all floating
        shows one number only (:func:`_pool_numbers`; the same for every such cell)."""
        found = self._pool_dead.get(near)
        if found is None:
            found = self._pool_dead[near] = len(_pool_numbers(self.pool_counts(),
                                                              self.pool - 1, near)) == 1
        return found

    def safe_support(self, cell: int) -> Support:
        """For a frontier cell: the frontier mine numbers of the layouts where it is safe
        (from the supports of the component polynomials, no new count)."""
        i, b = key = self.where[cell]
        reach = self.safe_reach.get(key)
        if reach is None:
            count = self.analysis.counts[i]
            size = self.system.components[i].sizes[b]
            # layouts with m mines where one given cell of box b is safe
            bits = 0
            for k, (w, mined) in enumerate(zip(count.by_mines, count.box_mines[b],
                                               strict=True)):
                if w * size > mined:
                    bits |= 1 << k
            reach = self.safe_reach[key] = sumset((count.low, bits),
                                                  self.components.without([i]))
        return reach

    def pool_can_move(self, support: Support, others: int) -> bool:
        """Whether, with the frontier holding a mine number of ``support``, the pool can
        hold strictly between none and all of its ``others`` cells (the cell aside)."""
        assert self.remaining is not None
        low, bits = support
        # pool mines remaining - m in 1 .. others - 1: m in remaining - others + 1 .. remaining - 1
        start = max(self.remaining - others + 1 - low, 0)
        stop = self.remaining - 1 - low
        return stop >= start and (bits >> start) & ((1 << (stop - start + 1)) - 1) != 0

    # -- the cells -------------------------------------------------------------------

    def find(self) -> list[int]:
        """Every dead cell (in no particular order)."""
        analysis = self.analysis
        dead: list[int] = []
        local: list[int] = []  # cells the shortcuts leave to the local test
        box_ratio = analysis.box_ratio
        assert box_ratio is not None
        for comp, ratios in zip(self.system.components, box_ratio, strict=True):
            check()
            for box, (num, den) in zip(comp.boxes, ratios, strict=True):
                if num != den:
                    for cell in box:
                        self._classify(cell, dead, local)
        if self.floating:
            num, den = analysis.floating_ratio  # type: ignore[misc]
            if num != den:
                position = self.position
                if len(position.cells) > BULK_CELLS and len(position.shape) == 2:
                    rest = self._floating_in_bulk(dead)
                else:
                    rest = self.system.floating
                for cell in rest:
                    self._classify(cell, dead, local)
        for cell in local:
            check()
            if self._local_test(cell):
                dead.append(cell)
        return dead

    def _classify(self, cell: int, dead: list[int], local: list[int]) -> None:
        """Decide a cell that can be safe by the shortcuts of the module doc, or queue it
        for the local test."""
        position = self.position
        cells = position.cells
        near = [j for j in position.neighbours(cell) if cells[j] == UNKNOWN]
        floating = self.floating
        in_pool = sum(1 for j in near if j in floating)
        if self.with_count and cell in floating and in_pool == len(near):
            if self.pool_decides(len(near)):
                dead.append(cell)
            return
        if all(self.determined(j) for j in near):
            dead.append(cell)
            return
        if not self.with_count:
            if in_pool:
                return  # a floating neighbour can flip freely: the number varies
            local.append(cell)
            return
        if cell in floating:
            support, others = self.components.everything(), self.pool - 1
        else:
            support, others = None, self.pool
        if 0 < in_pool < others and self.pool_can_move(
                support or self.safe_support(cell), others):
            # A pool mine can move between a neighbour and a far floating cell,
            # leaving every equation as it is: the cell's number changes by one.
            return
        local.append(cell)

    def _floating_in_bulk(self, dead: list[int]) -> list[int]:
        """Decide, on bit sets, the floating cells (that can be safe) with no frontier cell
        around: they depend only on their number of unknown neighbours. Returns the other
        floating cells, for the cell-by-cell route."""
        position = self.position
        shape, topology = position.shape, position.topology
        size = len(position.cells)
        unknown = cell_mask(packed(position.cells), UNKNOWN_BIT)
        marks = bytearray(b"0" * size)
        for c in self.system.floating:
            marks[size - 1 - c] = 49  # "1"
        floating = int(marks, 2)
        frontier = unknown & ~floating
        near_frontier = 0
        for plane in neighbour_planes(frontier, shape, topology):
            near_frontier |= plane
        count = [0, 0, 0, 0]  # bit k of each cell's number of unknown neighbours
        for carry in neighbour_planes(unknown, shape, topology):
            k = 0
            while carry:
                count[k], carry = count[k] ^ carry, count[k] & carry
                k += 1
        alone = floating & ~near_frontier
        everything = (1 << size) - 1
        for n in range(9):
            group = alone
            for k in range(4):
                group &= count[k] if n >> k & 1 else everything ^ count[k]
            if not group:
                continue
            # without a mine count a floating neighbour can flip freely
            if self.pool_decides(n) if self.with_count else n == 0:
                dead.extend(mask_cells(group))
        return mask_cells(floating & near_frontier)

    # -- the local test ----------------------------------------------------------------

    def atoms(self) -> AtomTable:
        if self._atoms is None:
            self._atoms = AtomTable(self.analysis)
        return self._atoms

    def _local_test(self, cell: int) -> bool:
        """Whether the cell shows one number only, from the atoms it and its neighbours
        touch (see the module doc)."""
        position = self.position
        cells = position.cells
        atoms = self.atoms()
        around = position.neighbours(cell)
        base = sum(1 for j in around if cells[j] == MINE)  # known + fixed mines of N
        in_atoms: list[int] = []
        touched: set[int] = set()
        pool_near = 0
        for j in around:
            if cells[j] != UNKNOWN:
                continue
            if j in self.floating:
                pool_near += 1
                continue
            fixed = atoms.fixed.get(j)
            if fixed is not None:
                base += fixed
            else:
                in_atoms.append(j)
                touched.add(atoms.atom_of[j])
        if cell in atoms.atom_of:
            touched.add(atoms.atom_of[cell])
        chosen = sorted(touched)
        equations = [Constraint(e.number, tuple(x for x in e.cells if x != cell), e.need)
                     if cell in e.cells else e
                     for a in chosen for e in atoms.atoms[a].equations]
        # The mine count matters only if some mine number T can hold leaves the other
        # atoms and the pool no way to take the rest; else existence decides each k.
        free_count = not self.with_count
        if self.with_count:
            assert self.remaining is not None
            rest = atoms.supports.without(chosen)
            spare = self.remaining - atoms.fixed_mines  # mines for the atoms and the pool
            pool = self.pool - (1 if cell in self.floating else 0)
            free_count = pool_near == 0 and atoms.room_for_any(chosen, spare, pool)
        # the likeliest numbers first: a cell that is not dead shows two of them soon
        expected = sum(self.probability(j) for j in in_atoms)
        order = sorted(range(len(in_atoms) + 1), key=lambda k: abs(k - expected))
        shown: set[int] = set()
        if free_count:
            sizes, rows, near_boxes = box_trial([atoms.atoms[a] for a in chosen], cell,
                                                 set(in_atoms))
        for k in order:
            check()
            trial = [*equations, Constraint(cell, tuple(in_atoms), k)] if in_atoms else equations
            if free_count:
                if exists(sizes, rows, near_boxes, k, trial):
                    shown.add(base + k)
            else:
                support = system_support(trial)
                if support is None:
                    continue
                for m in members(support):
                    # the other atoms hold r mines, the pool f = spare - m - r of its cells
                    top = spare - m
                    for f in pool_fills(rest, top - pool, top):
                        shown.update(range(base + k + max(0, f - (pool - pool_near)),
                                           base + k + min(f, pool_near) + 1))
                        if len(shown) > 1 or pool_near == 0:
                            break
                    if len(shown) > 1:
                        break
            if len(shown) > 1:
                return False
        return len(shown) == 1

    def probability(self, cell: int) -> float:
        """The mine probability of a frontier cell, as a float (to order the trials)."""
        i, b = self.where[cell]
        num, den = self.analysis.box_ratio[i][b]  # type: ignore[index]
        return num / den
