"""Per-move analysis during a game: only what a move changed is rebuilt.

A player (or the web app) analyses every view of one game. Between two views only a few
cells change: a click reveals a number or an opening, a flag marks a mine. Rebuilding the
whole constraint system from scratch each time costs the whole board and the whole
frontier (0.1-0.6 s on a 200x200 expert-density game); :class:`IncrementalAnalyser` keeps
the previous view's equations, boxes and components and updates them:

1. the cells that differ from the last view are found in bulk (the view packed one byte
   a cell, compared with the last a chunk at a time: the one pass a move makes over the
   board, :mod:`.board_state`);
2. the equations of the numbers in or next to them are recomputed; those that changed are
   the *changed equations*;
3. only cells of changed equations can change box (a box is the set of cells lying in the
   same possible equations), so only they move;
4. a component can only change if it holds a changed equation or a box that moved; the
   others are kept, with their :class:`~sweepkit.constraints.Component` objects (so
   :func:`~sweepkit.analysis.count.component.solve_component` finds their counts in its cache
   straight away). Inside the changed region, the new components are found by searching
   from the equations next to the change all at once, one step each in turn: pieces that
   split off are explored to their end, and the search stops as soon as everything left
   is known to hang together, so a component of 8,000 boxes that a move changes at one
   end is not walked again from scratch;
5. a changed component's :class:`~sweepkit.constraints.Component` is patched, not rebuilt:
   only the boxes that changed move in its box order, and only the rows near the change
   are made again. The rows after it are still shifted when the number of boxes before
   them changed (a row names its boxes by position), so a move costs the cells it
   changed plus, in the component it changed, one small tuple per row after the change.

The system is kept by :class:`~sweepkit.analysis.tracking.system_tracker.SystemTracker` (the
equations, boxes and floating cells: steps 1–3) and its base
:class:`~sweepkit.analysis.tracking.component_keeper.ComponentKeeper` (the components: steps 4–5).
The analysis of each view is made by
:class:`~sweepkit.analysis.tracking.combination_keeper.CombinationKeeper`, which keeps the
counts of the components and the product of their polynomials between views (a move
multiplies again along the paths of the components it changed) and computes no
probability before one is read. On a 1000×1000 board a move then costs the packing of its
view and what it changed, not the board: no copy of the view, no tuple of the floating
cells, no binomial of the pool.

The system it produces is equal to :func:`~sweepkit.constraints.build_system` of the view
(same equations, components, boxes, order): tested on random game sequences. Views that
share nothing with the last one (a new game, another board) are built from scratch; so are
boards that are not 2-D. An analysis stopped by its budget (:mod:`.budget`) leaves nothing
half-updated: the next view is built from scratch.

**Proved mines stay proved.** A player who does not flag leaves every mine he has deduced
covered, and each of them ties the numbers around it into one system: on a 200×200 game
the frontier grows into one component of thousands of boxes that every move changes
(0.2 s a move to count again). But a mine that the analysis of one view proves is a mine
in every layout of every later view of the same game (a later view only opens cells and
adds flags: it keeps every equation of the earlier one), so :meth:`IncrementalAnalyser.
update` flags it before analysing the next view. The layouts are the same, the components
those of a player who flags (a few milliseconds a move). The analysis says which cells it
flagged (:attr:`~sweepkit.analysis.board.probability.Analysis.marked`) and counts them as
certain mines, so every cell's probability, the count and the certain cells are those of
``analyse(view)``; its ``position`` (made when first read) and ``system`` are those of the
view with the marks.
The marks are dropped when a view does not follow from the last one (a cell that was open
or flagged changed, a new mine total, the mine count switched on or off); with
``keep_mines=False`` nothing is marked and ``update(view)`` is ``analyse(view)`` itself.

>>> from sweepkit.constraints import build_system
>>> from sweepkit.position import Position
>>> analyser = IncrementalAnalyser()
>>> first = Position.from_rows(["1??", "???", "???"], mines=2)
>>> analyser.update(first).total
15
>>> second = first.replace({1: 1})  # the click at (0, 1) shows a 1
>>> analyser.update(second).total, analyser.update(second).probability(2)
(6, Fraction(0, 1))
>>> analyser.system(second) == build_system(second)
True
>>> third = Position.from_rows(["?1?", "11?", "???"], mines=1)
>>> analyser.reset(); analyser.update(third).mine_cells()  # the three 1s share one cell
(0,)
>>> after = analyser.update(third.replace({8: 0}))  # (2, 2) opens: the mine stays proved
>>> after.marked, after.position.cells[0] == MINE, after.probability(0), after.total
((0,), True, Fraction(1, 1), 1)
"""

