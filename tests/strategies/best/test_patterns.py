"""Closed 50/50 patterns (:mod:`sweepkit.strategies.best.patterns`): frames against
coordinates, the board's index against a full scan, and the pattern counts against a brute
force over the layouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings

from sweepkit.analysis.board.probability import analyse
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.strategies.best.long_term import LongTerm
from sweepkit.strategies.best.patterns import (
    MAX_CELLS,
    board_patterns,
    closed_patterns,
    pattern_index,
)
from tests import brute
from tests.examples import examples
from tests.strategies_boards import consistent_positions


def coordinate_frame(shape: tuple[int, int], first, second) -> set[int]:
    """The cells outside both ways touching more cells of one than of the other, counted
    from row and column differences."""
    rows, cols = shape

    def touching(cell: int, group) -> int:
        r, c = divmod(cell, cols)
        return sum(1 for g in group if g != cell and abs(g // cols - r) <= 1
                   and abs(g % cols - c) <= 1)

    return {j for j in range(rows * cols) if j not in first and j not in second
            and touching(j, first) != touching(j, second)}


def test_pattern_frames_match_the_coordinates():
    patterns = board_patterns((5, 6), "grid")
    for p in patterns:
        assert set(p.frame) == coordinate_frame((5, 6), p.first, p.second)
        assert len(p.first) == len(p.second) and len(p.frame) <= 6
    shapes = {(p.first, p.second): p.frame for p in patterns}
    # an inner pair side by side: the three cells left of it and the three right of it
    assert set(shapes[((8,), (9,))]) == {1, 7, 13, 4, 10, 16}
    # a 2x2 block, mines on one diagonal: its four diagonal corners
    assert set(shapes[((8, 15), (9, 14))]) == {1, 4, 19, 22}
    # the same block split by rows or columns has a frame of eight: not a pattern
    assert ((8, 9), (14, 15)) not in shapes and ((8, 14), (9, 15)) not in shapes


@pytest.mark.parametrize("seed", range(5))
def test_the_index_looks_at_every_pattern_a_full_scan_would_keep(seed):
    """PatternIndex.worth_a_look leaves out only patterns with more than ``max_missing``
    frame cells that are not flags (on a board with flags and revealed cells at random)."""
    rng = random.Random(seed)
    shape = (9, 13)
    index = pattern_index(shape, "grid")
    values = [rng.choice([UNKNOWN] * 6 + [MINE] * 3 + [1]) for _ in range(9 * 13)]
    flagged = [c for c, v in enumerate(values) if v == MINE]
    for max_missing in (1, 2, 3):
        looked = index.worth_a_look(flagged, max_missing)
        assert looked == sorted(set(looked))
        kept = [i for i, p in enumerate(board_patterns(shape, "grid"))
                if sum(values[j] != MINE for j in p.frame) <= max_missing]
        assert set(kept) <= set(looked)
    patterns = board_patterns(shape, "grid")
    for c in rng.sample(range(9 * 13), 20):
        assert index.holding[c] == tuple(i for i, p in enumerate(patterns) if c in p.cells)


@settings(max_examples=examples(200), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=4))
def test_pattern_counts_match_the_brute_force(position):
    # one brute-force search: the layouts with the mine count are those of its size
    every_layout = brute.explanations(position, use_mine_count=False)
    for use_mine_count in (True, False):
        layouts = every_layout if not use_mine_count or position.mines is None else [
            m for m in every_layout if len(m) == position.mines]
        known_layouts = set(layouts)
        analysis = analyse(position, use_mine_count)
        found = closed_patterns(analysis)
        listed = {(p.first, p.second) for p, _missing, _n in found}

        def with_pattern(need, avoid, layouts=layouts) -> list[frozenset[int]]:
            """The layouts with every cell of ``need`` a mine and none of ``avoid``."""
            need, avoid = set(need), set(avoid)
            return [m for m in layouts if need <= m and not avoid & m]

        for pattern, missing, n in found:
            matching = with_pattern({*pattern.first, *missing}, pattern.second)
            assert n == len(matching)
            frame = set(pattern.frame)
            assert all(frame <= m for m in matching)
            # the swap: the other way is a layout too, so no number can tell them apart
            first, second = set(pattern.first), set(pattern.second)
            for m in matching:
                assert (m - first) | second in known_layouts
        # every pattern some layout has (with at most two frame cells to fill) is found
        values = position.cells
        flags = set(position.known_mines())
        for p in board_patterns(position.shape, position.topology):
            missing = [j for j in p.frame if values[j] == UNKNOWN]
            if ((p.first, p.second) in listed or len(missing) > 2
                    or any(values[c] != UNKNOWN for c in p.cells)
                    or any(values[j] != UNKNOWN and j not in flags for j in p.frame)):
                continue
            assert not with_pattern({*p.first, *p.frame}, p.second), (str(position), p)



def test_huge_boards_are_not_searched():
    huge = Position.unknown(101, 100, mines=2000)
    assert huge.size > MAX_CELLS
    assert closed_patterns(analyse(huge)) == []
    shares = LongTerm(analyse(huge))  # the long-term influence, counted on demand: none
    assert shares.sweep == {} and shares.scores(range(0, huge.size, 97)) == {}
