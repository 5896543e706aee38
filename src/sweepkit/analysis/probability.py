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

>>> from sweepkit.position import Position
>>> a = analyse(Position.from_rows(["1?", "??"]))
>>> a.total, a.probability(1), a.safe_cells(), a.mine_cells()
(3, Fraction(1, 3), (), ())
>>> analyse(Position.from_rows(["1?", "??"], mines=1)).probabilities()[3]
0.3333333333333333
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from sweepkit.analysis.board_count import board_total, weigh_frontier
from sweepkit.analysis.component import solve_component
from sweepkit.analysis.poly import ComponentCount, convolve, products_without
from sweepkit.constraints import ConstraintSystem, build_system
from sweepkit.position import Position

Ratio = tuple[int, int]
"""An exact probability as integers ``(numerator, denominator)``, not reduced: the hot
path never builds a Fraction (no gcd per box); :class:`Fraction` is made on demand."""


@dataclass(frozen=True)
class Analysis:
    """What the exact analysis knows about one position.

    ``total`` is the number of layouts (0 = inconsistent). ``box_ratio[i][b]`` is the
    mine probability of every cell of box b of component i, ``floating_ratio`` that of
    every floating cell, as ``(numerator, denominator)`` integers; both are ``None`` when
    the position is inconsistent. ``box_probability`` / ``floating_probability`` give
    them as Fractions.
    """

    position: Position
    system: ConstraintSystem
    counts: tuple[ComponentCount, ...]
    total: int
    uses_mine_count: bool
    box_ratio: tuple[tuple[Ratio, ...], ...] | None
    floating_ratio: Ratio | None
    _cell_box: dict[int, tuple[int, int]] | None = field(default=None, repr=False,
                                                         compare=False)

    @property
    def consistent(self) -> bool:
        return self.total > 0

    @property
    def box_probability(self) -> tuple[tuple[Fraction, ...], ...] | None:
        """``box_ratio`` as Fractions."""
        if self.box_ratio is None:
            return None
        return tuple(tuple(Fraction(*r) for r in comp) for comp in self.box_ratio)

    @property
    def floating_probability(self) -> Fraction | None:
        """``floating_ratio`` as a Fraction (``None`` without floating cells)."""
        return None if self.floating_ratio is None else Fraction(*self.floating_ratio)

    def probability(self, cell: int) -> Fraction:
        """Exact mine probability of an unknown cell (raises on an inconsistent position
        or a cell that is not unknown)."""
        if self.box_ratio is None:
            raise ValueError("the position is inconsistent: no probabilities")
        cell_box = self._cell_box
        if cell_box is None:
            # Built whole, then published in one assignment: threads sharing this analysis
            # never see a half-filled map (at worst two of them build it once each).
            cell_box = {c: (i, b) for i, comp in enumerate(self.system.components)
                        for b, box in enumerate(comp.boxes) for c in box}
            object.__setattr__(self, "_cell_box", cell_box)
        where = cell_box.get(cell)
        if where is not None:
            return Fraction(*self.box_ratio[where[0]][where[1]])
        if self.position.cells[cell] != -1:
            raise ValueError(f"cell {self.position.coord(cell)} is not unknown")
        assert self.floating_ratio is not None
        return Fraction(*self.floating_ratio)

    def probabilities(self, exact: bool = False) -> dict[int, float] | dict[int, Fraction]:
        """Every unknown cell's mine probability (floats, or Fractions with ``exact``);
        empty when inconsistent."""
        if self.box_ratio is None:
            return {}
        # int / int is correctly rounded, the same float as the reduced Fraction gives.
        conv = (lambda r: Fraction(*r)) if exact else (lambda r: r[0] / r[1])
        result = {}
        for comp, ratios in zip(self.system.components, self.box_ratio, strict=True):
            for box, r in zip(comp.boxes, ratios, strict=True):
                value = conv(r)
                for c in box:
                    result[c] = value
        floating = self.system.floating
        if floating:
            value = conv(self.floating_ratio)
            # two sorted runs (frontier, floating): the merge sort is linear
            return {c: result.get(c, value)
                    for c in sorted([*sorted(result), *floating])}
        return dict(sorted(result.items()))

    def _cells_with(self, certain_mine: bool) -> tuple[int, ...]:
        if self.box_ratio is None:
            return ()
        found = []
        for comp, ratios in zip(self.system.components, self.box_ratio, strict=True):
            for box, (num, den) in zip(comp.boxes, ratios, strict=True):
                if (num == den) if certain_mine else not num:
                    found.extend(box)
        if self.floating_ratio is not None:
            num, den = self.floating_ratio
            if (num == den) if certain_mine else not num:
                found.extend(self.system.floating)
        return tuple(sorted(found))

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
        return Analysis(position, system, (), 0, with_count, None, None)
    counts = tuple(solve_component(c) for c in system.components)
    floating = len(system.floating)
    if not with_count:
        totals = [c.total for c in counts]
        total = board_total(counts, floating, None)
        if total == 0:
            return Analysis(position, system, counts, 0, False, None, None)
        box_ratio = tuple(
            tuple((sum(bm), size * t) for bm, size in zip(c.box_mines, comp.sizes,
                                                          strict=True))
            for c, comp, t in zip(counts, system.components, totals, strict=True))
        return Analysis(position, system, counts, total, False, box_ratio,
                        (1, 2))
    remaining = system.remaining
    assert remaining is not None
    polys = [c.by_mines for c in counts]
    others = products_without(polys)
    everything = convolve(others[0], polys[0]) if polys else (1,)
    low = sum(c.low for c in counts)
    # weights[i] is proportional to C(floating, remaining - low - i); the factor cancels.
    board = weigh_frontier(low, everything, floating, remaining)
    relative, weights = board.relative, board.weights
    if relative == 0:
        return Analysis(position, system, counts, 0, True, None, None)
    total = board.total
    probs = []
    for c, comp, rest in zip(counts, system.components, others, strict=True):
        # completion[i] = (relative) ways the rest completes a layout of this component
        # with c.low + i mines: the rest's terms start at low - c.low mines, so the
        # combined index into weights is i + j.
        rest_terms = [(j, w) for j, w in enumerate(rest) if w]
        completion = [sum(w * weights[i + j] for j, w in rest_terms) if x else 0
                      for i, x in enumerate(c.by_mines)]
        support = [i for i, x in enumerate(c.by_mines) if x]
        probs.append(tuple(
            (sum(bm[i] * completion[i] for i in support), size * relative)
            for bm, size in zip(c.box_mines, comp.sizes, strict=True)))
    if floating:
        # a floating cell is a mine in (remaining - m) / floating of the completions
        mined = sum(w * weights[i] * (remaining - low - i)
                    for i, w in enumerate(everything) if w)
        floating_ratio: Ratio | None = (mined, floating * relative)
    else:
        floating_ratio = None
    return Analysis(position, system, counts, total, True, tuple(probs), floating_ratio)

