"""A minimal set of contradicting numbers, from a SAT solver's unsatisfiable core.

:func:`contradiction_core` is the engine of
:func:`sweepkit.analysis.papers.consistency.minimal_contradiction`. Shrinking the numbers of an
inconsistent board one exact consistency check at a time costs a full check per number,
hopeless on a board of a reduced formula (hundreds of thousands of numbers). Instead:

1. **Wires joined.** Almost every number of a board drawn from a circuit sees two covered
   cells of one wire, one of which is the mine (``a + b = 1``): the two are each other's
   negation. :class:`~sweepkit.analysis.decide.sat.Wires` joins them into classes with parities,
   keeping the spanning forest of those numbers; a number ``a + b = 1`` closing a cycle of
   odd length is a contradiction on its own with the forest path between its cells (a
   minimal one: drop any number and the rest is a path, always satisfiable). Numbers
   closing even cycles are implied by the forest and never needed.
2. **Core.** Every other number becomes ``exactly k of these literals`` over the classes,
   guarded by one selector literal, and CaDiCaL decides them under the selectors as
   assumptions (:func:`sweepkit.analysis.decide.sat.decide`); ``get_core()`` names the numbers its
   refutation used.
3. **Minimal.** The forest edges that join the cells of those numbers (the Steiner tree of
   each class, cut into *segments*: paths between cells that a number or a branching
   uses) come back as items of their own: a segment is ``a xor b`` (its parity) between
   its ends, with a selector. Deletion then runs on the core alone, with one incremental
   solver and assumptions (:func:`~sweepkit.analysis.decide.sat.shrink`): drop an item; if the
   rest is still refuted, keep only the new core (clause-set refinement), else the item
   is necessary. Dropping one number of a segment is as good as dropping the segment (the
   two loose ends always extend), so an irreducible set of items is an irreducible set of
   numbers.

With the total mine count in force (the numbers alone are consistent), the parities no
longer carry over (the count sees every cell), so the numbers are encoded cell by cell,
the count as a cardinality constraint with its own selector, and shrunk the same way.

What ``sweepkit check`` takes on the boards of unsatisfiable random 3-CNF, measured with
``python benchmarks/bench_reductions.py --contradictions`` (one process per board, CPU
seconds, the median of five runs; every set shrunk to an irreducible one within
``check``'s default ``--shrink``)::

    formula                  board        CPU s   numbers   peak MB
    (x1)(not x1)             53 x 163       0.2       179        38
    2 vars, all 2-clauses    185 x 336      0.2     1,330        40
    3 vars, 12 clauses       285 x 1012     0.4     5,178        54
    8 vars, 34 clauses       785 x 2860     1.8    26,311       199
    9 vars, 38 clauses       885 x 3196     2.1    26,426       241
    10 vars, 43 clauses      985 x 3616     3.7    44,779       297
    11 vars, 47 clauses      1085 x 3952    4.4    42,880       349
    12 vars, 51 clauses      1185 x 4288    5.2    56,944       407
    13 vars, 55 clauses      1285 x 4624    6.5    65,439       470
    14 vars, 60 clauses      1385 x 5044    7.9    65,580       546

At 10 variables, on a machine otherwise idle: starting the command 0.2 s, reading the
board 0.2 s, its equations 0.7 s (``check`` builds them without the components on this
route: :func:`~sweepkit.constraints.build_system`'s ``components=False``), the wires
joined and the first refutation 0.3 s, the shrinking 1.5 s (921 solver calls, most of
them satisfiable, each followed by model rotation). The garbage collector is paused for
the command (a tenth of it).

>>> from sweepkit.constraints import build_system
>>> from sweepkit.position import Position
>>> core = contradiction_core(build_system(Position.from_rows(["0?1", "2?5", "???"])))
>>> core.numbers, core.uses_mine_count, core.minimal
((5,), False, True)
>>> wrong = Position.from_rows(["1??", "?3?", "???"])   # the 1 allows one, the 3 needs more
>>> contradiction_core(build_system(wrong))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sweepkit.analysis.decide.sat import (
    Deadline,
    Refutation,
    Sat,
    Wires,
    count_clauses,
    decide,
    shrink,
)
from sweepkit.constraints import Constraint, ConstraintSystem
from sweepkit.position import Position


@dataclass(frozen=True)
class Contradiction:
    """Numbers (flat indices) that cannot all hold; ``uses_mine_count`` when they only
    contradict together with the total mine count (``numbers`` may then be empty: the
    mine count alone is impossible); ``minimal`` unless the shrinking ran out of time
    (every proper subset is then not known to be consistent)."""

    numbers: tuple[int, ...]
    uses_mine_count: bool
    minimal: bool = True

    def describe(self, position: Position) -> str:
        """One line naming the numbers and their cells (and, when the set could not be
        shrunk to an irreducible one in time, saying so)."""
        parts = [f"the {position.cells[i]} at {position.coord(i)}" for i in self.numbers]
        text = ", ".join(parts) if parts else "the unknown cells"
        if self.uses_mine_count:
            text = f"{text} cannot hold with {position.mines} mines in total"
        elif len(parts) == 1:
            text = f"{text} cannot be satisfied"
        else:
            text = f"{text} contradict each other"
        if not self.minimal:
            text += (f" ({len(parts)} numbers; may not be minimal: the time ran out "
                     "before the set was shrunk)")
        return text



def contradiction_core(system: ConstraintSystem, use_mine_count: bool = True, *,
                       seconds: float | None = None) -> Contradiction | None:
    """A set of the system's numbers that cannot all hold (irreducible unless time ran out),
    or None when the system is consistent.

    Shrinking stops after ``seconds`` or shortly before the open analysis budget runs out
    (:mod:`.budget`), whichever comes first; the set found so far is then returned with
    ``minimal=False``. The first refutation is bounded by the budget alone: past it,
    :class:`~sweepkit.analysis.budget.AnalysisTimeout` is raised.
    """
    deadline = Deadline(seconds)
    found = decide(system, use_mine_count, cores=True)
    return minimal_core(found, deadline) if isinstance(found, Refutation) else None


def minimal_core(refutation: Refutation, deadline: Deadline) -> Contradiction:
    """The refutation's core (:func:`~sweepkit.analysis.decide.sat.decide` with ``cores``) shrunk
    to an irreducible set of numbers before ``deadline`` (else the smallest found, with
    ``minimal=False``)."""
    if refutation.numbers is not None:
        return Contradiction(refutation.numbers, refutation.counted, True)
    if refutation.wires is None:
        return _with_count(refutation, deadline)
    return _minimal_numbers(refutation.equations, refutation.core, refutation.wires,
                            deadline)


def _minimal_numbers(constraints: Sequence[Constraint], core: Sequence[int], wires: Wires,
                     deadline: Deadline) -> Contradiction:
    """Shrink a core of non-wire numbers, with the wire segments joining their cells as
    items of their own (the module doc, step 3)."""
    terminals = {c for k in core for c in constraints[k].cells}
    tree = wires.steiner(terminals)
    ends = terminals | {c for c, near in tree.items() if len(near) != 2}
    segments: list[tuple[int, int, list[int]]] = []
    walked: set[int] = set()
    for start in ends:
        for nxt, k in tree.get(start, ()):
            if k in walked:
                continue
            run, here = [k], nxt
            walked.add(k)
            while here not in ends:
                (a, ka), (b, kb) = tree[here]
                nxt, k = (a, ka) if kb == run[-1] else (b, kb)
                run.append(k)
                walked.add(k)
                here = nxt
            segments.append((start, here, run))
    sat = Sat()
    try:
        weight = []
        meaning: list[tuple[list[int], int]] = []
        for k in core:
            con = constraints[k]
            meaning.append(([sat.var(c) for c in con.cells], con.need))
            weight.append(1)
        for a, b, run in segments:
            x, y = sat.var(a), sat.var(b)
            # exactly one of a and b is a mine along an odd segment, of a and not b else
            meaning.append(([x, y] if len(run) % 2 else [x, -y], 1))
            weight.append(len(run))
        for lits, need in meaning:
            sat.item(sat.equation(lits, need))
        items = list(range(len(weight)))
        answer = sat.solve(items, deadline)
        if answer is None:
            kept, minimal = items, False
        else:
            assert answer is False, "the joined wires must refute the core"
            kept, minimal = shrink(sat, sat.core(), deadline, weight, meaning)
    finally:
        sat.close()
    numbers = []
    for i in kept:
        if i < len(core):
            numbers.append(constraints[core[i]].number)
        else:
            numbers.extend(constraints[k].number for k in segments[i - len(core)][2])
    return Contradiction(tuple(sorted(numbers)), False, minimal)


def _with_count(refutation: Refutation, deadline: Deadline) -> Contradiction:
    """A refutation's numbers and mine count, cell by cell, shrunk before ``deadline``."""
    constraints = refutation.equations
    assert refutation.count is not None
    remaining, floating = refutation.count
    frontier = sorted({c for con in constraints for c in con.cells})
    sat = Sat()
    try:
        for k in refutation.core:
            con = constraints[k]
            sat.item(sat.equation([sat.var(c) for c in con.cells], con.need))
        count = sat.item(count_clauses(sat, frontier, remaining, floating)) \
            if refutation.counted else -1
        kept, minimal = shrink(sat, list(range(len(sat.selector))), deadline)
    finally:
        sat.close()
    numbers = tuple(sorted(constraints[refutation.core[i]].number for i in kept
                           if i != count))
    return Contradiction(numbers, count in kept, minimal)
