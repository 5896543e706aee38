"""An independent brute-force reference: every explanation of a small position.

Written without the package's constraint or analysis code (only the Position's
fields are read), so the exact algorithms can be checked against it. Exponential (a
search over the unknown cells that drops a branch once a number can no longer be met;
the plain every-subset definition checks it): use on positions with at most ~16
unknown cells. Boards of any number of dimensions:
two cells are adjacent when they differ by at most one in every coordinate.
"""

from __future__ import annotations

import itertools
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


def adjacency(position: Position) -> list[set[int]]:
    """Every cell's neighbours, by comparing the coordinates of every pair of cells."""
    coords = [coordinates(position.shape, i) for i in range(position.size)]
    return [{j for j, b in enumerate(coords)
             if j != i and all(abs(x - y) <= 1 for x, y in zip(a, b, strict=True))}
            for i, a in enumerate(coords)]


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
    no longer be met."""
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

    def extend(k: int) -> Iterator[frozenset[int]]:
        if k == len(unknown):
            if all(need == 0 for need in left) and (
                    total is None or len(known) + len(chosen) == total):
                yield known | frozenset(chosen)
            return
        for mine in (0, 1):
            if total is not None and not (
                    len(known) + len(chosen) + mine <= total
                    <= len(known) + len(chosen) + mine + len(unknown) - k - 1):
                continue
            for j in touching[k]:
                open_[j] -= 1
                left[j] -= mine
            if all(0 <= left[j] <= open_[j] for j in touching[k]):
                if mine:
                    chosen.append(unknown[k])
                yield from extend(k + 1)
                if mine:
                    chosen.pop()
            for j in touching[k]:
                open_[j] += 1
                left[j] += mine

    yield from extend(0)


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
