"""Box probabilities computed when asked for, from a kept product tree (:mod:`.path_tree`).

:func:`~.combine.combine` computes every box's exact probability at once: the transposed
product tree hands each component its *completion* (the weighted ways the other components
and the floating pool complete each of its mine numbers), then one dot product per box. A
player or a page reads a few cells per move, and a move changes a few components: here
nothing is computed before it is asked for. A box's ratio costs its component's completion, the
received vectors on one path of the tree (each remembered, so reading every box costs the
one transposed pass of :func:`~.combine.combine`), and the dot products of its component.
The ratios are those of :func:`~.combine.combine`'s exact route, integer for integer.

Which boxes are certain is known without them. A box is a mine (safe) in every layout when it
is in every layout of its component with a mine number the rest of the board can complete;
while the pool takes whatever the frontier leaves (the window of frontier mine numbers
``k_lo .. k_hi`` holds all of them) every mine number can be completed, and the certain
boxes are the component's own (:func:`local_certainty`, found once per component). Near the
end of a game the window narrows: a component whose mine numbers the window may cut
(:func:`_may_be_cut`) is checked on the supports, as :mod:`.combine`'s windowed route does.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from sweepkit.analysis.board.board_count import relative_weights
from sweepkit.analysis.board.combine import BoxProbabilities, Ratio
from sweepkit.analysis.board.path_tree import Node, received, rest_support
from sweepkit.analysis.budget import check_size
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.analysis.count.poly import Poly
from sweepkit.analysis.count.split import SplitBoxTable
from sweepkit.constraints import Component

Certainty = tuple[bool | None, ...]
"""Per box: a mine in every layout (True), safe in every layout (False), or neither."""


def local_certainty(count: ComponentCount, sizes: Sequence[int]) -> Certainty | None:
    """Per box, whether it is a mine or safe in every layout of its component alone;
    ``None`` when no box is either (or the component has no layout).

    >>> from sweepkit.analysis.count.component_count import trimmed
    >>> local_certainty(trimmed([0, 2, 1], [[0, 2, 2], [0, 0, 0]], [None, (1, 0), (2, 0)]),
    ...                 (2, 1))
    (None, False)
    """
    by = count.by_mines
    if not by:
        return None
    table = count.box_mines
    found: list[bool | None]
    if isinstance(table, SplitBoxTable):
        # a split component, from its parts (no table built): a forced box holds its mines
        # in every layout, a part's box is certain in the component when it is in the part
        found = [None] * len(sizes)
        for b, k in table.fixed.items():
            found[b] = False if k == 0 else True if k == sizes[b] else None
        for solved, (part, boxes) in zip(table.solved, table.parts, strict=True):
            own = local_certainty(solved, part.sizes)
            if own is not None:
                for local, b in enumerate(boxes):
                    found[b] = own[local]
    else:
        found = []
        for bm, size in zip(table, sizes, strict=True):
            if not any(bm):
                found.append(False)
            elif all(x == size * y for x, y in zip(bm, by, strict=True)):
                found.append(True)
            else:
                found.append(None)
    return tuple(found) if any(v is not None for v in found) else None


def _may_be_cut(width: int, rest: int, k_lo: int, k_hi: int) -> bool:
    """Whether some mine number ``a`` (0 .. ``width``, above the component's fewest) of a
    component may have no completion in the window ``k_lo .. k_hi``: the rest of the frontier
    surely takes 0 and ``rest`` (its widest), so ``a`` is completed when ``a`` or
    ``a + rest`` lies in the window."""
    spans = sorted(((max(0, k_lo), min(width, k_hi)),
                    (max(0, k_lo - rest), min(width, k_hi - rest))))
    reach = -1
    for lo, hi in spans:
        if lo > hi:
            continue
        if lo > reach + 1:
            return True
        reach = max(reach, hi)
    return reach < width


class DeferredBoxes(BoxProbabilities):
    """Every box's probability, computed on demand (module doc).

    ``counts``, ``sizes`` and ``slots`` are per component (``slots[i]``: its leaf in the tree
    of ``nslots`` leaves under ``root``, −1 for a component of one mine number, not in the
    tree); ``local`` the components' own certain boxes (index -> :data:`Certainty`), and
    ``mined`` the components among them with a certain mine.
    ``with_count``: the board's mine count weighs the layouts (``remaining`` mines among
    the unknown cells, ``low`` the frontier's fewest, ``floating`` free cells); without it
    every component is on its own and a floating cell is a mine in half the layouts.
    """

    def __init__(self, counts: Sequence[ComponentCount], sizes: Sequence[Sequence[int]],
                 slots: Sequence[int], local: dict[int, Certainty], mined: Sequence[int],
                 floating: int, with_count: bool, root: Node | None = None,
                 nslots: int = 1, remaining: int = 0, low: int = 0) -> None:
        super().__init__((), (1, 2) if floating and not with_count else None)
        self._counts, self._sizes, self._slots = counts, sizes, slots
        self._local, self._mined = local, mined
        self._floating_cells, self._with_count = floating, with_count
        self._root, self._nslots = root, nslots
        self._remaining, self._low = remaining, low
        self._frontier: Poly = root.poly if root is not None else (1,)
        top = remaining - low
        self._top = top
        self._k_lo = max(0, top - floating)
        self._k_hi = min(len(self._frontier) - 1, top)
        self._numerators: dict[int, list[int]] = {}
        self._memo: dict[int, Poly] = {}
        self._weights: tuple[Poly, int, int] | None = None  # weights, den, relative
        self._all: tuple[tuple[Ratio, ...], ...] | None = None
        self._cut: dict[int, Certainty] | None = None

    # -- ratios -----------------------------------------------------------------------------

    def _relative(self) -> tuple[Poly, int, int]:
        """The pool's relative weights over the frontier's mine numbers, their ``den`` and
        Σ_k F[k]·w[k] (:func:`.board_count.relative_weights`)."""
        if self._weights is None:
            frontier, low = self._frontier, self._low
            check_size(len(frontier), "the floating weights")
            weights, den = relative_weights(self._floating_cells, self._remaining, low,
                                            low + len(frontier) - 1)
            relative = sum(x * w for x, w in zip(frontier, weights, strict=True) if x)
            self._weights = tuple(weights), den, relative
        return self._weights

    def relative_sum(self) -> tuple[int, int]:
        """``(den, Σ_k F[k]·w[k])``: the frontier's polynomial F weighed by the pool's
        relative weights w, and their ``den``. The board's total is that sum times the one
        big binomial ``num`` over ``den`` (:func:`.board_count.floating_weights`), times
        the components of one mine number."""
        _weights, den, relative = self._relative()
        return den, relative

    def _component_numerators(self, i: int) -> list[int]:
        found = self._numerators.get(i)
        if found is None:
            weights, _den, _relative = self._relative()
            completion = received(self._root, self._nslots, self._slots[i],  # type: ignore[arg-type]
                                  weights, self._memo)
            terms = [(a, w) for a, w in enumerate(completion) if w]
            found = [sum(bm[a] * w for a, w in terms) for bm in self._counts[i].box_mines]
            self._numerators[i] = found
        return found

    def ratio(self, i: int, b: int) -> Ratio:
        count, size = self._counts[i], self._sizes[i][b]
        if not self._with_count:
            return sum(count.box_mines[b]), size * count.total
        if self._slots[i] < 0:
            return count.box_mines[b][0], size * count.by_mines[0]
        return self._component_numerators(i)[b], size * self._relative()[2]

    def ratios(self) -> tuple[tuple[Ratio, ...], ...]:
        if self._all is None:
            self._all = tuple(tuple(self.ratio(i, b) for b in range(len(sizes)))
                              for i, sizes in enumerate(self._sizes))
        return self._all

    def value(self, i: int, b: int) -> float:
        num, den = self.ratio(i, b)
        return num / den

    def floating_ratio(self) -> Ratio | None:
        floating = self._floating_cells
        if not floating:
            return None
        if not self._with_count:
            return 1, 2
        if self._floating is None:
            weights, _den, relative = self._relative()
            top = self._top
            mined = sum(x * w * (top - k) for k, (x, w) in enumerate(
                zip(self._frontier, weights, strict=True)) if x and w)
            self._floating = mined, floating * relative
        return self._floating

    def floating_value(self) -> float | None:
        ratio = self.floating_ratio()
        return None if ratio is None else ratio[0] / ratio[1]

    # -- certain boxes ----------------------------------------------------------------------

    def _window_cuts(self) -> dict[int, Certainty]:
        """The certain boxes of the components the window may cut, from the supports:
        a box is certain when it is over the mine numbers that have a completion."""
        if self._cut is None:
            cut: dict[int, Certainty] = {}
            frontier, k_lo, k_hi = self._frontier, self._k_lo, self._k_hi
            if self._with_count and (k_lo > 0 or k_hi < len(frontier) - 1):
                window = ((1 << (k_hi + 1)) - 1) >> k_lo << k_lo if k_hi >= k_lo else 0
                depth = len(frontier) - 1
                for i, slot in enumerate(self._slots):
                    if slot < 0:
                        continue
                    count = self._counts[i]
                    width = len(count.by_mines) - 1
                    if not _may_be_cut(width, depth - width, k_lo, k_hi):
                        continue
                    rest = rest_support(self._root, self._nslots, slot)  # type: ignore[arg-type]
                    reach = [a for a, x in enumerate(count.by_mines)
                             if x and (rest << a) & window]
                    found: list[bool | None] = []
                    for bm, size in zip(count.box_mines, self._sizes[i], strict=True):
                        if not any(bm[a] for a in reach):
                            found.append(False)
                        elif all(bm[a] == size * count.by_mines[a] for a in reach):
                            found.append(True)
                        else:
                            found.append(None)
                    cut[i] = tuple(found)
            self._cut = cut
        return self._cut

    def certain(self, i: int, b: int) -> bool | None:
        cut = self._window_cuts()
        if i in cut:
            return cut[i][b]
        local = self._local.get(i)
        return None if local is None else local[b]

    def certain_boxes(self, certain_mine: bool, components: Sequence[Component]
                      ) -> Iterator[tuple[int, int]]:
        cut = self._window_cuts()
        holding = self._mined if certain_mine else self._local.keys()
        for i in sorted(cut.keys() | holding):
            found = cut.get(i) or self._local[i]
            for b, value in enumerate(found):
                if value is certain_mine:
                    yield i, b

    def floating_certain(self) -> bool | None:
        if not self._floating_cells or not self._with_count:
            return None
        ends = window_ends(self._frontier, self._k_lo, self._k_hi)
        assert ends is not None, "an inconsistent board has no probabilities"
        first, last = ends
        if first == last == self._top:
            return False
        if first == last == self._top - self._floating_cells:
            return True
        return None


def window_ends(frontier: Poly, k_lo: int, k_hi: int) -> tuple[int, int] | None:
    """The first and last frontier mine numbers ``k`` in ``k_lo .. k_hi`` with layouts
    (``frontier[k]`` non-zero), ``None`` when there are none (no layout has the board's mine
    count).

    >>> window_ends((1, 0, 3, 0, 5, 0), 1, 5), window_ends((1, 0, 3), 1, 1)
    ((2, 4), None)
    """
    first = next((k for k in range(k_lo, k_hi + 1) if frontier[k]), None)
    if first is None:
        return None
    last = next(k for k in range(k_hi, first - 1, -1) if frontier[k])
    return first, last


__all__ = ["Certainty", "DeferredBoxes", "local_certainty", "window_ends"]
