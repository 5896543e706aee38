"""Explanations: for every certain safe or mine, the simplest reason that proves it.

Techniques (:class:`Technique`), in the difficulty order used by hints and the trainer
(:data:`TECHNIQUES`):

- ``SINGLE`` (``"single"``): one number alone forces the cell;
- ``SUBSET`` (``"subset"``): two numbers, one's unknown cells inside the other's;
- ``LINKED`` (``"linked"``): a connected set of numbers taken together (two overlapping
  numbers, or more), found by growing a set of equations around the cell until the cell
  is forced, then shrinking it by deletion to an irreducible set;
- ``GLOBAL`` (``"global"``): only the total mine count decides it.

**Locally.** Every reason is found near its cell, so a board of thousands of certain cells
costs about their number, not its square (:func:`explain`): the equations are indexed by
cell once (:class:`_Equations`); one equation, or two, force a cell in closed form
(:func:`_forced_alone`, :func:`_forced_pair`); what the cell's whole component forces comes
from the analysis; and the linked set is grown and shrunk with a local prover
(:class:`_Prover`: a search for a layout with the cell the other way, with unit propagation,
that remembers its proofs and witnesses), the first forcing set found by doubling and
bisection, the deletion done a run of equations at a time. Each step gives exactly what the
plain definition gives (the old whole-board route is kept in the tests as the reference:
``tests/analysis/slow_reference.py``).

The first two are the school project's first stages, "simple finder" and "constraint
reduction" (*Minesweeper Solver*, §3 stages 1–2 [SchoolProject]; the single-number rule is
also Pedersen's single-point strategy, *The complexity of Minesweeper and strategies for
game playing*, 2004, §5, Algorithm 1 [Pedersen2004]); "linked" generalises them to any
irreducible set of equations, decided exactly.

``value`` is a :class:`CellValue` (``SAFE`` or ``MINE``). Both enums are StrEnums, so
they compare equal to their plain strings and format as them (sentences and JSON keep the
words). The JSON form of an explanation lives in :mod:`sweepkit.serialize`.

``because`` lists the number cells used: the cell is certain in every layout of those
numbers alone (without the mine count, except for ``GLOBAL``, which uses them all).

>>> from sweepkit.position import Position
>>> found = explain(Position.from_rows(["1??", "???"], mines=1))
>>> [(e.cell, e.value, e.technique) for e in found]
[(2, <CellValue.SAFE: 'safe'>, <Technique.GLOBAL: 'global'>),
 (5, <CellValue.SAFE: 'safe'>, <Technique.GLOBAL: 'global'>)]
>>> found[0].value == "safe" and found[0].technique == "global"
True
>>> print(explain(Position.from_rows(["01?"]))[0].sentence)
the 1 at (0, 1) has exactly as many unknown neighbours as missing mines, so (0, 2) is a mine
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from sweepkit.analysis.budget import check
from sweepkit.analysis.component import solve_component
from sweepkit.analysis.poly import ComponentCount
from sweepkit.analysis.probability import Analysis, analyse
from sweepkit.constraints import Component, Constraint, system_from_constraints
from sweepkit.position import Position


class CellValue(StrEnum):
    """What a certain cell is: safe in every layout, or a mine in every layout."""

    SAFE = "safe"
    MINE = "mine"


class Technique(StrEnum):
    """The kind of reasoning an explanation needs (see the module doc)."""

    SINGLE = "single"
    SUBSET = "subset"
    LINKED = "linked"
    GLOBAL = "global"


TECHNIQUES: tuple[Technique, ...] = (Technique.SINGLE, Technique.SUBSET, Technique.LINKED,
                                     Technique.GLOBAL)
"""Techniques from the simplest to the hardest."""


@dataclass(frozen=True)
class Explanation:
    """Why one unknown cell is certain: ``value`` says what it is, ``technique`` how hard
    the reason is, ``because`` which number cells give it, ``sentence`` the reason in words."""

    cell: int
    value: CellValue
    technique: Technique
    because: tuple[int, ...]
    sentence: str


def forced_by(constraints: Sequence[Constraint], cell: int) -> CellValue | None:
    """``SAFE``/``MINE`` if these equations alone (no mine count) fix ``cell``."""
    system = system_from_constraints(constraints)
    for comp in system.components:
        for b, box in enumerate(comp.boxes):
            if cell in box:
                return _forced_in(solve_component(comp), b, len(box))
    return None


def _forced_in(solved: ComponentCount, box: int, size: int) -> CellValue | None:
    """What a solved component says of a cell of its box ``box`` (of ``size`` cells)."""
    if solved.total == 0:
        return None
    mines = sum(solved.box_mines[box])
    if mines == 0:
        return CellValue.SAFE
    if mines == solved.total * size:
        return CellValue.MINE
    return None


def _possible(c: Constraint) -> bool:
    """Whether an equation can hold on its own (else the systems leave it out)."""
    return 0 <= c.need <= len(c.cells)


def _forced_alone(c: Constraint) -> CellValue | None:
    """:func:`forced_by` of one equation, for a cell of it, in closed form: all its cells
    are safe when it needs no mine, all mines when it needs one per cell."""
    if not _possible(c):
        return None
    if c.need == 0:
        return CellValue.SAFE
    if c.need == len(c.cells):
        return CellValue.MINE
    return None


def _forced_pair(a: Constraint, b: Constraint, shared: int, cell_shared: bool
                 ) -> CellValue | None:
    """:func:`forced_by` of two overlapping equations that can each hold, for a cell of
    ``a``, in closed form: with t mines among the ``shared`` cells, ``a`` puts ``a.need - t``
    in its own cells and ``b`` ``b.need - t`` in its own; the layouts exist for t in one
    interval (every binomial positive), and the cell is forced when its part takes the
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
cannot hold on its own (the careful route of :func:`_linked_plain` is then taken)."""


class _Equations:
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
        if not all(_possible(c) for c in linked):
            return None
        (component,) = system_from_constraints(linked).components
        solved = solve_component(component)
        if solved.total == 0:
            return None
        b = next(b for b, box in enumerate(component.boxes) if cell in box)
        return (_forced_in(solved, b, component.sizes[b]),
                _example_mines(component, solved))


def _example_mines(component: Component, solved: ComponentCount) -> frozenset[int]:
    """The mine cells of one layout of a component that has one."""
    example = solved.example(solved.low)  # the fewest mines: always a layout
    assert example is not None
    return frozenset(c for box, k in zip(component.boxes, example, strict=True)
                     for c in box[:k])


class _OverBudget(Exception):
    """The prover's search ran past :data:`PROVER_NODES` nodes."""


