"""Kaye's wire and gate gadgets: Minesweeper positions that compute Boolean functions, the
building blocks of the NP-completeness of CONSISTENCY (Kaye 2000) and of the
#P-completeness of counting (Pedersen 2004, §3).

A gadget is a position whose covered cells carry wires. A wire is a row (or column) of
covered cells between lines of 1s, in which mines and safe cells alternate in pairs;
its value is *true* when its terminal cell (the square just before a phase-separating 1)
holds a mine. Every layout of a gadget with its inputs set gives its output: the truth
table, with the number of layouts of each row, is the gadget's proof
(:func:`truth_table`), and the tests check it.

The layouts are those of Pedersen's thesis (§3, re-aligned from its OCR): the wire (two
layouts), NOT (one per input), Kaye's AND (not unique: ``u = v = 0`` has two layouts),
OR (unique; three numbers of the printed figure are corrected: (3, 3) 3→2, (4, 4) 2→3,
(4, 13) 2→1, so that it has one layout per input pair, as the thesis states) and XOR
(unique; its last row shifted one column right).

Each grid is written one token a cell: a digit is an open number, ``*`` a known mine,
``-`` a known safe cell outside the gadget (no number: it constrains nothing), ``.`` a
covered cell where a wire continues, and a name (``u``, ``u'``...) a covered cell
carrying that wire (a primed name its negation). The first cell named by an input or
output is its terminal.

>>> wire = gadget("wire")
>>> truth_table(wire)
{(): {(0,): 1, (1,): 1}}
>>> truth_table(gadget("and"))[(0, 0)]
{(0,): 2}
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Final

from sweepkit.analysis.papers.enumerate import enumerate_layouts
from sweepkit.position import MINE, SAFE, UNKNOWN, Position

_GRIDS: Final[dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]]] = {
    # name: (grid, inputs, outputs): the value of each is the mine at its first cell.
    "wire": ("""
        . 1 1 1 1 1 1 1 1 1 1 1 1 1 1 .
        . x' x 1 x' x 1 x' x 1 x' x 1 x' x .
        . 1 1 1 1 1 1 1 1 1 1 1 1 1 1 .
        """, (), ("x",)),
    "not": ("""
        - - - - - - 1 1 1 - - - - - -
        . 1 1 1 1 1 2 * 2 1 1 1 1 1 .
        . u' u 1 u' u 3 t 3 t' t 1 t' t .
        . 1 1 1 1 1 2 * 2 1 1 1 1 1 .
        - - - - - - 1 1 1 - - - - - -
        """, ("u",), ("t",)),
    "and": ("""
        . . . - - - - - - - - - - - - - - - - - - -
        - 1 1 1 - - 1 2 2 1 - 1 1 1 - 1 1 1 - - - -
        - 1 u' 1 - - 2 * * 3 2 3 * 2 1 2 * 3 2 1 - -
        - 1 u 1 1 2 4 * s x y z t' 3 t t' 3 * * 2 - -
        1 2 2 1 1 * * 4 * 3 2 3 * 2 1 1 2 t * 2 - -
        2 * u' 2 2 4 s' 3 1 1 0 1 1 1 0 0 1 2 2 1 - -
        2 * * 3 u u' s 2 1 1 1 1 1 1 1 1 1 t' 1 1 1 1
        2 4 5 * 4 * 4 t t' 1 t t' 1 t t' 1 t 2 t 1 t' t
        2 * * 3 v v' r 2 1 1 1 1 1 1 1 1 1 t' 1 1 1 1
        2 * v' 2 2 4 r' 3 1 1 0 1 1 1 0 0 1 2 2 1 - -
        1 2 2 1 1 * * 4 * 3 2 3 * 2 1 1 2 t * 2 - -
        - 1 v 1 1 2 4 * r a b c t' 3 t t' 3 * * 2 - -
        - 1 v' 1 - - 2 * * 3 2 3 * 2 1 2 * 3 2 1 - -
        - 1 1 1 - - 1 2 2 1 - 1 1 1 - 1 1 1 - - - -
        . . . - - - - - - - - - - - - - - - - - - -
        """, ("u", "v"), ("t",)),
    "or": ("""
        - - - - 1 2 2 1 - 1 2 3 2 1 - - - -
        . 1 1 1 2 * * 3 1 1 * * * 1 - - - -
        . 1 u' u 3 u' * * 2 2 3 t' 3 2 1 1 1 .
        . 2 2 2 3 * 6 t t' 2 t 2 t 1 t' t 1 .
        . 1 v' v 3 v' * s * 5 4 t' 2 1 1 1 1 .
        . 1 1 1 2 * * 6 * * * * 3 1 - - - -
        - - - - 1 4 * s' 5 b c t * 2 - - - -
        - - - - - 2 * * a 4 4 * * 2 - - - -
        - - - - - 1 3 * * * 2 2 2 1 - - - -
        - - - - - - 1 2 3 2 1 - - - - - - -
        """, ("u", "v"), ("t",)),
    "xor": ("""
        - - - 1 2 2 1 - - - - - -
        . 1 1 2 * * 3 1 - - - - -
        . 1 v' v 5 * * 2 1 1 - - -
        . 1 1 3 * v' 5 4 * 2 1 1 .
        . 1 1 4 * v * * 4 t' t 1 .
        . 1 u' u * u' 6 t * 3 1 1 .
        . 1 1 3 4 * s s * 2 - - -
        - - - 2 * 6 * * 4 2 - - -
        - - - 3 * s' * s' * 2 - - -
        - - - 2 * 6 s 6 * 2 - - -
        - - - 1 2 * * * 2 1 - - -
        - - - - 1 2 3 2 1 - - - -
        """, ("u", "v"), ("t",)),
}

GADGETS: Final = tuple(_GRIDS)
"""The gadgets, by name."""

PORTS: Final[dict[str, dict[str, tuple[tuple[int, int], tuple[int, int], int]]]] = {
    # name: {wire: (cell, outward step, kind)}: where a wire drawn on a sheet attaches
    # (see sweepkit.reductions.sheet): the cell on the gadget's edge in line with the wire
    # (just outside it for the AND's output), pointing away, with its kind along the wire
    # (0 separator, 1 negated cell, 2 value cell, in the direction the signal flows).
    "not": {"u": ((2, 0), (0, -1), 0), "t": ((2, 14), (0, 1), 0)},
    "and": {"u": ((0, 2), (-1, 0), 2), "v": ((14, 2), (1, 0), 2), "t": ((7, 22), (0, 1), 0)},
    "or": {"u": ((2, 0), (0, -1), 2), "v": ((4, 0), (0, -1), 2), "t": ((3, 17), (0, 1), 1)},
    "xor": {"u": ((5, 0), (0, -1), 2), "v": ((2, 0), (0, -1), 2), "t": ((4, 12), (0, 1), 1)},
}
"""The ports of the gates, for drawing them into larger boards."""


@dataclass(frozen=True)
class Gadget:
    """A gadget: its position, the cells each wire name labels, and its input and output
    terminals (the cell whose mine means *true*), in order."""

    name: str
    position: Position
    labels: dict[str, tuple[int, ...]]
    inputs: tuple[tuple[str, int], ...]
    outputs: tuple[tuple[str, int], ...]

    def with_inputs(self, values: dict[str, bool]) -> Position:
        """The position with some inputs set: a mine on a true input's terminal, a
        known safe cell on a false one's. KeyError for a name that is not an input."""
        terminals = dict(self.inputs)
        return self.position.replace({terminals[name]: MINE if value else SAFE
                                      for name, value in values.items()})


