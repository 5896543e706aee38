"""Board geometry: where a cell is and which cells see which, from the board's shape and topology.

Every module that needs adjacency asks here; nothing else counts neighbours. The same
holds for the flat index of a cell: :func:`flat_index` is the one off-board check.
A ``grid`` of any number of dimensions uses Chebyshev adjacency (8 neighbours
in 2-D, 3**n - 1 in n-D); a ``line`` is a 1-row grid read as a strip, whose
neighbourhood is the same left/right pair.

Whole 2-D boards are also handled at once, with no per-cell loop: as bit sets
(:func:`neighbour_planes`: bit i is cell i) or as one byte per cell in a big integer
(:func:`neighbour_bytes`, :func:`neighbour_codes`, :func:`neighbour_counts`), shifted by each
direction's offset and masked at the borders; :func:`code_cells` turns a cell's 8-bit code
of neighbours back into cells.

>>> neighbours((2, 2), "grid")[0]
(1, 2, 3)
>>> neighbours((1, 4), "line")[1]
(0, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import overload

TOPOLOGIES = ("grid", "line")


class OffBoardError(IndexError, ValueError):
    """A cell outside the board: both an IndexError and a ValueError, so either catches it."""


def flat_index(shape: tuple[int, ...], *coord: int) -> int:
    """Flat (row-major) index of cell ``coord`` on a board of ``shape``, or OffBoardError.

    The one off-board check of the package; the message names the cell and the board. On
    a 2-D board ``coord`` is ``(row, col)``; on an n-D board it has one entry per
    dimension, outermost first (as the shape).

    >>> flat_index((2, 3), 1, 2)
    5
    >>> flat_index((2, 3, 4), 1, 0, 3)
    15
    >>> flat_index((2, 3), 2, 0)
    Traceback (most recent call last):
    ...
    sweepkit.topology.OffBoardError: cell (2, 0) is off the 2x3 board
    """
    if len(coord) == len(shape) == 2:  # the usual board, the fast way
        (rows, cols), (row, col) = shape, coord
        if 0 <= row < rows and 0 <= col < cols:
            return row * cols + col
    if len(coord) != len(shape):
        raise OffBoardError(f"cell {cell_text(coord)} has {len(coord)} coordinates but the "
                            f"{shape_text(shape)} board has {len(shape)} dimensions")
    index = 0
    for x, n in zip(coord, shape, strict=True):
        if not 0 <= x < n:
            raise OffBoardError(f"cell {cell_text(coord)} is off the {shape_text(shape)} board")
        index = index * n + x
    return index


def cell_coord(shape: tuple[int, ...], index: int) -> tuple[int, ...]:
    """The coordinates of flat cell ``index``, one per dimension, outermost first (the
    inverse of :func:`flat_index`; ``(row, col)`` on a 2-D board).

    >>> cell_coord((2, 3), 5), cell_coord((2, 3, 4), 15)
    ((1, 2), (1, 0, 3))
    """
    if len(shape) == 2:
        return divmod(index, shape[1])
    coord = []
    for n in reversed(shape):
        index, x = divmod(index, n)
        coord.append(x)
    return tuple(reversed(coord))


def cell_text(coord: tuple[int, ...]) -> str:
    """A cell's coordinates as people read them: ``(1, 2)``, ``(0, 1, 2)``.

    >>> cell_text((0, 1, 2))
    '(0, 1, 2)'
    """
    return "(" + ", ".join(map(str, coord)) + ")"


def shape_text(shape: tuple[int, ...]) -> str:
    """A board's shape as the ``.board`` header writes it: ``2x3``, ``4x4x4``.

    >>> shape_text((3, 4, 5))
    '3x4x5'
    """
    return "x".join(map(str, shape))


def neighbour_count(shape: tuple[int, ...], index: int) -> int:
    """How many neighbours cell ``index`` has on a grid of ``shape`` (no table is built):
    the product over the dimensions of the cell's 1 to 3 neighbouring positions, less the
    cell itself.

    >>> neighbour_count((3, 3, 3), 13), neighbour_count((3, 3, 3), 0), neighbour_count((1, 4), 0)
    (26, 7, 1)
    """
    count = 1
    for x, n in zip(cell_coord(shape, index), shape, strict=True):
        count *= min(x + 1, n - 1) - max(x - 1, 0) + 1
    return count - 1


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

    On a 2-D board an inner cell's eight neighbours are written out directly (the common
    case, and the one big boards hit per cell); border cells go through the ranges. Other
    boards read the cached table of :func:`neighbours` up to :data:`TABLE_CELLS` cells and
    compute the neighbourhood from the cell's coordinates beyond.

    >>> cell_neighbours((3, 3), "grid", 4)
    (0, 1, 2, 3, 5, 6, 7, 8)
    >>> cell_neighbours((3, 3), "grid", 0)
    (1, 3, 4)
    >>> cell_neighbours((2, 2, 2), "grid", 0)
    (1, 2, 3, 4, 5, 6, 7)
    """
    if len(shape) == 2:
        rows, cols = shape
        r, c = divmod(index, cols)
        if 0 < r < rows - 1 and 0 < c < cols - 1:
            up, down = index - cols, index + cols
            return (up - 1, up, up + 1, index - 1, index + 1, down - 1, down, down + 1)
        c0, c1 = max(c - 1, 0), min(c + 2, cols)
        result = []
        for rr in range(max(r - 1, 0), min(r + 2, rows)):
            base = rr * cols
            result.extend(range(base + c0, base + c1))
        result.remove(index)
        return tuple(result)
    size = 1
    for n in shape:
        size *= n
    if size <= TABLE_CELLS:
        return neighbours(shape, topology)[index]
    coord = cell_coord(shape, index)
    if all(0 < x < n - 1 for x, n in zip(coord, shape, strict=True)):
        return tuple(map(index.__add__, _inner_offsets(shape)))   # an inner cell: most are
    closed = [0]  # the cell's closed neighbourhood, dimension by dimension, outermost first
    stride = size
    for x, n in zip(coord, shape, strict=True):
        stride //= n
        near = range(max(x - 1, 0) * stride, min(x + 2, n) * stride, stride)
        closed = [c + y for c in closed for y in near]
    closed.remove(index)
    return tuple(closed)


