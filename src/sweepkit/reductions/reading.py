"""A reduced board read back: the terminals and gadgets its comment lines name, and the
numbers that contradict each other said in the circuit's words (which gadgets, which
wires). The boards come from :mod:`sweepkit.reductions.layout`."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence

from sweepkit.boardfile import plural
from sweepkit.constraints import Constraint
from sweepkit.position import Position

_INPUT_LINE = re.compile(r"#\s*input\s+(\S+):\s*([0-9]+(?:,[0-9]+)+)\s*", re.ASCII)


def read_terminals(text: str) -> dict[str, tuple[int, ...]]:
    """The ``# input NAME: ROW,COL`` comment lines of a reduced board, by name (one
    coordinate per dimension: an embedded board's lines have more)."""
    found = {}
    for line in text.splitlines():
        match = _INPUT_LINE.fullmatch(line.strip())
        if match:
            found[match.group(1)] = tuple(int(x) for x in match.group(2).split(","))
    return found


_GADGET_LINE = re.compile(r"#\s*gadget\s+(\S+):\s*([0-9]+),([0-9]+)-([0-9]+),([0-9]+)\s*",
                          re.ASCII)


def read_gadgets(text: str) -> list[tuple[str, int, int, int, int]]:
    """The ``# gadget KIND: TOP,LEFT-BOTTOM,RIGHT`` comment lines of a reduced board: each
    gate's kind and the rows and columns it spans (both ends included)."""
    found = []
    for line in text.splitlines():
        match = _GADGET_LINE.fullmatch(line.strip())
        if match:
            top, left, bottom, right = (int(match.group(i)) for i in range(2, 6))
            found.append((match.group(1), top, left, bottom, right))
    return found


SHOWN_GADGETS = 8
"""How many gadgets :func:`contradiction_words` names before counting the rest."""


def _any_inside(by_row: dict[int, list[int]], top: int, left: int, bottom: int,
                right: int) -> bool:
    """Whether a cell of ``by_row`` (row: its columns, sorted) is in the rectangle (bounds
    included): a look-up per row of the rectangle, not a scan of every cell per gadget."""
    if bottom - top + 1 > len(by_row):
        rows: Iterable[int] = (r for r in by_row if top <= r <= bottom)
    else:
        rows = range(top, bottom + 1)
    for r in rows:
        cols = by_row.get(r)
        if cols is not None:
            i = bisect_left(cols, left)
            if i < len(cols) and cols[i] <= right:
                return True
    return False


def contradiction_words(position: Position, numbers: Sequence[int],
                        constraints: Sequence[Constraint],
                        terminals: dict[str, tuple[int, ...]],
                        gadgets: Sequence[tuple[str, int, int, int, int]],
                        signals: dict[int, str] | None = None) -> str | None:
    """A reduced board's contradiction in the formula's terms: which inputs' wires the
    ``numbers`` reach and which gadgets they pass through (``gadgets`` from
    :func:`read_gadgets`). None when the board names no inputs or gadgets on a 2-D board.

    With ``signals`` (:attr:`sweepkit.reductions.layout.Reduced.wires`: the signal each
    covered cell carries, known where the board was drawn) an input is reached when a number
    sees a cell of its signal anywhere; from a board file alone, when a number sees its
    wire's first stretch (from the terminal through the numbers that see two of its cells,
    one of them a mine, up to the first gadget: a crossing or a gate changes the cells'
    equations).

    >>> from sweepkit.reductions.formulas import CNF
    >>> from sweepkit.reductions.layout import reduce_cnf
    >>> board = reduce_cnf(CNF(1, ((1,), (-1,))))
    >>> from sweepkit.analysis.papers.consistency import minimal_contradiction
    >>> from sweepkit.constraints import build_system
    >>> text = "\\n".join(board.comments())
    >>> found = minimal_contradiction(board.position, use_mine_count=False)
    >>> print(contradiction_words(board.position, found.numbers,
    ...       build_system(board.position).constraints, read_terminals(text),
    ...       read_gadgets(text)))
    on the formula: the numbers reach the wire leaving the terminal of input x1 and pass
    through 1 gadget (of 1): not at (21, 122)
    """
    if position.dims != 2 or not (terminals or gadgets):
        return None
    chosen = set(numbers)
    seen = {c for con in constraints if con.number in chosen for c in con.cells}
    by_row: dict[int, list[int]] = {}      # the chosen numbers' columns, row by row
    for n in sorted(chosen):
        r, c = divmod(n, position.cols)
        by_row.setdefault(r, []).append(c)
    if signals is not None:
        carried = {signals.get(c, "").rstrip("'") for c in seen}
        reached = [name for name in terminals if name in carried]
    else:
        reached = _first_stretches(position, seen, constraints, terminals)
    crossed = [(kind, top, left) for kind, top, left, bottom, right in gadgets
               if _any_inside(by_row, top, left, bottom, right)] if gadgets else []
    parts = []
    if reached:
        many = len(reached) > 1
        wire = (f"wire{'s' if many else ''} of" if signals is not None
                else f"wire{'s' if many else ''} leaving the terminal{'s' if many else ''} of")
        parts.append(f"reach the {wire} input{'s' if many else ''} {', '.join(reached)}")
    if crossed:
        named = ", ".join(f"{kind} at ({top}, {left})"
                          for kind, top, left in crossed[:SHOWN_GADGETS])
        more = len(crossed) - SHOWN_GADGETS
        parts.append(f"pass through {plural(len(crossed), 'gadget')} (of {len(gadgets)}): "
                     f"{named}" + (f" and {more} more" if more > 0 else ""))
    if not parts:
        return None
    return "on the formula: the numbers " + " and ".join(parts)


def _first_stretches(position: Position, seen: set[int], constraints: Sequence[Constraint],
                     terminals: dict[str, tuple[int, ...]]) -> list[str]:
    """The inputs whose wire, from the terminal to the first gadget, has a cell in
    ``seen``."""
    near: dict[int, list[int]] = {}
    for con in constraints:
        if len(con.cells) == 2 and con.need == 1:
            a, b = con.cells
            near.setdefault(a, []).append(b)
            near.setdefault(b, []).append(a)
    reached = []
    for name, coord in terminals.items():
        start = position.index(*coord)
        wire, todo = {start}, [start]
        while todo:
            for d in near.get(todo.pop(), ()):
                if d not in wire:
                    wire.add(d)
                    todo.append(d)
        if wire & seen:
            reached.append(name)
    return reached


__all__ = ["SHOWN_GADGETS", "contradiction_words", "read_gadgets", "read_terminals"]
