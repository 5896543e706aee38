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
from sweepkit.constraints import build_system
from sweepkit.position import Position


def revealed_numbers(position: Position, cell: int, use_mine_count: bool = True
                     ) -> tuple[int, ...]:
    """The numbers an unknown cell can show if it is revealed (empty if it must be a mine).

    >>> revealed_numbers(Position.from_rows(["1?", "??"]), 3)
    (1,)
    """
    possible = []
    for value in range(len(position.neighbours(cell)) + 1):
        trial = position.replace({cell: value})
        if system_count(build_system(trial), use_mine_count) > 0:
            possible.append(value)
    return tuple(possible)


def dead_cells(position: Position, use_mine_count: bool = True,
               analysis: Analysis | None = None) -> tuple[int, ...]:
    """Unknown cells that can be safe and whose number is determined (empty when the
    position is inconsistent)."""
    if analysis is None:
        analysis = analyse(position, use_mine_count)
    if not analysis.consistent:
        return ()
    floating = set(analysis.system.floating)
    free_floating = not analysis.uses_mine_count and floating
    dead = []
    for cell, p in analysis.probabilities(exact=True).items():
        if p == 1:
            continue
        if free_floating and any(j in floating and j != cell for j in position.neighbours(cell)):
            # Without a mine count a floating neighbour can flip freely: the number varies.
            continue
        if len(revealed_numbers(position, cell, use_mine_count)) == 1:
            dead.append(cell)
    return tuple(dead)
