"""A gadget as a picture (SVG): numbers and known mines as on a board, the covered cells
that carry a wire coloured by the wire's name (a primed name hatched), terminals
outlined, the cells outside the gadget left blank. For the docs and the web app. A
reduced board (:func:`reduced_png`) is too big for that: a PNG, a few pixels a cell.

>>> from sweepkit.reductions.gadgets import gadget
>>> svg = gadget_svg(gadget("not"))
>>> svg.startswith("<svg") and 'data-wire="u"' in svg and ">3<" in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from sweepkit.position import MINE, SAFE, UNKNOWN
from sweepkit.reductions.gadgets import Gadget
from sweepkit.reductions.layout import Reduced

CELL = 24
"""Pixels a cell."""

PALETTE = ("#2b6cb0", "#c05621", "#2f855a", "#9b2c2c", "#6b46c1", "#b7791f", "#2c7a7b",
           "#97266d")
"""Wire colours (dark enough for white marks), in order of first appearance."""


def gadget_svg(g: Gadget, *, cell: int = CELL) -> str:
    """The gadget drawn as an SVG document (see the module doc)."""
    rows, cols = g.position.shape
    wire_of: dict[int, str] = {}
    for name, cells in g.labels.items():
        for c in cells:
            wire_of[c] = name
    bases = list(dict.fromkeys(name.rstrip("'") for name in g.labels))
    colour = {base: PALETTE[i % len(PALETTE)] for i, base in enumerate(bases)}
    terminals = {c for _, c in (*g.inputs, *g.outputs)}
    width, height = cols * cell, rows * cell
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif" '
           f'font-size="{cell * 0.6:g}">',
           f"<title>{escape(g.name)} gadget</title>",
           '<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
           'patternTransform="rotate(45)"><rect width="3" height="6" fill="#ffffff" '
           'opacity="0.45"/></pattern></defs>']
    for index, value in enumerate(g.position.cells):
        r, c = divmod(index, cols)
        x, y = c * cell, r * cell
        box = f'x="{x}" y="{y}" width="{cell}" height="{cell}"'
        if value == SAFE:
            continue
        if value == UNKNOWN:
            name = wire_of.get(index)
            if name is None:
                out.append(f'<rect {box} fill="#cbd5e0" stroke="#718096"/>')
                continue
            base = name.rstrip("'")
            out.append(f'<rect {box} fill="{colour[base]}" stroke="#1a202c" '
                       f'data-wire="{escape(base)}"/>')
            if name.endswith("'"):
                out.append(f'<rect {box} fill="url(#hatch)"/>')
            if index in terminals:
                out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{cell - 4}" '
                           f'height="{cell - 4}" fill="none" stroke="#f6e05e" '
                           'stroke-width="3"/>')
            out.append(_text(x, y, cell, escape(name), "#ffffff"))
            continue
        out.append(f'<rect {box} fill="#f7fafc" stroke="#a0aec0"/>')
        if value == MINE:
            out.append(f'<circle cx="{x + cell / 2:g}" cy="{y + cell / 2:g}" '
                       f'r="{cell * 0.28:g}" fill="#1a202c"/>')
        elif value > 0:
            out.append(_text(x, y, cell, str(value), "#1a202c"))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _text(x: int, y: int, cell: int, text: str, fill: str) -> str:
    return (f'<text x="{x + cell / 2:g}" y="{y + cell * 0.72:g}" text-anchor="middle" '
            f'fill="{fill}">{text}</text>')


def reduced_png(reduced: Reduced, *, cell: int = 3, contradicting: Iterable[int] = ()
                ) -> bytes:
    """A reduced board as a PNG, ``cell`` pixels a cell: each input's wire in its colour
    (its negated cells lighter), other signals grey-blue, a gate's inner cells slate,
    numbers pale grey (the ``contradicting`` ones, flat indices, magenta), known mines
    black, ``-`` white; gates outlined in red and the inputs' terminals ringed in amber.
    For boards too big to draw cell by cell in SVG.

    The pixels are set directly, one byte a channel: drawn through a matplotlib figure,
    a board of millions of cells took gigabytes and seconds to resample.

    >>> from sweepkit.reductions.formulas import parse_circuit
    >>> from sweepkit.reductions.layout import reduce_circuit
    >>> reduced_png(reduce_circuit(parse_circuit("t = or(u, v)\\noutput t\\n")))[:4]
    b'\\x89PNG'
    """
    import io

    import numpy as np
    from matplotlib.colors import to_rgb
    from matplotlib.image import imsave

    position = reduced.position
    rows, cols = position.shape
    inputs = {name: to_rgb(PALETTE[i % len(PALETTE)])
              for i, name in enumerate(reduced.terminals)}
    signal, inner = to_rgb(SIGNAL), to_rgb(INNER)
    values = np.asarray(position.cells)
    board = np.full((values.size, 3), 255, dtype=np.uint8)  # white: a blocked cell
    board[values == MINE] = 0
    board[values >= 0] = _byte(to_rgb(NUMBER))
    board[values == UNKNOWN] = _byte(inner)
    for index, name in reduced.wires.items():
        if values[index] == UNKNOWN:
            base = name.rstrip("'")
            colour = inputs.get(base, signal if base else inner)
            if name.endswith("'"):
                colour = tuple(0.5 + 0.5 * x for x in colour)
            board[index] = _byte(colour)
    board[list(contradicting)] = _byte(to_rgb(CONTRADICTING))
    image = board.reshape(rows, cols, 3).repeat(cell, axis=0).repeat(cell, axis=1)
    for _name, top, left, bottom, right in reduced.gates:
        _outline(image, top * cell, left * cell, (bottom + 1) * cell - 1,
                 (right + 1) * cell - 1, _byte(to_rgb(GATE)))
    for index in reduced.terminals.values():
        r, c = divmod(index, cols)
        _outline(image, max(r - 1, 0) * cell, max(c - 1, 0) * cell,
                 min(r + 2, rows) * cell - 1, min(c + 2, cols) * cell - 1,
                 _byte(to_rgb(TERMINAL)))
    buffer = io.BytesIO()
    imsave(buffer, image, format="png")
    return buffer.getvalue()


SIGNAL, INNER, NUMBER, GATE, TERMINAL = "#90a4c0", "#4a5568", "#e2e8f0", "#c53030", "#d69e2e"
CONTRADICTING = "#d53f8c"
"""The PNG's colours besides the inputs' (:func:`reduced_png`)."""


def _outline(image: Any, top: int, left: int, bottom: int, right: int,
             colour: tuple[int, int, int]) -> None:
    """Draw a one-pixel rectangle, corners included, on an image array (rows, columns,
    RGB)."""
    image[top, left:right + 1] = colour
    image[bottom, left:right + 1] = colour
    image[top:bottom + 1, left] = colour
    image[top:bottom + 1, right] = colour


def _byte(colour: tuple[float, ...]) -> tuple[int, int, int]:
    """An RGB colour of floats from 0 to 1 as bytes."""
    return (round(255 * colour[0]), round(255 * colour[1]), round(255 * colour[2]))
