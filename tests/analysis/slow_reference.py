"""The old, slow routes of dead cells and explanations, kept as references for the tests.

They re-analyse the whole board per candidate cell (dead cells) and search the whole list of
equations per certain cell (explanations): quadratic or worse on big boards, but simple
and checked against the brute force. :mod:`sweepkit.analysis.dead_cells.dead` and
:mod:`sweepkit.analysis.reasons.explain` must give exactly the same answers
(``tests/analysis/dead_cells/test_dead.py``, ``tests/analysis/reasons/test_explain.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from sweepkit.analysis.board.board_count import frontier_polynomial, system_count
from sweepkit.analysis.board.probability import Analysis, analyse
from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.reasons.explain import CellValue, Explanation, Technique, _make
from sweepkit.constraints import (
    Constraint,
    ConstraintSystem,
    build_system,
    system_from_constraints,
)
from sweepkit.position import MINE, UNKNOWN, Position

# ---- dead cells (sweepkit.analysis.dead_cells.dead before the local route) ----


def revealed_numbers(position: Position, cell: int, use_mine_count: bool = True,
                     system: ConstraintSystem | None = None, stop_after: int | None = None
                     ) -> tuple[int, ...]:
    """The numbers an unknown cell can show if it is revealed (empty if it must be a mine).

    Works on the constraint system: the cell leaves the equations it was in (it is safe,
    so their needs stay) and brings its own; unchanged components come from the cache.
    ``stop_after`` ends the search once that many numbers are found.

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


def old_dead_cells(position: Position, use_mine_count: bool = True,
               analysis: Analysis | None = None) -> tuple[int, ...]:
    """Unknown cells that can be safe and whose number is determined (empty when the
    position is inconsistent).

    A floating cell whose unknown neighbours are all floating is decided by counting
    alone (:func:`_pool_numbers`); only the other cells pay for the exact trial.
    """
    if analysis is None:
        analysis = analyse(position, use_mine_count)
    if not analysis.consistent:
        return ()
    system = analysis.system
    floating = set(system.floating)
    free_floating = not analysis.uses_mine_count and floating
    pool_counts = _pool_mine_counts(analysis) if analysis.uses_mine_count else None
    pool_when_safe = _PoolWhenSafe(analysis)
    cells = position.cells
    dead = []
    for cell, p in analysis.probabilities(exact=True).items():
        if p == 1:
            continue
        if free_floating and any(j in floating and j != cell for j in position.neighbours(cell)):
            # Without a mine count a floating neighbour can flip freely: the number varies.
            continue
        if pool_counts is not None:
            near = [j for j in position.neighbours(cell) if cells[j] == UNKNOWN]
            in_pool = sum(1 for j in near if j in floating)
            if cell in floating:
                if in_pool == len(near):
                    if len(_pool_numbers(pool_counts, len(floating) - 1, len(near))) == 1:
                        dead.append(cell)
                    continue
                counts, others = pool_counts, len(floating) - 1
            else:
                counts, others = pool_when_safe(cell), len(floating)
            if 0 < in_pool < others and any(0 < k < others for k in counts):
                # A pool mine can move between a neighbour and a far floating cell,
                # leaving every equation as it is: the cell's number changes by one.
                continue
        if len(revealed_numbers(position, cell, use_mine_count, system, stop_after=2)) == 1:
            dead.append(cell)
    return tuple(dead)


def _pool_mine_counts(analysis: Analysis) -> set[int]:
    """The numbers of mines the floating pool can hold (with the mine count)."""
    remaining = analysis.system.remaining
    assert remaining is not None
    pool = len(analysis.system.floating)
    low, frontier = frontier_polynomial(analysis.counts)
    return {remaining - m for m, w in enumerate(frontier, low)
            if w and 0 <= remaining - m <= pool}


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


class _PoolWhenSafe:
    """For a frontier cell: the mines the floating pool can hold in layouts where that
    cell is safe (from the supports of the component polynomials, no new count)."""

    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self.where = {c: (i, b) for i, comp in enumerate(analysis.system.components)
                      for b, box in enumerate(comp.boxes) for c in box}
        self.supports = [{m for m, w in enumerate(c.by_mines, c.low) if w}
                         for c in analysis.counts]
        self.cache: dict[tuple[int, int], set[int]] = {}

    def __call__(self, cell: int) -> set[int]:
        key = self.where[cell]
        if key not in self.cache:
            i, b = key
            count = self.analysis.counts[i]
            size = self.analysis.system.components[i].sizes[b]
            # layouts with m mines where one given cell of box b is safe
            reach = {m for m, (w, mined) in enumerate(zip(count.by_mines, count.box_mines[b],
                                                           strict=True), count.low)
                     if w * size > mined}
            for j, support in enumerate(self.supports):
                if j != i:
                    reach = {x + y for x in reach for y in support}
            system = self.analysis.system
            remaining, pool = system.remaining, len(system.floating)
            assert remaining is not None
            self.cache[key] = {remaining - m for m in reach if 0 <= remaining - m <= pool}
        return self.cache[key]


