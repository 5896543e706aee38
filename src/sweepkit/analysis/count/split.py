"""Boxes made certain by single equations, fixed first; what is left split into independent parts.

An equation that needs no mine makes all its boxes safe, one that needs as many mines as
it has room makes them all mines; fixing them can make more certain, and can cut the component
into parts that no longer share a box. The parts are smaller, solved and cached on their
own (:func:`sweepkit.analysis.count.component.solve_component`), so a frontier that changes at
one end keeps the solved pieces at the other. This is the "trivial" deduction every
solver starts with (the school project's first stage, Pedersen's single-point strategy),
used here to shrink the counting problem.

:func:`combine_split` puts the parts back together: the product of their polynomials, each
part's boxes times the product of the others' (one integer multiplication per box, the
polynomials packed into integers), the certain boxes of one mine number sharing one tuple.
The table (:class:`SplitBoxTable`) and the examples (:class:`SplitExamples`) are made on
demand: a count needs neither, and the table holds the free boxes times the component's
mine numbers, its size checked against the budget of whoever first reads it. The
supports (which mine numbers have layouts, as bit sets: :func:`support_bits`,
:func:`sumset_bits`) are what the examples and the dead cells need.

>>> from sweepkit.constraints import Component
>>> from sweepkit.analysis.count.box_search import search_component
>>> comp = Component((1, 1, 1, 1), (((0, 1), 0), ((1, 2, 3), 1)), ((0,), (1,), (2,), (3,)),
...                  (8, 9))
>>> fixed, parts = split_certain(comp)
>>> combine_split(comp, fixed, parts, [search_component(p) for p, _ in parts]).by_mines
(2,)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from sweepkit.analysis.budget import check, check_size
from sweepkit.analysis.count.box_search import Examples, equation_tables
from sweepkit.analysis.count.component_count import Assignment, ComponentCount, no_layout
from sweepkit.analysis.count.poly import Poly, product, products_without
from sweepkit.constraints import Component

Parts = list[tuple[Component, list[int]]]
"""Each part of a split component, with the map from its boxes to the component's."""


def split_certain(component: Component) -> tuple[dict[int, int], Parts] | None:
    """Fix the boxes made certain by single equations (need 0: all safe; need = room: all
    mines), repeatedly, and split what is left into its connected parts.

    Returns ``None`` when no box is certain; else ``(fixed, parts)``: ``fixed[b]`` the
    mines of each certain box (``{-1: -1}`` when an equation became impossible) and each
    part as a component over the free boxes with the map from its boxes to the original
    ones. The parts are smaller and cached on their own, so a frontier that changes at
    one end keeps the solved pieces at the other.

    >>> from sweepkit.constraints import Component
    >>> fixed, parts = split_certain(Component((1, 1, 1, 1), (((0, 1), 0), ((1, 2, 3), 1)),
    ...                                        ((0,), (1,), (2,), (3,)), (8, 9)))
    >>> fixed, [(c.sizes, c.rows, boxes) for c, boxes in parts]
    ({0: 0, 1: 0}, [((1, 1), (((0, 1), 1),), [2, 3])])
    """
    sizes, rows = component.sizes, component.rows
    box_rows, left, room = equation_tables(component)
    fixed: dict[int, int] = {}
    # rows to look at (again, once a box of theirs got fixed): at first those that make
    # their boxes certain or cannot hold (the others can change only when a box of theirs is fixed)
    pending = [r for r, (x, space) in enumerate(zip(left, room, strict=True))
               if not 0 < x < space]
    while pending:
        if not len(pending) & 1023:
            check()
        r = pending.pop()
        if left[r] < 0 or left[r] > room[r]:
            return {-1: -1}, []
        if not room[r] or 0 < left[r] < room[r]:
            continue
        full = left[r] > 0
        for b in rows[r][0]:
            if b not in fixed:
                k = fixed[b] = sizes[b] if full else 0
                for q in box_rows[b]:
                    left[q] -= k
                    room[q] -= sizes[b]
                    pending.append(q)
    if not fixed:
        return None
    if any(x and not room[r] for r, x in enumerate(left)):  # a need and no free box
        return {-1: -1}, []
    located = len(component.numbers) == len(rows)
    numbers = component.numbers
    free_rows = []
    for r, (bs, need) in enumerate(rows):
        free = []
        for b in bs:
            k = fixed.get(b)
            if k is None:
                free.append(b)
            else:
                need -= k
        if free:
            free_rows.append((free, need, numbers[r] if located else -1))
    parent = list(range(len(free_rows)))

    def find(r: int) -> int:
        while parent[r] != r:
            parent[r] = parent[parent[r]]
            r = parent[r]
        return r

    owner: dict[int, int] = {}
    for r, (bs, _need, _number) in enumerate(free_rows):
        for b in bs:
            if b in owner:
                parent[find(r)] = find(owner[b])
            else:
                owner[b] = r
    groups: dict[int, list[int]] = {}
    for r in range(len(free_rows)):
        groups.setdefault(find(r), []).append(r)
    parts = []
    for members in groups.values():
        boxes = sorted({b for r in members for b in free_rows[r][0]})
        local = {b: i for i, b in enumerate(boxes)}
        part_rows = tuple((tuple(local[b] for b in free_rows[r][0]), free_rows[r][1])
                          for r in members)
        # the part keeps its cells, number cells and board shape: it can be routed as a strip
        part = Component(tuple(sizes[b] for b in boxes), part_rows,
                         tuple(component.boxes[b] for b in boxes),
                         tuple(free_rows[r][2] for r in members) if located else (),
                         component.shape if located else None)
        parts.append((part, boxes))
    return fixed, parts


