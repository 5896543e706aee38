"""Wires contracted: a component whose equations are mostly ``a + b = 1`` between single
cells, rewritten over one box per signal, with the same number of layouts.

On a board drawn from a circuit (:mod:`sweepkit.reductions.layout`) almost every equation
is a number that sees exactly two covered cells of one wire, one of which is the mine:
the two cells are each other's negation. Joining them (a union-find that keeps each cell's
parity to its class) leaves one class per wire, and the remaining equations (the gadgets')
over **literals**: a class taken as it is or negated, one box each, tied by
``positive + negative = 1`` where both are used. Layouts of the original component and of
the contracted one (times 2 for each class no equation mentions) are in one-to-one
correspondence, so totals and witnesses carry over exactly; mine numbers do not (a literal
box stands for many cells), so the contracted component serves the questions asked
without the mine count: :func:`component_total` and :func:`search_contracted`.

On a reduced 3-CNF of 10 variables this takes 69,813 boxes and 204,133 equations to 1,868
classes and under 2,000 equations; the box programme then counts them in the order of
:func:`sweep_order` (12 variables in about 5 s, board read and contracted included).

>>> from sweepkit.constraints import Component
>>> wire = Component((1, 1, 1, 1, 2), (((0, 1), 1), ((1, 2), 1), ((2, 3), 1), ((3, 4), 1)),
...                  ((0,), (1,), (2,), (3,), (4, 5)), (6, 7, 8, 9))
>>> c = contract(wire)      # one class, x0 = x2 = not x1 = not x3, and the 2-cell box
>>> c.component.sizes, c.component.rows, c.free
((2, 1), (((0, 1), 1),), 0)
>>> component_total(wire), search_contracted(c)
(3, (1, 0, 1, 0, 1))
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from sweepkit.analysis.box_dp import dp_total, width_order
from sweepkit.analysis.box_search import Rows, box_order
from sweepkit.analysis.component import solve_component
from sweepkit.analysis.learn import learnt_witness
from sweepkit.analysis.propagate import component_witness
from sweepkit.constraints import Component

CONTRACT_MIN_BOXES = 256
"""Components smaller than this are not contracted (every frontier of play): the usual
routes are quicker there, and they give the counts by mine number."""


@dataclass(frozen=True)
class Contraction:
    """A component rewritten over literals. ``component`` is the contracted one;
    ``source[b]`` says where original box ``b``'s mines come from: ``(box, flipped)``, the
    contracted box's mines (``1 -`` them when flipped), or ``(-1, flipped)`` for a box
    in a free class (``free`` of them: no equation left mentions the class, so either
    value works; the witness takes the class as 0). ``literal[b]`` names contracted box
    ``b`` as a literal, ``(class, negated)`` (classes numbered from 0; its negation and
    its copies share the class), or ``(-1, False)`` for a box of several cells."""

    component: Component
    source: tuple[tuple[int, bool], ...]
    free: int
    literal: tuple[tuple[int, bool], ...]

    def expand(self, example: tuple[int, ...]) -> tuple[int, ...]:
        """The original boxes' mines from the contracted component's ``example``."""
        return tuple((1 - example[box] if flipped else example[box]) if box >= 0
                     else int(flipped) for box, flipped in self.source)


class _Classes:
    """Single cells joined into classes by parity (a union-find), each class perhaps fixed
    to a value. A literal is ``(root, parity)``: the class's value XOR the parity."""

    def __init__(self, boxes: int) -> None:
        self.parent = list(range(boxes))
        self.parity = [0] * boxes
        self.value: dict[int, int] = {}

    def find(self, b: int) -> tuple[int, int]:
        parent, parity = self.parent, self.parity
        path = []
        p = 0
        while parent[b] != b:
            path.append(b)
            p ^= parity[b]
            b = parent[b]
        for c in path:              # compress: each on the path straight to the root
            q = parity[c]
            parent[c], parity[c] = b, p
            p ^= q
        return b, (parity[path[0]] if path else 0)

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