from __future__ import annotations

from sweepkit.analysis.board.probability import Analysis
from sweepkit.analysis.tracking.combination_keeper import CombinationKeeper
from sweepkit.analysis.tracking.system_tracker import REBUILD_FRACTION, SystemTracker
from sweepkit.constraints import ConstraintSystem
from sweepkit.position import MINE, Position


class IncrementalAnalyser:
    """The analysis of successive views of one game, updated move by move.

    ``update(view)`` returns the analysis of ``view`` with the mines proved by the views
    before it flagged (``keep_mines``; see the module doc: every cell's answer is that of
    ``analyse(view, use_mine_count)``), and ``system(view)`` ``build_system(view)``, reusing
    what the last view left unchanged. Views may come in any order and differ in any way;
    the closer they are, the less is rebuilt. ``reset()`` forgets the last view (a new
    game). One analyser serves one caller at a time (it is not shared between threads).
    """

    def __init__(self, use_mine_count: bool = True,
                 rebuild_fraction: float = REBUILD_FRACTION, keep_mines: bool = True) -> None:
        self.use_mine_count = use_mine_count
        self.keep_mines = keep_mines
        self._tracker = SystemTracker(rebuild_fraction)
        self._keeper = CombinationKeeper()
        self.reset()

    # -- public ----------------------------------------------------------------------------

    def reset(self) -> None:
        """Forget the last view and the mines proved: the next view is built from
        scratch."""
        self._tracker.clear()
        self._keeper.clear()
        self._forget_analysis()
        self._marks_with = self.use_mine_count  # the use of the mine count that proved them

    def update(self, view: Position) -> Analysis:
        """The exact analysis of ``view``, with the mines proved by earlier views flagged
        (``keep_mines``, module doc; without it, equal to ``analyse(view,
        use_mine_count)``). The same view twice in a row gives the same object."""
        keep = self.keep_mines and self._marks_with == self.use_mine_count
        system = self._system(view, keep)
        last = self._analysis
        if last is not None and last.system is system and self._analysed_with == \
                self.use_mine_count:
            return last
        marked = self._tracker.marked
        position = (view if not marked else
                    lambda: view.replace(dict.fromkeys(marked, MINE)))
        analysis = self._keeper.analyse(position, system, self.use_mine_count, marked)
        self._analysis, self._analysed_with = analysis, self.use_mine_count
        if self.keep_mines:
            self._marks_with = self.use_mine_count
            if analysis.consistent:
                self._tracker.mark(analysis.proved_mines())
        return analysis

    def system(self, view: Position) -> ConstraintSystem:
        """The constraint system of ``view``: equal to ``build_system(view)`` (the mines
        proved so far are forgotten)."""
        return self._system(view, False)

    def _system(self, view: Position, keep_marks: bool) -> ConstraintSystem:
        tracker = self._tracker
        rebuilds = tracker.rebuilds
        try:
            system = tracker.system(view, keep_marks)
        except BaseException:
            self._forget_analysis()  # a budget stopped it half-way: start afresh next time
            raise
        if tracker.rebuilds != rebuilds:
            self._forget_analysis()
        return system

    @property
    def rebuild_fraction(self) -> float:
        """See :class:`~sweepkit.analysis.tracking.system_tracker.SystemTracker`."""
        return self._tracker.rebuild_fraction

    @property
    def rebuilds(self) -> int:
        """Views built from scratch so far (for tests and benchmarks)."""
        return self._tracker.rebuilds

    def _forget_analysis(self) -> None:
        self._analysis: Analysis | None = None
        self._analysed_with = self.use_mine_count


__all__ = ["REBUILD_FRACTION", "IncrementalAnalyser"]
