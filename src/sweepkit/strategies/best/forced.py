"""Forced guesses: groups of cells that no move elsewhere can ever inform.

A group G of unknown cells is *closed* when it is a union of components of the analysis
and no unknown cell outside G touches a cell of G: no number outside G will ever be shown
next to it, so only G's own cells can tell anything about G. When, in addition, every cell
of G is dead (safe, it shows a number known in advance), nothing can: the classic 50/50
of two cells sharing one mine, and every larger pattern of the same kind, found from the
layout counts rather than from a list of shapes. The guess in G must be made sooner or
later, and making it first loses nothing and tells the mine count what G held, so the
``best`` strategy takes it before any other guess. (The one exception is a group whose
mine number the final count could still decide; the strong peers take these early too.)
"""

from __future__ import annotations

from collections.abc import Callable

from sweepkit.analysis.board.probability import Analysis
from sweepkit.position import UNKNOWN


def forced_groups(analysis: Analysis, dead: Callable[[int], bool]) -> list[tuple[int, ...]]:
    """The closed components of ``analysis`` whose cells are all dead (module doc), each as
    its cells, ascending; ``dead(cell)`` says whether one cell is dead."""
    position = analysis.position
    values = position.cells
    table = position.neighbour_table()
    found = []
    for comp in analysis.system.components:
        cells = comp.cells
        inside = set(cells)
        if any(values[j] == UNKNOWN and j not in inside for c in cells for j in table[c]):
            continue
        if all(dead(c) for c in cells):
            found.append(cells)
    return found
