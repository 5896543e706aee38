"""An independent brute-force reference: every explanation of a small position.

Written without the package's constraint or analysis code (only the Position's
fields are read), so the exact algorithms can be checked against it. Exponential:
use on positions with at most ~16 unknown cells. Boards of any number of dimensions:
two cells are adjacent when they differ by at most one in every coordinate.
"""

from __future__ import annotations

import itertools
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
    exactly that size count.
    """
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
