"""Count polynomials stored from their lowest term: products, products without one factor,
and trimming, against plain dense arithmetic."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sweepkit.analysis.poly import convolve, no_layout, product, products_without, trimmed

coefficients = st.lists(st.integers(0, 50), min_size=1, max_size=6)


def dense_product(polys: list[list[int]]) -> list[int]:
    """Schoolbook product over every pair of terms, one factor at a time."""
    result = [1]
    for poly in polys:
        out = [0] * (len(result) + len(poly) - 1)
        for i, x in enumerate(result):
            for j, y in enumerate(poly):
                out[i + j] += x * y
        result = out
    return result


@given(st.lists(coefficients, max_size=5))
def test_products_match_dense_arithmetic(polys):
    assert list(product(polys)) == dense_product(polys)
    for i, without in enumerate(products_without(polys)):
        assert list(without) == dense_product(polys[:i] + polys[i + 1:])
        assert list(convolve(without, polys[i])) == dense_product(polys)


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
