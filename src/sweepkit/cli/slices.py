"""Boards of three and more dimensions on the terminal: their 2-D slices laid out for people.

A 3-D board shows its slices side by side, as many as fit in :data:`WIDTH` columns, the
rest below; a 4-D board a grid of slices, one band per first coordinate, the second
across; with more dimensions, one band per all-but-the-last outer coordinates. Each slice
is titled by its outer coordinates, as the ``.board`` format's comments name it.

A line is a list of pieces ``(text, style)``: the style (rich's, ``""`` for none) lets
the analysis picture colour its cells; :func:`plain` drops it.

>>> blocks = lay_out((2, 1, 2), lambda k: [[(f"{k}{k}", "")]])
>>> print("\\n".join(map(plain, blocks)))
slice 0   slice 1
00        11
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sweepkit.topology import cell_coord

Piece = tuple[str, str]
Line = list[Piece]

WIDTH = 100
"""The widest a band of slices side by side may be, in columns (one slice is never cut)."""

GAP = "   "
"""Between two slices side by side."""


def plain(line: Line) -> str:
    """A line's text, without styles (and without trailing spaces)."""
    return "".join(text for text, _style in line).rstrip()


def slice_title(outer: tuple[int, ...], k: int) -> str:
    """The title of slice ``k`` of a board whose outer sizes are ``outer``: ``slice 1,2``.

    >>> slice_title((2, 3), 5)
    'slice 1,2'
    """
    return "slice " + ",".join(map(str, cell_coord(outer, k)))


def lay_out(shape: tuple[int, ...], draw: Callable[[int], list[Line]],
            width: int = WIDTH) -> list[Line]:
    """The lines showing an n-D board (``len(shape) >= 3``): ``draw(k)`` gives the lines of
    its 2-D slice ``k`` (slices numbered row-major over the outer coordinates), which are
    titled and laid out in bands (see the module's docstring), a blank line between bands.
    """
    outer = shape[:-2]
    across = outer[-1]
    count = 1
    for n in outer:
        count *= n
    lines: list[Line] = []
    for band in range(count // across):
        blocks = [[[(slice_title(outer, k), "")], *draw(k)]
                  for k in range(band * across, (band + 1) * across)]
        if lines:
            lines.append([])
        lines.extend(side_by_side(blocks, width))
    return lines


def side_by_side(blocks: Sequence[list[Line]], width: int = WIDTH) -> list[Line]:
    """Blocks of lines next to each other, :data:`GAP` apart, each padded to its widest
    line; a block that would pass ``width`` columns starts a new row of blocks below (after
    a blank line)."""
    rows: list[list[list[Line]]] = [[]]
    used = 0
    for block in blocks:
        w = _width(block) + len(GAP)
        if rows[-1] and used + w - len(GAP) > width:
            rows.append([])
            used = 0
        rows[-1].append(block)
        used += w
    lines: list[Line] = []
    for row in rows:
        if lines:
            lines.append([])
        widths = [_width(block) for block in row]
        for i in range(max(map(len, row))):
            line: Line = []
            for j, block in enumerate(row):
                part = block[i] if i < len(block) else []
                if j:
                    line.append((GAP, ""))
                line.extend(part)
                line.append((" " * (widths[j] - sum(len(t) for t, _ in part)), ""))
            lines.append(line)
    return lines


def _width(block: list[Line]) -> int:
    return max((sum(len(text) for text, _style in line) for line in block), default=0)
