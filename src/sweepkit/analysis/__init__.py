"""Exact analysis of any position: counts, probabilities, consistency, enumeration, explanations.

Built on :mod:`sweepkit.constraints` (equations, boxes, components). Modules:

- :mod:`.count` — per-component count polynomials (cached: the incremental mechanism is
  the module-level LRU cache of ``solve_component``, keyed by the component's structure),
  whole-board counts with and without the mine count;
- :mod:`.strip_route` — components shaped like strips, cut out and counted by the
  transfer matrix (:mod:`sweepkit.automata.transfer`) when the box search gives up;
- :mod:`.probability` — ``analyse(position)``: exact probabilities, certain safes/mines;
- :mod:`.consistency` — witness, minimal contradiction, SOLUTION (``is_unique``),
  SAFETY (``is_safe_move``);
- :mod:`.enumerate` — every layout, depth-first, with a limit;
- :mod:`.dead` — dead cells; :mod:`.explain` — the simplest reason for each certain cell.

``use_mine_count=True`` (the default everywhere) uses the position's mine count when it
has one; without one, the papers' convention applies (floating cells are free).

>>> from sweepkit.position import Position
>>> analyse(Position.from_rows(["1?", "??"], mines=1)).total
3
"""

from sweepkit.analysis.board_count import count_layouts, layouts_by_mines
from sweepkit.analysis.component import solve_component
from sweepkit.analysis.consistency import (
    Contradiction,
    find_witness,
    is_consistent,
    is_safe_move,
    is_unique,
    minimal_contradiction,
)
from sweepkit.analysis.dead import dead_cells
from sweepkit.analysis.enumerate import enumerate_layouts
from sweepkit.analysis.explain import TECHNIQUES, Explanation, explain
from sweepkit.analysis.probability import Analysis, analyse

__all__ = [
    "TECHNIQUES",
    "Analysis",
    "Contradiction",
    "Explanation",
    "analyse",
    "count_layouts",
    "dead_cells",
    "enumerate_layouts",
    "explain",
    "find_witness",
    "is_consistent",
    "is_safe_move",
    "is_unique",
    "layouts_by_mines",
    "minimal_contradiction",
    "solve_component",
]