FIRST_GROWTH = 24
"""Equations beyond those holding the cell in the first set :func:`_linked` asks about."""

PROVER_NODES = 2000
"""Branchings one local search of :class:`_Prover` may make before the exact count decides."""


class _Prover:
    """Decides whether a set of equations (a subset of a cell's linked set, given by the
    indices ``active``) forces the cell to ``forced``, locally and with memory.

    The set forces the cell exactly when it has no layout with the cell the other way (every
    subset of the linked set has layouts, the linked set having one). That is searched
    depth-first with unit propagation (an equation with no mines left to place makes its free
    cells safe, one with as many mines left as free cells makes them mines), every cell not
    yet set taking its value in ``mines`` (a layout of the whole linked set), and branching
    only on the free cells of an equation that this completion breaks: the search stays where
    the flipped cell makes a difference. Each answer is remembered in a form that settles
    later questions without a search: a layout found (a *witness*) breaks only the equations
    of its ``misses``, so it shows that every set avoiding them does not force the cell; a
    search that fails used only the equations of its *proof*, so every set holding them
    forces the cell. Past :data:`PROVER_NODES` branchings, the exact count decides.
    """

    def __init__(self, equations: _Equations, cell: int, forced: CellValue,
                 mines: frozenset[int]) -> None:
        self.equations = equations
        self.cell = cell
        self.forced = forced
        self.other = 1 if forced is CellValue.SAFE else 0  # the value a layout would need
        self.mines = mines
        self.proofs: list[list[int]] = []
        self.misses: list[list[int]] = []

    def forces(self, active: Collection[int]) -> bool:
        """Whether the equations ``active`` (indices) force the cell."""
        return self.decide(active)[0]

    def decide(self, active: Collection[int]) -> tuple[bool, list[int] | None]:
        """:meth:`forces`, with the proof (when forced) or the misses of a witness (when
        not) that settled it, ``None`` when the exact count did."""
        for proof in self.proofs:
            if all(j in active for j in proof):
                return True, proof
        for missed in self.misses:
            if not any(j in active for j in missed):
                return False, missed
        check()
        try:
            found, equations = self._search(active)
        except (_OverBudget, RecursionError):
            kept = [self.equations.constraints[j] for j in sorted(active)]
            return forced_by(kept, self.cell) is not None, None
        (self.misses if found else self.proofs).append(equations)
        return not found, equations

    def _search(self, active: Collection[int]) -> tuple[bool, list[int]]:
        """``(True, misses)`` with a layout of ``active`` where the cell is the other way,
        ``(False, proof)`` when there is none."""
        constraints = self.equations.constraints
        by_cell = self.equations.by_cell
        mines = self.mines
        cell = self.cell
        assign = {cell: self.other}
        # why each cell was set: the equation that forced it (-1: the cell itself or a
        # branching), and when (its antecedents are the cells of that equation set before)
        reason = {cell: -1}
        when = {cell: 0}
        clock = 0  # when each cell was set, counted up (cells set again get a new time)
        proof: set[int] = set()
        nodes = [PROVER_NODES]

        def conflict(q: int) -> None:
            """Add to the proof the equations that lead to the conflict at ``q``."""
            proof.add(q)
            stack = [y for y in constraints[q].cells if y in assign]
            seen = set(stack)
            while stack:
                y = stack.pop()
                r = reason[y]
                if r < 0:
                    continue
                proof.add(r)
                t = when[y]
                for z in constraints[r].cells:
                    if z not in seen and z in assign and when[z] < t:
                        seen.add(z)
                        stack.append(z)

        def propagate(queue: deque[int], trail: list[int]) -> bool:
            nonlocal clock
            pending = set(queue)
            get = assign.get
            pop, push, mark, unmark = queue.popleft, queue.append, pending.add, pending.discard
            while queue:
                q = pop()
                unmark(q)
                _number, cells, need = constraints[q]
                free = []
                for x in cells:
                    v = get(x)
                    if v is None:
                        free.append(x)
                    else:
                        need -= v
                if need < 0 or need > len(free):
                    conflict(q)
                    return False
                if free and (need == 0 or need == len(free)):
                    v = 1 if need else 0
                    for x in free:
                        assign[x] = v
                        reason[x] = q
                        clock += 1
                        when[x] = clock
                        trail.append(x)
                        if v != (x in mines):
                            flipped[x] = None
                        for r in by_cell[x]:
                            if r not in pending and r in active:
                                mark(r)
                                push(r)
            return True

        def broken() -> tuple[int, int] | None:
            """The first active equation the completion by ``mines`` breaks, with its sum
            (only the equations of a cell set against ``mines`` can break)."""
            seen: set[int] = set()
            for x in flipped:
                for r in by_cell.get(x, ()):
                    if r not in seen and r in active:
                        seen.add(r)
                        c = constraints[r]
                        total = sum(assign.get(y, y in mines) for y in c.cells)
                        if total != c.need:
                            return r, total
            return None

        def search() -> bool:
            nonlocal clock
            nodes[0] -= 1
            if nodes[0] < 0:
                raise _OverBudget
            bad = broken()
            if bad is None:
                return True
            r, total = bad
            c = constraints[r]
            want = 0 if total > c.need else 1  # a free cell of r must move towards its need
            u = next(y for y in c.cells if y not in assign and (y in mines) != want)
            for v in (want, 1 - want):
                trail = [u]
                assign[u] = v
                reason[u] = -1
                clock += 1
                when[u] = clock
                if v != (u in mines):
                    flipped[u] = None
                if propagate(deque(q for q in by_cell[u] if q in active), trail) and search():
                    return True
                for y in trail:
                    del assign[y]
                    flipped.pop(y, None)
            return False

        flipped: dict[int, None] = {cell: None}  # the cells set against mines, in order
        start = deque(q for q in by_cell.get(cell, ()) if q in active)
        if not (propagate(start, [cell]) and search()):
            return False, sorted(proof)
        misses = set()
        for x in flipped:
            for r in by_cell.get(x, ()):
                c = constraints[r]
                if sum(assign.get(y, y in mines) for y in c.cells) != c.need:
                    misses.add(r)
        return True, sorted(misses)


