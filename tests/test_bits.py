"""Bit sets of cells: picking one kind of cell out of a board and listing a bit set's members,
against plain loops."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sweepkit.bits import (
    MINE_BIT,
    NUMBER_BIT,
    UNKNOWN_BIT,
    VALUE_BIT,
    cell_mask,
    mask_cells,
    packed,
)
from sweepkit.position import MINE, SAFE, UNKNOWN

values = st.lists(st.sampled_from([UNKNOWN, MINE, SAFE, *range(9)]), min_size=1, max_size=300)


@given(values)
def test_masks_pick_the_right_cells(cells):
    raw = packed(cells)
    assert mask_cells(cell_mask(raw, UNKNOWN_BIT)) == [i for i, v in enumerate(cells)
                                                       if v == UNKNOWN]
    assert mask_cells(cell_mask(raw, MINE_BIT)) == [i for i, v in enumerate(cells) if v == MINE]
    assert mask_cells(cell_mask(raw, NUMBER_BIT)) == [i for i, v in enumerate(cells) if v >= 0]
    for k in range(4):
        assert mask_cells(cell_mask(raw, VALUE_BIT[k])) == [
            i for i, v in enumerate(cells) if v >= 0 and v >> k & 1]


@given(st.sets(st.integers(0, 2000)))
def test_mask_cells_lists_members_in_order(members):
    mask = sum(1 << i for i in members)
    assert mask_cells(mask) == sorted(members)  # sparse and dense paths alike
