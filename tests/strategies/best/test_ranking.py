"""The ranking of ``best`` (:mod:`sweepkit.strategies.best.ranking`): the pruned ranking
that games play with against the full one, and the blended safety against the analysis."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.game import Game
from sweepkit.play import play
from sweepkit.position import UNKNOWN
from sweepkit.rules import level
from sweepkit.strategies.best import BestStrategy
from sweepkit.strategies.best.guesses import Evaluator
from tests.examples import examples
from tests.strategies_boards import consistent_positions


@settings(max_examples=examples(300), deadline=None)
@given(consistent_positions(max_rows=5, max_cols=6, with_mines=True),
       st.sampled_from([1.0, 0.97, 0.9]), st.integers(1, 12), st.sampled_from([0.0, 0.1, 0.3]),
       st.sampled_from([0.0, 0.9]), st.sampled_from([0.0, 0.2]), st.sampled_from([0, 3, 8]),
       st.sampled_from([0.0, 0.001, 0.5]))
def test_the_pruned_ranking_ranks_first_what_the_full_ranking_does(position, discount,
                                                                   lookahead, tolerance,
                                                                   long_term, blend, pockets,
                                                                   progress):
    """Ranking.top (the play path) gives the guesses rank() ranks first, tied,
    in its order, with the same values: only the work differs (with the long-term factor,
    the blend, the deferral of pockets and the progress bonus too)."""
    analysis = analyse(position, True)
    assume(analysis.consistent and not analysis.safe_cells())
    assume(any(p < 1 for c, p in analysis.probabilities().items()
               if position.cells[c] == UNKNOWN))
    strategy = BestStrategy(discount=discount, lookahead=lookahead, tolerance=tolerance,
                            long_term=long_term, blend=blend, pockets=pockets,
                            progress=progress)

    def first(ranked):
        return [(r.candidate.cells, r.key, r.candidate.progress, r.candidate.expected,
                 r.candidate.two_step, r.candidate.after) for r in ranked
                if r.key == ranked[0].key]

    full = strategy.rank(Evaluator(analysis, IncrementalAnalyser(True, keep_mines=False), blend))
    top = strategy.ranking.top(Evaluator(analysis, IncrementalAnalyser(True, keep_mines=False),
                                           blend))
    assert first(top) == first(full)


@settings(max_examples=examples(100), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=5, with_mines=True))
def test_the_blend_weighs_the_best_and_second_best_safety_left(position):
    """With ``blend`` b, a candidate's value is the sum over its numbers of P(safe, shows v)
    times (1 - b) x the best safety left plus b x the second best (of another cell; the
    best again when one cell is left), each read from the whole analysis of the position
    with the number shown; discounted as without the blend when no cell is made certain."""
    analysis = analyse(position, True)
    assume(analysis.consistent and not analysis.safe_cells())
    assume(any(p < 1 for c, p in analysis.probabilities().items()
               if position.cells[c] == UNKNOWN))
    strategy = BestStrategy(blend=0.2, lookahead=1000, tolerance=0.3, endgame=0, discount=0.97,
                            long_term=0.0)
    ranked = strategy.rank(Evaluator(analysis, IncrementalAnalyser(True, keep_mines=False), 0.2))
    for r in ranked:
        c = r.candidate
        if r.key[0] == float("-inf"):
            continue
        value = 0.0
        for v in c.outcome.numbers():
            after = analyse(position.replace({c.cell: v}), True)
            left = sorted(p for p in after.probabilities().values() if p < 1) or [0.0]
            best, second = 1 - left[0], 1 - left[min(1, len(left) - 1)]
            blended = 0.8 * best + 0.2 * second
            certain = bool(after.safe_cells()) or best == 1
            value += c.outcome.safe[v] / c.outcome.total * (blended if certain
                                                            else 0.97 * blended)
        assert r.key[0] == pytest.approx(value)
        assert "the second best 20%" in strategy.describe(r)


@pytest.mark.parametrize("seed", [1, 2])
def test_playing_with_the_full_ranking_changes_no_move(seed):
    """A whole intermediate game is the same move for move (and reason for reason) whether
    every guess looked at is ranked or only those that can come first."""
    class Full(BestStrategy):
        full_ranking = True

    records = []
    for strategy in (BestStrategy(), Full()):
        game = Game(level("intermediate"), seed, clock=lambda: 0.0)
        records.append(play(game, strategy, rng=random.Random(seed)).log)
    assert records[0] == records[1]
