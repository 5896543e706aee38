"""CaDiCaL (python-sat) behind one module: a position's equations as CNF, one layout read
from the solver's model, the equations a refutation used, and their shrinking.

:func:`decide` answers CONSISTENCY for a constraint system: the mine cells of one layout,
or a :class:`Refutation` naming, with ``cores``, the equations the refutation used (each
equation guarded by a selector literal, assumed true: the solver's unsatisfiable core over
the assumptions). :mod:`.unsat_core` shrinks such a core to an irreducible set of numbers
with :func:`shrink`; ``check`` and :func:`~sweepkit.analysis.papers.consistency.find_witness`
take their layouts from :func:`decide`.

The encoding. A number's equation ``Σ cells = k`` is "no k + 1 of them are mines" and "no
n - k + 1 of them are safe", written out clause by clause when that takes at most
:data:`NAIVE_CLAUSES` clauses (every number of a 2-D board), else through pysat's
sequential counter. An equation ``a + b = 1`` of two cells (almost every number of a board
drawn from a circuit: its wires) is not encoded at all: :class:`Wires` joins such cells into
classes, each cell its class's value or its negation, one variable a class. Cells of one
box (in exactly the same equations) are ordered, mines first: every layout can be so
permuted, so the solver never refutes one permutation after another. Without the mine
count the system is decided component by component; with it, cell by cell with the count
as a cardinality constraint.

Why CaDiCaL, measured on the boards of unsatisfiable random 3-CNF that
``benchmarks/bench_reductions.py --contradictions`` draws (CPU seconds, one core): with
the numbers guarded by selectors and the wires not joined, CaDiCaL 1.9.5 refuted the
10-variable board (210,402 numbers) in 6.4 s, Glucose 4 in 48 s, Minisat 2.2 in 32 s; the
whole minimal contradiction of :mod:`.unsat_core` took CaDiCaL 2.6 s, Glucose 4 3.1 s,
Minisat 2.2 4.4 s, MapleChrono 5.2 s. It takes a conflict limit, so a deadline is looked
at between slices of search. On a reduced board the solver's own part is small: at 14
variables under 2,000 conflicts and a few hundredths of a second, against a second or two
of reading the board into equations and joining its wires. A conflict-driven clause
learner written in Python, run on the contracted board with the gadgets' inner cells
eliminated first (Eén and Biere's bounded variable elimination), measured slower on the
boards of random 3-CNF: 2.4 s against 1.9 s at 10 variables, 11.3 s against 7.1 s at 20
(``python benchmarks/bench_reductions.py``: ``find_witness`` without the mine count, from
the board's equations to the answer; CPU seconds, the median of three formulas, the
median of three runs).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from math import comb

from sweepkit.analysis.budget import AnalysisTimeout, check, current
from sweepkit.analysis.count.box_search import SearchLimitExceeded
from sweepkit.analysis.decide.contract import Classes
from sweepkit.constraints import Constraint, ConstraintSystem

SOLVER = "cadical195"
"""The pysat solver used (see the module doc for the measurements behind it)."""

NAIVE_CLAUSES = 128
"""An equation is written out clause by clause (no new variables) when that takes at most
this many clauses, as every number of a 2-D board does (4 of 8 cells, the worst: 2 x 56);
a longer one goes through pysat's sequential counter."""

CONFLICTS = 20_000
"""Conflicts a solver call may spend before the deadline is looked at again."""

MARGIN = 0.05
"""The share of an open time budget (at least :data:`MIN_MARGIN` seconds) kept back from
shrinking, so the caller has time left to report the set found."""

MIN_MARGIN = 0.5


class Deadline:
    """When a search stops: the earlier of ``seconds`` from now and the open analysis
    budget's deadline, less its margin when ``margin`` (shrinking leaves the caller time
    to report); ``None``: never."""

    def __init__(self, seconds: float | None, margin: bool = True) -> None:
        now = time.monotonic()
        ends = [] if seconds is None else [now + seconds]
        budget = current()
        if budget is not None and budget.deadline is not None:
            left = budget.deadline - now
            kept_back = max(MIN_MARGIN, MARGIN * (budget.seconds or left)) if margin else 0
            ends.append(budget.deadline - kept_back)
        self.at = min(ends) if ends else None

    def passed(self) -> bool:
        return self.at is not None and time.monotonic() > self.at


