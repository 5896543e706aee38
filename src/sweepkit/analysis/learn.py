"""CONSISTENCY by conflict-driven clause learning over Minesweeper's equations: one layout
of a component of single cells, or proof that it has none.

:mod:`.propagate` searches with bounds propagation alone. On a board drawn from a circuit
that is not enough: what a gate's output forces on its inputs is never seen by any one
equation, so the search goes wrong early, learns nothing, and finds out much later, again
and again. This is the scheme of modern SAT solvers (Marques-Silva and Sakallah's GRASP
[MarquesSilvaSakallah1999], Chaff's activity heuristic and two watched literals
[Moskewicz2001], MiniSat's phase saving and Luby restarts [EenSorensson2003];
docs/bibliography.md), with the component's equations ``Σ cells = need`` kept as they
are beside the learnt clauses:

* an equation propagates when its mines are all placed (the rest safe) or it needs all its
  free cells (the rest mines), and explains itself lazily: the cells of its row set before
  the one it forced;
* each conflict is analysed back to its first unique implication point, and the clause
  learnt forbids that combination for the rest of the search.

Every box must be a single cell (a contracted component, :mod:`.contract`, has no others
on a drawn board). :func:`satisfy` is the same solver on clauses alone, the last step of
:mod:`.clauses` (the route :func:`sweepkit.analysis.consistency.find_witness` takes on a
drawn board); :func:`learnt_witness` keeps the equations whole, for a component whose
equations are too long to write as clauses.

>>> from sweepkit.constraints import Component
>>> two = Component((1, 1, 1), (((0, 1), 1), ((1, 2), 1)), ((7,), (8,), (9,)), (3, 4))
>>> learnt_witness(two)
(0, 1, 0)
>>> learnt_witness(Component((1, 1), (((0, 1), 1), ((0, 1), 2)), ((7,), (8,)), (3, 4)))
"""

from __future__ import annotations

import heapq

from sweepkit.analysis.box_search import Rows, SearchBudgetExceeded
from sweepkit.analysis.budget import check
from sweepkit.constraints import Component

RESTART_UNIT = 64
"""Conflicts between restarts, times the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...)."""

