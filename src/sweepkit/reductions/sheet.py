"""The sheet reduced boards are drawn on: wires as chains of covered cells, gadgets
stamped from the library, and every other cell's number filled in from what it sees.

A wire is a path of cells, each a king's move from the last, read in the direction its
signal flows. Along the path the cells cycle through three kinds: ``0`` a separator (an
open number), ``1`` the negated cell x' (a mine when the signal is false) and ``2`` the
value cell x (a mine when it is true): Kaye's ``1 x' x 1 x' x`` line, bent wherever the
path bends. Nothing else is drawn: :meth:`Sheet.position` gives every cell that is not
covered, not a gadget's and not fixed the number its covered neighbours show in *every*
intended layout (when a variable's positive and negated cells around it balance), and
``-`` (no constraint) when that number would depend on a signal. The numbers so filled
are exactly those of Kaye's wire on a straight line, and they make bends (square or
diagonal, with any phase), the splitter of :meth:`Sheet.split` and the gadget ports
work; the exact counter proves each (tests/reductions).

A path's length fixes the kind its last cell gets. :meth:`Sheet.route` draws a path
through corner points and, when the kinds at its two ends do not fit, cuts one or two of
its corners diagonally (a diagonal step is one cell shorter and works at every phase).

>>> sheet = Sheet()
>>> a = sheet.variable("a")
>>> end = sheet.route(a, Port((0, 0), (0, 1), 1), [(0, 8), (6, 8)])
>>> end.cell, end.direction, end.kind
((7, 8), (1, 0), 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import pairwise

from sweepkit.position import MINE, SAFE, UNKNOWN, Position

Cell = tuple[int, int]
"""``(row, col)`` on the sheet; rows and columns may be negative while drawing."""

SEPARATOR, NEGATED, VALUE = 0, 1, 2
"""The three kinds of cell along a wire, in the order the signal meets them."""


CUT_ROOM = 4
"""The shortest straight run on either side of a corner that :meth:`Sheet.route` cuts
(two diagonal steps close together break the wire)."""


class LayoutError(ValueError):
    """A drawing that cannot be made: cells drawn twice, or a route that cannot fit."""


class BoardTooBig(LayoutError):
    """A drawing past the cells allowed (a bigger bound would draw it)."""


@dataclass(frozen=True)
class Port:
    """Where a path attaches: ``cell`` is the path's first cell (an output) or last cell
    (an input), ``direction`` the unit step pointing away from what the port belongs to,
    and ``kind`` the kind that cell has on the wire."""

    cell: Cell
    direction: Cell
    kind: int

    def ahead(self, steps: int = 1) -> Cell:
        """The cell ``steps`` away from the port along its direction."""
        return (self.cell[0] + steps * self.direction[0],
                self.cell[1] + steps * self.direction[1])


_AROUND = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
"""The offsets of a cell's eight neighbours."""


