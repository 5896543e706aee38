"""Dead cells: the counting shortcuts for cells next to the floating pool agree with the
exact trial (reveal the cell as each number and count) on boards too big for brute force."""

from __future__ import annotations

from hypothesis import given, settings

from sweepkit.analysis.dead import dead_cells, revealed_numbers
from sweepkit.analysis.probability import analyse
from sweepkit.position import Position
from tests.strategies_boards import consistent_positions


def exact_dead(position: Position) -> tuple[int, ...]:
    analysis = analyse(position)
    return tuple(cell for cell, p in analysis.probabilities(exact=True).items()
                 if p != 1 and len(revealed_numbers(position, cell, stop_after=2)) == 1)


@settings(max_examples=150, deadline=None)
@given(consistent_positions(max_rows=6, max_cols=7))
def test_shortcuts_match_the_exact_trial(position):
    for mines in {position.mines, len(position.known_mines()) + 2}:
        if mines is not None and mines <= len(position.cells):
            board = position.with_mines(mines)
            if analyse(board).consistent:
                assert dead_cells(board) == exact_dead(board)


def test_pool_decides_cells_far_from_and_next_to_the_frontier():
    # 3x6: a revealed 1 in the corner; the other unknown cells are floating or frontier.
    board = Position.from_rows(["1?????", "??????", "??????"], mines=1)
    assert dead_cells(board) == exact_dead(board)
    # With every remaining mine forced into the corner's equation, the pool is empty:
    # every far cell shows 0 when revealed... except those next to the frontier.
    assert 17 in dead_cells(board)
