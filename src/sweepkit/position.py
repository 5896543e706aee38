"""Position: what a player knows about a board — numbers, covered cells, known mines, known safes.

A Position is immutable and hashable. Cells are stored flat, row-major, as small
integers: ``0``–``8`` for a revealed number (up to ``3**n - 1`` on an n-dimensional
board) and the constants below for the rest. Parsing and printing the ``.board`` text
live in :mod:`sweepkit.boardfile`.

>>> p = Position.from_rows(["1?", "??"], mines=1)
>>> p.shape, p[0, 1] == UNKNOWN, p.unknown_cells()
((2, 2), True, (1, 2, 3))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from sweepkit.topology import (
    cell_coord,
    cell_neighbours,
    check_shape,
    flat_index,
    neighbours,
)

UNKNOWN = -1
"""A covered cell (``?``): mine or not, not known."""
MINE = -2
"""A known mine (``*``, a flag the solver trusts)."""
SAFE = -3
"""Known not to be a mine but showing no number (``-``): no constraint of its own."""

CHAR_OF = {UNKNOWN: "?", MINE: "*", SAFE: "-", **{n: str(n) for n in range(9)}}
"""Canonical character of every cell value."""
PAPER_CHAR_OF = {**CHAR_OF, MINE: "B"}
"""Character of every cell value as the papers print it (``B`` for a mine, as Kadlac's
program and Hu and Lin write it); :mod:`sweepkit.boardfile` reads ``B`` as a mine too."""
VALUE_OF = {"?": UNKNOWN, ".": UNKNOWN, "*": MINE, "B": MINE, "F": MINE, "-": SAFE}
VALUE_OF.update({str(n): n for n in range(9)})
"""Cell value of every character the ``.board`` format accepts (aliases included)."""


def cell_token(value: int) -> str:
    """The canonical text of a cell value: :data:`CHAR_OF`'s character, or the decimal
    number for the numbers above 8 that only n-D boards have.

    >>> cell_token(MINE), cell_token(3), cell_token(26)
    ('*', '3', '26')
    """
    char = CHAR_OF.get(value)
    if char is None:
        if value < 0:
            raise ValueError(f"{value} is not a cell value")
        return str(value)
    return char


def check_mine_count(mines: int, known: int, size: int) -> None:
    """Raise ValueError unless ``known <= mines <= size``: the one rule for a mine total.

    ``known`` is the number of known mines (``*``) on the board and ``size`` its number of
    cells. The parser reports the same message at the ``mines:`` header.

    >>> check_mine_count(2, 3, 9)
    Traceback (most recent call last):
    ...
    ValueError: mine count 2 is less than the 3 known mines on the board
    """
    if mines < 0:
        raise ValueError(f"mine count {mines} is negative")
    if mines > size:
        raise ValueError(f"mine count {mines} exceeds the {size} cells of the board")
    if known > mines:
        raise ValueError(f"mine count {mines} is less than the {known} known mines on the board")


@dataclass(frozen=True)
class Position:
    """The player's view of a board.

    ``shape`` is ``(rows, cols)``, or on an n-dimensional grid one size per dimension,
    outermost first (the last two are the rows and columns of a 2-D slice); ``cells``
    holds one value per cell, row-major (the last coordinate varying fastest); ``mines``
    is the total number of mines on the whole board (known ones included) or ``None``
    when not given. A total below the known mines or above the cells is refused (see
    :func:`check_mine_count`).
    """

    shape: tuple[int, ...]
    cells: tuple[int, ...]
    mines: int | None = None
    topology: str = "grid"
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_shape(self.shape, self.topology)
        size = 1
        for n in self.shape:
            size *= n
        if len(self.cells) != size:
            raise ValueError(f"shape {self.shape} needs {size} cells, got {len(self.cells)}")
        if self.mines is not None:
            check_mine_count(self.mines, self.cells.count(MINE), size)
        object.__setattr__(self, "_hash", hash((self.shape, self.cells, self.mines, self.topology)))

    def __hash__(self) -> int:
        return self._hash

    # -- construction -------------------------------------------------------------

    @classmethod
    def from_rows(
        cls, rows: Sequence[str], mines: int | None = None, topology: str = "grid"
    ) -> Position:
        """Build from rows of ``.board`` characters (whitespace ignored, no headers).

        Raises :class:`sweepkit.boardfile.BoardFormatError` on bad input; for full
        files with headers and comments use :func:`sweepkit.boardfile.parse_board`.
        """
        from sweepkit.boardfile import parse_board

        text = "".join(f"{line}\n" for line in rows)
        if mines is not None:
            text = f"mines: {mines}\n" + text
        if topology != "grid":
            text = f"topology: {topology}\n" + text
        return parse_board(text)

    @classmethod
    def unknown(cls, rows: int, cols: int, mines: int | None = None) -> Position:
        """An all-covered board."""
        return cls((rows, cols), (UNKNOWN,) * (rows * cols), mines)

    @classmethod
    def covered(cls, shape: tuple[int, ...], mines: int | None = None) -> Position:
        """An all-covered grid of any shape (:meth:`unknown` for n dimensions).

        >>> Position.covered((2, 2, 2)).layout([0]).cells[:4]
        (-2, 1, 1, 1)
        """
        size = 1
        for n in shape:
            size *= n
        return cls(tuple(shape), (UNKNOWN,) * size, mines)

    # -- geometry -----------------------------------------------------------------

    @property
    def dims(self) -> int:
        """The number of dimensions (2 for the usual board)."""
        return len(self.shape)

    @property
    def rows(self) -> int:
        """Rows of the board (on an n-D board: of one 2-D slice, ``shape[-2]``)."""
        return self.shape[-2] if len(self.shape) > 1 else 1

    @property
    def cols(self) -> int:
        """Columns of the board (on an n-D board: of one 2-D slice)."""
        return self.shape[-1]

    @property
    def size(self) -> int:
        return len(self.cells)

    def index(self, *coord: int) -> int:
        """Flat index of ``(row, col)`` (on an n-D board, one coordinate per dimension);
        OffBoardError (an IndexError) when off the board or given the wrong number of
        coordinates."""
        return flat_index(self.shape, *coord)

    def coord(self, index: int) -> tuple[int, ...]:
        """``(row, col)`` of a flat index (on an n-D board, one coordinate per dimension)."""
        return cell_coord(self.shape, index)

    def neighbours(self, index: int) -> tuple[int, ...]:
        """Flat indices of the neighbours of cell ``index``."""
        return cell_neighbours(self.shape, self.topology, index)

    def neighbour_table(self) -> tuple[tuple[int, ...], ...]:
        """Neighbours of every cell (cached per shape and topology)."""
        return neighbours(self.shape, self.topology)

    def __getitem__(self, coord: tuple[int, ...]) -> int:
        return self.cells[self.index(*coord)]

    # -- queries ------------------------------------------------------------------

    def unknown_cells(self) -> tuple[int, ...]:
        """Flat indices of the covered cells (``?``)."""
        return _indices(self.cells, UNKNOWN)

    def known_mines(self) -> tuple[int, ...]:
        """Flat indices of the known mines (``*``)."""
        return _indices(self.cells, MINE)

    def number_cells(self) -> tuple[int, ...]:
        """Flat indices of the revealed numbers (``0``–``8``)."""
        return tuple(i for i, v in enumerate(self.cells) if v >= 0)

    def remaining_mines(self) -> int | None:
        """Mines still to place among unknown cells (``None`` without a mine count; never
        negative, as construction checks the count)."""
        if self.mines is None:
            return None
        return self.mines - self.cells.count(MINE)

    # -- derived positions --------------------------------------------------------

    def replace(self, changes: dict[int, int] | Iterable[tuple[int, int]]) -> Position:
        """A copy with some cells changed (``{index: value}``)."""
        cells = list(self.cells)
        for i, v in dict(changes).items():
            cells[i] = v
        return Position(self.shape, tuple(cells), self.mines, self.topology)

    def with_mines(self, mines: int | None) -> Position:
        """A copy with another total mine count."""
        return Position(self.shape, self.cells, mines, self.topology)

    def layout(self, mine_cells: Iterable[int]) -> Position:
        """The full board of a layout: ``*`` on each mine, its neighbour count elsewhere.

        This is how a solution prints; it is itself a valid position.

        >>> Position.unknown(2, 2).layout([0]).cells
        (-2, 1, 1, 1)
        """
        mines = set(mine_cells)
        cells = []
        for i in range(self.size):
            if i in mines:
                cells.append(MINE)
            else:
                cells.append(sum(1 for j in self.neighbours(i) if j in mines))
        return Position(self.shape, tuple(cells), self.mines, self.topology)

    def explains(self, mine_cells: Iterable[int]) -> bool:
        """Whether a set of mine cells is an explanation of this position.

        Known mines must be mines, numbers and ``-`` cells must not be, every number
        must equal its mine neighbours, and the total must match ``mines`` if given.
        """
        mines = set(mine_cells)
        if self.mines is not None and len(mines) != self.mines:
            return False
        for i, v in enumerate(self.cells):
            if v == MINE and i not in mines:
                return False
            if v >= 0 or v == SAFE:
                if i in mines:
                    return False
                if v >= 0 and sum(1 for j in self.neighbours(i) if j in mines) != v:
                    return False
        return True

    def __str__(self) -> str:
        from sweepkit.boardfile import format_board

        return format_board(self)


def _indices(cells: tuple[int, ...], value: int) -> tuple[int, ...]:
    """Where ``value`` lies in ``cells``, ascending: ``tuple.index`` scans in C from one
    find to the next (about twice as fast as a generator over every cell)."""
    found: list[int] = []
    index, add = cells.index, found.append
    i = -1
    try:
        while True:
            i = index(value, i + 1)
            add(i)
    except ValueError:
        return tuple(found)