def combine_split(component: Component, fixed: dict[int, int], parts: Parts,
                  solved: Sequence[ComponentCount]) -> ComponentCount:
    """A component's count from its certain boxes and its parts (``solved[i]`` is part i's
    count).

    The polynomial is the product of the parts' (shifted by the certain mines); the box
    table (:class:`SplitBoxTable`) and the examples (:class:`SplitExamples`) are made on
    demand.
    """
    sizes = component.sizes
    if fixed.get(-1) == -1:
        return no_layout(len(sizes))
    shift = sum(fixed.values())
    polys = [c.by_mines for c in solved]
    counts = product(polys)
    if not counts:
        return no_layout(len(sizes))
    low = shift + sum(c.low for c in solved)  # products of trimmed polynomials are trimmed
    present = 0
    for i, w in enumerate(counts):
        if w:
            present |= 1 << i
    examples = SplitExamples(len(counts), present, len(sizes), fixed, parts, solved)
    return ComponentCount(low, counts, SplitBoxTable(len(sizes), fixed, parts, solved, counts),
                          examples)


class SplitBoxTable(Sequence[Poly]):
    """The box table of a split component, built on first use: a count needs only the
    polynomial, and on a huge board the table is most of the work (a 2000x2000 board's: 19
    million numbers of up to 4,650 bits, 9 GB). Its size is checked against the budget of
    whoever reads it first (:func:`~sweepkit.analysis.budget.check_size`); until then it
    holds only the parts' own counts.

    A part's box gets its own mine-weighted counts times the product of the other parts'
    polynomials; the certain boxes of one mine number share one tuple. The table compares
    equal to the tuple it stands for.
    """

    def __init__(self, boxes: int, fixed: dict[int, int], parts: Parts,
                 solved: Sequence[ComponentCount], counts: Poly) -> None:
        self.boxes = boxes
        self.fixed = fixed
        self.parts = parts
        self.solved = solved
        self.counts = counts
        self._table: tuple[Poly, ...] | None = None

    def numbers(self) -> int:
        """The numbers the table holds once built (without building it)."""
        free_boxes = sum(len(boxes) for _part, boxes in self.parts)
        return (free_boxes + len(self.parts) + len(set(self.fixed.values()))) * len(self.counts)

    def table(self) -> tuple[Poly, ...]:
        """The table itself, built on the first call (under the caller's budget)."""
        if self._table is None:
            self._table = self._build()
        return self._table

    def _build(self) -> tuple[Poly, ...]:
        counts = self.counts
        # its numbers can have thousands of digits, so they are weighed by their size
        check_size(self.numbers(), "the box table of a split component",
                   bits=max(w.bit_length() for w in counts))
        box_mines: list[Poly] = [()] * self.boxes
        by_k: dict[int, Poly] = {}
        for b, k in self.fixed.items():
            if k not in by_k:
                by_k[k] = tuple(k * w for w in counts)
            box_mines[b] = by_k[k]
        others = products_without([c.by_mines for c in self.solved])
        for c, (_part, boxes), rest in zip(self.solved, self.parts, others, strict=True):
            check()
            if len(rest) == 1:
                factor = rest[0]
                for local, b in enumerate(boxes):
                    box_mines[b] = tuple(factor * x for x in c.box_mines[local])
                continue
            # every box of the part times the same polynomial: packed once (Kronecker
            # substitution), each box's product is one integer multiplication
            slot = (max(sum(m) for m in c.box_mines) * max(rest)).bit_length() // 8 + 1
            packed_rest = _pack(rest, slot)
            for local, b in enumerate(boxes):
                mined = c.box_mines[local]
                box_mines[b] = _unpack(_pack(mined, slot) * packed_rest, slot,
                                       len(mined) + len(rest) - 1)
        return tuple(box_mines)

    def __len__(self) -> int:
        return self.boxes

    def __getitem__(self, index):  # type: ignore[override]
        return self.table()[index]

    def __iter__(self) -> Iterator[Poly]:
        return iter(self.table())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return self.table() == tuple(other)

    def __hash__(self) -> int:
        return hash(self.table())

    def __repr__(self) -> str:
        return repr(self.table())