@dataclass
class Sheet:
    """Cells drawn so far: fixed cells (numbers, known mines, ``-``), covered cells with
    the variable they carry, and blanks to be filled in. Variables are numbered in
    order of creation; ``names`` holds their names, ``auxiliary`` those internal to a
    gadget (no blank next to one gets a number); ``terminals`` the first value cell of each
    free wire end (:meth:`source`); ``parts`` the gates drawn (name, top-left and
    bottom-right corners), for pictures."""

    fixed: dict[Cell, int] = field(default_factory=dict)
    covered: dict[Cell, tuple[int, bool]] = field(default_factory=dict)
    blanks: set[Cell] = field(default_factory=set)
    names: list[str] = field(default_factory=list)
    auxiliary: set[int] = field(default_factory=set)
    terminals: dict[int, Cell] = field(default_factory=dict)
    parts: list[tuple[str, Cell, Cell]] = field(default_factory=list)

    def variable(self, name: str, auxiliary: bool = False) -> int:
        """A new variable (a wire's signal, or a gadget's internal cell group)."""
        self.names.append(name)
        if auxiliary:
            self.auxiliary.add(len(self.names) - 1)
        return len(self.names) - 1

    # -- drawing --------------------------------------------------------------------

    def _claim(self, cell: Cell) -> None:
        if cell in self.fixed or cell in self.covered:
            raise LayoutError(f"cell {cell} is drawn twice")

    def fix(self, cell: Cell, value: int) -> None:
        """A fixed cell: a number, MINE or SAFE."""
        self._claim(cell)
        self.fixed[cell] = value
        self.blanks.discard(cell)

    def cover(self, cell: Cell, var: int, negated: bool) -> None:
        """A covered cell that is a mine when ``var`` is true (false if ``negated``)."""
        self._claim(cell)
        self.covered[cell] = (var, negated)
        self.blanks.discard(cell)

    def blank(self, cell: Cell) -> None:
        """A cell whose number is filled in at the end (unless something else takes it)."""
        if cell not in self.fixed and cell not in self.covered:
            self.blanks.add(cell)

    def path(self, var: int, cells: Iterable[Cell], kind: int) -> int:
        """Draw ``cells`` (each a king's move from the last) as a wire of ``var`` whose
        first cell has ``kind``; the kind of the last cell."""
        previous: Cell | None = None
        kind -= 1
        for cell in cells:
            if previous is not None and max(abs(cell[0] - previous[0]),
                                            abs(cell[1] - previous[1])) != 1:
                raise LayoutError(f"the path jumps from {previous} to {cell}")
            kind = (kind + 1) % 3
            if kind == SEPARATOR:
                self.blank(cell)
                if cell in self.covered:
                    raise LayoutError(f"cell {cell} is drawn twice")
            else:
                self.cover(cell, var, kind == NEGATED)
            previous = cell
        return kind

    def route(self, var: int, start: Port, corners: list[Cell], end: Port | None = None,
              *, end_kind: int | None = None) -> Port:
        """A wire of ``var`` from ``start`` through the square ``corners`` to ``end`` (an
        input port, whose cell is the path's last), or, without ``end``, ending at the
        last corner. Corners are cut diagonally (from the last) until the kinds fit
        ``end.kind`` (or ``end_kind``). The port just past the last cell, for going on."""
        points = [start.cell, *corners] + ([end.cell] if end is not None else [])
        want = end.kind if end is not None else end_kind
        cells = _expand(points)
        if want is not None:
            cut = (start.kind + len(cells) - 1 - want) % 3
            inner = [i for i in range(1, len(points) - 1)
                     if turns(points[i - 1], points[i], points[i + 1])]
            if cut > len(inner):
                raise LayoutError(f"a route from {start.cell} needs {cut} corner(s) to cut "
                                  f"and has {len(inner)}")
            for i in sorted(inner, key=lambda i: -_room(points, i))[:cut]:
                if _room(points, i) < CUT_ROOM:
                    raise LayoutError(f"the corner at {points[i]} is too close to the next "
                                      "one to be cut")
                cells.remove(points[i])
        return _past(cells, start.direction, self.path(var, cells, start.kind))

    def source(self, var: int, points: list[Cell], end: Port) -> Port:
        """A free wire end (an input terminal: both values possible) at ``points[0]``,
        drawn through the square corners ``points[1:]`` into ``end``; the port just past
        the last cell, as :meth:`route`."""
        cells = _expand([*points, end.cell])
        kind = (end.kind - len(cells) + 1) % 3
        self.terminals.setdefault(var, cells[(VALUE - kind) % 3])
        return _past(cells, end.direction, self.path(var, cells, kind))

    def split(self, var: int, at: Port, side: Cell) -> tuple[Port, Port]:
        """Fork the wire arriving at ``at`` (``at.cell`` its next cell, which must be a
        separator): one copy turns towards ``side`` (a unit step square to the wire),
        diagonally through the junction cell; the other goes straight on two cells
        further. Both carry ``var`` unchanged. Returns (turned, straight) output ports."""
        if at.kind != SEPARATOR:
            raise LayoutError(f"a split needs a separator at {at.cell}, not kind {at.kind}")
        (r, c), (dr, dc), (sr, sc) = at.cell, at.direction, side
        self.blank((r, c))
        junction = (r + dr + sr, c + dc + sc)
        self.cover(junction, var, True)
        self.blank((r + 2 * dr, c + 2 * dc))
        turned = Port((junction[0] + sr, junction[1] + sc), side, VALUE)
        straight = Port((r + 3 * dr, c + 3 * dc), at.direction, VALUE)
        return turned, straight

    def fix_true(self, at: Port) -> None:
        """End the wire arriving at ``at``: its last cell (before ``at.cell``) must be a
        value cell, and a ``1`` at ``at.cell`` that sees only it makes it a mine."""
        if at.kind != SEPARATOR:
            raise LayoutError(f"a fixed-true end needs the wire's value cell last, at "
                              f"{at.cell}")
        self.fix(at.cell, 1)

    def stamp(self, part: Sheet, origin: Cell, wires: dict[int, int]) -> dict[int, int]:
        """Copy ``part`` (a sheet drawn on its own) with its (0, 0) at ``origin``; its
        variables in ``wires`` carry the given ones, the others get new variables here.
        The mapping of all of the part's variables."""
        mapping = dict(wires)
        for var, name in enumerate(part.names):
            if var not in mapping:
                mapping[var] = self.variable(name, var in part.auxiliary)
        dr, dc = origin
        for (r, c), value in part.fixed.items():
            self.fix((r + dr, c + dc), value)
        for (r, c), (var, negated) in part.covered.items():
            self.cover((r + dr, c + dc), mapping[var], negated)
        for r, c in part.blanks:
            self.blank((r + dr, c + dc))
        for name, (r0, c0), (r1, c1) in part.parts:
            self.parts.append((name, (r0 + dr, c0 + dc), (r1 + dr, c1 + dc)))
        return mapping

    # -- the finished board ---------------------------------------------------------

    def bounds(self) -> tuple[int, int, int, int]:
        """(top, left, bottom, right) of everything drawn, inclusive."""
        cells = [*self.fixed, *self.covered, *self.blanks]
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        return min(rows), min(cols), max(rows), max(cols)

    def position(self, margin: int = 1) -> tuple[Position, Cell]:
        """The board (``margin`` blank cells around everything drawn) and the sheet cell
        at its (0, 0). Every cell not fixed or covered gets its filled-in number or ``-``."""
        top, left, bottom, right = self.bounds()
        top, left = top - margin, left - margin
        rows, cols = bottom + margin - top + 1, right + margin - left + 1
        cells = [SAFE] * (rows * cols)
        for (r, c), value in self.fixed.items():
            cells[(r - top) * cols + c - left] = value
        for r, c in self.covered:
            cells[(r - top) * cols + c - left] = UNKNOWN
        around: set[Cell] = set()
        for r, c in [*self.covered, *(cell for cell, v in self.fixed.items() if v == MINE)]:
            around.update((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1))
        for cell in around:
            if cell in self.fixed or cell in self.covered:
                continue
            value = self._number(cell)
            if value is not None:
                cells[(cell[0] - top) * cols + cell[1] - left] = value
        return Position((rows, cols), tuple(cells)), (top, left)

    def _number(self, cell: Cell) -> int | None:
        """What ``cell`` shows in every intended layout, or None when that depends on a
        signal (or on a gadget's internal cells)."""
        balance: dict[int, int] = {}
        mines = 0
        r, c = cell
        signal_of, value_of, auxiliary = self.covered.get, self.fixed.get, self.auxiliary
        for dr, dc in _AROUND:      # the board's hot loop: a few hundred thousand cells
            n = (r + dr, c + dc)
            signal = signal_of(n)
            if signal is not None:
                var, negated = signal
                if var in auxiliary:
                    return None
                if negated:
                    balance[var] = balance.get(var, 0) - 1
                    mines += 1
                else:
                    balance[var] = balance.get(var, 0) + 1
            elif value_of(n) == MINE:
                mines += 1
        if any(balance.values()):
            return None
        return mines


