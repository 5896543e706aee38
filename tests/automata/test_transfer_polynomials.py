"""strip_polynomials (counts by number of mines, per cell, witnesses by mine number) against the
brute force, on every kind of small strip including inconsistent ones."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings

from sweepkit.automata.transfer import strip_polynomials
from sweepkit.position import UNKNOWN, Position
from tests.brute import explanations
from tests.examples import examples
from tests.strategies_boards import positions


def _unknown_mines(position: Position, layout: frozenset[int]) -> int:
    return sum(1 for c in layout if position.cells[c] == UNKNOWN)


@settings(max_examples=examples(300), deadline=None)
@given(positions(max_rows=3, max_cols=5, max_unknown=12))
def test_polynomials_match_brute_force(position):
    polys = strip_polynomials(position)
    layouts = explanations(position, use_mine_count=False)  # the mine total is ignored
    by_mines = Counter(_unknown_mines(position, s) for s in layouts)
    assert polys.by_mines == dict(by_mines)
    for cell in position.unknown_cells():
        expected = Counter(_unknown_mines(position, s) for s in layouts if cell in s)
        assert polys.cell_mines[cell] == dict(expected)
    for m in range(len(position.unknown_cells()) + 1):
        witness = polys.witness(m)
        if m in by_mines:
            assert position.with_mines(None).explains(witness)
            assert _unknown_mines(position, witness) == m
        else:
            assert witness is None


def test_tall_board_is_read_transposed():
    position = Position.from_rows(["?", "2", "?", "?", "1", "?"])
    polys = strip_polynomials(position)
    assert polys.transposed
    assert polys.by_mines == {3: 2}  # rows 0 and 2, then row 3 or row 5
    assert polys.cell_mines == {0: {3: 2}, 2: {3: 2}, 3: {3: 1}, 5: {3: 1}}
