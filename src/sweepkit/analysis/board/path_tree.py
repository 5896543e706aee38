"""A product tree kept between views: changing a few leaves rebuilds their paths only.

:class:`~.product_tree.ProductTree` multiplies n polynomials in O(M(D) log n) from nothing.
During a game a move changes a few components, so the board's polynomial changes at a few
leaves: the tree here has a fixed number of *slots* (a power of 2, the leaves; an empty slot
is the polynomial 1) and :func:`assign` gives some slots new polynomials by making the
nodes on their paths to the root again, each the product of its two children, sharing
every other node with the tree before (path copying: the tree before stays whole, so an
analysis holding its root never sees a later move). One changed leaf costs the products
on one path, O(M(D)) for a root of total degree D, not the n products of a rebuild.

Each node also keeps its polynomial's *support* as a bit set (bit k: a non-zero term k),
the sumset of its children's (:func:`~sweepkit.analysis.count.split.sumset_bits`): from
them :func:`rest_support` says which mine numbers the other leaves can take together,
without the numbers.

:func:`received` is the transposed tree (:meth:`.product_tree.ProductTree.transposed`) for
one leaf: the root receives a vector, each node hands a child the middle product of what it
received with the other child's polynomial, and the leaf gets
``Σ_j rest[j]·vector[a + j]``, ``rest`` the product of every other leaf. What a node
received is remembered in ``memo`` (keyed by node), so asking for every leaf in turn costs
the one pass of the whole transposed tree, and asking for one costs one path.

>>> root = assign(None, 4, {0: (1, 1), 1: (1, 2), 3: (3,)})
>>> root.poly
(3, 9, 6)
>>> received(root, 4, 0, (1, 10, 100), {}), received(root, 4, 3, (1, 10, 100), {})
((63, 630), (231,))
>>> bin(rest_support(root, 4, 0))
'0b11'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sweepkit.analysis.budget import check
from sweepkit.analysis.count.poly import Poly, middle_product, multiply
from sweepkit.analysis.count.split import sumset_bits


class Node:
    """One node: the product ``poly`` of the leaves below it, their support ``bits``, and
    its children (``None``: an empty half, the polynomial 1)."""

    __slots__ = ("bits", "left", "poly", "right")

    def __init__(self, poly: Poly, bits: int, left: Node | None = None,
                 right: Node | None = None) -> None:
        self.poly, self.bits, self.left, self.right = poly, bits, left, right


def support_bits(poly: Sequence[int]) -> int:
    """Bit k set for every non-zero ``poly[k]``.

    >>> bin(support_bits((3, 0, 1)))
    '0b101'
    """
    bits = 0
    for k, x in enumerate(poly):
        if x:
            bits |= 1 << k
    return bits


def _join(left: Node | None, right: Node | None) -> Node | None:
    if left is None:
        return right if right is None else Node(right.poly, right.bits, None, right)
    if right is None:
        return Node(left.poly, left.bits, left, None)
    check()
    return Node(multiply(left.poly, right.poly), sumset_bits(left.bits, right.bits), left,
                right)


def assign(root: Node | None, slots: int, changes: Mapping[int, Poly | None]) -> Node | None:
    """The tree of ``slots`` leaves (a power of 2) with ``root``, some leaves given new
    polynomials (``None``: emptied); nodes off the changed paths are shared."""
    if not changes:
        return root
    return _assign(root, slots, sorted(changes.items()))


def _assign(node: Node | None, size: int, changes: list[tuple[int, Poly | None]]
            ) -> Node | None:
    if size == 1:
        poly = changes[-1][1]
        return None if poly is None else Node(tuple(poly), support_bits(poly))
    half = size // 2
    split = 0
    while split < len(changes) and changes[split][0] < half:
        split += 1
    left = node.left if node is not None else None
    right = node.right if node is not None else None
    if split:
        left = _assign(left, half, changes[:split])
    if split < len(changes):
        right = _assign(right, half, [(s - half, p) for s, p in changes[split:]])
    return _join(left, right)


def grow(root: Node | None) -> Node | None:
    """The same leaves in a tree of twice the slots (the new slots empty, on the right)."""
    return None if root is None else Node(root.poly, root.bits, root, None)


def received(root: Node, slots: int, slot: int, vector: Poly, memo: dict[int, Poly]
             ) -> Poly:
    """``out[a] = Σ_j rest[j] · vector[a + j]`` for the leaf at ``slot`` (``a`` from 0 to its
    degree), ``rest`` the product of every other leaf; ``vector`` has as many entries as the
    root's polynomial. ``memo`` (node id -> vector) is shared by the calls on one root and
    one vector."""
    node, got, size = root, vector, slots
    while size > 1:
        half = size // 2
        child, other = (node.left, node.right) if slot < half else (node.right, node.left)
        if slot >= half:
            slot -= half
        assert child is not None, "no leaf in that slot"
        found = memo.get(id(child))
        if found is None:
            check()
            found = got if other is None else middle_product(got, other.poly)
            memo[id(child)] = found
        node, got, size = child, found, half
    return got


def rest_support(root: Node, slots: int, slot: int) -> int:
    """The support of the product of every leaf but the one at ``slot``: the sumset of the
    other halves met on its path."""
    bits, node, size = 1, root, slots
    while size > 1:
        half = size // 2
        child, other = (node.left, node.right) if slot < half else (node.right, node.left)
        if slot >= half:
            slot -= half
        if other is not None:
            bits = sumset_bits(bits, other.bits)
        assert child is not None, "no leaf in that slot"
        node, size = child, half
    return bits


__all__ = ["Node", "assign", "grow", "received", "rest_support", "support_bits"]
