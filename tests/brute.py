"""An independent brute-force reference: every explanation of a small position.

Written without the package's constraint or analysis code (only the Position's
fields are read), so the exact algorithms can be checked against it. Exponential (a
search over the unknown cells that drops a branch once a number can no longer be met;
the plain every-subset definition checks it): use on positions with at most ~16
unknown cells. Boards of any number of dimensions:
two cells are adjacent when they differ by at most one in every coordinate.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterator
from fractions import Fraction

from sweepkit.position import MINE, UNKNOWN, Position


def coordinates(shape: tuple[int, ...], i: int) -> tuple[int, ...]:
    """Cell ``i``'s coordinates, outermost first (row-major: the last varies fastest)."""
    coord = []
    for n in reversed(shape):
        i, x = divmod(i, n)
        coord.append(x)
    return tuple(reversed(coord))


def adjacency(position: Position) -> tuple[frozenset[int], ...]:
    """Every cell's neighbours, by comparing the coordinates of every pair of cells
    (once per shape: the tests ask for the same few shapes thousands of times)."""
    return _adjacency(position.shape)


@functools.cache
def _adjacency(shape: tuple[int, ...]) -> tuple[frozenset[int], ...]:
    size = math.prod(shape)
    coords = [coordinates(shape, i) for i in range(size)]
    return tuple(frozenset(j for j, b in enumerate(coords)
                           if j != i and all(abs(x - y) <= 1 for x, y in zip(a, b, strict=True)))
                 for i, a in enumerate(coords))


def explanations(position: Position, use_mine_count: bool = True) -> list[frozenset[int]]:
    """All mine sets (known mines included) consistent with the numbers.

    With ``use_mine_count`` and a ``mines`` total on the position, only sets of
    exactly that size count. They come in the order of :func:`explanations_by_product`.
    """
    return list(search(position, use_mine_count))


def consistent(position: Position, use_mine_count: bool = True) -> bool:
    """Whether the position has an explanation (the search stops at the first)."""
    return next(search(position, use_mine_count), None) is not None


def search(position: Position, use_mine_count: bool = True) -> Iterator[frozenset[int]]:
    """The explanations one by one: an exhaustive search over the unknown cells in index
    order, mine-free first, that drops a branch as soon as a number (or the total) can
    no longer be met.

    Depth first with an explicit stack of the values chosen (rather than one generator per
    unknown cell, which handed every explanation up through all of them: five times the
    time on positions with many explanations)."""
    unknown = [i for i, v in enumerate(position.cells) if v == UNKNOWN]
    known = frozenset(i for i, v in enumerate(position.cells) if v == MINE)
    numbers = [(i, v) for i, v in enumerate(position.cells) if v >= 0]
    near = adjacency(position)
    total = position.mines if use_mine_count and position.mines is not None else None
    # for each number: mines still to place, and unknown neighbours still open
    left = [v - len(near[i] & known) for i, v in numbers]
    open_ = [len(near[i].intersection(unknown)) for i, _ in numbers]
    if any(not 0 <= need <= free for need, free in zip(left, open_, strict=True)):
        return
    touching = [[j for j, (i, _) in enumerate(numbers) if c in near[i]] for c in unknown]
    chosen: list[int] = []
    decided: list[int] = []  # the value (0 or 1) taken by each unknown cell so far
    mine = 0  # the next value to try for unknown cell len(decided)
    n = len(unknown)

    while True:
        k = len(decided)
        if k == n:
            placed = len(known) + len(chosen)
            if not any(left) and (total is None or placed == total):
                yield known | frozenset(chosen)
            mine = 2  # nothing more to try here
        if mine <= 1:
            placed = len(known) + len(chosen) + mine
            if total is None or placed <= total <= placed + n - k - 1:
                numbers_here = touching[k]
                for j in numbers_here:
                    open_[j] -= 1
                    left[j] -= mine
                if not numbers_here or all(0 <= left[j] <= open_[j] for j in numbers_here):
                    if mine:
                        chosen.append(unknown[k])
                    decided.append(mine)
                    mine = 0
                    continue
                for j in numbers_here:
                    open_[j] += 1
                    left[j] += mine
            mine += 1
            continue
        if not decided:  # both values tried at the first cell: done
            return
        last = decided.pop()  # back to the previous cell, and its next value
        for j in touching[k - 1]:
            open_[j] += 1
            left[j] += last
        if last:
            chosen.pop()
        mine = last + 1


def explanations_by_product(position: Position,
                            use_mine_count: bool = True) -> list[frozenset[int]]:
    """:func:`explanations` by trying every subset of the unknown cells (the plain
    definition, kept to check the search on tiny positions)."""
    unknown = [i for i, v in enumerate(position.cells) if v == UNKNOWN]
    known = frozenset(i for i, v in enumerate(position.cells) if v == MINE)
    numbers = [(i, v) for i, v in enumerate(position.cells) if v >= 0]
    near = adjacency(position)
    result = []
    for bits in itertools.product((0, 1), repeat=len(unknown)):
        mines = known | {c for c, b in zip(unknown, bits, strict=False) if b}
        if use_mine_count and position.mines is not None and len(mines) != position.mines:
            continue
        if all(len(near[i] & mines) == v for i, v in numbers):
            result.append(frozenset(mines))
    return result


def probabilities(position: Position, use_mine_count: bool = True) -> dict[int, Fraction] | None:
    """Exact mine probability of every unknown cell, or None when there is no explanation."""
    sols = explanations(position, use_mine_count)
    if not sols:
        return None
    unknown = [i for i, v in enumerate(position.cells) if v == UNKNOWN]
    return {c: Fraction(sum(1 for s in sols if c in s), len(sols)) for c in unknown}


def random_view(rows: int, cols: int, seed: int, with_count: bool) -> Position:
    """A test input: a random layout of ``rows`` x ``cols`` (at least one mine, at most
    half the cells) with about 40% of its safe cells shown as numbers, the rest unknown;
    consistent by construction. With ``with_count`` it carries the mine total."""
    import random

    rng = random.Random(seed)
    size = rows * cols
    mines = set(rng.sample(range(size), rng.randint(1, size // 2)))
    layout = Position.unknown(rows, cols).layout(sorted(mines))
    shown = {i: layout.cells[i] for i in range(size) if i not in mines and rng.random() < 0.4}
    return Position.unknown(rows, cols, len(mines) if with_count else None).replace(shown)
