"""The ``.board`` text format: one parser and one printer that round-trip.

The format (see ``docs/board-format.md``): optional header lines ``mines: N`` and
``topology: grid|line``, ``#`` comment lines anywhere, blank lines ignored, then
one row per line, one character per cell, whitespace inside a row ignored.
Cells: ``0``–``8`` numbers, ``?``/``.`` unknown, ``*``/``B``/``F`` known mine,
``-`` safe without a number.

>>> p = parse_board("mines: 1\\n# a comment\\n1 ?\\n? ?\\n")
>>> print(format_board(p), end="")
mines: 1
1?
??
"""

from __future__ import annotations

import re
import sys
from itertools import chain
from pathlib import Path

from sweepkit.position import CHAR_OF, MINE, VALUE_OF, Position, check_mine_count
from sweepkit.topology import TOPOLOGIES, cell_neighbours

HEADERS = ("mines", "topology")


class BoardFormatError(ValueError):
    """A malformed ``.board`` text; the message names the line, column and cell.

    ``line`` and ``column`` are 1-based positions in the text (``None`` when the
    problem is the whole board); ``cell`` is the 0-based ``(row, col)`` if one cell
    is at fault.
    """

    def __init__(
        self,
        message: str,
        line: int | None = None,
        column: int | None = None,
        cell: tuple[int, int] | None = None,
        source: str | None = None,
    ) -> None:
        self.message = message
        self.line = line
        self.column = column
        self.cell = cell
        self.source = source
        super().__init__(str(self))

    def __str__(self) -> str:
        where = []
        if self.source:
            where.append(self.source)
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        if self.cell is not None:
            where.append(f"cell ({self.cell[0]}, {self.cell[1]})")
        return f"{', '.join(where)}: {self.message}" if where else self.message


def parse_board(text: str, source: str | None = None) -> Position:
    """Parse ``.board`` text into a Position; raise BoardFormatError on any fault."""
    headers: dict[str, tuple[str, int, int]] = {}
    rows: list[list[int]] = []
    lines: list[tuple[int, str]] = []  # each row's line number and text (for the columns)

    def fail(message: str, line: int | None = None, column: int | None = None,
             cell: tuple[int, int] | None = None) -> BoardFormatError:
        return BoardFormatError(message, line, column, cell, source)

    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    # Only \n (and \r\n) end a line: str.splitlines() would also split on form feeds and
    # other control characters, and the line numbers in errors would drift.
    for lineno, raw in enumerate(text.split("\n"), start=1):
        raw = raw.removesuffix("\r")
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        key, sep, value = stripped.partition(":")
        if sep and key.strip().isidentifier():
            key = key.strip().lower()
            after = raw[raw.index(":") + 1:]
            column = len(raw) - len(after.lstrip()) + 1  # where the value starts
            if rows:
                raise fail(f"header '{key}:' after the board rows; headers come first", lineno, 1)
            if key not in HEADERS:
                raise fail(f"unknown header '{key}:' (known: {', '.join(HEADERS)})", lineno, 1)
            if key in headers:
                raise fail(f"header '{key}:' given twice", lineno, 1)
            headers[key] = (value.strip(), lineno, column)
            continue
        if _PLAIN_ROW.fullmatch(stripped):  # the usual row: one character a cell
            row = list(map(VALUE_OF.__getitem__, stripped))
        else:
            row = []
            for colno, ch in enumerate(raw, start=1):
                if ch.isspace():
                    continue
                value_of = VALUE_OF.get(ch)
                if value_of is None:
                    cell = (len(rows), len(row))
                    raise fail(f"bad character {ch!r} (expected 0-8, ?, ., *, B, F or -)",
                               lineno, colno, cell)
                row.append(value_of)
        if rows and len(row) != len(rows[0]):
            width = len(rows[0])
            # point at the first extra cell, or just past the end of a short row
            column = _column(raw, width) if len(row) > width else len(raw.rstrip()) + 1
            raise fail(
                f"ragged row: row {len(rows)} has {len(row)} cells but row 0 has {width}",
                lineno, column, (len(rows), min(len(row), width)),
            )
        rows.append(row)
        lines.append((lineno, raw))

    if not rows:
        raise fail("no board rows found")

    topology = "grid"
    if "topology" in headers:
        topology, lineno, column = headers["topology"]
        topology = topology.lower()
        if topology not in TOPOLOGIES:
            raise fail(f"unknown topology {topology!r} (expected grid or line)", lineno, column)
        if topology == "line" and len(rows) != 1:
            raise fail(f"topology: line needs exactly one row, got {len(rows)}", lineno, column)

    shape = (len(rows), len(rows[0]))
    cells = tuple(chain.from_iterable(rows))

    # no cell has fewer neighbours than a corner: only numbers above that are looked at
    fewest = min(len(cell_neighbours(shape, topology, i)) for i in _corners(shape))
    if max(cells) > fewest:
        for i, v in enumerate(cells):
            if v > fewest:
                limit = len(cell_neighbours(shape, topology, i))
                if v > limit:
                    r, c = divmod(i, shape[1])
                    lineno, raw = lines[r]
                    raise fail(f"number {v} is larger than its {limit} neighbours", lineno,
                               _column(raw, c), (r, c))

    mines: int | None = None
    if "mines" in headers:
        value, lineno, column = headers["mines"]
        if not re.fullmatch(r"-?[0-9]+", value, flags=re.ASCII):
            raise fail(f"mine count {value!r} is not a whole number", lineno, column)
        mines = int(value)
        try:
            check_mine_count(mines, cells.count(MINE), len(cells))
        except ValueError as exc:  # the rule lives with Position; the place is the header's
            raise fail(str(exc), lineno, column) from None

    return Position(shape, cells, mines, topology)


_PLAIN_ROW = re.compile("[" + re.escape("".join(VALUE_OF)) + "]+")
"""A row written without spaces, every character a cell (the fast path of the parser)."""


def _column(raw: str, index: int) -> int:
    """The 1-based column of cell ``index`` of a row line (spaces inside rows skipped)."""
    seen = -1
    for colno, ch in enumerate(raw, start=1):
        if not ch.isspace():
            seen += 1
            if seen == index:
                return colno
    raise IndexError(index)


def _corners(shape: tuple[int, int]) -> set[int]:
    rows, cols = shape
    return {0, cols - 1, (rows - 1) * cols, rows * cols - 1}


def format_board(position: Position) -> str:
    """Canonical ``.board`` text: headers, then one row per line, no spaces."""
    lines = []
    if position.mines is not None:
        lines.append(f"mines: {position.mines}")
    if position.topology != "grid":
        lines.append(f"topology: {position.topology}")
    cols = position.cols
    chars = [CHAR_OF[v] for v in position.cells]
    lines.extend("".join(chars[r * cols:(r + 1) * cols]) for r in range(position.size // cols))
    return "\n".join(lines) + "\n"


def read_board(path: str | Path) -> Position:
    """Read a ``.board`` file, or standard input for ``-``; errors name the file."""
    if str(path) == "-":
        return parse_board(sys.stdin.read(), source="<stdin>")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise BoardFormatError(f"cannot read file: {exc.strerror}", source=str(path)) from None
    except UnicodeDecodeError as exc:
        raise BoardFormatError(f"not UTF-8 text (byte {exc.start})", source=str(path)) from None
    return parse_board(text, source=str(path))
