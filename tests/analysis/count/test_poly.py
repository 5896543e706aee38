"""Count polynomials stored from their lowest term: products, products without one factor
and middle products, against plain dense arithmetic."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sweepkit.analysis.count.poly import (
    SCHOOLBOOK_TERMS,
    convolve,
    int_product,
    middle_product,
    multiply,
    product,
    products_without,
)

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


# The fast products: FLINT for big factors, a balanced tree for many, the middle
# product; all checked against the schoolbook definitions above.

big_coefficients = st.lists(st.integers(0, 2**300), min_size=1, max_size=40)
with_zeros = st.lists(st.sampled_from([0, 0, 1, 7, 2**70, 3**90]), min_size=1, max_size=30)


@given(st.one_of(coefficients, big_coefficients, with_zeros),
       st.one_of(coefficients, big_coefficients, with_zeros))
def test_multiply_is_the_dense_product_small_or_big(a, b):
    expected = dense_product([a, b])
    assert list(multiply(a, b)) == expected
    assert list(convolve(a, b)) == expected
    assert multiply(a, ()) == multiply((), b) == ()


def test_multiply_takes_flint_past_the_schoolbook_size():
    a = tuple(range(1, 2 * SCHOOLBOOK_TERMS))
    b = (5, 0, 3, 0)  # zeros at the top: the result keeps its dense length
    assert len(a) * len(b) > SCHOOLBOOK_TERMS
    assert list(multiply(a, b)) == dense_product([list(a), list(b)])
    assert multiply(b, b) == (25, 0, 30, 0, 9, 0, 0)


@given(st.one_of(big_coefficients, with_zeros, coefficients), st.data())
def test_middle_product_is_the_transpose_of_multiplication(v, data):
    p = data.draw(st.lists(st.integers(0, 2**80), min_size=1, max_size=len(v)))
    out = middle_product(v, p)
    assert list(out) == [sum(p[y] * v[x + y] for y in range(len(p)))
                         for x in range(len(v) - len(p) + 1)]
    # transpose: <middle(v, p), u> = <v, p * u> for every u of the output's length
    u = data.draw(st.lists(st.integers(0, 99), min_size=len(out), max_size=len(out)))
    assert sum(a * b for a, b in zip(out, u, strict=True)) == sum(
        a * b for a, b in zip(v, multiply(p, u), strict=True))


@given(st.lists(st.one_of(coefficients, big_coefficients, with_zeros), max_size=12))
def test_tree_product_and_products_without_match_the_fold(polys):
    assert list(product(polys)) == dense_product(polys)
    for i, without in enumerate(products_without(polys)):
        assert list(without) == dense_product(polys[:i] + polys[i + 1:])


@given(st.lists(st.integers(0, 2**200), max_size=40))
def test_int_product(values):
    expected = 1
    for v in values:
        expected *= v
    assert int_product(values) == expected