def _pack(poly: Sequence[int], slot: int) -> int:
    """Non-negative coefficients as one integer, ``slot`` bytes each, lowest first."""
    return int.from_bytes(b"".join(x.to_bytes(slot, "little") for x in poly), "little")


def _unpack(packed: int, slot: int, length: int) -> tuple[int, ...]:
    """The ``length`` coefficients of a packed polynomial (slots wide enough for each)."""
    raw = packed.to_bytes(length * slot, "little")
    return tuple(int.from_bytes(raw[i:i + slot], "little") for i in range(0, length * slot,
                                                                            slot))


def support_bits(count: ComponentCount) -> int:
    """The mine numbers a solved component has layouts for, as a bit set (bit i: ``low + i``).

    >>> from sweepkit.analysis.count.component_count import trimmed
    >>> bin(support_bits(trimmed([0, 2, 0, 1], [[0, 1, 0, 3]], [None, (1,), None, (3,)])))
    '0b101'
    """
    bits = 0
    for i, w in enumerate(count.by_mines):
        if w:
            bits |= 1 << i
    return bits


def sumset_bits(a: int, b: int) -> int:
    """Bit i + j for every bit i of ``a`` and j of ``b``: the mine numbers two independent
    pieces can hold together, their own as bit sets. One shifted copy of ``b`` per run of
    ``a``, a run of r bits spread in log2(r) shifts (supports are mostly intervals).

    >>> bin(sumset_bits(0b101, 0b11))  # {0, 2} + {0, 1}
    '0b1111'
    """
    if not a or not b:
        return 0
    if a.bit_count() > b.bit_count():
        a, b = b, a
    out, shift = 0, 0
    while a:
        zeros = (a & -a).bit_length() - 1
        a >>= zeros
        shift += zeros
        run = (~a & (a + 1)).bit_length() - 1
        spread, width = b, 1
        while width < run:
            step = min(width, run - width)
            spread |= spread << step
            width += step
        out |= spread << shift
        a >>= run
        shift += run
    return out


class SplitExamples(Examples):
    """The examples of a split component, made on demand: for ``index`` mines over the parts
    beyond their fewest, a mine number for each part is chosen from the last part back (each
    leaving a total the parts before can reach: prefix sumsets of the parts' supports), and
    the parts' own examples fill the free boxes, the certain boxes their fixed mines."""

    def __init__(self, length: int, present: int, boxes: int, fixed: dict[int, int],
                 parts: Parts, solved: Sequence[ComponentCount]) -> None:
        super().__init__(length, present)
        self.boxes = boxes
        self.fixed = fixed
        self.parts = [part_boxes for _part, part_boxes in parts]
        self.solved = list(solved)
        self.reach: list[int] | None = None

    def make(self, index: int) -> Assignment:
        if self.reach is None:
            reach = [1]  # bit t: the parts so far can hold t mines beyond their lows
            for c in self.solved:
                reach.append(sumset_bits(reach[-1], support_bits(c)))
            self.reach = reach
        assign = [0] * self.boxes
        for b, k in self.fixed.items():
            assign[b] = k
        left = index  # beyond the parts' lows
        for j in range(len(self.solved) - 1, -1, -1):
            c = self.solved[j]
            bits = support_bits(c)
            for i in range(len(c.by_mines)):
                if bits >> i & 1 and left >= i and self.reach[j] >> (left - i) & 1:
                    break
            else:  # pragma: no cover - the prefix sumsets guarantee a choice
                raise AssertionError("no mine number of a part fits the total")
            example = c.example(c.low + i)
            assert example is not None
            for local, b in enumerate(self.parts[j]):
                assign[b] = example[local]
            left -= i
        return tuple(assign)
