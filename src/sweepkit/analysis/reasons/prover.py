"""The linked set of a cell: the irreducible set of equations that forces it, found
locally.

:func:`linked_set` grows a set of equations breadth-first from those holding the cell until
the cell is certain, then shrinks it by deletion to an irreducible set (:func:`_shrink`).
Every question "does this set force the cell?" goes to a :class:`Prover`: a search for a
layout with the cell the other way, with unit propagation, that remembers its proofs and
witnesses; the first forcing set is found by doubling and bisection, the deletion done a run
of equations at a time. Each step gives exactly what the plain definition gives (the old
whole-board route is kept in the tests as the reference: ``tests/analysis/slow_reference.py``).
The technique that names the reason is :mod:`sweepkit.analysis.reasons.explain`'s.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection

from sweepkit.analysis.budget import check
from sweepkit.analysis.reasons.equations import CellValue, Equations, certain_by
from sweepkit.constraints import Constraint


class _PastNodeLimit(Exception):
    """The prover's search ran past :data:`PROVER_NODES` nodes."""


FIRST_GROWTH = 24
"""Equations beyond those holding the cell in the first set :func:`linked_set` asks about."""

PROVER_NODES = 2000
"""Branchings one local search of :class:`Prover` may make before the exact count decides."""


class Prover:
    """Decides whether a set of equations (a subset of a cell's linked set, given by the
    indices ``active``) forces the cell to ``value``, locally and with memory.

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

    def __init__(self, equations: Equations, cell: int, value: CellValue,
                 mines: frozenset[int]) -> None:
        self.equations = equations
        self.cell = cell
        self.value = value
        self.other = 1 if value is CellValue.SAFE else 0  # the value a layout would need
        self.mines = mines
        self.proofs: list[list[int]] = []
        self.misses: list[list[int]] = []

    def forces(self, active: Collection[int]) -> bool:
        """Whether the equations ``active`` (indices) force the cell."""
        return self.decide(active)[0]

    def decide(self, active: Collection[int]) -> tuple[bool, list[int] | None]:
        """:meth:`forces`, with the proof (when it does) or the misses of a witness (when
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
        except (_PastNodeLimit, RecursionError):
            kept = [self.equations.constraints[j] for j in sorted(active)]
            return certain_by(kept, self.cell) is not None, None
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
        # why each cell was set: the equation that set it (-1: the cell itself or a
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
                raise _PastNodeLimit
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


def linked_set(equations: Equations, cell: int) -> tuple[list[Constraint], CellValue] | None:
    """Grow equations breadth-first from those containing the cell until it is certain,
    then shrink the set by deletion; None when the whole linked set cannot force it.

    The set is grown in the order of :meth:`~sweepkit.analysis.reasons.equations.Equations.growth`,
    and the first grown set that forces the cell is the one kept. When the linked set has a
    layout, forcing only grows with the set (a bigger set has fewer layouts, and at least
    one), so that first set is found by doubling the number of added equations and then
    bisecting, and every question goes to a :class:`Prover`; otherwise :func:`_linked_plain`
    counts each grown set in turn.
    """
    start = equations.by_cell.get(cell)
    if not start:
        return None
    closure = equations.closure(cell)
    if closure is None:
        return _linked_plain(equations, cell)
    value, mines = closure
    if value is None:
        return None
    prover = Prover(equations, cell, value, mines)
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

    # The first grown set that forces the cell has known_certain equations (start's count),
    # more than known_free. A witness that misses only equations placed at i or later shows
    # that the first i do not force it; a proof whose equations are all among the first i,
    # that they do. The first question is about a generous set (most cells need few
    # equations): its proof, which stays near the cell, is usually tight, so the set just
    # below it is asked next (its witness then ends the search); bisection takes over after
    # a few tries.
    known_free, known_certain = len(start) - 1, None
    size, tight = len(start) + FIRST_GROWTH, 3
    while known_certain is None or known_certain - known_free > 1:
        if known_certain is not None:
            size = known_certain - 1 if tight > 0 else (known_free + known_certain) // 2
            tight -= 1
        grow_to(size)
        forces, evidence = prover.decide(set(sequence[:size]))
        if forces:
            # (a grown set holds all of start: the proof may need fewer)
            known_certain = size if evidence is None else max(len(start), max(
                place_of(j) for j in evidence) + 1)
        elif known_certain is None and len(sequence) >= size:
            known_free = size if evidence is None else min(place_of(j) for j in evidence)
            size = known_free + max(1, known_free - len(start) + 1)
        else:
            if size > len(sequence):
                raise AssertionError("the linked set forces the cell but no grown set does")
            known_free = size if evidence is None else min(place_of(j) for j in evidence)
    kept = _shrink(sequence[:known_certain], prover.forces)
    return [equations.constraints[j] for j in kept], value


def _linked_plain(equations: Equations, cell: int
                  ) -> tuple[list[Constraint], CellValue] | None:
    """:func:`linked_set` on a linked set with no layout (or an equation that cannot hold):
    each grown set is counted in turn, as forcing need not grow with the set there."""
    constraints = equations.constraints
    chosen = list(equations.by_cell.get(cell, ()))
    value = certain_by([constraints[j] for j in chosen], cell)
    if value is None:
        for j in equations.growth(chosen):
            check()
            chosen.append(j)
            value = certain_by([constraints[k] for k in chosen], cell)
            if value is not None:
                break
        else:
            return None
    kept = _shrink(chosen, lambda kept: certain_by([constraints[j] for j in kept], cell)
                   is not None)
    return [constraints[j] for j in kept], value


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


__all__ = ["FIRST_GROWTH", "PROVER_NODES", "Prover", "linked_set"]
