"""Forced guesses (:mod:`sweepkit.strategies.best.forced`): the groups found against a
brute-force definition, and ``best`` taking them before any other guess."""

from __future__ import annotations

import random

from hypothesis import given, settings

from sweepkit.analysis.board.probability import analyse
from sweepkit.position import UNKNOWN, Position
from sweepkit.strategies.best import BestStrategy
from sweepkit.strategies.best.forced import forced_groups
from tests import brute
from tests.examples import examples
from tests.strategies.best.test_guesses import around
from tests.strategies_boards import consistent_positions


def brute_dead(position: Position, cell: int, layouts=None) -> bool:
    if layouts is None:
        layouts = brute.explanations(position)
    near = around(position, cell)
    numbers = {len(near & layout) for layout in layouts if cell not in layout}
    return len(numbers) == 1


@settings(max_examples=examples(150), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=4, with_mines=True))
def test_forced_groups_are_closed_and_dead(position):
    analysis = analyse(position)
    layouts = brute.explanations(position)
    table = position.neighbour_table()
    for group in forced_groups(analysis, lambda c: brute_dead(position, c, layouts)):
        assert all(position.cells[c] == UNKNOWN for c in group)
        assert all(j in group for c in group for j in table[c]
                   if position.cells[j] == UNKNOWN)


def test_the_fifty_fifty_is_taken_before_any_other_guess():
    # Bottom: two cells sharing one mine that nothing else touches (a 50/50). Top: six
    # cells where a guess is safer (1 in 4). The forced guess comes first all the same.
    view = Position.from_rows(["??", "??", "??", "11", "11", "??"], mines=3)
    analysis = analyse(view)
    assert not analysis.safe_cells()
    strategy = BestStrategy(endgame=0)  # (the exact endgame would take this one)
    decisions = strategy.moves(view, random.Random(1))
    assert len(decisions) == 1
    cell = decisions[0].action.cell
    assert "forced guess" in decisions[0].reason.note
    groups = forced_groups(analysis, lambda c: brute_dead(view, c))
    assert any(cell in g for g in groups)
    off = BestStrategy(fifty_fifty=False, endgame=0).moves(view, random.Random(1))[0]
    assert not any(off.action.cell in g for g in groups)