class Sat:
    """One incremental solver over items, each guarded by a selector literal, and clauses
    always in force."""

    def __init__(self) -> None:
        # pysat is imported here, not with the module: every command imports the analysis
        from pysat.formula import IDPool
        from pysat.solvers import Solver

        self.pool = IDPool()
        self.solver = Solver(name=SOLVER)
        self.selector: list[int] = []
        self.index: dict[int, int] = {}
        self.fresh = 0
        self._model: list[int] | None = []

    def var(self, key: object) -> int:
        return self.pool.id(key)

    def item(self, clauses: Iterable[list[int]]) -> int:
        """Add an item (its clauses, all guarded by a new selector); its index."""
        s = self.pool.id(("item", len(self.selector)))
        for clause in clauses:
            self.solver.add_clause([-s, *clause])
        self.index[s] = len(self.selector)
        self.selector.append(s)
        return len(self.selector) - 1

    def require(self, clauses: Iterable[list[int]]) -> None:
        """Add clauses that always hold (no selector)."""
        for clause in clauses:
            self.solver.add_clause(clause)

    def equation(self, lits: Sequence[int], need: int) -> list[list[int]]:
        """Clauses for "exactly ``need`` of ``lits`` are true" (a literal may repeat or
        appear with its negation: the positions are counted)."""
        n = len(lits)
        if need < 0 or need > n:
            return [[]]
        if comb(n, need + 1) + comb(n, n - need + 1) <= NAIVE_CLAUSES:
            out = [[-x for x in sub] for sub in combinations(lits, need + 1)]
            out += [list(sub) for sub in combinations(lits, n - need + 1)]
            return out
        from pysat.card import CardEnc, EncType

        self.fresh += n
        fresh = [self.pool.id(("position", self.fresh - i)) for i in range(n)]
        out = []
        for y, x in zip(fresh, lits, strict=True):       # y <-> x: positions made distinct
            out += [[-y, x], [y, -x]]
        enc = CardEnc.equals(lits=fresh, bound=need, vpool=self.pool,
                             encoding=EncType.seqcounter)
        return out + [list(c) for c in enc.clauses]

    def solve(self, items: Iterable[int], deadline: Deadline,
              conflicts: int | None = None) -> bool | None:
        """Whether the items can all hold (``None``: the deadline passed first; when they
        can, :attr:`model` is the solver's model). SearchLimitExceeded past ``conflicts``
        conflicts."""
        return self.solve_assuming([self.selector[i] for i in items], deadline, conflicts)

    def solve_assuming(self, assumptions: list[int], deadline: Deadline,
                       conflicts: int | None = None) -> bool | None:
        """:meth:`solve` given the items' selectors."""
        spent = 0
        while True:
            check()          # a cancelled analysis stops here
            if deadline.passed():
                return None
            if conflicts is not None and spent >= conflicts:
                raise SearchLimitExceeded(conflicts)
            if deadline.at is None and conflicts is None:
                answer = self.solver.solve(assumptions=assumptions)
            else:
                limit = CONFLICTS if conflicts is None else min(CONFLICTS, conflicts - spent)
                self.solver.conf_budget(limit)  # the solver's name for a conflict limit
                answer = self.solver.solve_limited(assumptions=assumptions)
                spent += limit
            if answer is not None:
                self._model = None          # read from the solver when first asked for
                return answer

    @property
    def model(self) -> list[int]:
        """The last satisfiable call's model: literal ``x`` holds in it when
        ``model[|x| - 1] == x``."""
        if self._model is None:
            self._model = self.solver.get_model() or []
        return self._model

    def value(self, key: object) -> int:
        """The value (0 or 1) of ``key``'s variable in the last model; 0 for a key the
        solver never saw (no clause mentions it)."""
        x = self.pool.obj2id.get(key)
        model = self.model
        return int(x is not None and x <= len(model) and model[x - 1] > 0)

    def fix(self, item: int, holds: bool) -> None:
        """Keep ``item`` in force (or out of it) for every later call: a necessary item, or
        one left out of a core, no longer costs an assumption (a decision level) a call."""
        s = self.selector[item]
        self.solver.add_clause([s if holds else -s])

    def core(self) -> list[int]:
        """The items of the last refutation's core."""
        return [self.index[s] for s in self.solver.get_core() or ()]

    def close(self) -> None:
        self.solver.delete()