def _linked(equations: _Equations, cell: int) -> tuple[list[Constraint], CellValue] | None:
    """Grow equations breadth-first from those containing the cell until it is forced,
    then shrink the set by deletion; None when the whole linked set cannot force it.

    The set is grown in the order of :meth:`_Equations.growth`, and the first grown set that
    forces the cell is the one kept. When the linked set has a layout, forcing only grows with
    the set (a bigger set has fewer layouts, and at least one), so that first set is found by
    doubling the number of added equations and then bisecting, and every question goes to a
    :class:`_Prover`; otherwise :func:`_linked_plain` counts each grown set in turn.
    """
    start = equations.by_cell.get(cell)
    if not start:
        return None
    closure = equations.closure(cell)
    if closure is None:
        return _linked_plain(equations, cell)
    forced, mines = closure
    if forced is None:
        return None
    prover = _Prover(equations, cell, forced, mines)
    sequence = list(start)
    place = {j: i for i, j in enumerate(sequence)}
    steps = equations.growth(start)

    def grow_to(size: int) -> None:
        while len(sequence) < size and (step := next(steps, None)) is not None:
            place[step] = len(sequence)
            sequence.append(step)

    def place_of(j: int) -> int:
        while j not in place:
            before = len(sequence)
            grow_to(before + 1)
            if len(sequence) == before:  # an equation equal to one grown: never in a set
                return before + 1
        return place[j]

    # The first grown set that forces the cell has known_forced equations (start's count),
    # more than known_free. A witness that misses only equations placed at i or later shows
    # that the first i do not force it; a proof whose equations are all among the first i,
    # that they do. The first question is about a generous set (most cells need few
    # equations): its proof, which stays near the cell, is usually tight, so the set just
    # below it is asked next (its witness then ends the search); bisection takes over after
    # a few tries.
    known_free, known_forced = len(start) - 1, None
    size, tight = len(start) + FIRST_GROWTH, 3
    while known_forced is None or known_forced - known_free > 1:
        if known_forced is not None:
            size = known_forced - 1 if tight > 0 else (known_free + known_forced) // 2
            tight -= 1
        grow_to(size)
        forces, evidence = prover.decide(set(sequence[:size]))
        if forces:
            # (a grown set holds all of start: the proof may need fewer)
            known_forced = size if evidence is None else max(len(start), max(
                place_of(j) for j in evidence) + 1)
        elif known_forced is None and len(sequence) >= size:
            known_free = size if evidence is None else min(place_of(j) for j in evidence)
            size = known_free + max(1, known_free - len(start) + 1)
        else:
            if size > len(sequence):
                raise AssertionError("the linked set forces the cell but no grown set does")
            known_free = size if evidence is None else min(place_of(j) for j in evidence)
    kept = _shrink(sequence[:known_forced], prover.forces)
    return [equations.constraints[j] for j in kept], forced


