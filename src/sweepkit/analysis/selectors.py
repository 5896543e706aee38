"""A SAT solver over selector literals: one item a number, its unsatisfiable cores, and
the deletion that shrinks a core to an irreducible one (:func:`shrink`), within a deadline.

The solver layer of :mod:`.unsat_core`, which decides what the items are (numbers, wire
segments, the mine count); the measurements behind the choice of CaDiCaL are in its doc.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from itertools import combinations
from math import comb

from sweepkit.analysis.budget import check, current

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
    """One incremental solver over items, each guarded by a selector literal."""

    def __init__(self) -> None:
        # pysat is imported here, not with the module: every command imports the analysis
        from pysat.formula import IDPool
        from pysat.solvers import Solver

        self.pool = IDPool()
        self.solver = Solver(name=SOLVER)
        self.selector: list[int] = []
        self.index: dict[int, int] = {}
        self.fresh = 0

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

    def solve(self, items: Iterable[int], deadline: Deadline) -> bool | None:
        """Whether the items can all hold (``None``: the deadline passed first)."""
        return self.solve_assuming([self.selector[i] for i in items], deadline)

    def solve_assuming(self, assumptions: list[int], deadline: Deadline) -> bool | None:
        """:meth:`solve` given the items' selectors."""
        while True:
            check()          # a cancelled analysis stops here
            if deadline.passed():
                return None
            if deadline.at is None:
                return self.solver.solve(assumptions=assumptions)
            self.solver.conf_budget(CONFLICTS)
            answer = self.solver.solve_limited(assumptions=assumptions)
            if answer is not None:
                return answer

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
                rotate(sat.solver.get_model() or [], item, meaning, occurs, kept, needed,
                        found)
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
