"""Small pockets: covered areas so small that a guess there is better left for later.

The Java solver of David N. Hill (``SpaceCounter``, threshold 8) defers a guess at a cell
whose *area* has fewer than 8 cells while a candidate elsewhere remains. An area is a
set of covered cells (not known mines) joined by being neighbours, or by sharing a
revealed neighbour (two cells on either side of a revealed number are in one area: that
number may tell about both). A guess in a small area tells little about the rest of the
board and its risk stays to be paid whenever it is taken, while guesses elsewhere come
first: they may end the game before the pocket's risk is taken (nothing lost by the
wait) or, through the mine count, change the pocket's odds. ``best``'s option ``pockets``
does this (:meth:`~.ranking.Ranking.rank`).

>>> from sweepkit.position import Position
>>> view = Position.from_rows(["??1001??",
...                            "111001??",
...                            "000001??",
...                            "000001??"], mines=3)
>>> sorted(small_pockets(view, 8))
[0, 1]

The two cells in the top-left corner are an area of two: the numbers around them touch no
other covered cell. The eight on the right are one area, deferred only below 9 cells:

>>> len(small_pockets(view, 9)), len(small_pockets(view, 2))
(10, 0)

A number joins the covered cells on both of its sides into one area:

>>> len(small_pockets(Position.from_rows(["??1?", "1121"], mines=2), 8))
3
"""

from __future__ import annotations

from sweepkit.position import UNKNOWN, Position

POCKET_CELLS = 8
"""The Java solver's threshold: areas of fewer cells are deferred."""


def small_pockets(position: Position, least: int = POCKET_CELLS) -> frozenset[int]:
    """The covered cells of ``position`` whose area (module doc) has fewer than ``least``
    cells."""
    cells = position.cells
    table = position.neighbour_table()
    seen = bytearray(position.size)  # covered cells put in an area, numbers gone through
    found: list[int] = []
    for start, v in enumerate(cells):
        if v != UNKNOWN or seen[start]:
            continue
        seen[start] = 1
        area = [start]
        for m in area:  # grows while it is read: a breadth-first search
            for j in table[m]:
                if seen[j]:
                    continue
                if cells[j] == UNKNOWN:
                    seen[j] = 1
                    area.append(j)
                elif cells[j] >= 0:  # a revealed number: on to the covered cells it touches
                    seen[j] = 1
                    for k in table[j]:
                        if cells[k] == UNKNOWN and not seen[k]:
                            seen[k] = 1
                            area.append(k)
        if len(area) < least:
            found.extend(area)
    return frozenset(found)


__all__ = ["POCKET_CELLS", "small_pockets"]