def _linked_plain(equations: _Equations, cell: int
                  ) -> tuple[list[Constraint], CellValue] | None:
    """:func:`_linked` on a linked set with no layout (or an equation that cannot hold):
    each grown set is counted in turn, as forcing need not grow with the set there."""
    constraints = equations.constraints
    chosen = list(equations.by_cell.get(cell, ()))
    forced = forced_by([constraints[j] for j in chosen], cell)
    if forced is None:
        for j in equations.growth(chosen):
            check()
            chosen.append(j)
            forced = forced_by([constraints[k] for k in chosen], cell)
            if forced is not None:
                break
        else:
            return None
    kept = _shrink(chosen, lambda kept: forced_by([constraints[j] for j in kept], cell)
                   is not None)
    return [constraints[j] for j in kept], forced


def _shrink(chosen: list[int], forces: Callable[[set[int]], bool]) -> list[int]:
    """The deletion pass over equations (indices): each in turn is dropped when the others
    left still force the cell (``forces``, which grows with the set: ``chosen`` forces the
    cell, so every subset has a layout). Runs of equations are tried together first: when the
    set without a whole run still forces the cell, dropping them one by one would drop each
    (the set at each of those steps holds the set without the run), so the result is the same
    with far fewer questions when most equations go."""
    kept = set(chosen)

    def drop(block: list[int]) -> None:
        check()
        trial = kept.difference(block)
        if trial and forces(trial):
            kept.difference_update(block)
        elif len(block) > 1:
            half = len(block) // 2
            drop(block[:half])
            drop(block[half:])

    drop(chosen)
    return [j for j in chosen if j in kept]


