"""The school project's staged solver, its arithmetic as the program does it: the board's
geometry in the program's orders (:func:`program_geometry`, :func:`program_corners`), its
binomials in Visual Basic floating point (:func:`program_ncr`, :func:`decimal15`), and the
error a view that contradicts itself raises. The solver is :mod:`sweepkit.strategies.staged`
(its module doc gives the source and every deviation).

>>> program_corners((3, 4))
(8, 3, 11, 0)
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from sweepkit.strategies.base import StrategyError

Estimate = float | Fraction
"""A probability as the program holds it (a float) or exactly (``float_ncr=False``)."""

_OFFSETS = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, -1), (-1, 1), (1, -1))
"""``Cell.GenerateAdjacents``' neighbour order as (row, column) steps: right, down, left,
up, down-right, up-left, up-right, down-left (the program's ``X`` is the column)."""


class Inconsistent(StrategyError):
    """The view contradicts itself (the program reports an invalid board, or crashes)."""


# -- the program's board geometry --------------------------------------------------------

@lru_cache(maxsize=64)
def program_geometry(shape: tuple[int, int]) -> tuple[tuple[int, ...], tuple[int, ...],
                                                       tuple[tuple[int, ...], ...],
                                                       tuple[int, ...]]:
    """``(scan order, rank of each cell in it, neighbours of each cell in the program's
    order, neighbours of each cell as a bit set)`` for a rows×cols grid.

    The program keeps the board as ``Cells(x, y)`` with ``x`` the column, and ``For Each``
    over that array runs down the first column, then the second, ...: the **scan order**
    in which it visits numbers, forms equations, breaks ties and picks its "random" cell.

    >>> order, rank, nbrs, masks = program_geometry((2, 3))
    >>> order, nbrs[0]
    ((0, 3, 1, 4, 2, 5), (1, 3, 4))
    """
    rows, cols = shape
    order = tuple(r * cols + c for c in range(cols) for r in range(rows))
    rank = [0] * (rows * cols)
    for k, i in enumerate(order):
        rank[i] = k
    nbrs = []
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        nbrs.append(tuple((r + dr) * cols + c + dc for dr, dc in _OFFSETS
                          if 0 <= r + dr < rows and 0 <= c + dc < cols))
    masks = tuple(sum(1 << j for j in around) for around in nbrs)
    return order, tuple(rank), tuple(nbrs), masks


def program_corners(shape: tuple[int, int]) -> tuple[int, ...]:
    """``FindCorner``'s corners in its order: bottom-left, top-right, bottom-right; then the
    top-left one, which the program never checks (its first click opened it).

    >>> program_corners((16, 30))
    (450, 29, 479, 0)
    """
    rows, cols = shape
    return tuple(dict.fromkeys(((rows - 1) * cols, cols - 1, rows * cols - 1, 0)))


# -- the program's floating point ---------------------------------------------------------

def _vb_string(value: float) -> str:
    """``CStr`` of a Double in .NET Framework: 15 significant digits (``"G"`` format)."""
    return f"{value:.15G}"


_PASCAL_ROWS: dict[int, list[float]] = {}


def program_ncr(n: int, r: int) -> float:
    """``SolutionCombo.Pascal`` with ``FindPermutations``' symmetry step: C(n, r) the way
    the program computes it, in floating point.

    ``ans`` is a String: each step multiplies it by the Double ``(n - x) / (x + 1)``,
    rounds half to even (``Math.Round``) and stores the result back as text, 15
    significant digits. A negative ``r`` (more mines left than cells) runs no step and
    gives 1, where C(n, r) is 0. (The steps for one ``n`` are kept: C(n, r) for a larger
    ``r`` goes on from the last one.)

    >>> from math import comb
    >>> program_ncr(12, 2), program_ncr(3, 5), program_ncr(480, 99) == comb(480, 99)
    (66.0, 1.0, False)
    """
    if r > n / 2:
        r = n - r
    if r <= 0:
        return 1.0
    row = _PASCAL_ROWS.get(n)
    if row is None:
        row = _PASCAL_ROWS[n] = [1.0]
    while len(row) <= r:
        x = len(row) - 1
        row.append(float(_vb_string(float(round(row[-1] * ((n - x) / (x + 1)))))))
    return row[r]


def decimal15(value: float) -> float:
    """A Double stored in a .NET ``Decimal`` (``CDec``): rounded to 15 significant digits.
    Two such values compare as the program's ``ChanceSafe`` fields do."""
    if not math.isfinite(value):
        return value
    return float(f"{value:.15g}")



__all__ = ["Estimate", "Inconsistent", "decimal15", "program_corners", "program_geometry",
           "program_ncr"]
