"""A layout drawn uniformly at random from those consistent with a position: what the
editor's "play a random layout consistent with this position" plays.

Chain rule: each covered cell next to a number is decided in turn with its exact mine
probability given the cells decided before it (one analysis a cell that was not certain,
on the position with those cells fixed), so every consistent layout of the frontier
comes out with the same chance; the cells touching no number then share the mines left
uniformly (or, without a mine count, are each a mine with chance 1/2: every layout counts
once). The only bias is comparing a 53-bit random float with each exact probability.
"""

from __future__ import annotations

import random

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.position import MINE, SAFE, UNKNOWN, Position


def random_layout(position: Position, rng: random.Random, use_mine_count: bool = True
                  ) -> frozenset[int]:
    """The mine cells (known mines included) of a uniformly random consistent layout;
    ValueError when the position has none.

    >>> position = Position.from_rows(["1?", "??"], mines=1)  # three layouts, one drawn
    >>> random_layout(position, random.Random(1)) in {frozenset({1}), frozenset({2}),
    ...                                               frozenset({3})}
    True
    """
    if not analyse(position, use_mine_count).consistent:
        raise ValueError("the position is inconsistent: no layout explains it")
    table = position.neighbour_table()
    cells = position.cells
    frontier = [i for i in position.unknown_cells()
                if any(cells[j] >= 0 for j in table[i])]
    current = position
    analyser = IncrementalAnalyser(use_mine_count, keep_mines=False)
    analysis = analyser.update(current)
    fixed: dict[int, int] = {}  # decided since the last analysis
    stale = False  # the last cell decided was not certain: the analysis must be redone
    for cell in frontier:
        if stale:
            current, fixed = current.replace(fixed), {}
            analysis = analyser.update(current)
        chance = analysis.probability(cell)
        fixed[cell] = MINE if rng.random() < chance else SAFE
        # A cell that was certain leaves every layout standing, so the analysis holds (a
        # position with one layout takes one, not one a frontier cell); same draws.
        stale = 0 < chance < 1
    current = current.replace(fixed)
    mines = set(current.known_mines())
    floating = [i for i, v in enumerate(current.cells) if v == UNKNOWN]
    if use_mine_count and position.mines is not None:
        mines.update(rng.sample(floating, position.mines - len(mines)))
    else:
        mines.update(i for i in floating if rng.random() < 0.5)
    return frozenset(mines)