class Wires:
    """The ``a + b = 1`` equations of two cells joined: each cell in a class, a mine iff
    the class's value differs from it by its parity (:class:`~sweepkit.analysis.decide.contract.
    Classes`), and the equations that joined two classes kept as a spanning forest of the
    wires (``joins``: ``(a, b, equation)``). ``rest``: the indices of the other equations;
    ``odd``: the equations of an odd cycle when there is one (the forest path between two
    cells of equal parity, and the equation joining them)."""

    def __init__(self, equations: Sequence[Constraint]) -> None:
        self.classes = classes = Classes()
        self.joins: list[tuple[int, int, int]] = []
        self.rest: list[int] = []
        self.odd: list[int] | None = None
        self._up: dict[int, tuple[int, int]] | None = None
        find, negate, joins, rest = classes.find, classes.negate, self.joins, self.rest
        for k, (_number, cells, need) in enumerate(equations):
            if need != 1 or len(cells) != 2:
                rest.append(k)
                continue
            a, b = cells                            # a + b = 1: a wire's link
            la, lb = find(a), find(b)
            if la[0] != lb[0]:
                negate(la, lb)
                joins.append((a, b, k))
            elif la[1] == lb[1]:
                self.odd = [*self.path(a, b), k]
                return

    def find(self, c: int) -> tuple[int, int]:
        """The cell's class and parity to it (a cell on no wire is its own class)."""
        return self.classes.find(c)

    @property
    def up(self) -> dict[int, tuple[int, int]]:
        """Each cell's parent in the forest, ``(parent, equation)``, the root of its class
        having none (built when first asked for: a refutation's paths need it)."""
        if self._up is None:
            near: dict[int, list[tuple[int, int]]] = {}
            get = near.get
            for a, b, k in self.joins:
                for c, d in ((a, b), (b, a)):
                    edges = get(c)
                    if edges is None:
                        near[c] = [(d, k)]
                    else:
                        edges.append((d, k))
            up: dict[int, tuple[int, int]] = {}
            parent = self.classes.parent
            for start in near:
                if start in parent:
                    continue                        # not its class's root
                todo = [start]
                while todo:
                    c = todo.pop()
                    for d, k in near[c]:
                        if d not in up and d != start:
                            up[d] = (c, k)
                            todo.append(d)
            self._up = up
        return self._up

    def path(self, a: int, b: int) -> list[int]:
        """The equations on the forest path between two cells of one class."""
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
            by_class.setdefault(self.find(c)[0], []).append(c)
        up = self.up
        tree: dict[int, list[tuple[int, int]]] = {}
        for root, members in by_class.items():
            if len(members) < 2:
                continue
            on = {root}
            for c in members:
                while c not in on:
                    on.add(c)
                    parent, k = up[c]
                    tree.setdefault(c, []).append((parent, k))
                    tree.setdefault(parent, []).append((c, k))
                    c = parent
            c = root
            while c not in wanted and len(tree.get(c, ())) == 1:   # a bare stem: cut it
                (d, k), = tree.pop(c)
                tree[d] = [(e, j) for e, j in tree[d] if j != k]
                c = d
        return tree


@dataclass(frozen=True)
class Refutation:
    """Why a system has no layout. ``numbers``: an irreducible set found outright (a
    number impossible alone, an odd cycle of wires, or none: the mine count alone); else
    the ``equations`` refuted (one component's, or all of them with the mine count) and,
    when cores were asked for, the indices among them of those the refutation used
    (``core``). ``wires``: the wires joined (None cell by cell, with the mine count);
    ``count``: the mines to place and the floating cells, with the mine count;
    ``counted``: whether the mine count is part of the contradiction."""

    numbers: tuple[int, ...] | None = None
    equations: Sequence[Constraint] = ()
    core: tuple[int, ...] = ()
    wires: Wires | None = None
    count: tuple[int, int] | None = None
    counted: bool = False


def decide(system: ConstraintSystem, use_mine_count: bool = True, *, cores: bool = False,
           conflicts: int | None = None) -> frozenset[int] | Refutation:
    """The mine cells of one layout of the system (known mines left out; floating cells
    safe, but for those the mine count needs), or a :class:`Refutation`, with the core of
    each refutation when ``cores``.

    :class:`~sweepkit.analysis.budget.AnalysisTimeout` when the open analysis budget runs
    out first; SearchLimitExceeded when one solver call passes ``conflicts``.

    >>> from sweepkit.constraints import build_system
    >>> from sweepkit.position import Position
    >>> sorted(decide(build_system(Position.from_rows(["?1?1?", "-----"]))))
    [2]
    >>> decide(build_system(Position.from_rows(["0?1", "2?5", "???"]))).numbers
    (5,)
    """
    if system.impossible:
        return Refutation(numbers=(system.impossible[0],))
    refute = Deadline(None, margin=False)
    mines: set[int] = set()
    for equations, boxes in _parts(system):
        found = _decide_part(equations, boxes, refute, cores, conflicts)
        if isinstance(found, Refutation):
            return found
        mines.update(found)
    if not use_mine_count or system.remaining is None:
        return frozenset(mines)
    return _decide_with_count(system, refute, cores, conflicts)


