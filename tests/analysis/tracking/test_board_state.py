"""The board as the tracker keeps it, against plain Python: the changed cells of two packed
boards (chunk by chunk), whether only covered cells changed, and the floating cells kept by
row (equal to, and hashing as, the tuple of them)."""

from __future__ import annotations

from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.tracking import board_state
from sweepkit.analysis.tracking.board_state import (
    FloatingRows,
    changed_cells,
    only_covered_changed,
    pack,
)
from sweepkit.position import MINE, UNKNOWN
from tests.examples import examples

values = st.sampled_from([UNKNOWN, UNKNOWN, MINE, 0, 1, 2, 8])


@st.composite
def board_pairs(draw) -> tuple[tuple[int, ...], tuple[int, ...]]:
    old = draw(st.lists(values, min_size=1, max_size=80))
    new = list(old)
    for cell in draw(st.lists(st.integers(0, len(old) - 1), max_size=12)):
        new[cell] = draw(values)
    return tuple(old), tuple(new)


@settings(max_examples=examples(200), deadline=None)
@given(board_pairs(), st.integers(0, 20), st.sampled_from([4, 7, 4096]))
def test_changed_cells_are_the_cells_that_differ(pair, limit, chunk):
    old, new = pair
    want = [c for c, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
    with mock.patch.object(board_state, "CHUNK", chunk):  # several chunks on a small board
        got = changed_cells(pack(old), pack(new), limit)
    assert got == (want if len(want) <= limit else None)
    assert only_covered_changed(pack(old), pack(new)) == all(old[c] == UNKNOWN for c in want)


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(1, 6), st.integers(1, 7), st.data())
def test_floating_rows_follow_every_change(rows, cols, data):
    n = rows * cols
    start = sorted(data.draw(st.sets(st.integers(0, n - 1))))
    kept = FloatingRows(tuple(start), rows, cols)
    want = set(start)
    for cell, floating in data.draw(st.lists(st.tuples(st.integers(0, n - 1), st.booleans()),
                                             max_size=20)):
        before, was = kept.cells(), tuple(sorted(want))
        kept.set(cell, floating)
        (want.add if floating else want.discard)(cell)
        cells = kept.cells()
        expected = tuple(sorted(want))
        assert cells == expected and expected == cells and len(cells) == len(expected)
        assert hash(cells) == hash(expected) and list(cells) == list(expected)
        assert cells[1:3] == expected[1:3] and bool(cells) == bool(expected)
        assert all((c in cells) == (c in want) for c in range(-1, n + 2))
        assert before == was  # what a system holds is not changed by a later move
