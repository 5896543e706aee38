"""Exact analysis of any position: counts, probabilities, consistency, enumeration, explanations.

Built on :mod:`sweepkit.constraints` (equations, boxes, components). The public functions
are exported here; the modules, one job each:

- :mod:`.poly` — count polynomials by number of mines and :class:`ComponentCount`;
- :mod:`.box_search`, :mod:`.split`, :mod:`.box_dp`, :mod:`.strip_route` — the component
  solvers (depth-first box search, forced boxes and independent parts, the box dynamic
  programme, strips through the transfer matrix of :mod:`sweepkit.automata.transfer`);
- :mod:`.component` — ``solve_component``: the route through those solvers, and the cache
  of solved components (the incremental mechanism: during a game only the components a
  move changed are solved again);
- :mod:`.product_tree` — the components' polynomials multiplied in pairs, and the
  transposed tree that hands each component the weights of everything else;
- :mod:`.board_count` — whole-board counts, with and without the mine count;
- :mod:`.probability` — ``analyse(position)``: exact probabilities, certain safes/mines;
- :mod:`.incremental` — :class:`IncrementalAnalyser`: the analysis of every view of a game,
  rebuilding only what a move changed (what players and the web app call);
- :mod:`.consistency` — witness, minimal contradiction, SOLUTION (``is_unique``),
  SAFETY (``is_safe_move``);
- :mod:`.enumerate` — every layout, depth-first, with a limit (:mod:`.kadlac_bfs`: Kadlac's
  breadth-first search, reproduced);
- :mod:`.dead` — dead cells; :mod:`.explain` — the simplest reason for each certain cell;
- :mod:`.outcomes` — per cell, the layouts giving each number it could show (and mine);
- :mod:`.budget` — time and size budgets that stop an analysis with a clear message.

``use_mine_count=True`` (the default everywhere) uses the position's mine count when it
has one; without one, the papers' convention applies (floating cells are free).

>>> from sweepkit.analysis import analyse
>>> from sweepkit.position import Position
>>> analyse(Position.from_rows(["1?", "??"], mines=1)).total
3
"""

from sweepkit.lazy import lazy_exports

__all__ = lazy_exports(__name__, {
    "sweepkit.analysis.board_count": ("count_layouts", "layouts_by_mines"),
    "sweepkit.analysis.consistency": (
        "Contradiction", "find_witness", "is_consistent", "is_safe_move", "is_unique",
        "minimal_contradiction",
    ),
    "sweepkit.analysis.dead": ("dead_cells",),
    "sweepkit.analysis.enumerate": ("enumerate_layouts",),
    "sweepkit.analysis.explain": (
        "TECHNIQUES", "CellValue", "Explanation", "Technique", "explain",
    ),
    "sweepkit.analysis.incremental": ("IncrementalAnalyser",),
    "sweepkit.analysis.probability": ("Analysis", "analyse"),
})
