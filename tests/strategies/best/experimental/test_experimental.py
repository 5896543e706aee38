"""The experimental options of ``best`` (:mod:`sweepkit.strategies.best.experimental`):
what the discount does to a ranking, and that each option is off in every preset."""

from __future__ import annotations

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.position import Position
from sweepkit.strategies.best import BestStrategy
from sweepkit.strategies.best.guesses import Evaluator


def test_the_discount_sends_the_first_guess_after_a_numbered_corner_to_a_far_corner():
    """At intermediate, after the corner shows 1, plain two-step survival ranks a cell two
    squares from the corner first (it often makes a corner neighbour nearly safe); weighing
    the guess still to come by 0.97 ranks a far corner first (it opens half the time). At
    expert 0.97 keeps the first choice, 0.9 changes it. (The two-step value without the
    presets' blend and long-term factor; the presets do not discount.)"""
    def top(rows: int, cols: int, mines: int, discount: float) -> set[tuple[int, int]]:
        position = Position.from_rows(["1" + "?" * (cols - 1)] + ["?" * cols] * (rows - 1),
                                      mines=mines)
        whatif = IncrementalAnalyser(True, keep_mines=False)
        strategy = BestStrategy(discount=discount, blend=0.0, long_term=0.0, lookahead=12)
        ranked = strategy.rank(Evaluator(analyse(position, True), whatif))
        best = [r for r in ranked if r.key == ranked[0].key]
        return {position.coord(c) for r in best for c in r.candidate.cells}

    near, far = {(0, 2), (2, 0)}, {(0, 15), (15, 0), (15, 15)}
    assert top(16, 16, 40, 1.0) <= near
    assert top(16, 16, 40, 0.97) == far
    assert top(16, 30, 99, 0.97) <= near
    assert top(16, 30, 99, 0.9) == {(0, 29), (15, 0), (15, 29)}
