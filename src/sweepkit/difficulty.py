"""Board difficulty: 3BV, the least number of left clicks that clears a layout.

3BV ("Bechtel's Board Benchmark Value") counts one click per opening (a connected
region of zeros together with the numbers on its border, all opened by one click)
plus one click per safe cell that touches no zero. The school project builds it
the same way: flood-mark each zero region, then count the unmarked safe cells.

>>> from sweepkit.position import Position
>>> three_bv(Position.unknown(1, 5).layout([2]))
2
"""

from __future__ import annotations

from collections.abc import Sequence

from sweepkit.position import MINE, Position


def three_bv(layout: Position) -> int:
    """3BV of a full layout (``*`` on every mine; every other cell counts as safe)."""
    is_mine = bytes(1 if v == MINE else 0 for v in layout.cells)
    return three_bv_of_mines(is_mine, layout.neighbour_table())


def three_bv_of_mines(is_mine: Sequence[int], table: Sequence[Sequence[int]]) -> int:
    """3BV from a flat mine indicator (truthy = mine) and the board's neighbour table."""
    return three_bv_solved(is_mine, table, None)


def three_bv_solved(is_mine: Sequence[int], table: Sequence[Sequence[int]],
                    opened: Sequence[int] | None) -> int:
    """The part of the 3BV a player has done: the openings with an open zero and the open
    safe cells outside every opening (``opened``: truthy for an open cell; ``None``
    counts the whole 3BV). A lost game's 3BV/s and efficiency are taken from this.

    >>> is_mine = [0, 0, 1, 0, 0, 0]  # "01*100": two openings
    >>> table = Position.unknown(1, 6).neighbour_table()
    >>> three_bv_solved(is_mine, table, [0, 0, 0, 0, 0, 1]), three_bv_solved(is_mine, table, None)
    (1, 2)
    """
    size = len(is_mine)
    zero = [not is_mine[i] and not any(is_mine[j] for j in table[i]) for i in range(size)]
    marked = bytearray(size)
    clicks = 0
    for start in range(size):
        if not zero[start] or marked[start]:
            continue
        marked[start] = 1
        stack = [start]
        done = opened is None
        while stack:
            cell = stack.pop()
            if zero[cell]:  # a zero's neighbours are all safe: numbers or more zeros
                done = done or bool(opened[cell])  # type: ignore[index]
                for other in table[cell]:
                    if not marked[other]:
                        marked[other] = 1
                        stack.append(other)
        clicks += done
    return clicks + sum(1 for i in range(size) if not is_mine[i] and not marked[i]
                        and (opened is None or opened[i]))
