"""The ``.board`` text format: one parser and one printer that round-trip.

The format (see ``docs/board-format.md``): optional header lines ``mines: N``,
``topology: grid|line`` and ``shape: AxBx...``, ``#`` comment lines anywhere, blank lines
ignored, then one row per line, one character per cell, whitespace inside a row ignored.
Cells: ``0``–``8`` numbers, ``?``/``.`` unknown, ``*``/``B``/``F`` known mine,
``-`` safe without a number.

A board of three or more dimensions says so with its ``shape:`` header (sizes outermost
first; the last two are the rows and columns of a 2-D slice). Its numbers go up to
``3**n - 1``, so its cells are whitespace-separated tokens (``12 ? * -``), and its slices
come one after another, the outermost index varying slowest, a blank line ending each.

>>> p = parse_board("mines: 1\\n# a comment\\n1 ?\\n? ?\\n")
>>> print(format_board(p), end="")
mines: 1
1?
??
>>> parse_board("shape: 2x1x2\\n9 ?\\n\\n* *\\n")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sweepkit.boardfile.BoardFormatError: line 2, column 1, cell (0, 0, 0): number 9 is larger ...
>>> print(format_board(parse_board("shape: 2x1x2\\n3 ?\\n\\n* *\\n")), end="")
shape: 2x1x2
# slice 0
3 ?
<BLANKLINE>
# slice 1
* *
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from itertools import chain
from pathlib import Path

from sweepkit.position import CHAR_OF, MINE, VALUE_OF, Position, cell_token, check_mine_count
from sweepkit.topology import (
    TOPOLOGIES,
    cell_coord,
    cell_neighbours,
    cell_text,
    neighbour_count,
    shape_text,
)

HEADERS = ("mines", "topology", "shape")


class BoardFormatError(ValueError):
    """A malformed ``.board`` text; the message names the line, column and cell.

    ``line`` and ``column`` are 1-based positions in the text (``None`` when the
    problem is the whole board); ``cell`` is the 0-based ``(row, col)`` (on an n-D
    board, one coordinate per dimension) if one cell is at fault.
    """

    def __init__(
        self,
        message: str,
        line: int | None = None,
        column: int | None = None,
        cell: tuple[int, ...] | None = None,
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
            where.append(f"cell {cell_text(self.cell)}")
        return f"{', '.join(where)}: {self.message}" if where else self.message


def parse_board(text: str, source: str | None = None) -> Position:
    """Parse ``.board`` text into a Position; raise BoardFormatError on any fault."""
    headers: dict[str, tuple[str, int, int]] = {}
    rows: list[list[int]] = []
    lines: list[tuple[int, str]] = []  # each row's line number and text (for the columns)
    started = False  # a board row was read (headers must come before)
    shape: tuple[int, ...] | None = None  # the shape: header's
    slices: _Slices | None = None  # the reader of an n-D board's rows

    def fail(message: str, line: int | None = None, column: int | None = None,
             cell: tuple[int, ...] | None = None) -> BoardFormatError:
        return BoardFormatError(message, line, column, cell, source)

    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    # Only \n (and \r\n) end a line: str.splitlines() would also split on form feeds and
    # other control characters, and the line numbers in errors would drift.
    for lineno, raw in enumerate(text.split("\n"), start=1):
        raw = raw.removesuffix("\r")
        stripped = raw.strip()
        if not stripped:
            if slices is not None:
                slices.blank()
            continue
        if stripped.startswith("#"):
            continue
        key, sep, value = stripped.partition(":")
        if sep and key.strip().isidentifier():
            key = key.strip().lower()
            after = raw[raw.index(":") + 1:]
            column = len(raw) - len(after.lstrip()) + 1  # where the value starts
            if started:
                raise fail(f"header '{key}:' after the board rows; headers come first", lineno, 1)
            if key not in HEADERS:
                raise fail(f"unknown header '{key}:' (known: {', '.join(HEADERS)})", lineno, 1)
            if key in headers:
                raise fail(f"header '{key}:' given twice", lineno, 1)
            headers[key] = (value.strip(), lineno, column)
            continue
        if not started:
            started = True
            if "shape" in headers:
                shape = _parse_shape(*headers["shape"], fail)
                if len(shape) > 2:
                    slices = _Slices(shape, fail)
        if slices is not None:
            slices.row(lineno, raw)
            continue
        if _PLAIN_ROW.fullmatch(stripped):  # the usual row: one character a cell
            row = memoryview(stripped.encode("ascii").translate(_ROW_BYTES)).cast("b").tolist()
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
                f"ragged row: row {len(rows)} has {plural(len(row), 'cell')} but row 0 has "
                f"{width}",
                lineno, column, (len(rows), min(len(row), width)),
            )
        rows.append(row)
        lines.append((lineno, raw))

    if not started:
        raise fail("no board rows found")

    topology = "grid"
    if "topology" in headers:
        topology, lineno, column = headers["topology"]
        topology = topology.lower()
        if topology not in TOPOLOGIES:
            raise fail(f"unknown topology {topology!r} (expected grid or line)", lineno, column)
        if topology == "line" and slices is not None:
            raise fail(f"topology: line is a one-row 2-D board, not shape "
                       f"{shape_text(slices.shape)}", lineno, column)
        if topology == "line" and len(rows) != 1:
            raise fail(f"topology: line needs exactly one row, got {len(rows)}", lineno, column)

    if slices is not None:
        cells = slices.finish()
        shape = slices.shape
    else:
        if shape is not None:
            _check_plane(shape, rows, lines, fail)
        shape = (len(rows), len(rows[0]))
        cells = tuple(chain.from_iterable(rows))
        # no cell has fewer neighbours than a corner: only numbers above that are looked at,
        # and only on the edge (an inner cell has 8 neighbours, as many as a number can say)
        fewest = min(len(cell_neighbours(shape, topology, i)) for i in _corners(shape))
        if max(cells) > fewest:
            for i in _edge(shape):
                v = cells[i]
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

_ROW_BYTES = bytes.maketrans(bytes(map(ord, VALUE_OF)),
                             bytes(v & 0xFF for v in VALUE_OF.values()))
"""Each cell character to its value as a signed byte (a plain row read in bulk)."""

_SHAPE = re.compile(r"[0-9]+(?:\s*[xX]\s*[0-9]+)+", re.ASCII)
"""The value of a ``shape:`` header: two or more sizes joined by ``x``."""

_TOKEN = {**VALUE_OF, **{str(n): n for n in range(9, 3**5)}}
"""Cell value of every token of an n-D row written canonically (numbers up to 5-D's 242;
other numbers are read by :class:`_Slices` itself)."""

_WORD = re.compile(r"\S+")

Fail = Callable[..., BoardFormatError]
"""How the parser makes an error: ``fail(message, line, column, cell)``."""


def _parse_shape(value: str, lineno: int, column: int, fail: Fail) -> tuple[int, ...]:
    """The sizes of a ``shape:`` header, outermost first; at least two, each at least 1."""
    if not _SHAPE.fullmatch(value):
        raise fail(f"shape {value!r} is not two or more sizes joined by x (such as 4x4x4)",
                   lineno, column)
    shape = tuple(int(n) for n in re.split(r"\s*[xX]\s*", value))
    if min(shape) < 1:
        raise fail(f"shape {value!r} has a size below 1", lineno, column)
    return shape


def _check_plane(shape: tuple[int, ...], rows: list[list[int]],
                 lines: list[tuple[int, str]], fail: Fail) -> None:
    """A 2-D board with a ``shape:`` header: its rows must be what the header says."""
    want_rows, want_cols = shape
    text = shape_text(shape)
    if len(rows[0]) != want_cols:
        lineno, raw = lines[0]
        column = _column(raw, want_cols) if len(rows[0]) > want_cols else len(raw.rstrip()) + 1
        raise fail(f"row 0 has {plural(len(rows[0]), 'cell')} but shape {text} has "
                   f"{plural(want_cols, 'column')}",
                   lineno, column, (0, min(len(rows[0]), want_cols)))
    if len(rows) > want_rows:
        lineno, raw = lines[want_rows]
        raise fail(f"row {want_rows} is one too many: shape {text} has "
                   f"{plural(want_rows, 'row')}",
                   lineno, _column(raw, 0))
    if len(rows) < want_rows:
        lineno, raw = lines[-1]
        raise fail(f"the board ends after {plural(len(rows), 'row')} but shape {text} has "
                   f"{want_rows}",
                   lineno, len(raw.rstrip()) + 1)


class _Slices:
    """The rows of an n-D board (a ``shape:`` header of three or more sizes), read slice by
    slice: whitespace-separated tokens, a blank line closing a slice. Every fault is raised
    where it is seen, naming its line, column and cell."""

    def __init__(self, shape: tuple[int, ...], fail: Fail) -> None:
        self.shape = shape
        self.fail = fail
        self.outer = shape[:-2]
        self.count = 1
        for n in self.outer:
            self.count *= n
        self.rows, self.cols = shape[-2:]
        self.fewest = neighbour_count(shape, 0)  # a corner: no cell has fewer neighbours
        self.cells: list[int] = []
        self.started = 0  # slices begun
        self.in_slice = 0  # rows read into the current slice
        self.last = (0, "")  # the last row's line number and text

    def label(self, k: int) -> str:
        """Slice ``k`` named by its outer coordinates, as the canonical form's comment."""
        return ",".join(map(str, cell_coord(self.outer, k)))

    def blank(self) -> None:
        """A blank line: the end of the slice being read, if any."""
        if self.in_slice:
            self.close()

    def close(self) -> None:
        if self.in_slice != self.rows:
            lineno, raw = self.last
            raise self.fail(
                f"slice {self.label(self.started - 1)} ends after "
                f"{plural(self.in_slice, 'row')} but shape {shape_text(self.shape)} has "
                f"{plural(self.rows, 'row')} a slice",
                lineno, len(raw.rstrip()) + 1)
        self.in_slice = 0

    def row(self, lineno: int, raw: str) -> None:
        """One row of cells."""
        words = [(m.group(), m.start() + 1) for m in _WORD.finditer(raw)]
        text = shape_text(self.shape)
        if not self.in_slice:
            if self.started == self.count:
                raise self.fail(f"one slice too many: shape {text} has "
                                f"{plural(self.count, 'slice')}",
                                lineno, words[0][1])
            self.started += 1
        k, r = self.started - 1, self.in_slice
        if r == self.rows:
            raise self.fail(f"slice {self.label(k)} has more than {plural(self.rows, 'row')} "
                            f"(shape {text}); a blank line ends a slice", lineno, words[0][1])
        outer = cell_coord(self.outer, k)
        if len(words) != self.cols:
            column = (words[self.cols][1] if len(words) > self.cols
                      else len(raw.rstrip()) + 1)
            raise self.fail(f"row {r} of slice {self.label(k)} has "
                            f"{plural(len(words), 'cell')} but shape {text} has "
                            f"{plural(self.cols, 'column')}", lineno, column,
                            (*outer, r, min(len(words), self.cols)))
        base = (k * self.rows + r) * self.cols
        for c, (word, column) in enumerate(words):
            value = _TOKEN.get(word)
            if value is None:
                if not (word.isascii() and word.isdigit()):
                    raise self.fail(
                        f"bad cell {word!r} (expected a number, ?, ., *, B, F or -; the "
                        f"cells of a {len(self.shape)}-D board are separated by spaces)",
                        lineno, column, (*outer, r, c))
                value = int(word) if len(word) < 20 else 10**20
            if value > self.fewest:
                limit = neighbour_count(self.shape, base + c)
                if value > limit:
                    raise self.fail(f"number {word} is larger than its {limit} neighbours",
                                    lineno, column, (*outer, r, c))
            self.cells.append(value)
        self.in_slice += 1
        self.last = (lineno, raw)

    def finish(self) -> tuple[int, ...]:
        """The cells, once every slice is read."""
        if self.in_slice:
            self.close()
        if self.started < self.count:
            lineno, raw = self.last
            raise self.fail(f"the board ends after {plural(self.started, 'slice')} but shape "
                            f"{shape_text(self.shape)} has {self.count}",
                            lineno, len(raw.rstrip()) + 1)
        return tuple(self.cells)


