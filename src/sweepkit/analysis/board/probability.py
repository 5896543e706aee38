"""Exact mine probabilities of every unknown cell, certain safes and certain mines.

``analyse(position)`` returns an :class:`Analysis`: the exact layout count and, per box
and for the floating pool, the exact probability (a Fraction); cells are looked up on
demand, so a 1000x1000 board costs no per-cell table. With the mine count (when the
position has one and ``use_mine_count``), every whole-board layout with that many mines
is equally likely; without it, every assignment of the unknown cells that satisfies the
numbers counts once (floating cells then have probability 1/2).

Sources: the exact probability of a cell as (explanations with a mine there) / (all
explanations), #P-hard in general: Pedersen, *The complexity of Minesweeper and strategies
for game playing*, 2004, §4.2 and §5 (Algorithms 4–5) [Pedersen2004], who leaves the mine
count out; the weighting of each frontier layout with m mines by C(unconstrained cells,
remaining − m) that puts it back: the school project's *Minesweeper Solver*, §3 stage 4
[SchoolProject] (computed here in exact integers, not floating point; see
:mod:`.board_count`).

How the components are combined (with the mine count), at any scale, is
:mod:`.combine`'s.

>>> from sweepkit.position import Position
>>> a = analyse(Position.from_rows(["1?", "??"]))
>>> a.total, a.probability(1), a.safe_cells(), a.mine_cells()
(3, Fraction(1, 3), (), ())
>>> analyse(Position.from_rows(["1?", "??"], mines=1)).probabilities()[3]
0.3333333333333333
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from fractions import Fraction

from sweepkit.analysis.board.combine import BoxProbabilities, Ratio, combine
from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.analysis.count.poly import int_product
from sweepkit.constraints import ConstraintSystem, build_system
from sweepkit.position import Position


class Analysis:
    """What the exact analysis knows about one position.

    ``total`` is the number of layouts (0 = inconsistent). ``box_ratio[i][b]`` is the
    mine probability of every cell of box b of component i, ``floating_ratio`` that of
    every floating cell, as ``(numerator, denominator)`` integers; both are ``None`` when
    the position is inconsistent (``floating_ratio`` also without floating cells).
    ``box_probability`` / ``floating_probability`` give them as Fractions. On very wide
    frontiers the exact ratios are computed when first asked for (``boxes``, module doc):
    :meth:`probability` of one cell then costs that cell's box only.

    ``marked`` (sorted) are cells that earlier views of the same game proved to be mines and
    that :class:`~sweepkit.analysis.tracking.incremental.IncrementalAnalyser` flagged in
    ``position`` before analysing it (the caller's view leaves them covered): the layouts
    are the same, the components smaller. The cell-level answers (:meth:`probability`,
    :meth:`probabilities`, :meth:`mine_cells`) count them as the certain mines they are,
    so they answer for the caller's view; ``system`` and the box tables are those of
    ``position``.

    ``position`` and ``total`` may be given as functions, called when first read (the
    incremental analyser's: the view with its marks is a copy of the board, and the total a
    binomial of the floating pool, neither of which a move needs); ``consistent`` is then
    given beside them. Immutable; equal when position, system, counts, total, use of the
    mine count and marks are.
    """

    __slots__ = ("_boxes", "_cell_box", "_consistent", "_position", "_total", "counts",
                 "marked", "system", "uses_mine_count")

    def __init__(self, position: Position | Callable[[], Position], system: ConstraintSystem,
                 counts: tuple[ComponentCount, ...], total: int | Callable[[], int],
                 uses_mine_count: bool, boxes: BoxProbabilities | None = None,
                 marked: tuple[int, ...] = (), consistent: bool | None = None) -> None:
        if consistent is None:
            assert isinstance(total, int)
            consistent = total > 0
        setter = object.__setattr__
        setter(self, "_position", position)
        setter(self, "system", system)
        setter(self, "counts", counts)
        setter(self, "_total", total)
        setter(self, "uses_mine_count", uses_mine_count)
        setter(self, "_boxes", boxes)
        setter(self, "marked", marked)
        setter(self, "_consistent", consistent)
        setter(self, "_cell_box", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an Analysis is immutable: cannot set {name}")

    @property
    def position(self) -> Position:
        """The position analysed (the caller's view with ``marked`` flagged)."""
        position = self._position
        if not isinstance(position, Position):
            position = position()
            object.__setattr__(self, "_position", position)
        return position

    @property
    def total(self) -> int:
        """The number of layouts (0: inconsistent)."""
        total = self._total
        if not isinstance(total, int):
            total = total()
            object.__setattr__(self, "_total", total)
        return total

    @property
    def boxes(self) -> BoxProbabilities | None:
        """Every box's probability (``None`` when inconsistent)."""
        return self._boxes

    def _key(self) -> tuple:
        return (self.position, self.system, self.counts, self.total, self.uses_mine_count,
                self.marked)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Analysis):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.position, self.uses_mine_count, self.marked))

    def __repr__(self) -> str:
        return (f"Analysis(position={self.position!r}, system={self.system!r}, "
                f"counts={self.counts!r}, total={self.total!r}, "
                f"uses_mine_count={self.uses_mine_count!r}, marked={self.marked!r})")

    @property
    def consistent(self) -> bool:
        """Whether any layout explains the position (``total > 0``)."""
        return self._consistent

    @property
    def box_ratio(self) -> tuple[tuple[Ratio, ...], ...] | None:
        """Every box's exact probability as ``(numerator, denominator)``, by component."""
        return None if self.boxes is None else self.boxes.ratios()

    @property
    def floating_ratio(self) -> Ratio | None:
        """Every floating cell's exact probability as ``(numerator, denominator)``."""
        return None if self.boxes is None else self.boxes.floating_ratio()

    @property
    def box_probability(self) -> tuple[tuple[Fraction, ...], ...] | None:
        """``box_ratio`` as Fractions."""
        ratios = self.box_ratio
        if ratios is None:
            return None
        return tuple(tuple(Fraction(*r) for r in comp) for comp in ratios)

    @property
    def floating_probability(self) -> Fraction | None:
        """``floating_ratio`` as a Fraction (``None`` without floating cells)."""
        ratio = self.floating_ratio
        return None if ratio is None else Fraction(*ratio)

    def probability(self, cell: int) -> Fraction:
        """Exact mine probability of an unknown cell (raises on an inconsistent position
        or a cell that is not unknown)."""
        if self.boxes is None:
            raise ValueError("the position is inconsistent: no probabilities")
        if self._is_marked(cell):
            return Fraction(1)
        cell_box = self._cell_box
        if cell_box is None:
            # Built whole, then published in one assignment: threads sharing this analysis
            # never see a half-filled map (at worst two of them build it once each).
            cell_box = {c: (i, b) for i, comp in enumerate(self.system.components)
                        for b, box in enumerate(comp.boxes) for c in box}
            object.__setattr__(self, "_cell_box", cell_box)
        where = cell_box.get(cell)
        if where is not None:
            return Fraction(*self.boxes.ratio(*where))
        floating = self.system.floating
        at = bisect_left(floating, cell)
        if at == len(floating) or floating[at] != cell:  # neither in a box nor floating
            raise ValueError(f"cell {self.position.coord(cell)} is not unknown")
        ratio = self.boxes.floating_ratio()
        assert ratio is not None
        return Fraction(*ratio)

    def _is_marked(self, cell: int) -> bool:
        marked = self.marked
        at = bisect_left(marked, cell)
        return at < len(marked) and marked[at] == cell

    def probabilities(self, exact: bool = False) -> dict[int, float] | dict[int, Fraction]:
        """Every unknown cell's mine probability (floats, or Fractions with ``exact``);
        empty when inconsistent."""
        boxes = self.boxes
        if boxes is None:
            return {}
        result: dict = dict.fromkeys(self.marked, Fraction(1) if exact else 1.0)
        for i, comp in enumerate(self.system.components):
            for b, box in enumerate(comp.boxes):
                value = Fraction(*boxes.ratio(i, b)) if exact else boxes.value(i, b)
                for c in box:
                    result[c] = value
        floating = self.system.floating
        if floating:
            ratio = boxes.floating_ratio()
            assert ratio is not None
            value = Fraction(*ratio) if exact else boxes.floating_value()
            # two sorted runs (frontier, floating): the merge sort is linear
            return {c: result.get(c, value)
                    for c in sorted([*sorted(result), *floating])}
        return dict(sorted(result.items()))

    def _cells_with(self, certain_mine: bool, marked: bool = True) -> tuple[int, ...]:
        boxes = self.boxes
        if boxes is None:
            return ()
        found = []
        components = self.system.components
        for i, b in boxes.certain_boxes(certain_mine, components):
            found.extend(components[i].boxes[b])
        if boxes.floating_certain() is certain_mine:
            found.extend(self.system.floating)
        found.sort()
        if certain_mine and marked and self.marked:
            found = sorted([*found, *self.marked])  # two sorted runs: a linear merge
        return tuple(found)

    def proved_mines(self) -> tuple[int, ...]:
        """The certain mines of ``position`` (:meth:`mine_cells` without ``marked``)."""
        return self._cells_with(certain_mine=True, marked=False)

    def safe_cells(self) -> tuple[int, ...]:
        """Unknown cells that are safe in every layout (empty when inconsistent)."""
        return self._cells_with(certain_mine=False)

    def mine_cells(self) -> tuple[int, ...]:
        """Unknown cells that are mines in every layout (empty when inconsistent)."""
        return self._cells_with(certain_mine=True)


def analyse(position: Position, use_mine_count: bool = True,
            system: ConstraintSystem | None = None) -> Analysis:
    """Exact analysis of a position (see the module doc)."""
    if system is None:
        system = build_system(position)
    with_count = use_mine_count and system.remaining is not None
    if system.impossible:
        return Analysis(position, system, (), 0, with_count)
    counts = tuple(solve_component(c) for c in system.components)
    floating = len(system.floating)
    if not with_count:
        totals = [c.total for c in counts]
        if not all(totals):
            return Analysis(position, system, counts, 0, False)
        total = int_product(totals) << floating
        ratios = [tuple((sum(bm), size * t) for bm, size in zip(c.box_mines, comp.sizes,
                                                                 strict=True))
                  for c, comp, t in zip(counts, system.components, totals, strict=True)]
        return Analysis(position, system, counts, total, False,
                        BoxProbabilities(ratios, (1, 2) if floating else None))
    remaining = system.remaining
    assert remaining is not None
    combined = combine(counts, [comp.sizes for comp in system.components], floating,
                       remaining)
    if combined is None:
        return Analysis(position, system, counts, 0, True)
    total, boxes = combined
    return Analysis(position, system, counts, total, True, boxes)