@lru_cache(maxsize=16)
def _inner_offsets(shape: tuple[int, ...]) -> tuple[int, ...]:
    """What to add to the flat index of a cell away from every side to get its neighbours,
    ascending (the 3^d - 1 of them)."""
    offsets = [0]
    stride = 1
    for n in reversed(shape):
        offsets = [o + y * stride for y in (-1, 0, 1) for o in offsets]
        stride *= n
    return tuple(sorted(o for o in offsets if o))


TABLE_CELLS = 20_000
"""Boards of other than 2 dimensions up to this many cells take a cell's neighbours from the
cached table of the whole board (:func:`neighbours`); bigger ones compute them per call,
without a table: a 60x60 board embedded in 4-D has 32,400 cells of up to 80 neighbours, a
table of 100 MB that its analysis, which reads the neighbours of its numbers only, does
not need (the constraint builder's own limit, ``TABLE_LIMIT``, is the same)."""


@lru_cache(maxsize=64)
def neighbours(shape: tuple[int, ...], topology: str = "grid") -> tuple[tuple[int, ...], ...]:
    """For each flat (row-major) cell index, the sorted flat indices of its neighbours."""
    check_shape(shape, topology)
    if len(shape) == 2:
        size = shape[0] * shape[1]
        return tuple(cell_neighbours(shape, topology, i) for i in range(size))
    return tuple(tuple(c for c in closed if c != i)
                 for i, closed in enumerate(_closed_neighbourhoods(shape)))


def _closed_neighbourhoods(shape: tuple[int, ...]) -> list[list[int]]:
    """For each cell of an n-D grid, the sorted flat indices of the cells within one step in
    every dimension, itself included: dimension by dimension, from the innermost out, each
    layer's neighbourhood is the product of the 1 to 3 neighbouring layers and the inner
    neighbourhood (lists made by comprehensions: a 3x3x60x60 board's table in a fraction
    of a second)."""
    inner = [[0]]  # the one cell of a 0-D grid
    stride = 1
    for n in reversed(shape):
        near = [range(max(x - 1, 0), min(x + 2, n)) for x in range(n)]
        inner = [[y * stride + c for y in near[x] for c in closed]
                 for x in range(n) for closed in inner]
        stride *= n
    return inner