def _sentence(position: Position, cell: int, value: CellValue, technique: Technique,
              used: Sequence[Constraint]) -> str:
    where = position.coord(cell)

    def name(c: Constraint) -> str:
        return f"the {position.cells[c.number]} at {position.coord(c.number)}"

    if technique is Technique.SINGLE:
        (c,) = used
        if value is CellValue.SAFE:
            return f"{name(c)} already has all its mines, so {where} is safe"
        return (f"{name(c)} has exactly as many unknown neighbours as missing mines, "
                f"so {where} is a mine")
    if technique is Technique.SUBSET:
        small, big = sorted(used, key=lambda c: len(c.cells))
        return (f"the unknown neighbours of {name(small)} are among those of {name(big)}, "
                f"so the others hold {big.need - small.need} mine(s): {where} is "
                f"{'safe' if value is CellValue.SAFE else 'a mine'}")
    if technique is Technique.LINKED:
        names = ", ".join(name(c) for c in used)
        return f"{names} taken together leave {where} only one way: {value}"
    return (f"only the total of {position.mines} mines decides it: {where} is "
            f"{'safe' if value is CellValue.SAFE else 'a mine'} in every layout")


def explain_cell(position: Position, constraints: Sequence[Constraint], cell: int,
                 value: CellValue | str) -> Explanation:
    """The simplest explanation of one certain cell (``value`` from the exact analysis;
    a plain ``"safe"``/``"mine"`` is accepted too).

    In order: the first equation holding the cell that forces it alone (``SINGLE``); else,
    of the pairs (an equation holding the cell, then another sharing a cell with it, in
    list order) that force it, the first nested one (``SUBSET``) or else the first one
    (``LINKED``); else the irreducible set of :func:`_linked` (``LINKED``); else the mine
    count (``GLOBAL``, citing every number). Only the equations near the cell are looked
    at (see :class:`_Equations`); to explain many cells of one position, :func:`explain`
    shares that index.
    """
    return _explain_one(position, _Equations(constraints), cell, CellValue(value))


def _explain_one(position: Position, equations: _Equations, cell: int,
                 value: CellValue) -> Explanation:
    constraints = equations.constraints
    containing = equations.by_cell.get(cell, [])
    for j in containing:
        if _forced_alone(constraints[j]) == value:
            return _make(position, cell, value, Technique.SINGLE, [constraints[j]])
    first_pair = None
    for a_index in containing:
        a = constraints[a_index]
        a_cells = None
        for j in equations.overlapping(a_index):
            b = constraints[j]
            if b is a:
                continue
            b_cells = equations.cells_of(j)
            if a_cells is None:
                a_cells = frozenset(a.cells)
            shared = len(a_cells & b_cells)
            if _possible(a) and _possible(b):
                forced = _forced_pair(a, b, shared, cell in b_cells)
            else:
                forced = forced_by([a, b], cell)
            if forced != value:
                continue
            if shared == len(a_cells) or shared == len(b_cells):
                # a nested pair is the simpler reason: the first one found is the answer
                return _make(position, cell, value, Technique.SUBSET, [a, b])
            if first_pair is None:
                first_pair = [a, b]
    if first_pair is not None:
        return _make(position, cell, value, Technique.LINKED, first_pair)
    linked = _linked(equations, cell)
    if linked is not None and linked[1] == value:
        return _make(position, cell, value, Technique.LINKED, linked[0])
    return Explanation(cell, value, Technique.GLOBAL, equations.all_numbers(),
                       _sentence(position, cell, value, Technique.GLOBAL, ()))


