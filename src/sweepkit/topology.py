"""Board geometry: where a cell is and which cells see which, from the board's shape and topology.

Every module that needs adjacency asks here; nothing else counts neighbours. The same
holds for the flat index of a cell: :func:`flat_index` is the one off-board check.
A ``grid`` of any number of dimensions uses Chebyshev adjacency (8 neighbours
in 2-D, 3**n - 1 in n-D); a ``line`` is a 1-row grid read as a strip, whose
neighbourhood is the same left/right pair.

>>> neighbours((2, 2), "grid")[0]
(1, 2, 3)
>>> neighbours((1, 4), "line")[1]
(0, 2)
"""

from __future__ import annotations

import itertools
from functools import lru_cache

TOPOLOGIES = ("grid", "line")


class OffBoardError(IndexError, ValueError):
    """A cell outside the board: both an IndexError and a ValueError, so either catches it."""


def flat_index(shape: tuple[int, int], row: int, col: int) -> int:
    """Flat (row-major) index of ``(row, col)`` on a ``(rows, cols)`` board, or OffBoardError.

    The one off-board check of the package; the message names the cell and the board.

    >>> flat_index((2, 3), 1, 2)
    5
    >>> flat_index((2, 3), 2, 0)
    Traceback (most recent call last):
    ...
    sweepkit.topology.OffBoardError: cell (2, 0) is off the 2x3 board
    """
    rows, cols = shape
    if not (0 <= row < rows and 0 <= col < cols):
        raise OffBoardError(f"cell ({row}, {col}) is off the {rows}x{cols} board")
    return row * cols + col


def check_shape(shape: tuple[int, ...], topology: str) -> None:
    """Raise ValueError when ``shape`` cannot carry ``topology``."""
    if topology not in TOPOLOGIES:
        raise ValueError(f"unknown topology {topology!r} (expected one of {', '.join(TOPOLOGIES)})")
    if not shape or any(n < 1 for n in shape):
        raise ValueError(f"every side of a board must be at least 1, got shape {shape}")
    if topology == "line" and (len(shape) != 2 or shape[0] != 1):
        raise ValueError(f"topology: line needs exactly one row, got shape {shape}")


def cell_neighbours(shape: tuple[int, ...], topology: str, index: int) -> tuple[int, ...]:
    """The sorted flat indices of the neighbours of one cell (no table is built).

    >>> cell_neighbours((3, 3), "grid", 4)
    (0, 1, 2, 3, 5, 6, 7, 8)
    """
    if len(shape) == 2:
        rows, cols = shape
        r, c = divmod(index, cols)
        return tuple(
            rr * cols + cc
            for rr in range(max(r - 1, 0), min(r + 2, rows))
            for cc in range(max(c - 1, 0), min(c + 2, cols))
            if rr != r or cc != c
        )
    return neighbours(shape, topology)[index]


@lru_cache(maxsize=64)
def neighbours(shape: tuple[int, ...], topology: str = "grid") -> tuple[tuple[int, ...], ...]:
    """For each flat (row-major) cell index, the sorted flat indices of its neighbours."""
    check_shape(shape, topology)
    if len(shape) == 2:
        size = shape[0] * shape[1]
        return tuple(cell_neighbours(shape, topology, i) for i in range(size))
    strides = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    offsets = [o for o in itertools.product((-1, 0, 1), repeat=len(shape)) if any(o)]
    result = []
    for coord in itertools.product(*(range(n) for n in shape)):
        adj = []
        for off in offsets:
            idx = 0
            for d, (x, dx) in enumerate(zip(coord, off, strict=False)):
                y = x + dx
                if y < 0 or y >= shape[d]:
                    break
                idx += y * strides[d]
            else:
                adj.append(idx)
        result.append(tuple(sorted(adj)))
    return tuple(result)


@lru_cache(maxsize=64)
def neighbour_masks(shape: tuple[int, ...], topology: str = "grid") -> tuple[int, ...]:
    """For each cell, its neighbours as a bit set (bit i set = cell i is a neighbour)."""
    return tuple(sum(1 << j for j in adj) for adj in neighbours(shape, topology))


@lru_cache(maxsize=64)
def _plane_shifts(shape: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """For a 2-D board: per neighbour direction, (flat offset, mask of the cells having a
    neighbour in that direction)."""
    rows, cols = shape
    result = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr or dc:
                allowed = 0
                for r in range(max(0, -dr), min(rows, rows - dr)):
                    for c in range(max(0, -dc), min(cols, cols - dc)):
                        allowed |= 1 << (r * cols + c)
                result.append((dr * cols + dc, allowed))
    return tuple(result)


def neighbour_planes(mask: int, shape: tuple[int, ...], topology: str = "grid") -> list[int]:
    """For each neighbour direction, the bit set of the cells whose neighbour in that
    direction is in ``mask`` (2-D boards; a cell's count of neighbours in ``mask`` is the
    number of planes holding it). Bulk bit operations, no per-cell work.

    >>> planes = neighbour_planes(0b000010000, (3, 3))
    >>> bin(sum(planes)), len(planes)
    ('0b111101111', 8)
    """
    check_shape(shape, topology)
    if len(shape) != 2:
        raise ValueError("neighbour_planes needs a 2-D board")
    return [(mask >> off if off >= 0 else mask << -off) & allowed
            for off, allowed in _plane_shifts(shape)]
