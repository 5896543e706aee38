"""A minimal set of contradicting numbers, from a SAT solver's unsatisfiable core.

:func:`contradiction_core` is the engine of
:func:`sweepkit.analysis.consistency.minimal_contradiction`. Shrinking the numbers of an
inconsistent board one exact consistency check at a time costs a full check per number,
hopeless on a board of a reduced formula (hundreds of thousands of numbers). Instead:

1. **Wires joined.** Almost every number of a board drawn from a circuit sees two covered
   cells of one wire, one of which is the mine (``a + b = 1``): the two are each other's
   negation. A union-find with parities joins them into classes (as :mod:`.contract` does
   for counting), keeping the spanning forest of those numbers; a number ``a + b = 1``
   closing a cycle of odd length is a contradiction on its own with the forest path
   between its cells (a minimal one: drop any number and the rest is a path, always
   satisfiable). Numbers closing even cycles are implied by the forest and never needed.
2. **Core.** Every other number becomes ``exactly k of these literals`` over the classes
   (an equation on few cells is written out clause by clause, a longer one with pysat's
   sequential counter), guarded by one selector literal, and CaDiCaL decides them under
   the selectors as assumptions; ``get_core()`` names the numbers its refutation used.
3. **Minimal.** The forest edges that join the cells of those numbers (the Steiner tree of
   each class, cut into *segments*: paths between cells that a number or a branching
   uses) come back as items of their own: a segment is ``a xor b`` (its parity) between
   its ends, with a selector. Deletion then runs on the core alone, with one incremental
   solver and assumptions: drop an item; if the rest is still refuted, keep only the new
   core (clause-set refinement), else the item is necessary. Dropping one number of a
   segment is as good as dropping the segment (the two loose ends always extend), so an
   irreducible set of items is an irreducible set of numbers.

With the total mine count in force (the numbers alone are consistent), the parities no
longer carry over (the count sees every cell), so the numbers are encoded cell by cell,
the count as a cardinality constraint with its own selector, and shrunk the same way.

Why a SAT solver and not the clause learning of :mod:`.learn`, which decides these boards
too: that solver learns on contracted, eliminated components, so mapping its refutation
back to numbers would mean tracking provenance through every rewriting, while pysat's
solvers give cores over assumptions for free, and the SAT route is the faster decision
as well. Measured (CPU seconds, one core; boards of unsatisfiable random 3-CNF made by
``sweepkit reduce``): to refute the board, ``find_witness`` (clause learning) 1.3 s at 10
variables and 3.1 s at 14, the wires joined and CaDiCaL 0.75 s and 1.3 s. Without the wires
joined, CaDiCaL 1.9.5 took 6.4 s on the 10-variable board's 210,402 numbers as selectors
(Glucose 4 48 s, Minisat 2.2 32 s). The whole :func:`contradiction_core` at 10 variables:
CaDiCaL 2.6 s, Glucose 4 3.1 s, Minisat 2.2 4.4 s, MapleChrono 5.2 s. CaDiCaL it is (and
it takes a conflict budget, so a deadline is kept between slices of search).

The whole ``sweepkit check`` on these boards (CPU seconds, one process per board, the
boards of ``benchmarks/bench_reductions.py --contradictions``, ``--shrink 120`` so that
every set is shrunk to an irreducible one; "first" is this module's first version, "then"
the wires joined and the shrinking as below, "now" with the changes of session 20)::

    variables         first s   then s   now s   numbers   minimal   peak MB
    1                     0.5      0.6     0.3       179       yes        36
    2                     0.5      0.5     0.3     1,330       yes        39
    3                     0.8      0.8     0.5     5,178       yes        55
    10 (issue's)            -        -     4.2    39,073       yes       301
    8                     5.0      4.4     2.7    29,650       yes       197
    9                     6.4      4.0     2.9    32,079       yes       243
    10                    9.9      5.9     3.6    40,868       yes       298
    11                    9.8      6.2     4.9    46,503       yes       355
    12                   13.9     10.1     7.2    56,445       yes       407
    13                   19.2     10.5     8.6    63,822       yes       470
    14                   27.4     14.4    11.7    73,859       yes       546

(median of the eleven now 3.6 s, the largest 11.7 s). Where the time went at 14 variables
first (pyinstrument): about half of it naming the gadgets crossed (every number against
every gadget, now a look-up row by row), then reading and building the board's equations
(~5 s), joining the wires and the first refutation (~2 s), shrinking (~8 s: 1,713 solver
calls, 1,538 of them satisfiable, each followed by model rotation). Then, at 10 variables:
reading the board 0.6 s, its equations 1.2 s, its components 0.5 s (unused here), the
shrinking 2.3 s (939 solver calls 1.3 s; reading each model into a byte per variable for
the rotation, with numpy imported for it, 0.5 s; the models themselves 0.5 s). What
session 20 changed: ``check`` builds the equations without the components on this route
(:func:`~sweepkit.constraints.build_system`'s ``components=False``); the rotation reads
the model only where an item needs it and goes on through items already known necessary
(extended rotation: 814 solver calls become 699 at 10 variables); rows are read in bulk
and the neighbour-count check of the reader looks at the board's edge only. The garbage
collector is paused for the command (a tenth of it).

>>> from sweepkit.constraints import build_system
>>> from sweepkit.position import Position
>>> core = contradiction_core(build_system(Position.from_rows(["0?1", "2?5", "???"])))
>>> core.numbers, core.uses_mine_count, core.minimal
((5,), False, True)
>>> wrong = Position.from_rows(["1??", "?3?", "???"])   # the 1 allows one, the 3 needs more
>>> contradiction_core(build_system(wrong))
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sweepkit.analysis.budget import AnalysisTimeout
from sweepkit.analysis.selectors import Deadline, Sat, shrink
from sweepkit.constraints import Constraint, ConstraintSystem


@dataclass(frozen=True)
class Core:
    """Numbers (flat indices, sorted) that cannot all hold, whether the total mine count is
    part of the contradiction, and whether the set is known irreducible (``False``: the
    shrinking ran out of time first)."""

    numbers: tuple[int, ...]
    uses_mine_count: bool
    minimal: bool


class _Wires:
    """The ``a + b = 1`` equations as a graph on cells, and a spanning forest of it,
    found breadth first (short paths): each cell's class (``root``), its parity to the
    root (the cell is a mine iff the root's value differs by it) and its forest parent
    (``up[cell]``: ``(parent, constraint)``). ``odd`` is an odd cycle's constraints when
    there is one (the forest path between two cells of equal parity, and the equation
    joining them)."""

    def __init__(self, near: dict[int, list[tuple[int, int]]]) -> None:
        """``near[cell]``: ``(other cell, constraint)`` for each equation ``cell + other =
        1``."""
        root: dict[int, int] = {}
        parity: dict[int, int] = {}
        up: dict[int, tuple[int, int]] = {}
        self.root, self.parity, self.up = root, parity, up
        self.odd: list[int] | None = None
        for start in near:
            if start in root:
                continue
            root[start], parity[start] = start, 0
            todo = deque([start])
            while todo:
                c = todo.popleft()
                pc = parity[c]
                for d, k in near[c]:
                    if d not in root:
                        root[d], parity[d], up[d] = start, pc ^ 1, (c, k)
                        todo.append(d)
                    elif parity[d] == pc:
                        self.odd = [*self.path(c, d), k]
                        return

    def find(self, c: int) -> tuple[int, int]:
        """The cell's class and parity to it (a cell on no wire is its own class)."""
        return self.root.get(c, c), self.parity.get(c, 0)

    def path(self, a: int, b: int) -> list[int]:
        """The constraints on the forest path between two cells of one class."""
        up = self.up
        above: dict[int, int] = {}
        steps: list[int] = []
        c = a
        while True:
            above[c] = len(steps)
            if c not in up:
                break
            c, k = up[c]
            steps.append(k)
        c, mine = b, []
        while c not in above:
            c, k = up[c]
            mine.append(k)
        return steps[:above[c]] + mine

    def steiner(self, cells: Iterable[int]) -> dict[int, list[tuple[int, int]]]:
        """The forest edges joining the given cells within their classes (the union of
        their paths to the class root, its root end pruned back to where it branches or
        meets a given cell), as adjacency lists."""
        wanted = set(cells)
        by_class: dict[int, list[int]] = {}
        for c in wanted:
            by_class.setdefault(self.root.get(c, c), []).append(c)
        tree: dict[int, list[tuple[int, int]]] = {}
        for root, members in by_class.items():
            if len(members) < 2:
                continue
            on = {root}
            for c in members:
                while c not in on:
                    on.add(c)
                    parent, k = self.up[c]
                    tree.setdefault(c, []).append((parent, k))
                    tree.setdefault(parent, []).append((c, k))
                    c = parent
            c = root
            while c not in wanted and len(tree.get(c, ())) == 1:   # a bare stem: cut it
                (d, k), = tree.pop(c)
                tree[d] = [(e, j) for e, j in tree[d] if j != k]
                c = d
        return tree


def _is_link(con: Constraint) -> bool:
    return len(con.cells) == 2 and con.need == 1


WIRED_SHARE = 0.9
"""The share of ``a + b = 1`` equations from which :func:`mostly_wires` holds."""


def mostly_wires(system: ConstraintSystem) -> bool:
    """Whether the system is a board drawn from a circuit: at least :data:`WIRED_SHARE` of
    its equations are ``a + b = 1``. Joining those leaves a small problem, so the SAT
    solver decides such a board faster than the counting route, and names the numbers of
    a contradiction in the same run (``check`` asks it first).

    >>> from sweepkit.constraints import build_system
    >>> from sweepkit.position import Position
    >>> mostly_wires(build_system(Position.from_rows(["1?1", "---"])))
    False
    """
    constraints = system.constraints
    if not constraints:
        return False
    allowed = len(constraints) - WIRED_SHARE * len(constraints)    # numbers not links
    others = 0
    for _number, cells, need in constraints:     # unrolled _is_link: a pass over 10^5
        if need != 1 or len(cells) != 2:
            others += 1
            if others > allowed:
                return False
    return True


def contradiction_core(system: ConstraintSystem, use_mine_count: bool = True, *,
                       seconds: float | None = None) -> Core | None:
    """A set of the system's numbers that cannot all hold (irreducible unless time ran out),
    or None when the system is consistent.

    Shrinking stops after ``seconds`` or shortly before the open analysis budget runs out
    (:mod:`.budget`), whichever comes first; the set found so far is then returned with
    ``minimal=False``. The first refutation is bounded by the budget alone: past it,
    :class:`~sweepkit.analysis.budget.AnalysisTimeout` is raised.
    """
    if system.impossible:
        return Core((system.impossible[0],), False, True)
    refute, deadline = Deadline(None, margin=False), Deadline(seconds)
    for part in _parts(system):
        found = _without_count(part, refute, deadline)
        if found is not None:
            return found
    with_count = use_mine_count and system.remaining is not None
    if not with_count:
        return None
    return _with_count(system, refute, deadline)


def _parts(system: ConstraintSystem) -> list[list[Constraint]]:
    """The system's equations by component (without the mine count they contradict only
    within one: a big board's solver sees the broken component, not the whole board)."""
    if len(system.components) <= 1:
        return [list(system.constraints)]
    where: dict[int, int] = {}
    for k, comp in enumerate(system.components):
        for box in comp.boxes:
            for c in box:
                where[c] = k
    parts: list[list[Constraint]] = [[] for _ in range(len(system.components) + 1)]
    for con in system.constraints:
        if con.cells:       # a number with no covered neighbour needs 0 (else impossible)
            parts[where.get(con.cells[0], -1)].append(con)   # -1: none, should one be left
    return [part for part in parts if part]


def _without_count(constraints: Sequence[Constraint], refute: Deadline,
                   deadline: Deadline) -> Core | None:
    """The numbers alone: wires joined, the rest refuted by SAT before ``refute`` and shrunk
    before ``deadline`` (None: they are consistent)."""
    near: dict[int, list[tuple[int, int]]] = {}
    rest = []
    for k, (_number, cells, need) in enumerate(constraints):
        if need == 1 and len(cells) == 2:       # a + b = 1: a wire's link
            a, b = cells
            near.setdefault(a, []).append((b, k))
            near.setdefault(b, []).append((a, k))
        else:
            rest.append(k)
    wires = _Wires(near)
    if wires.odd is not None:
        return Core(tuple(sorted(constraints[j].number for j in wires.odd)), False, True)
    sat = Sat()
    try:
        def literal(cell: int) -> int:
            root, parity = wires.find(cell)
            x = sat.var(root)
            return -x if parity else x

        for k in rest:
            con = constraints[k]
            sat.item(sat.equation([literal(c) for c in con.cells], con.need))
        answer = sat.solve(range(len(rest)), refute)
        if answer is None:
            raise AnalysisTimeout("no contradiction was found within the time budget")
        if answer:
            return None
        core = [rest[i] for i in sat.core()]
    finally:
        sat.close()
    return _minimal_numbers(constraints, core, wires, deadline)


def _minimal_numbers(constraints: Sequence[Constraint], core: list[int], wires: _Wires,
                     deadline: Deadline) -> Core:
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
    return Core(tuple(sorted(numbers)), False, minimal)


def _with_count(system: ConstraintSystem, refute: Deadline, deadline: Deadline
                ) -> Core | None:
    """Numbers and the mine count, cell by cell, refuted before ``refute`` and shrunk before
    ``deadline`` (None: consistent with the count)."""
    constraints = system.constraints
    remaining = system.remaining
    assert remaining is not None
    floating = len(system.floating)
    frontier = sorted({c for con in constraints for c in con.cells})
    if remaining < 0 or remaining > len(frontier) + floating:
        return Core((), True, True)
    from pysat.card import CardEnc, EncType

    sat = Sat()
    try:
        for con in constraints:
            sat.item(sat.equation([sat.var(c) for c in con.cells], con.need))
        lits = [sat.var(c) for c in frontier]
        kind = EncType.seqcounter if len(lits) <= 200 else EncType.cardnetwrk
        clauses: list[list[int]] = []
        if remaining < len(lits):
            clauses += CardEnc.atmost(lits=lits, bound=remaining, vpool=sat.pool,
                                      encoding=kind).clauses
        least = remaining - floating
        if least > 0:
            clauses += CardEnc.atleast(lits=lits, bound=least, vpool=sat.pool,
                                       encoding=kind).clauses
        count = sat.item(clauses)
        items = list(range(len(constraints) + 1))
        answer = sat.solve(items, refute)
        if answer is None:
            raise AnalysisTimeout("no contradiction was found within the time budget")
        if answer:
            return None
        kept, minimal = shrink(sat, sat.core(), deadline)
    finally:
        sat.close()
    numbers = tuple(sorted(constraints[i].number for i in kept if i != count))
    return Core(numbers, count in kept, minimal)
