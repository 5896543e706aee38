"""The risks an analysis leaves: how many cells are certainly safe, and the two lowest mine
probabilities below 1, read from the counts of the components without building an
:class:`~sweepkit.analysis.board.probability.Analysis` (what ``best`` asks of each number a
guess may show: :meth:`~sweepkit.analysis.board.outcomes.OutcomeTable.revealed`).

>>> from sweepkit.analysis.board.probability import analyse
>>> from sweepkit.position import Position
>>> a = analyse(Position.from_rows(["1??", "???"], mines=2))
>>> risks(a.counts, [c.sizes for c in a.system.components], len(a.system.floating), 2)
(0, 0.3333333333333333, 0.3333333333333333)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from operator import add, mul

from sweepkit.analysis.board.board_count import floating_weights, table_bits
from sweepkit.analysis.board.combine import EXACT_TABLE_BITS, BoxProbabilities, combine
from sweepkit.analysis.budget import check_size
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.analysis.count.poly import product as poly_product

DIRECT_VARYING = 4
"""Up to this many components whose layouts hold different numbers of mines, :func:`risks`
multiplies out each one's completions itself (a few small products); with more, the
product tree of :func:`~sweepkit.analysis.board.combine.combine` does."""


class Mixture:
    """A component counted as a sum of others' counts: ``terms`` of ``(shift, ways, extra,
    count)`` each stand for ``ways`` times ``count`` with its mine numbers ``shift`` higher
    and one more box holding ``extra`` mines in all of them (the floating neighbours of a
    cell shown, :meth:`~sweepkit.analysis.board.outcomes.OutcomeTable.revealed`). Its
    ``low`` and ``by_mines`` are a :class:`ComponentCount`'s; its boxes' mine sums
    (``box_mines``, the extra box last) are added up only when asked for: :func:`risks`
    weighs each term's boxes instead (:meth:`numerators`)."""

    def __init__(self, terms: Sequence[tuple[int, int, int, ComponentCount]]) -> None:
        self.terms = terms
        self.low = low = min(shift + count.low for shift, _w, _e, count in terms)
        width = max(shift + count.low + len(count.by_mines)
                    for shift, _w, _e, count in terms) - low
        by_mines = [0] * width
        for shift, ways, _extra, count in terms:
            start = shift + count.low - low
            span = slice(start, start + len(count.by_mines))
            by_mines[span] = map(add, by_mines[span], map(mul, count.by_mines, repeat(ways)))
        self.by_mines: tuple[int, ...] = tuple(by_mines)

    @property
    def box_mines(self) -> tuple[tuple[int, ...], ...]:
        """Per box (the extra box last), its mines summed over the layouts, by mine number."""
        width = len(self.by_mines)
        boxes = len(self.terms[0][3].box_mines)
        sums = [[0] * width for _ in range(boxes + 1)]
        for shift, ways, extra, count in self.terms:
            start = shift + count.low - self.low
            span = slice(start, start + len(count.by_mines))
            for mines, counted in zip(sums, count.box_mines, strict=False):
                mines[span] = map(add, mines[span], map(mul, counted, repeat(ways)))
            last = sums[-1]
            last[span] = map(add, last[span], map(mul, count.by_mines, repeat(ways * extra)))
        return tuple(map(tuple, sums))

    def count(self) -> ComponentCount:
        """The :class:`ComponentCount` it stands for (without examples)."""
        return ComponentCount(self.low, self.by_mines, self.box_mines,
                              (None,) * len(self.by_mines))

    def numerators(self, completion: Sequence[int]) -> list[int]:
        """Per box (the extra box last), Σ_m box_mines[m] · completion[m]: each term's
        boxes against its stretch of ``completion``."""
        boxes = len(self.terms[0][3].box_mines)
        found = [0] * (boxes + 1)
        for shift, ways, extra, count in self.terms:
            start = shift + count.low - self.low
            window = completion[start:start + len(count.by_mines)]
            weighed = [sum(map(mul, bm, window)) for bm in count.box_mines]
            weighed.append(sum(map(mul, count.by_mines, window)) * extra)
            found = [a + ways * b for a, b in zip(found, weighed, strict=True)]
        return found


