"""A component's count (:class:`ComponentCount`): trimmed to the mine numbers that have a
layout, every table read back as given."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sweepkit.analysis.count.component_count import no_layout, trimmed


@given(st.integers(0, 5), st.lists(st.integers(0, 9), min_size=1, max_size=8),
       st.integers(0, 5))
def test_trimming_keeps_every_non_zero_term(lead, middle, trail):
    counts = [0] * lead + middle + [0] * trail
    boxes = [[3 * w for w in counts], [w for w in counts]]
    examples = [(k,) if w else None for k, w in enumerate(counts)]
    solved = trimmed(counts, boxes, examples)
    if not any(counts):
        assert solved == no_layout(2)
        return
    assert solved.by_mines[0] and solved.by_mines[-1]
    assert [solved.layouts(m) for m in range(len(counts) + 3)] == [*counts, 0, 0, 0]
    assert solved.total == sum(counts)
    for m, w in enumerate(counts):
        assert (solved.example(m) is None) == (w == 0)
    assert all(len(b) == len(solved.by_mines) for b in solved.box_mines)
    assert solved.box_mines[0] == tuple(3 * w for w in solved.by_mines)