def _make(position: Position, cell: int, value: CellValue, technique: Technique,
          used: Sequence[Constraint]) -> Explanation:
    because = tuple(sorted({c.number for c in used}))
    return Explanation(cell, value, technique, because,
                       _sentence(position, cell, value, technique, used))


def techniques_of(analysis: Analysis, cells: Sequence[int],
                  value: CellValue | str) -> dict[int, Technique]:
    """The technique :func:`explain_cell` would name for each of ``cells`` (certain, of
    one value), without building sentences or re-solving sub-systems: the fast path for
    players that only need the name (a benchmark's "hardest technique").

    A cell of a component that is not forced in every layout of the component alone
    (whatever its mine count), or a floating cell, needs the mine count (``GLOBAL``).
    Otherwise one number forcing it is ``SINGLE``; two numbers, one's cells inside the
    other's, with the difference of their needs forcing the rest, ``SUBSET``; anything
    else ``LINKED``.
    """
    value = CellValue(value)
    safe = value is CellValue.SAFE
    system = analysis.system
    where: dict[int, tuple[int, int]] = {}
    wanted = set(cells)
    for i, comp in enumerate(system.components):
        for b, box in enumerate(comp.boxes):
            if not wanted.isdisjoint(box):
                where.update((c, (i, b)) for c in box if c in wanted)
    by_cell: dict[int, list[Constraint]] = {}
    for c in system.constraints:
        for x in c.cells:
            if x in wanted:
                by_cell.setdefault(x, []).append(c)
    result = {}
    for cell in cells:
        found = where.get(cell)
        technique = Technique.GLOBAL
        if found is not None:
            i, b = found
            count = analysis.counts[i]
            mines = sum(count.box_mines[b])
            box = system.components[i].boxes[b]
            if mines == 0 if safe else mines == count.total * len(box):
                technique = _local_technique(system.constraints, by_cell.get(cell, []), cell,
                                             safe)
        result[cell] = technique
    return result


def _local_technique(constraints: Sequence[Constraint], containing: Sequence[Constraint],
                     cell: int, safe: bool) -> Technique:
    for c in containing:
        if c.need == (0 if safe else len(c.cells)):
            return Technique.SINGLE
    for big in containing:
        big_cells = set(big.cells)
        for small in constraints:
            if small is big or cell in small.cells or not small.cells:
                continue
            if big_cells.issuperset(small.cells):
                rest = len(big_cells) - len(small.cells)
                if big.need - small.need == (0 if safe else rest):
                    return Technique.SUBSET
    return Technique.LINKED


def explain(position: Position, use_mine_count: bool = True,
            analysis: Analysis | None = None) -> list[Explanation]:
    """An explanation for every certain cell, by cell (empty when inconsistent).

    Each is :func:`explain_cell`'s, found locally: the equations are indexed by cell once,
    and what a cell's whole component forces comes from the analysis's counts.
    """
    if analysis is None:
        analysis = analyse(position, use_mine_count)
    if not analysis.consistent:
        return []
    certain = [(CellValue.SAFE, analysis.safe_cells()), (CellValue.MINE, analysis.mine_cells())]
    if not any(cells for _value, cells in certain):
        return []
    system = analysis.system
    where = {}
    for i, comp in enumerate(system.components):
        for b, box in enumerate(comp.boxes):
            for c in box:
                where[c] = (i, b)

    layouts: dict[int, frozenset[int]] = {}

    def closure(cell: int) -> tuple[CellValue | None, frozenset[int]]:
        # the equations linked to the cell are exactly those of its component
        i, b = where[cell]
        comp, count = system.components[i], analysis.counts[i]
        if i not in layouts:
            layouts[i] = _example_mines(comp, count)
        return _forced_in(count, b, comp.sizes[b]), layouts[i]

    equations = _Equations([c for c in system.constraints if c.cells], closure)
    result = []
    for value, cells in certain:
        for cell in cells:
            check()
            result.append(_explain_one(position, equations, cell, value))
    return sorted(result, key=lambda e: e.cell)
