"""Bit sets of cells: the board as one big integer per kind of cell, and back to cell lists.

Bulk work on boards (which cells are unknown, which numbers touch them) is done with
Python integers as bit sets: bit i stands for flat cell i. :func:`packed` turns the cell
values into bytes once; :func:`cell_mask` picks one kind of cell out of them with a
``bytes.translate`` table; :func:`mask_cells` lists a bit set's members.

>>> from sweepkit.position import MINE
>>> raw = packed((UNKNOWN, 1, MINE, UNKNOWN))
>>> mask_cells(cell_mask(raw, UNKNOWN_BIT)), mask_cells(cell_mask(raw, NUMBER_BIT))
([0, 3], [1])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import compress
from struct import Struct
from struct import error as struct_error

from sweepkit.position import MINE, UNKNOWN


def value_table(member: Callable[[int], bool]) -> bytes:
    """A ``bytes.translate`` table: signed cell value -> ASCII ``"1"`` if ``member(value)``."""
    return bytes(ord("1") if member(b - 256 if b > 127 else b) else ord("0")
                 for b in range(256))


UNKNOWN_BIT = value_table(lambda v: v == UNKNOWN)
MINE_BIT = value_table(lambda v: v == MINE)
NUMBER_BIT = value_table(lambda v: v >= 0)
VALUE_BIT = [value_table(lambda v, k=k: v >= 0 and v >> k & 1) for k in range(4)]


class _IsNumber(dict[int, bool]):
    """Cell value -> whether it is a revealed number; the values of a 2-D board are filled
    in, the bigger numbers of n-D boards are added on first sight."""

    def __missing__(self, value: int) -> bool:
        self[value] = result = value >= 0
        return result


IS_NUMBER = _IsNumber({v: v >= 0 for v in range(-3, 9)})
"""Whether a cell value is a revealed number (a dict lookup: cheaper than a lambda in ``map``).

>>> IS_NUMBER[26], IS_NUMBER[UNKNOWN]
(True, False)
"""


def packed(cells: Sequence[int]) -> bytes:
    """The cell values as signed bytes, last cell first (the input of :func:`cell_mask`).

    Numbers above 127 (boards of 5 dimensions and more: up to ``3**n - 1``) are packed as
    127, still a number: the masks tell kinds of cells apart, not numbers.
    """
    packer = _packer(len(cells))
    try:
        return packer.pack(*reversed(cells))
    except struct_error:
        return packer.pack(*[min(v, 127) for v in reversed(cells)])


@lru_cache(maxsize=16)
def _packer(size: int) -> Struct:
    return Struct(f"{size}b")


def cell_mask(raw: bytes, bits: bytes) -> int:
    """Bit set of the cells whose value ``bits`` marks, from :func:`packed` cells.

    >>> bin(cell_mask(packed((UNKNOWN, 1, UNKNOWN)), UNKNOWN_BIT))
    '0b101'
    """
    return int(raw.translate(bits) or b"0", 2)


def cells_mask(cells: Iterable[int]) -> int:
    """The bit set of ``cells`` (the inverse of :func:`mask_cells`).

    >>> bin(cells_mask({0, 2, 5}))
    '0b100101'
    """
    mask = 0
    for c in cells:
        mask |= 1 << c
    return mask


def mask_cells(mask: int) -> list[int]:
    """The members of a bit set, ascending.

    >>> mask_cells(0b10110), mask_cells((1 << 40) - 1) == list(range(40))
    ([1, 2, 4], True)
    """
    if mask.bit_count() <= 32:  # sparse: peel the lowest bits off one by one
        found = []
        while mask:
            low = mask & -mask
            found.append(low.bit_length() - 1)
            mask ^= low
        return found
    digits = bin(mask)[:1:-1]
    return list(compress(range(len(digits)), map("1".__eq__, digits)))
