"""An independent brute-force reference: every explanation of a small position.

Written without the package's constraint or analysis code (only the Position's
fields are read), so the exact algorithms can be checked against it. Exponential:
use on positions with at most ~16 unknown cells.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from sweepkit.position import MINE, UNKNOWN, Position


def _adjacent(position: Position, i: int, j: int) -> bool:
    if i == j:
        return False
    (ri, ci), (rj, cj) = divmod(i, position.cols), divmod(j, position.cols)
    return abs(ri - rj) <= 1 and abs(ci - cj) <= 1


def explanations(position: Position, use_mine_count: bool = True) -> list[frozenset[int]]:
    """All mine sets (known mines included) consistent with the numbers.

    With ``use_mine_count`` and a ``mines`` total on the position, only sets of
    exactly that size count.
    """
    unknown = [i for i, v in enumerate(position.cells) if v == UNKNOWN]
    known = frozenset(i for i, v in enumerate(position.cells) if v == MINE)
    numbers = [(i, v) for i, v in enumerate(position.cells) if v >= 0]
    result = []
    for bits in itertools.product((0, 1), repeat=len(unknown)):
        mines = known | {c for c, b in zip(unknown, bits, strict=False) if b}
        if use_mine_count and position.mines is not None and len(mines) != position.mines:
            continue
        if all(sum(1 for m in mines if _adjacent(position, i, m)) == v for i, v in numbers):
            result.append(frozenset(mines))
    return result


def probabilities(position: Position, use_mine_count: bool = True) -> dict[int, Fraction] | None:
    """Exact mine probability of every unknown cell, or None when there is no explanation."""
    sols = explanations(position, use_mine_count)
    if not sols:
        return None
    unknown = [i for i, v in enumerate(position.cells) if v == UNKNOWN]
    return {c: Fraction(sum(1 for s in sols if c in s), len(sols)) for c in unknown}
