"""The kept product tree against its definitions, through random runs of changed slots:
the root is the product of the leaves, each leaf receives Σ_j rest[j]·w[a + j], the rest's
support is its non-zero terms, and a root kept from before a change still answers for
the leaves it had."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.path_tree import (
    assign,
    grow,
    received,
    rest_support,
    support_bits,
)
from tests.analysis.board.test_product_tree import completion, rest
from tests.analysis.reference_combine import schoolbook
from tests.examples import examples

poly = st.one_of(st.lists(st.integers(0, 9), min_size=1, max_size=5),
                 st.lists(st.integers(0, 2**100), min_size=1, max_size=10))


def product_of(leaves: list[list[int]]) -> tuple[int, ...]:
    out: tuple[int, ...] = (1,)
    for p in leaves:
        out = schoolbook(out, p)
    return out


@settings(max_examples=examples(100), deadline=None)
@given(st.data())
def test_a_tree_changed_slot_by_slot_answers_for_its_leaves(data):
    nslots, root = 1, None
    leaves: dict[int, list[int]] = {}
    kept = []  # (root, nslots, leaves) after each batch: older roots must not change
    for _ in range(data.draw(st.integers(1, 6))):
        changes: dict[int, list[int] | None] = {}
        for _ in range(data.draw(st.integers(0, 5))):
            slot = data.draw(st.integers(0, 2 * nslots - 1))
            while slot >= nslots:
                root, nslots = grow(root), 2 * nslots
            changes[slot] = data.draw(st.one_of(st.none(), poly))
        root = assign(root, nslots, changes)
        for slot, p in changes.items():
            if p is None:
                leaves.pop(slot, None)
            else:
                leaves[slot] = p
        kept.append((root, nslots, dict(leaves)))
    for root, nslots, leaves in kept:
        if not leaves:
            assert root is None
            continue
        order = sorted(leaves)
        want = product_of([leaves[s] for s in order])
        assert root.poly == want
        assert root.bits == support_bits(want)
        vector = tuple(data.draw(st.lists(st.integers(0, 2**80), min_size=len(want),
                                          max_size=len(want))))
        memo: dict = {}
        for i, slot in enumerate(order):
            others = rest([leaves[s] for s in order], i)
            assert received(root, nslots, slot, vector, memo) == tuple(
                completion(others, vector, len(leaves[slot])))
            assert rest_support(root, nslots, slot) == support_bits(others)