def _terms(classes: _Classes, sizes: tuple[int, ...], bs: tuple[int, ...], need: int
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


def _settle(classes: _Classes, sizes: tuple[int, ...], rows: Rows) -> bool:
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
    classes = _Classes(len(sizes))
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

    source: list[tuple[int, bool]] = []
    free: set[int] = set()
    for b, cells in enumerate(component.boxes):
        if sizes[b] != 1:
            source.append((literal_box[(-1 - b, 0)], False))
            new_boxes[source[-1][0]].extend(cells)
            continue
        root, p = classes.find(b)
        if (root, p) in literal_box:
            source.append((literal_box[(root, p)], False))
            new_boxes[source[-1][0]].extend(cells)
        elif (root, 1 - p) in literal_box:
            source.append((literal_box[(root, 1 - p)], True))
        else:                                  # fixed, or free (taken as 0)
            if root not in classes.value:
                free.add(root)
            source.append((-1, bool(classes.value.get(root, 0) ^ p)))
    for nb, key in copies:
        new_boxes[nb] = list(new_boxes[literal_box[key]])
    contracted = Component(
        tuple(new_sizes), tuple((bs, need) for bs, (need, _number) in kept.items()),
        tuple(tuple(sorted(cells)) for cells in new_boxes),
        tuple(number for _need, number in kept.values()), component.shape)
    literal: list[tuple[int, bool]] = [(-1, False)] * len(new_sizes)
    dense: dict[int, int] = {}
    for (root, p), nb in literal_box.items():
        if root >= 0:
            literal[nb] = (dense.setdefault(root, len(dense)), bool(p))
    for nb, key in copies:
        literal[nb] = literal[literal_box[key]]
    return Contraction(contracted, tuple(source), len(free), tuple(literal))


_CONTRACTED: dict[int, Contraction | None] = {}
"""Contractions by the ``id`` of their component, each dropped when its component is
(:func:`contracted`)."""


def contracted(component: Component) -> Contraction | None:
    """:func:`contract` of ``component``, remembered while that very component lives: a
    drawn board's witness and its count (one system, asked both) contract it once, not
    twice (a third of the time of a 3-CNF board's witness and count). Kept by identity,
    not by the abstract key: a contraction holds its component's cells."""
    key = id(component)
    try:
        return _CONTRACTED[key]
    except KeyError:
        pass
    found = contract(component)
    _CONTRACTED[key] = found
    weakref.finalize(component, _CONTRACTED.pop, key, None)
    return found


def west_order(component: Component, strip: int = 1) -> list[int]:
    """Boxes by their westmost cell: in vertical strips ``strip`` columns wide, left to
    right, each swept top to bottom (an n-D board's slices alike; the connectivity order
    without a grid). On a contracted drawn circuit each signal comes where it starts, so
    the inputs come first."""
    if component.shape is None or len(component.shape) < 2:
        return box_order(component.sizes, component.rows)
    rows, cols = component.shape[-2:]
    west = [min(((c % cols // strip, c // cols % rows, c % cols) for c in cells),
                default=(0, 0, 0)) for cells in component.boxes]
    return sorted(range(len(component.sizes)), key=west.__getitem__)


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


def wired(component: Component) -> bool:
    """Whether contracting pays: a large component (:data:`CONTRACT_MIN_BOXES` boxes or
    more) at least half of whose equations tie two single cells (a drawn board's wires;
    a game's frontier has few such)."""
    if len(component.sizes) < CONTRACT_MIN_BOXES:
        return False
    sizes = component.sizes
    links = sum(1 for bs, need in component.rows if _is_link(sizes, bs, need))
    return 2 * links >= len(component.rows)


def component_total(component: Component) -> int:
    """Number of layouts of ``component``: a :func:`wired` one by
    :func:`contracted_total`, others by the usual routes (cached)."""
    return contracted_total(component) if wired(component) else \
        solve_component(component).total


def contracted_total(component: Component) -> int:
    """Number of layouts of ``component``, contracted and counted by the box programme
    without mine numbers, its boxes in :func:`sweep_order`."""
    contraction = contracted(component)
    if contraction is None:
        return 0
    small = contraction.component
    if not small.rows:
        return 1 << contraction.free
    return dp_total(small, sweep_order(small)) << contraction.free


def search_contracted(contraction: Contraction, budget: int | None = None
                      ) -> tuple[int, ...] | None:
    """Mines in each box of one layout of the contracted component (None: it has none),
    its boxes first tried west to east: with clause learning (:mod:`.learn`) when every
    box left is a single cell, else with propagation alone (:mod:`.propagate`).
    SearchBudgetExceeded after ``budget`` conflicts or choices."""
    small = contraction.component
    if not small.rows:
        return contraction.expand(())
    search = learnt_witness if all(size == 1 for size in small.sizes) else component_witness
    example = search(small, budget, west_order(small))
    return None if example is None else contraction.expand(example)
