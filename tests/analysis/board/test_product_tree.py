"""The product tree and its transpose against their definitions: the root is the
product, each leaf receives Σ_j rest[j]·w[a + j] with rest the product of the other leaves,
the 0/1 tree gives the supports, and the windowed pass keeps every ratio within its bound."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.product_tree import ProductTree, trim
from sweepkit.analysis.count.poly import multiply, product
from tests.analysis.reference_combine import schoolbook
from tests.examples import examples

polys = st.lists(st.one_of(st.lists(st.integers(0, 9), min_size=1, max_size=5),
                           st.lists(st.integers(0, 2**120), min_size=1, max_size=12)),
                 min_size=1, max_size=14)


def rest(leaves: list[list[int]], i: int) -> tuple[int, ...]:
    out: tuple[int, ...] = (1,)
    for j, p in enumerate(leaves):
        if j != i:
            out = schoolbook(out, p)
    return out


def completion(rest_i, vector, length):
    return [sum(r * vector[a + j] for j, r in enumerate(rest_i)) for a in range(length)]


@settings(max_examples=examples(100), deadline=None)
@given(polys, st.data())
def test_transposed_tree_gives_each_leaf_the_weights_of_the_rest(leaves, data):
    tree = ProductTree(leaves)
    assert tree.root == product(leaves)
    vector = data.draw(st.lists(st.integers(0, 2**90), min_size=len(tree.root),
                                max_size=len(tree.root)))
    got = tree.transposed(vector)
    for i, leaf in enumerate(leaves):
        assert list(got[i]) == completion(rest(leaves, i), vector, len(leaf))
        assert tree.product_without(i) == rest(leaves, i)
    # the invariant behind the windowed pass: Σ_a leaf[a]·got[a] is the same for every leaf
    totals = {sum(x * y for x, y in zip(leaf, g, strict=True)) for leaf, g in zip(
        leaves, got, strict=True)}
    assert totals == {sum(x * y for x, y in zip(tree.root, vector, strict=True))}


@settings(max_examples=examples(100), deadline=None)
@given(polys, st.data())
def test_boolean_tree_gives_the_supports(leaves, data):
    tree = ProductTree(leaves, boolean=True)
    assert tree.root == tuple(1 if x else 0 for x in product(leaves))
    vector = data.draw(st.lists(st.integers(0, 1), min_size=len(tree.root),
                                max_size=len(tree.root)))
    for i, (leaf, got) in enumerate(zip(leaves, tree.transposed(vector), strict=True)):
        exact = completion(rest(leaves, i), vector, len(leaf))
        assert list(got) == [1 if x else 0 for x in exact]


def test_a_vector_of_the_wrong_length_is_refused():
    with pytest.raises(ValueError, match="entries"):
        ProductTree([(1, 1)]).transposed((1,))
    with pytest.raises(ValueError):
        ProductTree([])


def assert_ratios_within(leaves, exact, windows, tol, data):
    """For any box tables 0 <= B <= leaf (size 1), the ratio Σ B·c / Σ leaf·c from the
    windowed vector is within ``tol`` of the exact one."""
    for leaf, c, (offset, values) in zip(leaves, exact, windows, strict=True):
        box = [data.draw(st.integers(0, x)) for x in leaf]
        den = sum(x * y for x, y in zip(leaf, c, strict=True))
        want = Fraction(sum(b * y for b, y in zip(box, c, strict=True)), den)
        span = range(offset, offset + len(values))
        got_den = sum(leaf[a] * v for a, v in zip(span, values, strict=True))
        got = Fraction(sum(box[a] * v for a, v in zip(span, values, strict=True)), got_den)
        assert abs(got - want) <= tol


@settings(max_examples=examples(100), deadline=None)
@given(polys, st.integers(2, 40), st.data())
def test_windowed_pass_keeps_every_ratio_within_its_bound(leaves, bits, data):
    tree = ProductTree(leaves)
    n = len(tree.root)
    first = data.draw(st.integers(0, n - 1))
    last = data.draw(st.integers(first, n - 1))
    # weights of a huge dynamic range on the window, zero outside (as the floating pool's)
    ratio = data.draw(st.integers(2, 2**40))
    part = tuple(data.draw(st.integers(1, 9)) * ratio ** (last - k)
                 for k in range(first, last + 1))
    vector = [0] * first + list(part) + [0] * (n - 1 - last)
    if not any(x * y for x, y in zip(tree.root, vector, strict=True)):
        return
    exact = tree.transposed(vector)
    windows = tree.transposed_window((first, part), bits)
    depth = len(tree.levels)
    # δ ≤ (depth + 1)·2^-bits along a path (root trim included); |p' − p| ≤ δ/(1 − δ)
    delta = Fraction(depth + 1, 2**bits)
    if delta < Fraction(1, 2):
        assert_ratios_within(leaves, exact, windows, 2 * delta, data)


@given(st.lists(st.integers(0, 2**200), min_size=1, max_size=20), st.data(),
       st.integers(1, 60))
def test_trim_rounds_down_within_its_share(values, data, bits):
    poly = data.draw(st.lists(st.integers(0, 2**50), min_size=len(values) + 3,
                              max_size=len(values) + 3))
    offset = data.draw(st.integers(0, 3))
    total = sum(p * v for p, v in zip(poly[offset:], values, strict=False))
    start, kept = trim(offset, values, tuple(poly), bits)
    if not total:
        assert kept == ()
        return
    # find the power of 2 the kept values were shifted by (the largest kept value's)
    shift = max(values[start - offset + t].bit_length() - v.bit_length()
                for t, v in enumerate(kept))
    assert all(values[start - offset + t] >> shift == v for t, v in enumerate(kept))
    lost = total - sum(poly[start + t] * (v << shift) for t, v in enumerate(kept))
    assert 0 <= lost * 2**bits <= total


def test_multiply_products_agree_with_the_tree_at_scale():
    leaves = [tuple(range(1, 30 + k % 7)) for k in range(200)]
    assert ProductTree(leaves).root == product(leaves)
    assert multiply(product(leaves[:100]), product(leaves[100:])) == product(leaves)
