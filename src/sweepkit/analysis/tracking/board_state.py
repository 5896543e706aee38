"""What the system tracker keeps of the board itself: the view packed one byte per cell, the
cells that differ between two views, and the floating cells by row.

On a 1000×1000 board every pass over the cells costs milliseconds, so a move makes one: the
view is packed (``struct``, one signed byte per cell) and compared with the last one a chunk
at a time (equal chunks of bytes compare as memory); only the chunks that differ are
looked at cell by cell.

>>> old, new = pack((-1, -1, 2, -1)), pack((-1, 3, 2, -2))
>>> changed_cells(old, new, 10)
[1, 3]
>>> changed_cells(old, new, 1) is None  # more than the limit
True
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from functools import lru_cache
from struct import Struct

from sweepkit.position import MINE, UNKNOWN

UNKNOWN_BYTE, MINE_BYTE = UNKNOWN & 0xFF, MINE & 0xFF
"""An unknown cell and a mine as packed (a byte read from ``bytes`` is unsigned)."""

CHUNK = 4096
"""Cells compared at once as bytes: a chunk that holds no change costs a memory compare."""

_NON_ZERO = re.compile(rb"[^\x00]+")
_IS_SET = bytes(int(b != 0) for b in range(256))
_NOT_UNKNOWN = bytes(int(b != UNKNOWN_BYTE) for b in range(256))


@lru_cache(maxsize=8)
def _packer(size: int) -> Struct:
    return Struct(f"{size}b")


def pack(cells: tuple[int, ...]) -> bytes:
    """The cells as one signed byte each."""
    return _packer(len(cells)).pack(*cells)


def changed_cells(old: bytes, new: bytes, limit: int) -> list[int] | None:
    """The cells that differ between two packed boards of the same size, ascending; ``None``
    as soon as there are more than ``limit``."""
    found: list[int] = []
    for start in range(0, len(new), CHUNK):
        a, b = old[start:start + CHUNK], new[start:start + CHUNK]
        if a == b:
            continue
        diff = (int.from_bytes(a, "little") ^ int.from_bytes(b, "little")).to_bytes(
            len(b), "little")
        for run in _NON_ZERO.finditer(diff):
            found.extend(range(start + run.start(), start + run.end()))
        if len(found) > limit:
            return None
    return found


def only_covered_changed(old: bytes, new: bytes) -> bool:
    """Whether every cell that differs between two packed boards of the same size was
    covered in ``old`` (in bulk: for boards that changed too much to list the changes).

    >>> only_covered_changed(pack((-1, 2, -1)), pack((3, 2, -2))), only_covered_changed(
    ...     pack((-1, 2)), pack((-1, 1)))
    (True, False)
    """
    differ = (int.from_bytes(old, "little") ^ int.from_bytes(new, "little")).to_bytes(
        len(new), "little").translate(_IS_SET)
    return not (int.from_bytes(differ, "little")
                & int.from_bytes(old.translate(_NOT_UNKNOWN), "little"))


class FloatingCells(Sequence[int]):
    """The floating cells of a system, ascending, as the tracker's rows held them: a
    sequence equal to the tuple of its cells (and hashing as it), made whole only when read
    cell by cell. ``len`` and ``in`` cost no pass over the cells, so a move on a board of
    800,000 floating cells makes no tuple of them (nor leaves one for the garbage collector
    to walk) unless someone reads them."""

    __slots__ = ("_cells", "_cols", "_len", "_rows")

    def __init__(self, rows: tuple[tuple[int, ...], ...], cols: int, count: int) -> None:
        self._rows, self._cols, self._len = rows, cols, count
        self._cells: tuple[int, ...] | None = None

    def whole(self) -> tuple[int, ...]:
        """Every cell, as one tuple."""
        cells = self._cells
        if cells is None:
            out: list[int] = []
            for row in self._rows:
                if row:
                    out += row
            cells = self._cells = tuple(out)
        return cells

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    def __iter__(self) -> Iterator[int]:
        return iter(self.whole())

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        return self.whole()[index]

    def __contains__(self, cell: object) -> bool:
        if not isinstance(cell, int) or cell < 0:
            return False
        row = cell // self._cols
        if row >= len(self._rows):
            return False
        cells = self._rows[row]
        at = bisect_left(cells, cell)
        return at < len(cells) and cells[at] == cell

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FloatingCells):
            return self._len == other._len and self.whole() == other.whole()
        if isinstance(other, tuple):
            return self._len == len(other) and self.whole() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.whole())

    def __repr__(self) -> str:
        return repr(self.whole())


class FloatingRows:
    """The floating cells (unknown, no number around), kept row by row as tuples so that a
    change costs one row; :meth:`cells` is a :class:`FloatingCells` of them (made again only
    after a change)."""

    def __init__(self, cells: Sequence[int], rows: int, cols: int) -> None:
        self.cols = cols
        lists: list[list[int]] = [[] for _ in range(rows)]
        for c in cells:
            lists[c // cols].append(c)
        self.rows = [tuple(row) for row in lists]
        self.count = len(cells)
        self._cells: FloatingCells | None = None

    def set(self, cell: int, floating: bool) -> None:
        """Make ``cell`` floating or not."""
        r = cell // self.cols
        row = self.rows[r]
        at = bisect_left(row, cell)
        present = at < len(row) and row[at] == cell
        if floating and not present:
            self.rows[r] = (*row[:at], cell, *row[at:])
            self.count += 1
            self._cells = None
        elif present and not floating:
            self.rows[r] = row[:at] + row[at + 1:]
            self.count -= 1
            self._cells = None

    def cells(self) -> FloatingCells:
        """Every floating cell, ascending."""
        if self._cells is None:
            self._cells = FloatingCells(tuple(self.rows), self.cols, self.count)
        return self._cells


__all__ = ["CHUNK", "MINE_BYTE", "UNKNOWN_BYTE", "FloatingCells", "FloatingRows", "changed_cells",
           "only_covered_changed", "pack"]
