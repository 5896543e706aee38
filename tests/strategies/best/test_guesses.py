"""The values ``best`` ranks guesses by (:mod:`sweepkit.strategies.best.guesses`):
the look-ahead values against a brute force over the layouts, and the classes of
interchangeable cells."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.position import UNKNOWN, Position
from sweepkit.strategies.best import discounted
from sweepkit.strategies.best.guesses import Evaluator, candidate_classes
from tests import brute
from tests.examples import examples
from tests.strategies_boards import consistent_positions


def around(position: Position, cell: int) -> frozenset[int]:
    """The cells next to ``cell``, from coordinates: under a layout, ``cell`` shows
    ``len(around(position, cell) & layout)`` (found once a cell, not once a layout)."""
    r, c = position.coord(cell)
    return frozenset(m for m in range(position.size) if m != cell
                     and abs(m // position.cols - r) <= 1 and abs(m % position.cols - c) <= 1)


def brute_look_ahead(position: Position, cell: int, layouts: list[frozenset[int]],
                     discount: float = 1.0):
    """(progress, expected, two-step) of guessing ``cell``, from the explicit layouts, the
    second guess's safety weighed by ``discount``."""
    unknown = [i for i, v in enumerate(position.cells) if v == UNKNOWN and i != cell]
    by_number: dict[int, list[frozenset[int]]] = {}
    near = around(position, cell)
    for layout in layouts:
        if cell not in layout:
            by_number.setdefault(len(near & layout), []).append(layout)
    progress = expected = two_step = 0.0
    for group in by_number.values():
        weight = len(group) / len(layouts)
        mines = Counter(m for layout in group for m in layout)
        safe = [i for i in unknown if mines[i] == 0]
        if safe:
            progress += weight
            expected += weight * len(safe)
            two_step += weight
        else:
            maybe_safe = [1 - mines[i] / len(group) for i in unknown if mines[i] < len(group)]
            # none: revealing ``cell`` won the game, no guess is to come
            two_step += weight * (discount * max(maybe_safe) if maybe_safe else 1)
    return progress, expected, two_step


@settings(max_examples=examples(150), deadline=None)
@given(consistent_positions(max_rows=3, max_cols=4))
def test_look_ahead_values_match_the_brute_force(position):
    for use_mine_count in (True, False):
        layouts = brute.explanations(position, use_mine_count)
        analysis = analyse(position, use_mine_count)
        evaluator = Evaluator(analysis, IncrementalAnalyser(use_mine_count, keep_mines=False))
        cells = [c for c, p in evaluator.probabilities.items() if p < 1]
        for candidate in evaluator.candidates(cells):
            if candidate.dead and candidate.outcome.safe == (0,) * len(candidate.outcome.safe):
                continue
            evaluator.look_ahead(candidate)
            want = brute_look_ahead(position, candidate.cell, layouts)
            got = (candidate.progress, candidate.expected, candidate.two_step)
            assert got == pytest.approx(want), (str(position), candidate.cell)
            for discount in (0.0, 0.9):
                assert discounted(candidate, discount) == pytest.approx(
                    brute_look_ahead(position, candidate.cell, layouts, discount)[2])


@settings(max_examples=examples(150), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=4))
def test_cells_of_one_class_show_the_same_numbers_equally_often(position):
    # one brute-force search: the layouts with the mine count are those of its size
    every_layout = brute.explanations(position, use_mine_count=False)
    for use_mine_count in (True, False):
        analysis = analyse(position, use_mine_count)
        layouts = every_layout if not use_mine_count or position.mines is None else [
            m for m in every_layout if len(m) == position.mines]
        unknown = [i for i, v in enumerate(position.cells) if v == UNKNOWN]
        for group in candidate_classes(analysis, unknown):
            seen = set()
            for c in group:
                near = around(position, c)
                seen.add(frozenset(Counter(len(near & layout) if c not in layout else -1
                                           for layout in layouts).items()))
            assert len(seen) == 1, (str(position), group)