def _expand(points: list[Cell]) -> list[Cell]:
    """The cells of a path through ``points``, each pair on a row or a column."""
    cells = [points[0]]
    for (r0, c0), (r1, c1) in pairwise(points):
        if r0 != r1 and c0 != c1:
            raise LayoutError(f"a route from {(r0, c0)} to {(r1, c1)} is not straight")
        dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
        while (r0, c0) != (r1, c1):
            r0, c0 = r0 + dr, c0 + dc
            cells.append((r0, c0))
    return cells


def _past(cells: list[Cell], direction: Cell, kind: int) -> Port:
    """The port just past the last of ``cells`` (the last of kind ``kind``), going on the
    way the path ends (``direction`` for a path of one cell)."""
    step = (cells[-1][0] - cells[-2][0], cells[-1][1] - cells[-2][1]) if len(cells) > 1 \
        else direction
    return Port((cells[-1][0] + step[0], cells[-1][1] + step[1]), step, (kind + 1) % 3)


def turns(a: Cell, b: Cell, c: Cell) -> bool:
    """Whether the path turns at ``b``."""
    return (b[0] - a[0]) * (c[1] - b[1]) != (b[1] - a[1]) * (c[0] - b[0])


def _room(points: list[Cell], i: int) -> int:
    """The shorter of the two straight runs meeting at corner ``i``."""
    def run(p: Cell, q: Cell) -> int:
        return abs(p[0] - q[0]) + abs(p[1] - q[1])
    return min(run(points[i - 1], points[i]), run(points[i], points[i + 1]))
