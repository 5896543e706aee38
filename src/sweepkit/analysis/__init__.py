"""Exact analysis of any position: counts, probabilities, consistency, enumeration, explanations.

Built on :mod:`sweepkit.constraints` (equations, boxes, components). The public functions
are exported here. One subpackage per question, one job a module:

**count** — counting one component (:mod:`sweepkit.analysis.count`)

- ``poly`` — count polynomials by number of mines;
- ``component_count`` — ``ComponentCount``, one component's count, as every solver returns it;
- ``box_search`` — the depth-first search over a component's boxes;
- ``native`` — that search compiled (``box_search.c``, built by the C compiler on first
  use; without one, the Python search);
- ``split`` — boxes made certain by single equations fixed, the rest cut into parts;
- ``box_dp`` — the box dynamic programme (time grows with width, not layouts);
- ``strip_route`` — strips through the transfer matrix of :mod:`sweepkit.automata`;
- ``component`` — ``solve_component``: the route through those solvers, and the cache.

**board** — the whole board (:mod:`sweepkit.analysis.board`)

- ``product_tree`` — the components' polynomials multiplied in pairs, and the transpose;
- ``path_tree`` — the same kept between views: changed leaves rebuild their paths only;
- ``deferred`` — box probabilities computed when read, from a kept tree;
- ``board_count`` — whole-board counts, with and without the mine count;
- ``combine`` — the components combined into every box's probability;
- ``probability`` — ``analyse(position)``: the ``Analysis`` (probabilities, certain safes
  and mines);
- ``outcomes`` — per cell, the layouts giving each number it could show (and mine);
- ``risks`` — what a cell shown leaves: the cells made safe and the lowest risks.

**tracking** — a game, move by move (:mod:`sweepkit.analysis.tracking`)

- ``incremental`` — ``IncrementalAnalyser``: the analysis of every view of a game, proved
  mines kept (what players and the web app call);
- ``system_tracker`` — the constraint system updated where a move changed it;
- ``board_state`` — the board as one byte a cell, the cells a move changed, the floating
  cells by row;
- ``component_keeper`` — the components kept between views, patched where changed;
- ``combination_keeper`` — their counts and product kept, the analysis made from them.

**decide** — whether a layout exists, and which numbers contradict
(:mod:`sweepkit.analysis.decide`)

- ``sat`` — CaDiCaL behind one module: the equations as CNF, a layout from its model, the
  equations a refutation used, and deletion to an irreducible core;
- ``unsat_core`` — the numbers that contradict each other, from that core;
- ``contract`` — wires contracted to one box per signal, for counting; whether a board
  is drawn from a circuit.

**papers** — the questions of the papers (:mod:`sweepkit.analysis.papers`)

- ``consistency`` — witness, minimal contradiction, SOLUTION (``is_unique``), SAFETY;
- ``enumerate`` — every layout, depth-first, with a limit;
- ``kadlac_bfs`` — Kadlac's breadth-first search, reproduced;
- ``sample`` — a layout drawn uniformly from those consistent with a position.

**dead_cells** — cells whose number is already known (:mod:`sweepkit.analysis.dead_cells`)

- ``dead`` — ``dead_cells``, decided locally;
- ``supports`` — the mine numbers pieces can hold, as bit sets, and their sums;
- ``atoms`` — the frontier's independent pieces, and whether a changed few have a layout.

**reasons** — explanations (:mod:`sweepkit.analysis.reasons`)

- ``explain`` — the simplest technique and sentence for each certain cell;
- ``equations`` — the equations near a cell and what one, two, or all of them force;
- ``prover`` — the irreducible set of equations that forces a cell, found locally.

Beside them, ``budget``: the time and size budgets that stop an analysis with a clear
message.

**One home per question.** Does a layout exist? ``consistency.find_witness`` for a position
(``is_consistent`` is its yes or no; it asks ``sat`` of huge components), and
``consistency.decide`` for the layout or else the contradicting numbers at once; the other
searches answer narrower questions and are checked against it or the brute force:
``atoms.satisfiable`` for a made-up set of equations (a dead-cell trial),
``prover.Prover`` for the subsets of one cell's linked set (remembering its proofs), and
``unsat_core`` for which numbers contradict. Dead cells are defined in ``dead``;
``outcomes.Outcome.dead`` reads the same definition off the outcome counts ``best`` has
anyway (tests/analysis/board/test_outcomes.py holds the two equal). The constraint system is
built by ``constraints.build_system``; ``system_tracker.SystemTracker`` updates it move by
move, equal to a fresh build after every move (tests/analysis/tracking/test_incremental.py).

``use_mine_count=True`` (the default everywhere) uses the position's mine count when it
has one; without one, the papers' convention applies (floating cells are free).

>>> from sweepkit.analysis import analyse
>>> from sweepkit.position import Position
>>> analyse(Position.from_rows(["1?", "??"], mines=1)).total
3
"""

from sweepkit.lazy import lazy_exports

__all__ = lazy_exports(__name__, {
    "sweepkit.analysis.board.board_count": ("count_layouts", "layouts_by_mines"),
    "sweepkit.analysis.papers.consistency": (
        "Contradiction", "find_witness", "is_consistent", "is_safe_move", "is_unique",
        "minimal_contradiction",
    ),
    "sweepkit.analysis.dead_cells.dead": ("dead_cells",),
    "sweepkit.analysis.papers.enumerate": ("enumerate_layouts",),
    "sweepkit.analysis.reasons.equations": ("CellValue",),
    "sweepkit.analysis.reasons.explain": ("TECHNIQUES", "Explanation", "Technique", "explain"),
    "sweepkit.analysis.tracking.incremental": ("IncrementalAnalyser",),
    "sweepkit.analysis.board.probability": ("Analysis", "analyse"),
})