# ---- explanations (sweepkit.analysis.reasons.explain before the local route) ----

def certain_by(constraints: Sequence[Constraint], cell: int) -> CellValue | None:
    """``SAFE``/``MINE`` if these equations alone (no mine count) fix ``cell``."""
    system = system_from_constraints(constraints)
    for comp in system.components:
        for b, box in enumerate(comp.boxes):
            if cell in box:
                solved = solve_component(comp)
                if solved.total == 0:
                    return None
                mines = sum(solved.box_mines[b])
                if mines == 0:
                    return CellValue.SAFE
                if mines == solved.total * len(box):
                    return CellValue.MINE
                return None
    return None


def _overlap(a: Constraint, b: Constraint) -> bool:
    return not set(a.cells).isdisjoint(b.cells)


def _linked(constraints: Sequence[Constraint], cell: int) -> list[Constraint] | None:
    """Grow equations breadth-first from those containing the cell until it is certain,
    then shrink the set by deletion; None when the whole linked set cannot force it."""
    chosen = [c for c in constraints if cell in c.cells]
    frontier = list(chosen)
    value = certain_by(chosen, cell) if chosen else None
    while value is None and frontier:
        nxt = []
        for c in frontier:
            for d in constraints:
                if d not in chosen and _overlap(c, d):
                    chosen.append(d)
                    nxt.append(d)
                    value = certain_by(chosen, cell)
                    if value is not None:
                        break
            if value is not None:
                break
        frontier = nxt
    if value is None:
        return None
    for c in list(chosen):
        trial = [d for d in chosen if d is not c]
        if trial and certain_by(trial, cell) == value:
            chosen = trial
    return chosen


def old_explain_cell(position: Position, constraints: Sequence[Constraint], cell: int,
                 value: CellValue | str) -> Explanation:
    """The simplest explanation of one certain cell (``value`` from the exact analysis;
    a plain ``"safe"``/``"mine"`` is accepted too)."""
    value = CellValue(value)
    containing = [c for c in constraints if cell in c.cells]
    for c in containing:
        if certain_by([c], cell) == value:
            return _make(position, cell, value, Technique.SINGLE, [c])
    pairs = [(a, b) for a in containing for b in constraints
             if b is not a and _overlap(a, b) and certain_by([a, b], cell) == value]
    for a, b in pairs:  # a nested pair is the simpler reason: prefer it
        if set(a.cells) <= set(b.cells) or set(b.cells) <= set(a.cells):
            return _make(position, cell, value, Technique.SUBSET, [a, b])
    if pairs:
        return _make(position, cell, value, Technique.LINKED, list(pairs[0]))
    linked = _linked(constraints, cell)
    if linked is not None and certain_by(linked, cell) == value:
        return _make(position, cell, value, Technique.LINKED, linked)
    return _make(position, cell, value, Technique.GLOBAL, list(constraints))



def old_explain(position: Position, use_mine_count: bool = True,
            analysis: Analysis | None = None) -> list[Explanation]:
    """An explanation for every certain cell, by cell (empty when inconsistent)."""
    if analysis is None:
        analysis = analyse(position, use_mine_count)
    if not analysis.consistent:
        return []
    constraints = [c for c in analysis.system.constraints if c.cells]
    result = [old_explain_cell(position, constraints, cell, CellValue.SAFE)
              for cell in analysis.safe_cells()]
    result += [old_explain_cell(position, constraints, cell, CellValue.MINE)
               for cell in analysis.mine_cells()]
    return sorted(result, key=lambda e: e.cell)


def same_reasons(found: Sequence[Explanation], reference: Sequence[Explanation]) -> bool:
    """Whether two lists of explanations agree: wholly, but for a ``GLOBAL`` one only its
    cell, value and technique (the reference cites every number for those; the mine
    count's own argument is checked against the brute force in test_explain.py)."""
    def key(e: Explanation) -> tuple:
        return ((e.cell, e.value, e.technique) if e.technique is Technique.GLOBAL else
                (e.cell, e.value, e.technique, e.because, e.sentence))
    return [key(e) for e in found] == [key(e) for e in reference]