def tokens(name: str) -> list[list[str]]:
    """The gadget's grid, one token a cell (see the module doc), rows padded with ``-``;
    ValueError listing the gadgets for an unknown name."""
    try:
        grid = _GRIDS[name][0]
    except KeyError:
        raise ValueError(f"unknown gadget {name!r} (expected one of {', '.join(GADGETS)})"
                         ) from None
    rows = [line.split() for line in grid.strip().splitlines()]
    width = max(len(r) for r in rows)
    return [r + ["-"] * (width - len(r)) for r in rows]


def gadget(name: str) -> Gadget:
    """The gadget called ``name`` (one of :data:`GADGETS`); ValueError listing them."""
    rows = tokens(name)
    _, inputs, outputs = _GRIDS[name]
    width = max(len(r) for r in rows)
    cells: list[int] = []
    labels: dict[str, list[int]] = {}
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if token.isdigit():
                cells.append(int(token))
            elif token == "*":
                cells.append(MINE)
            elif token == "-":
                cells.append(SAFE)
            else:
                cells.append(UNKNOWN)
                if token != ".":
                    labels.setdefault(token, []).append(r * width + c)
    position = Position((len(rows), width), tuple(cells), None)
    return Gadget(name, position, {k: tuple(v) for k, v in labels.items()},
                  tuple((n, labels[n][0]) for n in inputs),
                  tuple((n, labels[n][0]) for n in outputs))


def truth_table(g: Gadget) -> dict[tuple[int, ...], dict[tuple[int, ...], int]]:
    """For each assignment of the inputs (0/1, in order), the number of layouts giving
    each output assignment: a correct gate has one output per row; a *unique* (parsimonious)
    one has exactly one layout per row."""
    table: dict[tuple[int, ...], dict[tuple[int, ...], int]] = {}
    names = [n for n, _ in g.inputs]
    for values in itertools.product((0, 1), repeat=len(names)):
        position = g.with_inputs(dict(zip(names, map(bool, values), strict=True)))
        row: dict[tuple[int, ...], int] = {}
        for mines in enumerate_layouts(position, use_mine_count=False):
            out = tuple(int(cell in mines) for _, cell in g.outputs)
            row[out] = row.get(out, 0) + 1
        table[values] = dict(sorted(row.items()))
    return table
