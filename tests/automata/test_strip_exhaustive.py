"""Every 2×n board for n ≤ 3 over {0–8, B, ?} that the board reader accepts, counted by the
transfer matrix and by Hu–Lin's NFA, decided by Hu–Lin's minimal DFA, all compared with an
independent layout count (a board Hu–Lin cannot read counts 0).

The reference does not search per board: each of the 2^(2n) layouts explains exactly the boards
made by hiding any subset of its cells (a hidden cell is ``?``), so counting those boards over all
layouts gives every board's number of explanations at once; every other board has none. A number
larger than its neighbour count is refused by the reader (tested in test_boardfile), so those
boards are left out: 6^4 · 8^2 = 82,944 boards for n = 3.
"""

from __future__ import annotations

import itertools

import pytest

from sweepkit.automata import hulin
from sweepkit.automata.errors import StripInputError
from sweepkit.automata.transfer import solve_strip
from sweepkit.position import MINE, UNKNOWN, Position
from tests.automata.strip_brute import explained_boards


def _cell_choices(n: int) -> list[tuple[int, ...]]:
    """Per cell, every value the reader accepts there: numbers up to its neighbour count."""
    choices = []
    for _r in (0, 1):
        for c in range(n):
            degree = 1 + 2 * ((c > 0) + (c < n - 1))
            choices.append((UNKNOWN, MINE, *range(degree + 1)))
    return choices


@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 2, 3])
def test_every_parseable_2xn_board(n):
    reference = explained_boards(n)
    boards = 0
    for cells in itertools.product(*_cell_choices(n)):
        boards += 1
        position = Position((2, n), cells)
        expected = reference.get(cells, 0)
        assert solve_strip(position).count == expected, cells
        try:
            accepted = hulin.accepts(position)
            configurations = hulin.count_configurations(hulin.columns(position))
        except StripInputError:  # a column that cannot occur (two different numbers)
            accepted, configurations = False, 0
        assert accepted == (expected > 0), cells
        assert configurations == expected, cells
    assert boards == {1: 4 ** 2, 2: 6 ** 4, 3: 6 ** 4 * 8 ** 2}[n]
