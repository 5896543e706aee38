"""One check shared by the tests of the component solvers (search, DP, split, strip route)."""

from __future__ import annotations

from sweepkit.analysis.count import ComponentCount
from sweepkit.constraints import Component


def assert_same_count(component: Component, expected: ComponentCount,
                      counted: ComponentCount) -> None:
    """``counted`` has ``expected``'s polynomials, and an example for exactly the mine numbers
    it counts, each a valid box assignment of the component with that many mines."""
    assert counted.by_mines == expected.by_mines
    assert counted.box_mines == expected.box_mines
    for m, example in enumerate(counted.examples):
        assert (example is None) == (counted.by_mines[m] == 0)
        if example is not None:
            assert sum(example) == m
            assert all(sum(example[b] for b in bs) == need for bs, need in component.rows)
            assert all(0 <= k <= size for k, size in zip(example, component.sizes, strict=True))