class _Neighbourhoods(Sequence[tuple[int, ...]]):
    """Every cell's neighbours of a big n-D board, each computed when asked
    (:func:`cell_neighbours`), with no table held."""

    def __init__(self, shape: tuple[int, ...], topology: str, size: int) -> None:
        self.shape, self.topology, self.size = shape, topology, size

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> tuple[int, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[int, ...]]: ...

    def __getitem__(self, index: int | slice) -> tuple[int, ...] | Sequence[tuple[int, ...]]:
        if isinstance(index, slice):
            return [self[i] for i in range(self.size)[index]]
        if not 0 <= index < self.size:
            raise IndexError(index)
        return cell_neighbours(self.shape, self.topology, index)


def neighbour_lookup(shape: tuple[int, ...], topology: str = "grid"
                     ) -> Sequence[tuple[int, ...]]:
    """Every cell's neighbours, indexed by cell: the cached table of :func:`neighbours`, or
    on an n-D board of more than :data:`TABLE_CELLS` cells a view computing each cell's
    when asked (a game on a 4-D board of 80,000 cells needs no table of 6 million entries).

    >>> neighbour_lookup((3, 3))[4], neighbour_lookup((2, 100, 101))[0]
    ((0, 1, 2, 3, 5, 6, 7, 8), (1, 101, 102, 10100, 10101, 10201, 10202))
    """
    size = 1
    for n in shape:
        size *= n
    if len(shape) == 2 or size <= TABLE_CELLS:
        return neighbours(shape, topology)
    check_shape(shape, topology)
    return _Neighbourhoods(shape, topology, size)


@lru_cache(maxsize=64)
def neighbour_masks(shape: tuple[int, ...], topology: str = "grid") -> tuple[int, ...]:
    """For each cell, its neighbours as a bit set (bit i set = cell i is a neighbour)."""
    return tuple(sum(1 << j for j in adj) for adj in neighbours(shape, topology))


DIRECTIONS_2D = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
"""The eight neighbour directions of a 2-D board, ``(row step, column step)``, in row-major
order of the neighbour: a cell's neighbours listed in this order are sorted."""


def _direction_rows(shape: tuple[int, ...], dr: int, dc: int, on: str) -> str:
    """Row-major text of a 2-D board, ``on`` at each cell having a neighbour in direction
    ``(dr, dc)`` and ``"0" * len(on)`` elsewhere (built by rows: no per-cell loop)."""
    rows, cols = shape
    r0, r1 = max(0, -dr), min(rows, rows - dr)
    c0, c1 = max(0, -dc), min(cols, cols - dc)
    off = "0" * len(on)
    if r0 >= r1 or c0 >= c1:
        return off * (rows * cols)
    row = off * c0 + on * (c1 - c0) + off * (cols - c1)
    return off * (r0 * cols) + row * (r1 - r0) + off * ((rows - r1) * cols)


