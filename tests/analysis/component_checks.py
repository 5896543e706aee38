"""One check shared by the tests of the component solvers (search, DP, split, strip route)."""

from __future__ import annotations

from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.constraints import Component


def assert_same_count(component: Component, expected: ComponentCount,
                      counted: ComponentCount) -> None:
    """``counted`` has ``expected``'s polynomials, and an example for exactly the mine numbers
    it counts, each a valid box assignment of the component with that many mines."""
    assert counted.low == expected.low
    assert counted.by_mines == expected.by_mines
    assert counted.box_mines == expected.box_mines
    assert len(counted.examples) == len(counted.by_mines)
    if counted.by_mines:  # stored from the lowest term to the highest, both non-zero
        assert counted.by_mines[0] and counted.by_mines[-1]
    for m, example in enumerate(counted.examples, counted.low):
        assert (example is None) == (counted.layouts(m) == 0)
        if example is not None:
            assert sum(example) == m
            assert all(sum(example[b] for b in bs) == need for bs, need in component.rows)
            assert all(0 <= k <= size for k, size in zip(example, component.sizes, strict=True))