def risks(counts: Sequence[ComponentCount | Mixture], sizes: Sequence[Sequence[int]],
          pool: int, remaining: int) -> tuple[int, float, float] | None:
    """What the analysis of the components ``counts`` (box ``sizes``), ``pool`` floating
    cells and ``remaining`` mines says of its cells (:meth:`OutcomeTable.revealed`): (the
    cells certainly safe, the lowest mine probability below 1, the second lowest), the
    floats of :func:`~sweepkit.analysis.board.combine.combine`'s exact ratios; (0, 0.0,
    0.0) when no layout has that many mines, ``None`` when combine would window the
    probabilities. With at most :data:`DIRECT_VARYING` components whose layouts hold
    different numbers of mines (nearly always one or two), the ratios are those of its
    exact route written out for them, without the product tree: each such component's
    completions are the other ones' product against the floating weights."""
    varying = [i for i, c in enumerate(counts) if len(c.by_mines) > 1]
    ratios: list[Sequence[tuple[int, int]]]
    if len(varying) > DIRECT_VARYING:
        combined = combine([c.count() if isinstance(c, Mixture) else c for c in counts],
                           sizes, pool, remaining)
        if combined is None:
            return 0, 0.0, 0.0
        boxes = combined[1]
        if type(boxes) is not BoxProbabilities:
            return None  # windowed floats: only the full analysis's are the reference
        ratios = list(boxes.ratios())
        floating = boxes.floating_ratio()
    else:
        if any(not c.by_mines for c in counts):
            return 0, 0.0, 0.0
        low = sum(c.low for c in counts)
        polys = [counts[i].by_mines for i in varying]
        frontier = poly_product(polys) if polys else (1,)
        top = remaining - low
        reach = range(max(0, top - pool), min(len(frontier) - 1, top) + 1)
        if not any(frontier[k] for k in reach):
            return 0, 0.0, 0.0
        if varying and table_bits(len(frontier), pool) > EXACT_TABLE_BITS:
            return None
        check_size(len(frontier), "the floating weights")
        weights, _num, _den = floating_weights(pool, remaining, low, low + len(frontier) - 1)
        relative = sum(map(mul, frontier, weights))
        ratios = []
        for i, (c, box_sizes) in enumerate(zip(counts, sizes, strict=True)):
            if len(c.by_mines) == 1:
                whole = c.by_mines[0]
                ratios.append([(bm[0], size * whole)
                               for bm, size in zip(c.box_mines, box_sizes, strict=True)])
                continue
            # the ways everything else completes a layout of this component with a mines:
            # the other varying components' product against the floating weights
            at = varying.index(i)
            rest = poly_product(polys[:at] + polys[at + 1:]) if len(polys) > 1 else (1,)
            span = len(rest)
            completion = [sum(map(mul, rest, weights[a:a + span]))
                          for a in range(len(c.by_mines))]
            numerators = (c.numerators(completion) if isinstance(c, Mixture) else
                          [sum(map(mul, bm, completion)) for bm in c.box_mines])
            ratios.append([(num, size * relative)
                           for num, size in zip(numerators, box_sizes, strict=True)])
        floating = None
        if pool:
            mined = sum(x * w * (top - k)
                        for k, (x, w) in enumerate(zip(frontier, weights, strict=True)) if x and w)
            floating = (mined, pool * relative)
    safe = 0
    lowest = second = 1.0
    for box_ratios, box_sizes in zip(ratios, sizes, strict=True):
        for (num, den), size in zip(box_ratios, box_sizes, strict=True):
            if num == den:
                continue  # a mine in every layout
            if not num:
                safe += size
            p = num / den
            if p < second:
                lowest, second = two_lowest(lowest, second, p, size)
    if floating is not None:
        num, den = floating
        if num != den:
            if not num:
                safe += pool
            p = num / den
            if p < second:
                lowest, second = two_lowest(lowest, second, p, pool)
    return (safe, *lowest_pair(lowest, second))


def two_lowest(lowest: float, second: float, p: float, cells: int) -> tuple[float, float]:
    """The two lowest probabilities of cells, ``lowest`` and ``second`` updated with
    ``cells`` more cells of probability ``p`` (below ``second``)."""
    if p < lowest:
        return p, (p if cells > 1 else lowest)
    return lowest, p


def lowest_pair(lowest: float, second: float) -> tuple[float, float]:
    """The two lowest risks below 1 that :func:`two_lowest` found from 1.0, 1.0: both 0
    when no cell below 1 was seen (only mines left), the lowest twice when one was."""
    if lowest >= 1:
        return 0.0, 0.0
    return lowest, (second if second < 1 else lowest)
