"""Which of several equally good guesses to take.

Cells the ranking cannot tell apart (a class of interchangeable floating cells, or classes
of equal value) are alike only as far as the look-ahead sees: a far corner and another far
corner, two cells two steps out from different numbers. Taken at random, successive
guesses land anywhere on the board. Taken in a fixed order, they stay together: the cells
a game guesses at, and the areas they open, join up, so each guess tells more about the
next. What the nearest-first order is worth to ``best`` is measured in ``docs/results.md``
(a tenth of a point over 100,000 paired classic expert games, within chance; it costs
nothing). The modes:

- ``"random"``: any of them, from the strategy's RNG (``best --strength fast``);
- ``"reading"``: the first in reading order (row by row);
- ``"columns"``: the first column by column, the order in which David N. Hill's Java
  solver evaluates its candidates and keeps the first of equal ones;
- ``"open"``: the nearest to a revealed cell (steps between neighbours), then as
  ``"columns"``.

>>> from sweepkit.position import Position
>>> view = Position.from_rows(["1????", "?????", "?????"], mines=3)
>>> cells = [view.index(0, 4), view.index(2, 0), view.index(2, 4)]
>>> [view.coord(break_tie(view, cells, mode)) for mode in ("reading", "columns", "open")]
[(0, 4), (2, 0), (2, 0)]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sweepkit.position import Position

MODES = ("random", "reading", "columns", "open")


def break_tie(position: Position, cells: Sequence[int], mode: str,
              rng: random.Random | None = None) -> int:
    """The cell of ``cells`` (equally good guesses of ``position``) that ``mode`` takes
    (module doc). With ``rng`` one cell is drawn at random in every mode (and taken in
    ``"random"`` only), so that a game played in two modes uses the same random numbers
    and parts only where the two choices differ: the modes' paired runs compare choices,
    not random streams."""
    if mode not in MODES:
        raise ValueError(f"unknown tie-break {mode!r} (expected one of {', '.join(MODES)})")
    drawn = rng.choice(cells) if rng is not None else None
    if mode == "random":
        if drawn is None:
            raise ValueError("the random tie-break needs an RNG")
        return drawn
    if len(cells) == 1:
        return cells[0]
    if mode == "reading":
        return min(cells)
    if mode == "columns":
        return min(cells, key=lambda c: position.coord(c)[::-1])
    steps = steps_from_open(position)  # "open"
    return min(cells, key=lambda c: (steps.get(c, len(position.cells)),
                                     position.coord(c)[::-1]))


def steps_from_open(position: Position) -> dict[int, int]:
    """Per cell, the fewest steps between neighbours from a revealed cell (0 on one), by a
    breadth-first search from all of them at once; cells no revealed cell reaches are
    left out."""
    table = position.neighbour_table()
    frontier = [c for c, v in enumerate(position.cells) if v >= 0]
    steps = dict.fromkeys(frontier, 0)
    distance = 0
    while frontier:
        distance += 1
        reached = []
        for c in frontier:
            for j in table[c]:
                if j not in steps:
                    steps[j] = distance
                    reached.append(j)
        frontier = reached
    return steps
