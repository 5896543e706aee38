"""The layouts of a position as tables for the exact search (:mod:`sweepkit.search.optimal`):
each layout's outcome per cell as one ``bytes`` row, the per-cell bitsets of the layouts
with a mine or with each number there, and the board's symmetries that keep the position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

from sweepkit.analysis.budget import check
from sweepkit.position import Position

MINE_CODE = 9
"""The outcome code of a mine in a layout's row (0-8 are the numbers shown)."""


def board_symmetries(position: Position) -> list[tuple[int, ...]]:
    """The symmetries of the board that map the position to itself, as permutations
    ``perm`` of the flat cells (cell ``perm[i]`` goes to ``i``), identity first.

    Only 2-D boards have more than the identity: the 8 maps of the square (rotations and
    reflections; the transposing ones only when rows = cols) that keep every cell's value
    and every adjacency.

    >>> len(board_symmetries(Position.unknown(3, 3))), len(board_symmetries(Position.unknown(2, 3)))
    (8, 4)
    >>> len(board_symmetries(Position.from_rows(["1?", "??"])))
    2
    """
    identity = tuple(range(position.size))
    if len(position.shape) != 2:
        return [identity]
    table = position.neighbour_table()
    cells = position.cells
    found = [identity]
    for perm in _square_maps(*position.shape):
        if perm in found or any(cells[j] != v for j, v in zip(perm, cells, strict=True)):
            continue
        if all({perm[j] for j in table[i]} == set(table[perm[i]]) for i in range(position.size)):
            found.append(perm)
    return found


@lru_cache(maxsize=16)
def _square_maps(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The reflections and rotations of a ``rows`` × ``cols`` board (those that transpose
    it only when it is square) as permutations of its cells, as
    :func:`board_symmetries` reads them (cached per shape)."""
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        n = rows - 1
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (n - c, n - r),
            lambda r, c: (c, n - r),
            lambda r, c: (n - c, r),
        ]
    return tuple(tuple(r * cols + c for r, c in (f(*divmod(i, cols)) for i in range(rows * cols)))
                 for f in maps)


class Table(NamedTuple):
    """The layouts of a state, renumbered 0..n-1: ``rows[k]`` is layout k's outcome per
    cell (0-8 the number shown, 9 a mine); ``mines[c]`` the bitset of the layouts with a
    mine at c; ``numbers[c]`` a ``(number, bitset)`` pair for every number c shows."""

    rows: list[bytes]
    mines: list[int]
    numbers: list[tuple[tuple[int, int], ...]]


def table(rows: list[bytes], size: int, cells: Sequence[int] | None = None) -> Table:
    """The per-cell bitsets of the layouts ``rows`` (one ``bytes`` of outcomes each), for
    ``cells`` only when given: the others get 0 and no numbers, which mean nothing (the
    search asks only about the cells it gave)."""
    joined = b"".join(rows)
    mines, numbers = [0] * size, [()] * size
    for c in range(size) if cells is None else cells:
        column = joined[c::size]  # cell c's outcome in every layout, in layout order
        codes = set(column)
        mines[c] = mask(column, MINE_CODE) if MINE_CODE in codes else 0
        numbers[c] = tuple((n, mask(column, n)) for n in sorted(codes - {MINE_CODE}))
    return Table(rows, mines, numbers)


def mask(column: bytes, code: int) -> int:
    """The bitset of the places of ``code`` in ``column`` (bit k for place k)."""
    return int(column.translate(BIT_TABLES[code])[::-1], 2)  # b"1" where it is, else b"0"


def outcome_rows(position: Position, layouts: Sequence[frozenset[int]]) -> list[bytes]:
    """Every layout's outcome per cell: the number it shows there, or 9 for a mine.

    The mines every layout shares (the flagged ones, most of them in an endgame) are
    counted once, into a template row; each layout adds only its other mines, whose
    neighbours' counts skip the shared mines (which show 9 whatever is next to them)."""
    if not layouts:
        return []
    table = position.neighbour_table()
    shared = frozenset.intersection(*map(frozenset, layouts))
    template = bytearray(position.size)
    for m in shared:
        for j in table[m]:
            template[j] += 1
    for m in shared:
        template[m] = MINE_CODE
    around: dict[int, list[int]] = {}
    rows = []
    for k, layout in enumerate(layouts):
        if not k & 4095:
            check()
        shown = template[:]
        own = layout - shared if isinstance(layout, frozenset) else set(layout) - shared
        for m in own:
            near = around.get(m)
            if near is None:
                near = around[m] = [j for j in table[m] if j not in shared]
            for j in near:
                shown[j] += 1
        for m in own:
            shown[m] = MINE_CODE
        rows.append(bytes(shown))
    return rows


def members(bitset: int) -> list[int]:
    """The places of the 1 bits of ``bitset``, in increasing order."""
    text = bin(bitset)[:1:-1]  # bit k is character k
    places = []
    k = text.find("1")
    while k >= 0:
        places.append(k)
        k = text.find("1", k + 1)
    return places


BYTE = [bytes((n,)) for n in range(9)]
BIT_TABLES = [bytes(0x31 if v == code else 0x30 for v in range(256)) for code in range(10)]


__all__ = ["BIT_TABLES", "BYTE", "MINE_CODE", "Table", "board_symmetries", "members",
           "outcome_rows", "table"]