def _parts(system: ConstraintSystem
           ) -> list[tuple[list[Constraint], Sequence[tuple[int, ...]]]]:
    """The system's equations by component, each with the component's boxes (without the
    mine count they contradict only within one: a big board's solver sees the broken
    component, not the whole board); all in one part, without boxes, when the components
    were not built (``build_system``'s ``components=False``)."""
    if len(system.components) <= 1:
        boxes = system.components[0].boxes if system.components else ()
        return [(list(system.constraints), boxes)]
    where: dict[int, int] = {}
    for k, comp in enumerate(system.components):
        for box in comp.boxes:
            for c in box:
                where[c] = k
    parts: list[list[Constraint]] = [[] for _ in range(len(system.components) + 1)]
    for con in system.constraints:
        if con.cells:       # a number with no covered neighbour needs 0 (else impossible)
            parts[where.get(con.cells[0], -1)].append(con)   # -1: none, should one be left
    boxes = [comp.boxes for comp in system.components] + [()]
    return [(part, bs) for part, bs in zip(parts, boxes, strict=True) if part]


def encode(sat: Sat, equations: Sequence[Constraint], indices: Iterable[int], wires: Wires,
           guarded: bool) -> None:
    """The equations of ``indices`` over the classes of ``wires``, each an item of its own
    (``guarded``) or always in force."""
    find, var = wires.find, sat.var
    for k in indices:
        _number, cells, need = equations[k]
        lits = []
        for c in cells:
            root, p = find(c)
            x = var(root)
            lits.append(-x if p else x)
        clauses = sat.equation(lits, need)
        if guarded:
            sat.item(clauses)
        else:
            sat.require(clauses)


def ordered(sat: Sat, boxes: Iterable[tuple[int, ...]], literal: Callable[[int], int]) -> None:
    """Each box's cells in order, mines first (a cell a mine only if the one before is)."""
    for box in boxes:
        if len(box) > 1:
            sat.require([[-literal(b), literal(a)] for a, b in pairwise(box)])


def _decide_part(equations: list[Constraint], boxes: Sequence[tuple[int, ...]],
                 refute: Deadline, cores: bool, conflicts: int | None
                 ) -> set[int] | Refutation:
    """One component's equations without the mine count: the mines of a layout, or why
    there is none."""
    wires = Wires(equations)
    rest = wires.rest
    if wires.odd is not None:
        return Refutation(numbers=tuple(sorted(equations[j].number for j in wires.odd)))
    sat = Sat()
    try:
        encode(sat, equations, rest, wires, guarded=cores)

        def literal(c: int) -> int:
            root, p = wires.find(c)
            x = sat.var(root)
            return -x if p else x

        ordered(sat, boxes, literal)
        answer = sat.solve(range(len(rest)) if cores else (), refute, conflicts)
        if answer is None:
            raise AnalysisTimeout("the board was not decided within the time budget")
        if not answer:
            core = tuple(rest[i] for i in sat.core()) if cores else ()
            return Refutation(equations=equations, core=core, wires=wires)
        find = wires.find
        values: dict[int, int] = {}             # by class: a few thousand on a drawn board
        mines = set()
        for c in {c for _number, cells, _need in equations for c in cells}:
            root, p = find(c)
            v = values.get(root)
            if v is None:
                v = values[root] = sat.value(root)
            if v ^ p:
                mines.add(c)
        return mines
    finally:
        sat.close()


def count_clauses(sat: Sat, frontier: Sequence[int], remaining: int, floating: int
                  ) -> list[list[int]]:
    """Clauses for "between ``remaining - floating`` and ``remaining`` mines in the
    ``frontier``" (the rest among the ``floating`` cells): pysat's sequential counter, or
    its cardinality network over more than 200 cells."""
    from pysat.card import CardEnc, EncType

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
    return clauses