@lru_cache(maxsize=16)
def _plane_shifts(shape: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """For a 2-D board: per neighbour direction, (flat offset, mask of the cells having a
    neighbour in that direction)."""
    cols = shape[1]
    # bit i is cell i: the text is read last cell first
    return tuple((dr * cols + dc, int(_direction_rows(shape, dr, dc, "1")[::-1] or "0", 2))
                 for dr, dc in DIRECTIONS_2D)


@lru_cache(maxsize=16)
def _byte_shifts(shape: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """For a 2-D board: per direction of :data:`DIRECTIONS_2D`, (flat offset, byte mask:
    byte i is ``0xff`` when cell i has a neighbour in that direction, else 0)."""
    cols = shape[1]
    return tuple((dr * cols + dc,
                  int.from_bytes(bytes.fromhex(_direction_rows(shape, dr, dc, "ff")), "little"))
                 for dr, dc in DIRECTIONS_2D)


def neighbour_bytes(values: int, shape: tuple[int, ...]) -> list[int]:
    """Byte planes: ``values`` holds one byte per cell (byte i, little-endian, is cell i's);
    for each direction of :data:`DIRECTIONS_2D`, the same kind of number whose byte i is the
    byte of cell i's neighbour in that direction (0 where there is none). 2-D boards only.

    Whole-board work in a few big-integer shifts (no per-cell Python loop): how the
    constraints of a 500x500 board are found in milliseconds.

    >>> planes = neighbour_bytes(0x01_00_00_00, (2, 2))  # cell 3 (bottom right) set
    >>> [list(b.to_bytes(4, "little")) for b in planes[4:]]  # right, down-left, down, down-right
    [[0, 0, 1, 0], [0, 0, 0, 0], [0, 1, 0, 0], [1, 0, 0, 0]]
    """
    if len(shape) != 2:
        raise ValueError("neighbour_bytes needs a 2-D board")
    return [((values >> 8 * off) if off >= 0 else (values << -8 * off)) & valid if valid else 0
            for off, valid in _byte_shifts(shape)]


def neighbour_codes(indicator: int, shape: tuple[int, ...]) -> int:
    """For a 0/1 byte per cell (``indicator``, as :func:`neighbour_bytes` reads it), a byte
    per cell whose bit k says whether the neighbour in direction k of :data:`DIRECTIONS_2D`
    has a 1 (see :func:`code_offsets` for the cells a code stands for).

    >>> list(neighbour_codes(0x01_00_00_00, (2, 2)).to_bytes(4, "little"))  # cell 3 set
    [128, 64, 16, 0]
    """
    code = 0
    for k, plane in enumerate(neighbour_bytes(indicator, shape)):
        if plane:
            code |= plane << k
    return code


def neighbour_counts(indicator: int, shape: tuple[int, ...]) -> int:
    """For a 0/1 byte per cell, a byte per cell counting its neighbours that have a 1.

    >>> list(neighbour_counts(0x01_01_00_00, (2, 2)).to_bytes(4, "little"))
    [2, 2, 1, 1]
    """
    return sum(neighbour_bytes(indicator, shape))


def _adder(offsets: tuple[int, ...]) -> Callable[[int], tuple[int, ...]]:
    """``cell -> tuple(cell + o for o in offsets)``, written out for each length (one
    tuple display, no loop: the bulk constraint builder calls it once per frontier cell
    and per number)."""
    match offsets:
        case ():
            return lambda i: ()
        case (a,):
            return lambda i: (i + a,)
        case (a, b):
            return lambda i: (i + a, i + b)
        case (a, b, c):
            return lambda i: (i + a, i + b, i + c)
        case (a, b, c, d):
            return lambda i: (i + a, i + b, i + c, i + d)
        case (a, b, c, d, e):
            return lambda i: (i + a, i + b, i + c, i + d, i + e)
        case (a, b, c, d, e, f):
            return lambda i: (i + a, i + b, i + c, i + d, i + e, i + f)
        case (a, b, c, d, e, f, g):
            return lambda i: (i + a, i + b, i + c, i + d, i + e, i + f, i + g)
        case _:
            return lambda i: tuple([i + o for o in offsets])


@lru_cache(maxsize=16)
def code_cells(shape: tuple[int, ...]) -> tuple[Callable[[int], tuple[int, ...]], ...]:
    """For each code of :func:`neighbour_codes` (0..255), a function from a cell to the
    neighbours its bits name, sorted (:func:`code_offsets` added to the cell).

    >>> code_cells((3, 3))[0b10000001](4)
    (0, 8)
    """
    return tuple(map(_adder, code_offsets(shape)))


@lru_cache(maxsize=16)
def code_offsets(shape: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each code of :func:`neighbour_codes` (0..255), the flat offsets from a cell to
    the neighbours its bits name, ascending (so ``cell + offset`` lists them sorted).

    >>> code_offsets((3, 3))[0b10000001]
    (-4, 4)
    """
    cols = shape[1]
    offsets = [dr * cols + dc for dr, dc in DIRECTIONS_2D]
    return tuple(tuple(off for k, off in enumerate(offsets) if code >> k & 1)
                 for code in range(256))


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


def flood_fill(start: int, counts: Sequence[int], table: Sequence[Sequence[int]],
               covered: Callable[[int], bool]) -> list[int]:
    """The cells that opening ``start`` opens, ``start`` first, in opening order: every
    opened cell that shows 0 (``counts``: mines around each cell) opens its neighbours
    (``table``) for which ``covered`` holds. The one flood fill of the package: the game
    and the no-guess generator both open cells through it.

    >>> flood_fill(0, [0, 0, 1, 1], [(1,), (0, 2), (1, 3), (2,)], lambda j: True)
    [0, 1, 2]
    """
    opened = [start]
    seen = {start}
    stack = [start] if counts[start] == 0 else []
    while stack:
        for j in table[stack.pop()]:
            if j not in seen and covered(j):
                seen.add(j)
                opened.append(j)
                if counts[j] == 0:
                    stack.append(j)
    return opened
