"""MBF, the binary board file of Minesweeper X (and of the clones after it): a full layout,
mines only, read into a :class:`~sweepkit.position.Position` and written from one.

The layout of a file (every number an unsigned byte unless said otherwise):

====================  ===========================================================
bytes                 meaning
====================  ===========================================================
0                     the board's width (columns), 1–255
1                     the board's height (rows), 1–255
2–3                   the number of mines, big-endian (byte 2 the high byte)
4, 5 (then 6, 7 ...)  one mine each: its x (column, from 0) then its y (row, from 0)
====================  ===========================================================

so a file is exactly ``4 + 2 × mines`` bytes. Source: Minesweeper X's board-file layout,
checked against an independent reader, the MBF loader of D.
N. Hill's Minesweeper (github DavidNHill/Minesweeper, ``GameStateReader.loadMBF``, read,
not copied): width, height, the mine count as ``256 × byte 2 + byte 3``, then an x and a y
byte per mine. That reader reads mines until the file ends; this one also refuses a file
whose length does not match its count (``tests/test_mbf.py``).

A board read from MBF holds every mine as a known mine (``*``), every other cell covered
(``?``) and the mine count, so each of its covered cells is certainly safe: the layout
itself, which "Play a random layout" deals as it is. A position is written with its known
mines only (numbers, safe marks and the mine count header are not part of the format), in
row-major order.

>>> from sweepkit.boardfile import format_board
>>> board = read_mbf(bytes([3, 2, 0, 2, 0, 0, 2, 1]))
>>> print(format_board(board), end="")
mines: 2
*??
??*
>>> write_mbf(board) == bytes([3, 2, 0, 2, 0, 0, 2, 1])
True
>>> read_mbf(bytes([3, 2, 0, 2, 0, 0]))
Traceback (most recent call last):
...
sweepkit.mbf.MbfError: the header says 2 mines, which take 4 bytes after the 4-byte header,
but the file has 2
"""

from __future__ import annotations

from typing import Final

from sweepkit.position import MINE, UNKNOWN, Position

HEADER: Final = 4
"""The bytes before the first mine: width, height, and the mine count (two bytes)."""

MAX_SIDE: Final = 255
"""The widest and tallest board a file can hold (one byte each)."""

MAX_BYTES: Final = HEADER + 2 * MAX_SIDE * MAX_SIDE
"""The longest well-formed file: a 255×255 board full of mines."""


class MbfError(ValueError):
    """A file that is not an MBF board, or a position that cannot be written as one; the
    message says what is wrong and where (which bytes, which mine)."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def read_mbf(data: bytes) -> Position:
    """The board an MBF file holds: its mines known (``*``), the rest covered, the mine
    count set; MbfError naming the fault (too short, a size of 0, a count that does not
    match the length, a mine off the board or given twice)."""
    if len(data) < HEADER:
        raise MbfError(f"the file is {_plural(len(data), 'byte')} long; an MBF board starts "
                       f"with {HEADER} (width, height, and the mine count in two bytes)")
    width, height = data[0], data[1]
    if width < 1 or height < 1:
        raise MbfError(f"the board is {width}x{height} (byte 0 is the width, byte 1 the "
                       "height): both must be at least 1")
    count = data[2] << 8 | data[3]
    body = len(data) - HEADER
    if body != 2 * count:
        raise MbfError(f"the header says {_plural(count, 'mine')}, which take "
                       f"{2 * count} bytes after the {HEADER}-byte header, but the file has "
                       f"{body}")
    if count > width * height:
        raise MbfError(f"the header says {_plural(count, 'mine')} but the {width}x{height} "
                       f"board has only {width * height} cells")
    cells = [UNKNOWN] * (width * height)
    first: dict[int, int] = {}
    for n in range(count):
        at = HEADER + 2 * n
        x, y = data[at], data[at + 1]
        where = f"mine {n + 1} (bytes {at}-{at + 1})"
        if x >= width or y >= height:
            raise MbfError(f"{where} is at x={x}, y={y}, off the {width}x{height} board "
                           f"(x runs 0-{width - 1}, y 0-{height - 1})")
        cell = y * width + x
        if cell in first:
            raise MbfError(f"{where} at x={x}, y={y} is mine {first[cell] + 1} again")
        first[cell] = n
        cells[cell] = MINE
    return Position((height, width), tuple(cells), count)


def write_mbf(position: Position) -> bytes:
    """The MBF file of a 2-D position's known mines (row-major); MbfError for a board of
    more than 2 dimensions or a side over 255."""
    if position.dims != 2 or position.topology != "grid":
        raise MbfError("an MBF board is a 2-D grid")
    rows, cols = position.rows, position.cols
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise MbfError(f"the board is {rows}x{cols}; an MBF board has at most "
                       f"{MAX_SIDE} rows and {MAX_SIDE} columns")
    mines = position.known_mines()
    out = bytearray([cols, rows, len(mines) >> 8, len(mines) & 0xFF])
    for cell in mines:
        y, x = divmod(cell, cols)
        out += bytes([x, y])
    return bytes(out)


__all__ = ["HEADER", "MAX_BYTES", "MAX_SIDE", "MbfError", "read_mbf", "write_mbf"]