def plural(n: int, word: str) -> str:
    """``n word`` with an ``s`` unless n is 1.

    >>> plural(1, "cell"), plural(2, "cell")
    ('1 cell', '2 cells')
    """
    return f"{n} {word}{'' if n == 1 else 's'}"


def _column(raw: str, index: int) -> int:
    """The 1-based column of cell ``index`` of a row line (spaces inside rows skipped)."""
    seen = -1
    for colno, ch in enumerate(raw, start=1):
        if not ch.isspace():
            seen += 1
            if seen == index:
                return colno
    raise IndexError(index)


def _edge(shape: tuple[int, int]) -> list[int]:
    """The cells of a 2-D board's outer rows and columns, in reading order."""
    rows, cols = shape
    if rows <= 2 or cols <= 2:
        return list(range(rows * cols))
    inner = chain.from_iterable((r * cols, r * cols + cols - 1) for r in range(1, rows - 1))
    return [*range(cols), *inner, *range((rows - 1) * cols, rows * cols)]


def _corners(shape: tuple[int, int]) -> set[int]:
    rows, cols = shape
    return {0, cols - 1, (rows - 1) * cols, rows * cols - 1}


def format_board(position: Position) -> str:
    """Canonical ``.board`` text: headers, then one row per line, no spaces.

    An n-D board has its ``shape:`` header first, and its slices one after another, each
    after a comment naming it (its outer coordinates) and a blank line between them; its
    cells are tokens separated by a space, right-aligned to the widest.
    """
    lines = []
    if position.dims > 2:
        lines.append(f"shape: {shape_text(position.shape)}")
    if position.mines is not None:
        lines.append(f"mines: {position.mines}")
    if position.topology != "grid":
        lines.append(f"topology: {position.topology}")
    cols = position.cols
    if position.dims > 2:
        lines.extend(_slice_lines(position))
        return "\n".join(lines) + "\n"
    chars = [CHAR_OF[v] for v in position.cells]
    lines.extend("".join(chars[r * cols:(r + 1) * cols]) for r in range(position.size // cols))
    return "\n".join(lines) + "\n"


def _slice_lines(position: Position) -> list[str]:
    """The rows of an n-D board, slice by slice, in the canonical form."""
    tokens = [cell_token(v) for v in position.cells]
    width = max(map(len, tokens))
    if width > 1:
        tokens = [t.rjust(width) for t in tokens]
    outer = position.shape[:-2]
    rows, cols = position.rows, position.cols
    lines = []
    for k in range(position.size // (rows * cols)):
        if k:
            lines.append("")
        lines.append(f"# slice {','.join(map(str, cell_coord(outer, k)))}")
        base = k * rows * cols
        lines.extend(" ".join(tokens[base + r * cols:base + (r + 1) * cols])
                     for r in range(rows))
    return lines


def board_source(path: str | Path) -> str:
    """How messages name a board file: its path, or ``<stdin>`` for ``-``."""
    return "<stdin>" if str(path) == "-" else str(path)


def read_board_text(path: str | Path) -> str:
    """The text of a ``.board`` file, or of standard input for ``-``; BoardFormatError
    naming the file when it cannot be read."""
    if str(path) == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise BoardFormatError(f"cannot read file: {exc.strerror}", source=str(path)) from None
    except UnicodeDecodeError as exc:
        raise BoardFormatError(f"not UTF-8 text (byte {exc.start})", source=str(path)) from None


def read_board(path: str | Path) -> Position:
    """Read a ``.board`` file, or standard input for ``-``; errors name the file."""
    return parse_board(read_board_text(path), source=board_source(path))
