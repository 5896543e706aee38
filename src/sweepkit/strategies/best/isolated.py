"""Isolated areas: walled-in parts of the board whose layouts all hold the same number of
mines, played by exact optimal play on their own.

A component of the analysis is *isolated* when no covered cell outside it touches one of
its cells (revealed numbers, known mines and the board's edge wall it in) and every one of
its layouts holds the same number of mines. Then the layouts of the whole board are every
layout of the area with every layout of the rest: nothing shown outside tells anything
about the area, nothing shown inside tells anything about the rest. The chance to win is
the chance to clear the area times the chance to clear the rest, in whatever order, so a
move optimal for the area alone is optimal for the whole board. The ``best`` strategy
plays such an area first, by :func:`sweepkit.search.optimal_play` on the area's own
board (:func:`area_position`), whose few layouts it can search when the whole board's
are far too many; and once the area is cleared the rest has that many times fewer
layouts, so the exact endgame reaches it sooner. (David N. Hill's Java solver does the
same with its "isolated edges", ``ProbabilityEngineFast.checkEdgeIsIsolated``: read, not
copied; what the rule is worth to ``best`` is in ``docs/results.md``.)
"""

from __future__ import annotations

from typing import NamedTuple

from sweepkit.analysis.board.probability import Analysis
from sweepkit.position import MINE, UNKNOWN, Position


class Area(NamedTuple):
    """An isolated area: its cells (ascending), the mines every layout puts in them, and
    its number of layouts."""

    cells: tuple[int, ...]
    mines: int
    layouts: int


def isolated_areas(analysis: Analysis) -> list[Area]:
    """The isolated areas of a consistent ``analysis`` (module doc), smallest first, each
    with more than one layout (an area of one layout has only certain cells)."""
    position = analysis.position
    values = position.cells
    table = position.neighbour_table()
    found = []
    for comp, count in zip(analysis.system.components, analysis.counts, strict=True):
        if len(count.by_mines) != 1 or count.total < 2:
            continue
        inside = set(comp.cells)
        if any(values[j] == UNKNOWN and j not in inside for c in comp.cells for j in table[c]):
            continue
        found.append(Area(tuple(sorted(comp.cells)), count.low, count.total))
    found.sort(key=lambda a: (len(a.cells), a.cells))
    return found


def area_position(position: Position, area: Area) -> Position | None:
    """A board of ``position``'s shape on which ``area`` is all there is to play: its cells
    covered, the numbers next to them as shown, every other cell a known mine, and each of
    those numbers raised by the cells around it that became mines (so it still counts the
    mines the area must hold). Its layouts are the area's, and every cell of the area shows
    the number it shows on the real board; ``None`` when a cell next to the area is
    neither a number nor a known mine (a known-safe cell showing no number), which this
    board cannot stand for.

    >>> from sweepkit.analysis.board.probability import analyse
    >>> view = Position.from_rows(["?3*?", "?3*?"], mines=4)
    >>> (area,) = isolated_areas(analyse(view))
    >>> area
    Area(cells=(0, 4), mines=1, layouts=2)
    >>> print(area_position(view, area))
    mines: 5
    ?3**
    ?3**
    """
    values = position.cells
    table = position.neighbour_table()
    inside = set(area.cells)
    witnesses = set()
    for c in area.cells:
        for j in table[c]:
            if j in inside or values[j] == MINE:
                continue
            if values[j] < 0:
                return None
            witnesses.add(j)
    cells = [MINE] * position.size
    for c in area.cells:
        cells[c] = UNKNOWN
    for w in witnesses:
        cells[w] = values[w] + sum(1 for j in table[w] if j not in inside
                                   and j not in witnesses and values[j] != MINE)
    mines = area.mines + cells.count(MINE)
    return Position(position.shape, tuple(cells), mines, position.topology)