DECAY = 0.95
"""Each conflict makes earlier activity count this much less (VSIDS)."""


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of the Luby sequence: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...

    >>> [luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def learnt_witness(component: Component, budget: int | None = None,
                   order: list[int] | None = None) -> tuple[int, ...] | None:
    """Mines in each cell of one layout of ``component`` (all boxes single cells), or None
    when it has none. ``order`` ranks the cells to try first (the activity heuristic takes
    over as conflicts accrue). SearchBudgetExceeded after ``budget`` conflicts."""
    if any(size != 1 for size in component.sizes):
        raise ValueError("learnt_witness takes components of single cells only")
    return _Solver(len(component.sizes), component.rows, [], order).solve(budget)


def satisfy(variables: int, clauses: list[list[int]], budget: int | None = None,
            order: list[int] | None = None) -> tuple[int, ...] | None:
    """A plain SAT solver: values (0 or 1) of ``variables`` variables satisfying every
    clause (literals ``2 * v`` for v, ``2 * v + 1`` for not v), or None when none do.

    >>> satisfy(2, [[0, 2], [1], [3, 1]])
    (0, 1)
    >>> satisfy(1, [[0], [1]])
    """
    return _Solver(variables, (), clauses, order).solve(budget)


class _Solver:
    """The search state. A literal is ``2 * cell + sign``: true when the cell holds a mine
    (sign 0) or is safe (sign 1). ``reason[v]`` is None for a decision, ``r >= 0`` for
    equation ``r``, ``-1 - c`` for learnt clause ``c``."""

    def __init__(self, n: int, rows: Rows, clauses: list[list[int]],
                 order: list[int] | None) -> None:
        self.n = n
        self.given = clauses
        self.row_cells = [bs for bs, _need in rows]
        self.need = [need for _bs, need in rows]
        self.length = [len(bs) for bs in self.row_cells]
        self.rows_of: list[list[int]] = [[] for _ in range(n)]
        for r, bs in enumerate(self.row_cells):
            for v in bs:
                self.rows_of[v].append(r)
        self.ones = [0] * len(self.need)
        self.zeros = [0] * len(self.need)
        self.value = [-1] * n
        self.level = [0] * n
        self.reason: list[int | None] = [None] * n
        self.pos = [0] * n
        self.trail: list[int] = []
        self.limits: list[int] = []
        self.qhead = 0
        self.clauses: list[list[int]] = []
        self.watches: list[list[int]] = [[] for _ in range(2 * n)]
        rank = order if order is not None else range(n)
        self.activity = [0.0] * n
        for i, v in enumerate(rank):
            self.activity[v] = (n - i) / (n * 1000.0)   # the caller's order, at first
        self.increment = 1.0
        self.heap = [(-self.activity[v], v) for v in range(n)]
        heapq.heapify(self.heap)
        self.queued: list[float | None] = list(self.activity)  # its live entry's key
        self.phase = [0] * n
        self.seen = [False] * n

    # --- assignment and propagation -----------------------------------------------------

    def assign(self, v: int, val: int, why: int | None) -> None:
        self.value[v] = val
        self.level[v] = len(self.limits)
        self.reason[v] = why
        self.pos[v] = len(self.trail)
        self.trail.append(v)
        counts = self.ones if val else self.zeros
        for r in self.rows_of[v]:
            counts[r] += 1

    def propagate(self) -> tuple[int, ...] | None:
        """Propagate the trail; the false literals of a conflict, or None."""
        value, trail = self.value, self.trail
        ones, zeros, length, need = self.ones, self.zeros, self.length, self.need
        row_cells, rows_of, clauses, watches = (self.row_cells, self.rows_of, self.clauses,
                                                self.watches)
        assign = self.assign
        while self.qhead < len(trail):
            v = trail[self.qhead]
            self.qhead += 1
            for r in rows_of[v]:
                o, z, k = ones[r], zeros[r], need[r]
                room = length[r] - z
                if o > k:
                    return tuple(2 * u + 1 for u in row_cells[r] if value[u] == 1)
                if room < k:
                    return tuple(2 * u for u in row_cells[r] if value[u] == 0)
                if o + z == length[r]:
                    continue
                if o == k:
                    for u in row_cells[r]:
                        if value[u] < 0:
                            assign(u, 0, r)
                elif room == k:
                    for u in row_cells[r]:
                        if value[u] < 0:
                            assign(u, 1, r)
            false = 2 * v + value[v]           # the literal of v that just became false
            watching = watches[false]
            keep = []
            for i, c in enumerate(watching):
                lits = clauses[c]
                if lits[0] == false:
                    lits[0], lits[1] = lits[1], lits[0]
                first = lits[0]
                fv = value[first >> 1]
                if fv >= 0 and fv != (first & 1):    # the other watch is true: satisfied
                    keep.append(c)
                    continue
                for j in range(2, len(lits)):
                    lit = lits[j]
                    lv = value[lit >> 1]
                    if lv < 0 or lv != (lit & 1):    # not false: watch it instead
                        lits[1], lits[j] = lit, false
                        watches[lit].append(c)
                        break
                else:
                    keep.append(c)
                    if fv >= 0:                      # every literal false
                        keep.extend(watching[i + 1:])
                        watches[false] = keep
                        return tuple(lits)
                    assign(first >> 1, 1 - (first & 1), -1 - c)
            watches[false] = keep
        return None

    def antecedents(self, v: int) -> list[int]:
        """The false literals that forced ``v``."""
        why = self.reason[v]
        assert why is not None
        if why < 0:
            return [lit for lit in self.clauses[-1 - why] if lit >> 1 != v]
        value, pos, at = self.value, self.pos, self.pos[v]
        if value[v] == 0:     # the row's mines were all placed: those set before v
            return [2 * u + 1 for u in self.row_cells[why] if value[u] == 1 and pos[u] < at]
        return [2 * u for u in self.row_cells[why] if value[u] == 0 and pos[u] < at]

    # --- learning -------------------------------------------------------------------------

    def enqueue(self, v: int) -> None:
        """Put ``v`` in the decision heap at its activity, unless it is there already
        (an entry whose key is no longer its ``queued`` key is stale and skipped)."""
        key = self.activity[v]
        if self.queued[v] != key:
            self.queued[v] = key
            heapq.heappush(self.heap, (-key, v))

    def bump(self, v: int) -> None:
        self.activity[v] += self.increment
        if self.activity[v] > 1e100:
            self.activity = [a * 1e-100 for a in self.activity]
            self.increment *= 1e-100
            self.heap = [(-self.activity[u], u) for u in range(self.n) if self.value[u] < 0]
            heapq.heapify(self.heap)
            self.queued = [self.activity[u] if self.value[u] < 0 else None
                           for u in range(self.n)]
        elif self.queued[v] is not None:
            self.enqueue(v)

    def learn_clause(self, conflict: tuple[int, ...]) -> tuple[list[int], int]:
        """The first-UIP clause learnt from a conflict, asserting literal first, and the
        level to go back to."""
        seen, level, trail = self.seen, self.level, self.trail
        here = len(self.limits)
        learnt = [0]
        pending = 0
        lits: list[int] | tuple[int, ...] = conflict
        i = len(trail) - 1
        marked = []
        while True:
            for lit in lits:
                u = lit >> 1
                if not seen[u] and level[u] > 0:
                    seen[u] = True
                    marked.append(u)
                    self.bump(u)
                    if level[u] == here:
                        pending += 1
                    else:
                        learnt.append(lit)
            while not seen[trail[i]]:
                i -= 1
            v = trail[i]
            i -= 1
            pending -= 1
            if pending == 0:
                break
            lits = self.antecedents(v)
        learnt[0] = 2 * v + self.value[v]      # v's literal that is false now
        for u in marked:
            seen[u] = False
        self.increment /= DECAY
        if len(learnt) == 1:
            return learnt, 0
        best = max(range(1, len(learnt)), key=lambda j: level[learnt[j] >> 1])
        learnt[1], learnt[best] = learnt[best], learnt[1]
        return learnt, level[learnt[1] >> 1]

    def backtrack(self, to: int) -> None:
        if len(self.limits) <= to:
            return
        start = self.limits[to]
        value, ones, zeros, rows_of = self.value, self.ones, self.zeros, self.rows_of
        for v in self.trail[start:]:
            counts = ones if value[v] else zeros
            for r in rows_of[v]:
                counts[r] -= 1
            self.phase[v] = value[v]
            value[v] = -1
            self.enqueue(v)
        del self.trail[start:]
        del self.limits[to:]
        self.qhead = start

    def decide(self) -> int | None:
        heap, value, queued = self.heap, self.value, self.queued
        while heap:
            key, v = heapq.heappop(heap)
            if -key != queued[v]:
                continue                # stale: v has a newer entry
            queued[v] = None            # out of the heap
            if value[v] < 0:
                return v
        for v in range(self.n):     # stale entries only: the heap was out of date
            if value[v] < 0:
                return v
        return None

    # --- the search ------------------------------------------------------------------------

    def solve(self, budget: int | None) -> tuple[int, ...] | None:
        for r, (bs, k) in enumerate(zip(self.row_cells, self.need, strict=True)):
            if k < 0 or k > len(bs):
                return None
            if k in (0, len(bs)):
                for u in bs:
                    if self.value[u] < 0:
                        self.assign(u, int(k > 0), r)
                    elif self.value[u] != int(k > 0):
                        return None
        for given in self.given:
            lits = list(dict.fromkeys(given))
            if not lits:
                return None
            if len(lits) == 1:
                lit = lits[0]
                if self.value[lit >> 1] < 0:
                    self.assign(lit >> 1, 1 - (lit & 1), None)
                elif self.value[lit >> 1] == lit & 1:
                    return None
                continue
            c = len(self.clauses)
            self.clauses.append(lits)
            self.watches[lits[0]].append(c)
            self.watches[lits[1]].append(c)
        conflicts = 0
        restart_at = RESTART_UNIT
        restarts = 1
        while True:
            conflict = self.propagate()
            if conflict is not None:
                if not self.limits:
                    return None
                conflicts += 1
                if budget is not None and conflicts > budget:
                    raise SearchBudgetExceeded(budget)
                if conflicts % 256 == 0:
                    check()
                learnt, back = self.learn_clause(conflict)
                self.backtrack(back)
                first = learnt[0]
                if len(learnt) == 1:
                    self.assign(first >> 1, 1 - (first & 1), None)
                else:
                    c = len(self.clauses)
                    self.clauses.append(learnt)
                    self.watches[learnt[0]].append(c)
                    self.watches[learnt[1]].append(c)
                    self.assign(first >> 1, 1 - (first & 1), -1 - c)
                continue
            if conflicts >= restart_at and self.limits:
                restarts += 1
                restart_at = conflicts + RESTART_UNIT * luby(restarts)
                self.backtrack(0)
                continue
            v = self.decide()
            if v is None:
                return tuple(self.value)
            self.limits.append(len(self.trail))
            self.assign(v, self.phase[v], None)
