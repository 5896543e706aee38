"""Wires contracted: a component whose equations are mostly ``a + b = 1`` between single
cells, rewritten over one box per signal, with the same number of layouts.

On a board drawn from a circuit (:mod:`sweepkit.reductions.layout`) almost every equation
is a number that sees exactly two covered cells of one wire, one of which is the mine:
the two cells are each other's negation. Joining them (a union-find that keeps each cell's
parity to its class) leaves one class per wire, and the remaining equations (the gadgets')
over **literals**: a class taken as it is or negated, one box each, tied by
``positive + negative = 1`` where both are used. Layouts of the original component and of
the contracted one (times 2 for each class no equation mentions) are in one-to-one
correspondence, so totals carry over exactly; mine numbers do not (a literal box stands
for many cells), so the contracted component serves the question asked without the mine
count: :func:`component_total`.

On a reduced 3-CNF of 10 variables this takes 69,813 boxes and 204,133 equations to 1,868
classes and under 2,000 equations; the box programme then counts them in the order of
:func:`sweep_order` (12 variables in about 5 s, board read and contracted included).

>>> from sweepkit.constraints import Component
>>> wire = Component((1, 1, 1, 1, 2), (((0, 1), 1), ((1, 2), 1), ((2, 3), 1), ((3, 4), 1)),
...                  ((0,), (1,), (2,), (3,), (4, 5)), (6, 7, 8, 9))
>>> c = contract(wire)      # one class, x0 = x2 = not x1 = not x3, and the 2-cell box
>>> c.component.sizes, c.component.rows, c.free
((2, 1), (((0, 1), 1),), 0)
>>> contracted_total(wire)
3
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sweepkit.analysis.count.box_dp import dp_total, width_order
from sweepkit.analysis.count.box_search import Rows
from sweepkit.analysis.count.component import solve_component
from sweepkit.constraints import Component, ConstraintSystem

DRAWN_MIN_EQUATIONS = 256
"""Fewer equations than this are not taken for a board drawn from a circuit: the usual
routes are quick there."""

DRAWN_SHARE = 0.9
"""The share of wire links (``a + b = 1`` between two single cells) from which the
equations are taken for a board drawn from a circuit. Every board ``sweepkit reduce``
draws has 97 % or more (1 to 14 variables, embedded in 3 and 4 dimensions too), the
frontiers of play 22 % or fewer (expert, beginner and sparse games up to 500 x 500)."""


@dataclass(frozen=True)
class Contraction:
    """A component rewritten over literals: ``component``, the contracted one, and
    ``free``, the classes no equation left mentions (either value works, so each doubles
    the layouts)."""

    component: Component
    free: int


class Classes:
    """Cells (or a component's single-cell boxes) joined into classes by parity: a
    union-find, each class perhaps fixed to a value. A literal is ``(root, parity)``: the
    class's value XOR the parity; one never joined is its own class. The one union-find of
    the wires: :func:`contract` joins and fixes a component's, :class:`~sweepkit.analysis.
    sat.Wires` a board's."""

    def __init__(self) -> None:
        self.parent: dict[int, int] = {}        # roots have none
        self.parity: dict[int, int] = {}
        self.value: dict[int, int] = {}

    def find(self, b: int) -> tuple[int, int]:
        parent, parity = self.parent, self.parity
        up = parent.get(b)
        if up is None:
            return b, 0
        path = []
        p = 0
        while up is not None:
            path.append(b)
            p ^= parity[b]
            b = up
            up = parent.get(b)
        first = p
        for c in path:              # compress: each on the path straight to the root
            q = parity[c]
            parent[c], parity[c] = b, p
            p ^= q
        return b, first

    def negate(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Make literal ``b`` the negation of ``a``; False on a contradiction."""
        (ra, pa), (rb, pb) = a, b
        if ra == rb:
            return pa != pb
        va, vb = self.value.get(ra), self.value.get(rb)
        if va is not None and vb is not None and (va ^ pa) + (vb ^ pb) != 1:
            return False
        self.parent[ra], self.parity[ra] = rb, pa ^ pb ^ 1
        if va is not None and vb is None:
            self.value[rb] = va ^ pa ^ pb ^ 1
        self.value.pop(ra, None)
        return True

    def fix(self, literal: tuple[int, int], truth: int) -> bool:
        """Make ``literal`` equal ``truth``; False on a contradiction."""
        root, p = literal
        old = self.value.get(root)
        if old is not None:
            return old ^ p == truth
        self.value[root] = truth ^ p
        return True


Term = tuple[dict[tuple[int, int], int], list[int], int]
"""One equation in class terms: literals with their multiplicities, the boxes of more
than one cell, and the need left."""


def _terms(classes: Classes, sizes: tuple[int, ...], bs: tuple[int, ...], need: int
           ) -> Term:
    """An equation rewritten over the classes: fixed classes moved into the need, a literal
    and its negation cancelled (together they hold exactly one mine)."""
    literals: dict[tuple[int, int], int] = {}
    big = []
    for b in bs:
        if sizes[b] != 1:
            big.append(b)
            continue
        root, p = classes.find(b)
        v = classes.value.get(root)
        if v is not None:
            need -= v ^ p
            continue
        other = (root, 1 - p)
        if literals.get(other):
            literals[other] -= 1
            need -= 1
        else:
            literals[(root, p)] = literals.get((root, p), 0) + 1
    return {k: m for k, m in literals.items() if m}, big, need


def _is_link(sizes: tuple[int, ...], bs: tuple[int, ...], need: int) -> bool:
    """Whether an equation says that two single cells are each other's negation."""
    return need == 1 and len(bs) == 2 and sizes[bs[0]] == sizes[bs[1]] == 1


def _settle(classes: Classes, sizes: tuple[int, ...], rows: Rows) -> bool:
    """Join and fix classes until no equation says more: an equation of two single
    literals needing one mine makes them each other's negation, and bounds fix literals
    (all its room needed, or more than its need); False on a contradiction. Each pass
    looks again only at the equations that may still say something; the links (most of a
    drawn board's equations) are joined first, in one pass."""
    active = []
    find, negate = classes.find, classes.negate
    for bs, need in rows:
        if _is_link(sizes, bs, need):
            if not negate(find(bs[0]), find(bs[1])):
                return False
        else:
            active.append((bs, need))
    changed = True
    while changed:
        changed = False
        still = []
        for bs, need in active:
            literals, big, left = _terms(classes, sizes, bs, need)
            room = sum(literals.values()) + sum(sizes[b] for b in big)
            if left < 0 or left > room:
                return False
            if room == 0:
                continue                     # settled for good
            if not big and left == 1 and len(literals) == 2 and room == 2:
                a, b = literals
                if not classes.negate(a, b):
                    return False
                changed = True
                continue                     # a link: now within one class for good
            still.append((bs, need))
            for literal, m in literals.items():
                if m > left:
                    truth = 0
                elif room - m < left:
                    truth = 1
                else:
                    continue
                if not classes.fix(literal, truth):
                    return False
                changed = True
                break      # the terms are stale now: the next pass recomputes them
        active = still
    return True


def contract(component: Component) -> Contraction | None:
    """The component over literals (see the module doc), or ``None`` when it has no
    layout (found while joining classes)."""
    sizes, rows = component.sizes, component.rows
    classes = Classes()
    if not _settle(classes, sizes, rows):
        return None
    new_sizes: list[int] = []
    new_boxes: list[list[int]] = []
    literal_box: dict[tuple[int, int], int] = {}  # (root, parity), or (-1 - box, 0)
    kept: dict[tuple[int, ...], tuple[int, int]] = {}  # boxes -> (need, number)
    copies: list[tuple[int, tuple[int, int]]] = []     # copy box, the literal it equals
    seen_at: list[int] = []                 # the number of the first equation of a box

    def box_of(key: tuple[int, int], size: int, number: int) -> int:
        nb = literal_box.get(key)
        if nb is None:
            nb = literal_box[key] = len(new_sizes)
            new_sizes.append(size)
            new_boxes.append([])
            seen_at.append(number)
        return nb

    def keep(bs: list[int], need: int, number: int) -> bool:
        key = tuple(sorted(bs))
        if key in kept:
            return kept[key][0] == need
        kept[key] = (need, number)
        return True

    for (bs, need), number in zip(rows, component.numbers, strict=True):
        if _is_link(sizes, bs, need):
            continue                           # joined by _settle: within one class
        literals, big, left = _terms(classes, sizes, bs, need)
        if not literals and not big:
            continue                           # settled: _settle checked it holds
        new_bs = [box_of((-1 - b, 0), sizes[b], number) for b in big]
        for key, m in literals.items():
            new_bs.append(box_of(key, 1, number))
            for _ in range(m - 1):            # the literal again: a copy of it
                new_bs.append(len(new_sizes))
                copies.append((len(new_sizes), key))
                new_sizes.append(1)
                new_boxes.append([])
                seen_at.append(number)
        if not keep(new_bs, left, number):
            return None
    # the ties below are placed (their number) where their first box was first seen
    for nb, (root, p) in copies:               # copy + negation = 1
        keep([nb, box_of((root, 1 - p), 1, seen_at[nb])], 1, seen_at[nb])
    for (root, p), nb in list(literal_box.items()):
        if root >= 0 and p == 0 and (root, 1) in literal_box:
            keep([nb, literal_box[(root, 1)]], 1, seen_at[nb])

    free: set[int] = set()
    for b, cells in enumerate(component.boxes):
        if sizes[b] != 1:
            new_boxes[literal_box[(-1 - b, 0)]].extend(cells)
            continue
        root, p = classes.find(b)
        if (root, p) in literal_box:
            new_boxes[literal_box[(root, p)]].extend(cells)
        elif (root, 1 - p) not in literal_box and root not in classes.value:
            free.add(root)                     # neither fixed nor in an equation left
    for nb, key in copies:
        new_boxes[nb] = list(new_boxes[literal_box[key]])
    contracted = Component(
        tuple(new_sizes), tuple((bs, need) for bs, (need, _number) in kept.items()),
        tuple(tuple(sorted(cells)) for cells in new_boxes),
        tuple(number for _need, number in kept.values()), component.shape)
    return Contraction(contracted, len(free))


def sweep_order(component: Component, strip: int = 64) -> list[int]:
    """Boxes in the order a sweep over the equations first meets them: the equations by
    their number cell, in vertical strips ``strip`` columns wide, left to right, each swept
    top to bottom (an n-D board's slices alike), and each box where its first equation
    comes. On a contracted drawn circuit a signal then enters the sweep where it is first
    read, not where its wire starts, and a wide box (a whole wire) cannot pull its gadgets'
    equations open ahead of them: the box programme keeps about 2^(variables) states, at
    any strip width and wherever the strips' edges fall (the sweeps by box positions
    needed the edges between two gadgets, or took a hundred times longer). Not a grid: the
    programme's usual order."""
    if component.shape is None or len(component.shape) < 2:
        return width_order(component.sizes, component.rows, component)
    rows, cols = component.shape[-2:]
    place = [(cell % cols // strip, cell // cols % rows, cell % cols)
             for cell in component.numbers]
    seen = [False] * len(component.sizes)
    order: list[int] = []
    for r in sorted(range(len(component.rows)), key=place.__getitem__):
        for b in component.rows[r][0]:
            if not seen[b]:
                seen[b] = True
                order.append(b)
    order.extend(b for b, was in enumerate(seen) if not was)
    return order


def drawn_from_circuit(equations: ConstraintSystem | Component) -> bool:
    """Whether a system or a component is a board drawn from a circuit (or a piece of one):
    :data:`DRAWN_MIN_EQUATIONS` equations or more, at least :data:`DRAWN_SHARE` of them
    wire links, ``a + b = 1`` between two single cells. Contracting such a component pays
    (:func:`component_total`), and the SAT solver decides such a board and names its
    contradicting numbers in one run (:func:`~sweepkit.analysis.papers.consistency.decide`).

    >>> from sweepkit.constraints import build_system
    >>> from sweepkit.position import Position
    >>> drawn_from_circuit(build_system(Position.from_rows(["?1" * 300 + "?"])))
    True
    >>> drawn_from_circuit(build_system(Position.from_rows(["1?" * 300, "?" * 600])))
    False
    """
    rows: Iterable[tuple[Sequence[int], int]]
    if isinstance(equations, Component):
        total, sizes, rows = len(equations.rows), equations.sizes, equations.rows
    else:
        total, sizes = len(equations.constraints), None
        rows = ((cells, need) for _number, cells, need in equations.constraints)
    if total < DRAWN_MIN_EQUATIONS:
        return False
    allowed = total - DRAWN_SHARE * total        # equations that are not links
    others = 0
    for cells, need in rows:                     # a pass over 10^5 equations: kept plain
        if need != 1 or len(cells) != 2 or (
                sizes is not None and (sizes[cells[0]] != 1 or sizes[cells[1]] != 1)):
            others += 1
            if others > allowed:
                return False
    return True


def component_total(component: Component) -> int:
    """Number of layouts of ``component``: one :func:`drawn_from_circuit` by
    :func:`contracted_total`, others by the usual routes (cached)."""
    return contracted_total(component) if drawn_from_circuit(component) else \
        solve_component(component).total


def contracted_total(component: Component) -> int:
    """Number of layouts of ``component``, contracted and counted by the box programme
    without mine numbers, its boxes in :func:`sweep_order`."""
    contraction = contract(component)
    if contraction is None:
        return 0
    small = contraction.component
    if not small.rows:
        return 1 << contraction.free
    return dp_total(small, sweep_order(small)) << contraction.free