def _decide_with_count(system: ConstraintSystem, refute: Deadline, cores: bool,
                       conflicts: int | None) -> frozenset[int] | Refutation:
    """The numbers and the mine count, cell by cell: the mines of a layout, or why there
    is none."""
    constraints = system.constraints
    remaining = system.remaining
    assert remaining is not None
    floating = len(system.floating)
    frontier = sorted({c for con in constraints for c in con.cells})
    if remaining < 0 or remaining > len(frontier) + floating:
        return Refutation(numbers=(), counted=True)
    sat = Sat()
    try:
        for con in constraints:
            clauses = sat.equation([sat.var(c) for c in con.cells], con.need)
            if cores:
                sat.item(clauses)
            else:
                sat.require(clauses)
        counting = count_clauses(sat, frontier, remaining, floating)
        if cores:
            sat.item(counting)
        else:
            sat.require(counting)
        ordered(sat, (box for comp in system.components for box in comp.boxes), sat.var)
        answer = sat.solve(range(len(constraints) + 1) if cores else (), refute, conflicts)
        if answer is None:
            raise AnalysisTimeout("the board was not decided within the time budget")
        if not answer:
            core = tuple(sat.core()) if cores else ()
            return Refutation(equations=constraints,
                              core=tuple(i for i in core if i < len(constraints)),
                              count=(remaining, floating), counted=len(constraints) in core)
        mines = [c for c in frontier if sat.value(c)]
    finally:
        sat.close()
    return frozenset(mines).union(system.floating[:remaining - len(mines)])


Meaning = Sequence[tuple[Sequence[int], int]]
"""What each item says, for model rotation: exactly ``need`` of these literals are true."""


def shrink(sat: Sat, items: list[int], deadline: Deadline,
           weight: Sequence[int] | None = None, meaning: Meaning | None = None
           ) -> tuple[list[int], bool]:
    """Deletion on ``items`` (refuted together): the irreducible subset found and True, or
    the smallest refuted subset found before the deadline and False. Heavier items (by
    ``weight``) are tried first: dropping one drops the most numbers. The solver ``sat``
    is used up: items decided are fixed in it for good (:meth:`Sat.fix`).

    With ``meaning``, each item found necessary is followed by recursive model rotation
    (Belov and Marques-Silva, *Accelerating MUS extraction with recursive model rotation*,
    FMCAD 2011): the solver's model breaks that item only; flipping one of its variables
    may break exactly one other item instead, which is then necessary too, with no call
    to the solver (along a chain of gadgets, most of them)."""
    kept = set(items)
    needed: set[int] = set()
    selector = sat.selector
    pending = {selector[i] for i in kept}        # the selectors of the items undecided
    order = sorted(items, key=lambda i: -weight[i]) if weight is not None else list(items)
    occurs: dict[int, list[int]] = {}
    if meaning is not None:
        for i in items:
            for lit in meaning[i][0]:
                occurs.setdefault(abs(lit), []).append(i)
    for i in range(len(sat.selector)):
        if i not in kept:
            sat.fix(i, False)
    for item in order:
        if item not in kept or item in needed:
            continue
        trial = list(pending)
        trial.remove(selector[item])
        answer = sat.solve_assuming(trial, deadline)
        if answer is None:
            return sorted(kept), False
        if answer:
            found = {item}
            if meaning is not None:
                rotate(sat.model, item, meaning, occurs, kept, needed, found)
            for i in found - needed:
                sat.fix(i, True)
                pending.discard(selector[i])
            needed |= found
        else:
            core = set(sat.core())
            for i in kept - core - needed:
                sat.fix(i, False)
                pending.discard(selector[i])
            kept = (core & kept) | needed
    return sorted(kept), True


def rotate(model: list[int], item: int, meaning: Meaning, occurs: dict[int, list[int]],
           kept: set[int], needed: set[int], found: set[int]) -> None:
    """Model rotation from ``model``, which breaks ``item`` alone among ``kept``: every item
    shown necessary on the way is added to ``found`` (which holds ``item``).

    Extended, as in Belov, Lynce and Marques-Silva (*Towards efficient MUS extraction*, AI
    Communications 2012): the walk goes on through items already known necessary (in
    ``needed``), each item once a call, so a chain is followed past the items found
    before it (on the 10-variable board of :mod:`.unsat_core`'s table, 699 solver calls
    instead of 814). The model is read where it is needed (a literal ``x`` holds in it
    when ``model[|x| - 1] == x``), the variables flipped kept aside: a model has tens of
    thousands of variables, an item a handful."""

    def holds(i: int, flips: set[int]) -> bool:
        lits, need = meaning[i]
        return sum((model[abs(x) - 1] == x) != (abs(x) in flips) for x in lits) == need

    todo: list[tuple[int, set[int]]] = [(item, set())]
    expanded = {item}
    while todo:
        broken, flips = todo.pop()
        for v in {abs(x) for x in meaning[broken][0]}:
            flips ^= {v}             # flipped in place, and back: copied only to go on
            if holds(broken, flips):
                now = [i for i in occurs.get(v, ()) if i in kept and i != broken
                       and not holds(i, flips)]
                if len(now) == 1 and now[0] not in expanded:
                    expanded.add(now[0])
                    found.add(now[0])
                    todo.append((now[0], set(flips)))
            flips ^= {v}
