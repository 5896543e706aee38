"""What an unknown cell would show: the exact number of layouts per outcome.

For an unknown cell x, :func:`outcomes` counts the layouts in which x is a mine and, for
each number v, those in which x is safe and shows v, weighted exactly as
:func:`~sweepkit.analysis.board.probability.analyse` weighs them (with the mine count: the
whole-board layouts with that many mines; without: the papers' convention, floating cells
free), so the counts sum to ``analysis.total``. A cell that can be safe and shows one number
in every such layout is *dead* (the definition of :mod:`.dead`). Hints and the trainer read
these tables; :func:`outcome_table` gives them for many cells, sharing the work (an
:class:`OutcomeTable` kept by the caller shares it across calls).

How: a safe x shows its flagged neighbours plus the mines among its unknown neighbours N.
Only the components T holding x or a cell of N see the difference. For each k, T's equations
with x taken out (it is safe) and one more equation (N ∩ T holds k mines) are counted by
mine number (all k at once, by one search that sorts the layouts by k:
:func:`~sweepkit.analysis.count.component.solve_by_row`, cached by structure): a table P[m][k] of
T's layouts with x safe, k mines in N ∩ T and m others. The other
components (their product polynomial, the full frontier product divided exactly by T's)
and the floating pool (x aside; j of its n cells next to x in C(n, j) ways) combine with it
as :func:`~sweepkit.analysis.board.combine.combine` combines them. Exact integers throughout.
The cost per cell is one search of T's equations (an earlier version counted once per k,
and before that once per way of putting mines in the boxes of N, up to 2^8 and usually
dozens); past the search's node limit, one count per k.

>>> from sweepkit.position import Position
>>> o = outcomes(Position.from_rows(["1?", "??"]), 3)
>>> o.mine, o.safe[:3], o.total, o.numbers(), o.dead
(1, (0, 2, 0), 3, (1,), True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import comb

from sweepkit.analysis.board.probability import Analysis, analyse
from sweepkit.analysis.board.risks import Mixture, risks
from sweepkit.analysis.count.component import solve_by_row, solve_component
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.analysis.count.poly import Poly, int_product
from sweepkit.analysis.count.poly import product as poly_product
from sweepkit.constraints import Component, Constraint, system_from_constraints
from sweepkit.position import MINE, UNKNOWN, Position


@dataclass(frozen=True)
class Outcome:
    """The layouts of one unknown cell by outcome: ``mine`` of them put a mine there,
    ``safe[v]`` leave it safe showing v (at least 9 entries); they sum to ``total``.

    ``opens[v]`` (when counted by an :class:`OutcomeTable`): whether showing v would leave
    some other cell safe in every layout of the components the cell touches, or its
    floating neighbours all safe: a local, free estimate of the look-ahead's S (it misses
    what only the mine count decides)."""

    cell: int
    mine: int
    safe: tuple[int, ...]
    total: int
    opens: tuple[bool, ...] = field(default=(), compare=False)

    def numbers(self) -> tuple[int, ...]:
        """The numbers the cell can show, ascending (empty if it must be a mine)."""
        return tuple(v for v, w in enumerate(self.safe) if w)

    @property
    def dead(self) -> bool:
        """Whether the cell can be safe and would show the same number in every layout."""
        return len(self.numbers()) == 1


def outcomes(position: Position, cell: int, analysis: Analysis | None = None,
             use_mine_count: bool = True) -> Outcome:
    """The outcome counts of one unknown cell (module doc). All zero when the position is
    inconsistent; raises ValueError on a cell that is not unknown."""
    return outcome_table(position, [cell], analysis, use_mine_count)[cell]


def outcome_table(position: Position, cells: Iterable[int] | None = None,
                  analysis: Analysis | None = None, use_mine_count: bool = True
                  ) -> dict[int, Outcome]:
    """:func:`outcomes` of several unknown cells (default: every unknown cell), by cell.

    With an ``analysis`` (of ``position``, e.g. from the incremental analyser), its
    position, system and counts are used and ``use_mine_count`` is ignored."""
    if analysis is None:
        analysis = analyse(position, use_mine_count)
    if cells is None:
        cells = [i for i, v in enumerate(position.cells) if v == UNKNOWN]
    table = OutcomeTable(analysis)
    return {c: table.outcome(c) for c in cells}


NEAR = -2
"""The number :meth:`OutcomeTable._local` gives the equation of a cell's unknown neighbours
(the others are ``-1``), to find its row in the components (a component's count does not
depend on it)."""


@dataclass
class Split:
    """The system :meth:`OutcomeTable._local` counts for one cell: its ``components``, the
    place ``at`` of the one holding the equation :data:`NEAR` (``None`` without it), and
    per number k of mines that equation holds (only those with layouts), the counts of the
    components, that one counted with k (``by_k``)."""

    components: list[Component]
    at: int | None
    by_k: dict[int, list[ComponentCount]]


def _divide(a: Poly, b: Poly) -> Poly:
    """The exact quotient a / b of count polynomials (b a factor of a, b[0] non-zero)."""
    quotient: list[int] = []
    lead = b[0]
    for n in range(len(a) - len(b) + 1):
        rest = a[n] - sum(quotient[n - j] * b[j] for j in range(1, min(n, len(b) - 1) + 1))
        q, r = divmod(rest, lead)
        assert not r, "not a factor"
        quotient.append(q)
    return tuple(quotient)


class OutcomeTable:
    """The outcome counts of one analysis, cell by cell (:meth:`outcome`), with the pieces
    every cell's count reuses built once: keep one to ask for cells a few at a time."""

    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self.position = analysis.position
        system = analysis.system
        self.system = system
        self.where: dict[int, tuple[int, int]] = {
            c: (i, b) for i, comp in enumerate(system.components)
            for b, box in enumerate(comp.boxes) for c in box}
        self.floating = frozenset(system.floating)
        self.marked = frozenset(analysis.marked)
        counts = analysis.counts
        self.low = sum(c.low for c in counts)
        self.frontier: Poly = poly_product([c.by_mines for c in counts]) if counts else (1,)
        self.others: dict[tuple[int, ...], tuple[int, Poly]] = {}
        self.pool_ways: dict[tuple[tuple[int, ...], int], dict[int, int]] = {}
        """Per untouched components (named by those touched) and floating cells, the ways
        they hold each number of mines asked for (:meth:`_ways`)."""
        self.counted: dict[int, Split] = {}
        """Per cell whose outcome was counted: :meth:`_local`'s system and its counts per k
        (what :meth:`revealed` builds on)."""
        self.floating_revealed: dict[tuple[int, int], tuple[int, float, float] | None] = {}
        """:meth:`revealed` of the cells next to floating cells alone, by (unknown
        neighbours, mines they hold): the same for every such cell."""

    def outcome(self, cell: int) -> Outcome:
        """The outcome counts of one unknown (or marked) cell."""
        analysis, position = self.analysis, self.position
        width = max(9, len(position.neighbours(cell)) + 1)
        total = analysis.total
        if cell in self.marked:
            return Outcome(cell, total, (0,) * width, total, (False,) * width)
        if position.cells[cell] != UNKNOWN:
            raise ValueError(f"cell {position.coord(cell)} is not unknown")
        if not total:
            return Outcome(cell, 0, (0,) * width, 0, (False,) * width)
        around = position.neighbours(cell)
        known = sum(1 for j in around if position.cells[j] == MINE)
        unknown = [j for j in around if position.cells[j] == UNKNOWN]
        touched = tuple(sorted({self.where[j][0] for j in (cell, *unknown)
                                if j in self.where}))
        near_pool = sum(1 for j in unknown if j in self.floating)
        far_pool = len(self.floating) - near_pool - (cell in self.floating)
        by_k, safe_by_k = self._local(cell, unknown, touched)
        safe = [0] * width
        ways: list[set[tuple[int, int]]] = [set() for _ in range(width)]  # (k, j) giving v
        if analysis.uses_mine_count:
            remaining = self.system.remaining
            assert remaining is not None
            rest_of = self._pool_ways(touched, far_pool)
            choose = [comb(near_pool, j) for j in range(near_pool + 1)]
            for (m, k), w in by_k.items():
                left = remaining - m - k
                for j, chosen in enumerate(choose):
                    if left < j:
                        break  # fewer mines left than j: no way, nor for more
                    rest = rest_of.get(left - j)
                    if rest is None:
                        rest = self._ways(touched, far_pool, left - j)
                    if rest:
                        safe[known + k + j] += w * chosen * rest
                        ways[known + k + j].add((k, j))
        else:
            others = self._free_ways(touched, far_pool)
            for (_m, k), w in by_k.items():
                for j in range(near_pool + 1):
                    safe[known + k + j] += w * comb(near_pool, j) * others
                    ways[known + k + j].add((k, j))
        opens = tuple(bool(found) and (
            (near_pool > 0 and all(j == 0 for _k, j in found))
            or bool(frozenset.intersection(*(safe_by_k[k] for k, _j in found))))
            for found in ways)
        mine = total - sum(safe)
        return Outcome(cell, mine, tuple(safe), total, opens)

    def revealed(self, cell: int, number: int) -> tuple[int, float, float] | None:
        """The position with the unknown ``cell`` revealed showing ``number``, analysed with
        the mine count by re-counting only the components the cell touches: (how many
        cells it leaves certainly safe, the lowest mine probability below 1 of a cell left,
        0 when only mines are left, and the second lowest: of another cell, which may have
        the same probability; the lowest when only one cell is left). The same answers as
        the analysis of the whole position with the cell shown (a cell's certainty and its
        exact probability, correctly rounded, do not depend on how the cells are grouped
        into components and boxes), at the cost of the touched components' equations
        (usually cached counts) and one combination. The components the cell does not touch
        keep their counts; its equation (its unknown neighbours hold ``number`` less its
        flagged ones) joins those it touches, and its floating neighbours leave the pool.
        ``None`` when this shortcut does not apply (no mine count, or a frontier so wide
        that the probabilities are windowed: ask the full analysis); (0, 0.0, 0.0) when no
        layout shows that number."""
        analysis, position = self.analysis, self.position
        remaining = self.system.remaining
        if not analysis.uses_mine_count or remaining is None or not analysis.total:
            return None
        values = position.cells
        if values[cell] != UNKNOWN or cell in self.marked:
            raise ValueError(f"cell {position.coord(cell)} is not unknown")
        around = position.neighbours(cell)
        known = sum(1 for j in around if values[j] == MINE)
        unknown = tuple(sorted(j for j in around if values[j] == UNKNOWN))
        where = self.where
        touched = tuple(sorted({where[j][0] for j in (cell, *unknown) if j in where}))
        floating = self.floating
        free = sum(1 for j in unknown if j in floating)
        pool = len(floating) - (cell in floating) - free
        if not touched and free == len(unknown):
            # a floating cell among floating cells: what it shows depends on nothing else
            key = (free, number - known)
            if key not in self.floating_revealed:
                self.floating_revealed[key] = self._revealed(
                    cell, unknown, number - known, touched, free, pool)
            return self.floating_revealed[key]
        return self._revealed(cell, unknown, number - known, touched, free, pool)

    def _revealed(self, cell: int, unknown: tuple[int, ...], need: int,
                  touched: tuple[int, ...], free: int, pool: int
                  ) -> tuple[int, float, float] | None:
        """:meth:`revealed` of ``cell`` whose ``unknown`` neighbours hold ``need`` mines."""
        analysis = self.analysis
        remaining = self.system.remaining
        assert remaining is not None
        components = self.system.components
        gone = set(touched)
        kept = [i for i in range(len(components)) if i not in gone]
        if free and len(unknown) > free:
            # next to the frontier and to floating cells: from the counts per k of the
            # outcome (no new component to count)
            counts, sizes = self._joined(cell, unknown, touched, free, need)
            if not counts:
                return 0, 0.0, 0.0
        elif not free and cell in self.counted and all(j in self.where for j in unknown):
            # the system of the cell's outcome for k = need (:meth:`_local`): counted already
            split = self.counted[cell]
            found = split.by_k.get(need)
            if found is None:
                return 0, 0.0, 0.0
            counts = list(found)
            sizes = [comp.sizes for comp in split.components]
        else:
            equations = [Constraint(-1, tuple(sorted(c for b in bs for c in comp.boxes[b]
                                                     if c != cell)), need)
                         for comp in (components[i] for i in touched) for bs, need in comp.rows]
            equations.append(Constraint(-1, unknown, need))
            system = system_from_constraints(equations)
            if system.impossible:
                return 0, 0.0, 0.0
            counts = [solve_component(comp) for comp in system.components]
            sizes = [comp.sizes for comp in system.components]
        counts += [analysis.counts[i] for i in kept]
        sizes += [components[i].sizes for i in kept]
        return risks(counts, sizes, pool, remaining)

    def count_fixed(self, mines: Iterable[int], safe: Iterable[int]) -> int:
        """The layouts (weighted as the analysis weighs them) in which every cell of
        ``mines`` is a mine and every cell of ``safe`` is safe (unknown or marked cells):
        the equations of the components those cells are in, with them fixed, counted
        again; the other components and the floating cells as in :meth:`outcome`. What an
        analysis of the position with those cells flagged and marked safe counts, without
        building its equations again.

        >>> from sweepkit.position import Position
        >>> table = OutcomeTable(analyse(Position.from_rows(["1??", "???"], mines=2)))
        >>> table.analysis.total, table.count_fixed([1], []), table.count_fixed([1], [4, 5])
        (6, 2, 1)
        """
        fixed: dict[int, int] = {}
        for value, cells in ((1, mines), (0, safe)):
            for c in cells:
                if fixed.setdefault(c, value) != value:
                    return 0  # a cell both a mine and safe
        analysis = self.analysis
        if not analysis.total:
            return 0
        where, floating, cells = self.where, self.floating, self.position.cells
        pool_mines = pool_fixed = front_mines = 0
        for c, value in fixed.items():
            if c in self.marked:
                if not value:
                    return 0  # a known mine made safe
            elif c in floating:
                pool_fixed += 1
                pool_mines += value
            elif c in where:
                front_mines += value
            else:
                raise ValueError(f"cell {self.position.coord(c)} is not unknown"
                                 if cells[c] != UNKNOWN else
                                 f"cell {self.position.coord(c)} is in no component")
        touched = tuple(sorted({where[c][0] for c in fixed if c in where}))
        split = self._system(touched, fixed, ())
        if split is None:
            return 0
        polys = [solve_component(comp) for comp in split.components]
        if not all(p.by_mines for p in polys):
            return 0
        pool = len(floating) - pool_fixed
        if analysis.uses_mine_count:
            remaining = self.system.remaining
            assert remaining is not None
            left = remaining - front_mines - pool_mines - sum(p.low for p in polys)
            return sum(w * self._ways(touched, pool, left - a)
                       for a, w in enumerate(poly_product([p.by_mines for p in polys])) if w)
        return int_product([sum(p.by_mines) for p in polys]) * self._free_ways(touched, pool)

    def _joined(self, cell: int, unknown: Sequence[int], touched: tuple[int, ...], free: int,
                need: int) -> tuple[list[ComponentCount | Mixture], list[tuple[int, ...]]]:
        """The counts and box sizes of the components that ``cell`` revealed (its unknown
        neighbours hold ``need`` mines, ``free`` of them floating, the others ``near``) makes
        of the components it touches: those of :meth:`_local`'s system for each k (the
        touched equations without ``cell``, ``near`` holding k), where the component of
        ``near`` is joined by a box of the ``free`` floating neighbours holding ``need -
        k`` mines in C(free, need - k) ways, summed over k. Its boxes are the same as the
        whole analysis would make (the floating neighbours lie in the cell's equation
        alone), its counts those of the joined component. Empty when no layout is left."""
        split = self.counted.get(cell)
        if split is None:
            self._local(cell, unknown, touched)
            split = self.counted[cell]
        components, at, by_k = split.components, split.at, split.by_k
        valid = [(k, need - k) for k in by_k if 0 <= need - k <= free]
        if not valid:
            return [], []
        assert at is not None  # the cell has neighbours in the components: ``near``
        polys = by_k[valid[0][0]]
        joined = Mixture([(j, comb(free, j), j, by_k[k][at]) for k, j in valid])
        return ([joined, *(p for i, p in enumerate(polys) if i != at)],
                [(*components[at].sizes, free),
                 *(comp.sizes for i, comp in enumerate(components) if i != at)])

    def _local(self, cell: int, unknown: Sequence[int], touched: tuple[int, ...]
               ) -> tuple[dict[tuple[int, int], int], dict[int, frozenset[int]]]:
        """P[(m, k)]: layouts of the touched components with ``cell`` safe, k mines among
        its unknown neighbours and m mines in their other cells: one count per k, of the
        touched equations without ``cell`` and one more saying its neighbours in them
        hold k mines. With it, per k, the cells safe in every one of those layouts."""
        if not touched:
            return {(0, 0): 1}, {0: frozenset()}
        near = tuple(sorted(j for j in unknown if j in self.where))
        result: dict[tuple[int, int], int] = {}
        safe_by_k: dict[int, frozenset[int]] = {}
        # The systems for each k differ only in the need of the equation of ``near``:
        # boxes and components are found once, that one row is counted for every need.
        split = self.counted[cell] = self._system(touched, {cell: 0}, near)
        if split is None:  # the touched equations alone: the same for every k
            self.counted[cell] = Split([], None, {})
            return result, safe_by_k
        components, at, by_k = split.components, split.at, split.by_k
        fixed = [solve_component(comp) for i, comp in enumerate(components) if i != at]
        if not all(p.by_mines for p in fixed):
            return result, safe_by_k
        rest = poly_product([p.by_mines for p in fixed]) if fixed else (1,)
        rest_low = sum(p.low for p in fixed)
        safe_rest = [c for i, comp in enumerate(components) if i != at
                     for box, mines in zip(comp.boxes, fixed[i - (at is not None and i > at)]
                                           .box_mines, strict=True)
                     if not any(mines) for c in box]
        if at is None:
            needs: dict[int, ComponentCount | None] = {0: None}
        else:
            comp = components[at]
            needs = dict(solve_by_row(comp, comp.numbers.index(NEAR)))
        for k, count in needs.items():
            polys = list(fixed)
            if count is None:
                poly, low, safe = rest, rest_low, safe_rest
            else:
                polys.insert(at, count)
                poly = poly_product([count.by_mines, rest]) if fixed else count.by_mines
                low = rest_low + count.low
                safe = safe_rest + [c for box, mines in zip(components[at].boxes,
                                                             count.box_mines, strict=True)
                                    if not any(mines) for c in box]
            low -= k
            for a, w in enumerate(poly):
                if w:
                    result[(low + a, k)] = w
            safe_by_k[k] = frozenset(safe)
            by_k[k] = polys
        return result, safe_by_k

    def _system(self, touched: tuple[int, ...], fixed: dict[int, int], near: tuple[int, ...]
                ) -> Split | None:
        """The equations of the ``touched`` components with the cells of ``fixed`` taken out
        (1: a mine, 0: safe), and with ``near`` one more equation, named :data:`NEAR`,
        whose need is left to the caller; its counts still to be made. ``None`` when an
        equation cannot hold. Made from the components' boxes, not from their cells (what
        :func:`~sweepkit.constraints.system_from_constraints` would find): a box holding
        a fixed cell or one of ``near`` is split in two (its cells of ``near``, the others)
        without the fixed cells, whose mines come off the needs of its rows."""
        components = self.system.components
        inside = frozenset(near)
        taken = fixed.keys()
        # per touched component: its boxes (split), its rows on them (boxes, need, number)
        # and its boxes of ``near``
        pieces: list[tuple[list[tuple[int, ...]], list[tuple[tuple[int, ...], int, int]],
                           list[int]]] = []
        vanished = False  # a box all of whose cells are fixed
        for i in touched:
            comp = components[i]
            boxes: list[tuple[int, ...]] = []
            remap: list[int] = []  # a box of the component: its place, or -1 when split
            split: dict[int, tuple[int, ...]] = {}  # a box split: its new boxes
            held: dict[int, int] = {}  # and the fixed mines it held
            near_boxes: list[int] = []
            for b, box in enumerate(comp.boxes):
                if inside.isdisjoint(box) and taken.isdisjoint(box):
                    remap.append(len(boxes))
                    boxes.append(box)
                    continue
                remap.append(-1)
                parts = []
                part = tuple(c for c in box if c in inside and c not in taken)
                if part:
                    near_boxes.append(len(boxes))
                    parts.append(len(boxes))
                    boxes.append(part)
                part = tuple(c for c in box if c not in inside and c not in taken)
                if part:
                    parts.append(len(boxes))
                    boxes.append(part)
                vanished = vanished or not parts
                split[b] = tuple(parts)
                mines = sum(fixed[c] for c in box if c in taken)
                if mines:
                    held[b] = mines
            rows = []
            place = remap.__getitem__
            for (bs, need), number in zip(comp.rows, comp.numbers, strict=True):
                if not split or split.keys().isdisjoint(bs):  # as it was: it can hold
                    rows.append((tuple(map(place, bs)), need, number))
                    continue
                new = tuple(k for b in bs for k in (split[b] if b in split else (remap[b],)))
                need -= sum(held.get(b, 0) for b in bs)
                if not 0 <= need <= sum(len(boxes[k]) for k in new):
                    return None
                if new:
                    rows.append((new, need, number))
            pieces.append((boxes, rows, near_boxes))
        if vanished:
            return self._joined_up(pieces)
        # Every box left has cells, so every row keeps all its boxes and each component
        # stays in one piece: the components are those touched, those with cells of
        # ``near`` joined into one by its equation (placed where the first of them was).
        found: list[Component] = []
        at = None
        joined: list[tuple[list[tuple[int, ...]], list[tuple[tuple[int, ...], int, int]],
                           list[int]]] = [piece for piece in pieces if piece[2]]
        for piece in pieces:
            if not piece[2]:
                boxes, rows, _near = piece
                found.append(Component(tuple(map(len, boxes)),
                                       tuple((bs, need) for bs, need, _number in rows),
                                       tuple(boxes), tuple(number for *_, number in rows)))
            elif piece is joined[0]:
                at = len(found)
                all_boxes: list[tuple[int, ...]] = []
                all_rows: list[tuple[tuple[int, ...], int]] = []
                numbers: list[int] = []
                near_all: list[int] = []
                for boxes, rows, near_boxes in joined:
                    offset = len(all_boxes)
                    all_boxes += boxes
                    all_rows += [(tuple(b + offset for b in bs), need) for bs, need, _n in rows]
                    numbers += [number for *_, number in rows]
                    near_all += [b + offset for b in near_boxes]
                all_rows.append((tuple(near_all), 0))
                numbers.append(NEAR)
                found.append(Component(tuple(map(len, all_boxes)), tuple(all_rows),
                                       tuple(all_boxes), tuple(numbers)))
        return Split(found, at, {})

    def _joined_up(self, pieces: list[tuple[list[tuple[int, ...]],
                                            list[tuple[tuple[int, ...], int, int]],
                                            list[int]]]) -> Split:
        """The components of :meth:`_system`'s ``pieces`` when some box lost all its cells
        (a component may then fall apart): joined by their rows, in order of their first
        boxes, the equation :data:`NEAR` of their boxes of ``near`` last."""
        boxes: list[tuple[int, ...]] = []
        rows: list[tuple[tuple[int, ...], int, int]] = []  # (boxes, need, number)
        near_boxes: list[int] = []
        for piece_boxes, piece_rows, piece_near in pieces:
            offset = len(boxes)
            boxes += piece_boxes
            rows += [(tuple(b + offset for b in bs), need, number)
                     for bs, need, number in piece_rows]
            near_boxes += [b + offset for b in piece_near]
        if near_boxes:
            rows.append((tuple(near_boxes), 0, NEAR))
        parent = list(range(len(boxes)))
        for bs, _need, _number in rows:
            a = bs[0]
            while parent[a] != a:
                parent[a] = a = parent[parent[a]]
            for b in bs[1:]:
                while parent[b] != b:
                    parent[b] = b = parent[parent[b]]
                if b != a:
                    parent[b] = a
        groups: dict[int, list[int]] = {}
        for b in range(len(boxes)):
            root = b
            while parent[root] != root:
                root = parent[root]
            groups.setdefault(root, []).append(b)
        group_rows: dict[int, list[tuple[tuple[int, ...], int, int]]] = {}
        for row in rows:
            root = row[0][0]
            while parent[root] != root:
                root = parent[root]
            group_rows.setdefault(root, []).append(row)
        found, at = [], None
        for root, members in groups.items():
            local = {b: n for n, b in enumerate(members)}
            mine = group_rows[root]
            if any(number == NEAR for _bs, _need, number in mine):
                at = len(found)
            found.append(Component(
                tuple(len(boxes[b]) for b in members),
                tuple((tuple(local[b] for b in bs), need) for bs, need, _number in mine),
                tuple(boxes[b] for b in members),
                tuple(number for _bs, _need, number in mine)))
        return Split(found, at, {})

    def _ways(self, touched: tuple[int, ...], pool: int, mines: int) -> int:
        """Ways the untouched components and ``pool`` floating cells hold ``mines`` mines."""
        if mines < 0:
            return 0
        known = self._pool_ways(touched, pool)
        found = known.get(mines)
        if found is None:
            low, poly = self._others(touched)
            found = known[mines] = sum(w * comb(pool, mines - low - a)
                                       for a, w in enumerate(poly)
                                       if w and 0 <= mines - low - a <= pool)
        return found

    def _pool_ways(self, touched: tuple[int, ...], pool: int) -> dict[int, int]:
        """The ways of :meth:`_ways` counted so far for ``touched`` and ``pool``, by mines."""
        found = self.pool_ways.get((touched, pool))
        if found is None:
            found = self.pool_ways[(touched, pool)] = {}
        return found

    def _free_ways(self, touched: tuple[int, ...], pool: int) -> int:
        """Without the mine count: the layouts of the untouched components times the 2^pool
        ways of ``pool`` free floating cells (what :meth:`_ways` counts with it)."""
        return int_product([c.total for i, c in enumerate(self.analysis.counts)
                            if i not in touched]) << pool

    def _others(self, touched: tuple[int, ...]) -> tuple[int, Poly]:
        """The count polynomial (low, coefficients) of every component but ``touched``:
        the frontier product divided exactly by theirs."""
        found = self.others.get(touched)
        if found is None:
            counts = self.analysis.counts
            mine = poly_product([counts[i].by_mines for i in touched])
            found = (self.low - sum(counts[i].low for i in touched),
                     _divide(self.frontier, mine) if touched else self.frontier)
            self.others[touched] = found
        return found
