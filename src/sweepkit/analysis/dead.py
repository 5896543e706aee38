"""Dead cells: unknown cells whose number, if revealed, is already known.

A cell is dead when it can be safe and, in every layout where it is safe, its number
is the same: clicking it can only lose or tell nothing, so it is never worth clicking
while anything else is. Tested exactly: reveal the cell as each possible number and
keep the numbers that leave the position consistent; dead = exactly one survives.

>>> from sweepkit.position import Position
>>> [divmod(c, 3) for c in dead_cells(Position.from_rows(["*1?", "???"], mines=1))]
[(0, 2), (1, 0), (1, 1), (1, 2)]
"""

from __future__ import annotations

from sweepkit.analysis.count import system_count
from sweepkit.analysis.probability import Analysis, analyse
from sweepkit.constraints import (
    Constraint,
    ConstraintSystem,
    build_system,
    system_from_constraints,
)
from sweepkit.position import MINE, UNKNOWN, Position


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


def dead_cells(position: Position, use_mine_count: bool = True,
               analysis: Analysis | None = None) -> tuple[int, ...]:
    """Unknown cells that can be safe and whose number is determined (empty when the
    position is inconsistent)."""
    if analysis is None:
        analysis = analyse(position, use_mine_count)
    if not analysis.consistent:
        return ()
    system = analysis.system
    floating = set(system.floating)
    free_floating = not analysis.uses_mine_count and floating
    dead = []
    for cell, p in analysis.probabilities(exact=True).items():
        if p == 1:
            continue
        if free_floating and any(j in floating and j != cell for j in position.neighbours(cell)):
            # Without a mine count a floating neighbour can flip freely: the number varies.
            continue
        if len(revealed_numbers(position, cell, use_mine_count, system, stop_after=2)) == 1:
            dead.append(cell)
    return tuple(dead)
