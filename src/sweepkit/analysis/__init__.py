"""Exact analysis of any position: counts, probabilities, consistency, enumeration, explanations.

Built on :mod:`sweepkit.constraints` (equations, boxes, components). The public functions
are exported here. Every module, one job each, grouped by what it is for:

**Counting one component**

- :mod:`.poly` — count polynomials by number of mines, and :class:`ComponentCount`;
- :mod:`.box_search` — the depth-first search over a component's boxes;
- :mod:`.split` — boxes forced by single equations fixed, the rest cut into parts;
- :mod:`.box_dp` — the box dynamic programme (time grows with width, not layouts);
- :mod:`.strip_route` — strips through the transfer matrix of :mod:`sweepkit.automata`;
- :mod:`.component` — ``solve_component``: the route through those solvers, and the cache;
- :mod:`.budget` — time and size budgets that stop an analysis with a clear message.

**The whole board**

- :mod:`.product_tree` — the components' polynomials multiplied in pairs, and the transpose;
- :mod:`.board_count` — whole-board counts, with and without the mine count;
- :mod:`.combine` — the components combined into every box's probability;
- :mod:`.probability` — ``analyse(position)``: the :class:`Analysis` (probabilities,
  certain safes and mines).

**A game, move by move**

- :mod:`.incremental` — :class:`IncrementalAnalyser`: the analysis of every view of a game,
  proved mines kept (what players and the web app call);
- :mod:`.system_tracker` — the constraint system updated where a move changed it;
- :mod:`.component_keeper` — the components kept between views, patched where changed.

**Boards drawn from circuits, and huge components**

- :mod:`.sat` — CaDiCaL behind one module: the equations as CNF, a layout from its model,
  the equations a refutation used, and deletion to an irreducible core;
- :mod:`.unsat_core` — the numbers that contradict each other, from that core;
- :mod:`.contract` — wires contracted to one box per signal, for counting.

**The questions of the papers**

- :mod:`.consistency` — witness, minimal contradiction, SOLUTION (``is_unique``), SAFETY;
- :mod:`.enumerate` — every layout, depth-first, with a limit;
- :mod:`.kadlac_bfs` — Kadlac's breadth-first search, reproduced;
- :mod:`.sample` — a layout drawn uniformly from those consistent with a position;
- :mod:`.outcomes` — per cell, the layouts giving each number it could show (and mine).

**Dead cells**

- :mod:`.dead` — ``dead_cells``: cells whose number is already known, decided locally;
- :mod:`.supports` — the mine numbers pieces can hold, as bit sets, and their sums;
- :mod:`.atoms` — the frontier's independent pieces, and whether a changed few have a layout.

**Explanations**

- :mod:`.explain` — the simplest technique and sentence for each certain cell;
- :mod:`.equations` — the equations near a cell and what one, two, or all of them force;
- :mod:`.prover` — the irreducible set of equations that forces a cell, found locally.

**One home per question.** Does a layout exist? ``consistency.find_witness`` for a position
(``is_consistent`` is its yes or no; it asks ``sat`` of huge components), and
``consistency.decide`` for the layout or else the contradicting numbers at once; the other
searches answer narrower questions and are checked against it or the brute force:
``atoms.satisfiable`` for a made-up set of equations (a dead-cell trial),
``prover.Prover`` for the subsets of one cell's linked set (remembering its proofs), and
``unsat_core`` for which numbers contradict. Dead cells are defined in ``dead``;
``outcomes.Outcome.dead`` reads the same definition off the outcome counts ``best`` has
anyway (tests/analysis/test_outcomes.py holds the two equal). The constraint system is
built by ``constraints.build_system``; ``system_tracker.SystemTracker`` updates it move by
move, equal to a fresh build after every move (tests/analysis/test_incremental.py).

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
    "sweepkit.analysis.equations": ("CellValue",),
    "sweepkit.analysis.explain": ("TECHNIQUES", "Explanation", "Technique", "explain"),
    "sweepkit.analysis.incremental": ("IncrementalAnalyser",),
    "sweepkit.analysis.probability": ("Analysis", "analyse"),
})
