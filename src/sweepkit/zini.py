"""ZiNi: the clicks a layout needs when flags and chords are used, by the greedy ZiNi
algorithm (Elmar Zimmermann and Christoph Nikolaus's, as the community's clients compute
it). 3BV (:mod:`sweepkit.difficulty`) counts the left clicks of a player who never flags;
ZiNi counts those of one who flags and chords where that saves clicks, so it is at most
the 3BV. It is an estimate from above of the true least number: finding that is a search
no client makes.

The board's *units* are those of the 3BV: each opening (a region of zeros, opened whole
with its border by one click) and each safe number touching no zero. The *premium* of a
safe non-zero cell is what opening it (when covered), flagging the unflagged mines around
it and chording it would save over left-clicking the units that does open, one by one:

    premium = units solved - clicks spent

where the units solved are the unsolved openings with a zero next to the cell, the
unopened lone numbers next to it, and the cell itself when it is a covered lone number;
and the clicks spent are one per unflagged mine around it, one for the chord and one to
open the cell when it is covered. The greedy algorithm:

1. find the cell of the highest premium, the first in row-major order among equals;
2. when that premium is 0 or more, open the cell (if covered), flag its mines and chord
   it (a premium of 0 costs nothing and places flags later chords may use), and go to 1;
3. else left-click every unit still unsolved, first to last.

Left clicks on units never raise a premium (a unit solved lowers the premium of every cell
next to it by as much as opening that cell gains), so step 3 ends the search. Each chord
solves at least as many units as it costs clicks, so ZiNi never exceeds the 3BV.

>>> from sweepkit.position import Position
>>> centre = Position.unknown(3, 3).layout([4])  # eight 1s around one mine
>>> zini(centre).value, [str(a.kind) for a in zini(centre).clicks]
(5, ['reveal', 'flag', 'chord', 'chord', 'chord'])
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass

from sweepkit.moves import Action
from sweepkit.position import MINE, Position


@dataclass(frozen=True)
class Zini:
    """The greedy ZiNi of a layout: the clicks it makes, in order (reveals, flags and
    chords, as a player would play them: they clear the board)."""

    clicks: tuple[Action, ...]

    @property
    def value(self) -> int:
        """How many clicks: the board's ZiNi."""
        return len(self.clicks)


def zini(layout: Position) -> Zini:
    """The greedy ZiNi of a full layout (``*`` on every mine; every other cell is safe)."""
    is_mine = bytes(1 if v == MINE else 0 for v in layout.cells)
    return zini_of_mines(is_mine, layout.neighbour_table())


def zini_of_mines(is_mine: Sequence[int], table: Sequence[Sequence[int]]) -> Zini:
    """The greedy ZiNi from a flat mine indicator (truthy = mine) and the board's
    neighbour table (the module doc says how)."""
    return _Greedy(is_mine, table).run()


class _Greedy:
    """One run of the greedy algorithm: the board's units, what is open and flagged, and
    every cell's premium (kept up to date around each chord; a heap finds the highest)."""

    def __init__(self, is_mine: Sequence[int], table: Sequence[Sequence[int]]) -> None:
        size = len(is_mine)
        self.table = table
        self.mine = [bool(m) for m in is_mine]
        self.zero = [not self.mine[i] and not any(self.mine[j] for j in table[i])
                     for i in range(size)]
        # openings: each zero's opening, and each opening's zeros and border
        self.opening = [-1] * size
        self.cells: list[list[int]] = []
        for start in range(size):
            if self.zero[start] and self.opening[start] < 0:
                self.cells.append(self._flood(start, len(self.cells)))
        self.lone = [not self.mine[i] and not self.zero[i]
                     and all(not self.zero[j] for j in table[i]) for i in range(size)]
        self.touches = [sorted({self.opening[j] for j in table[i] if self.zero[j]})
                        if not self.mine[i] and not self.zero[i] else [] for i in range(size)]
        self.solved = [False] * len(self.cells)
        self.opened = bytearray(size)
        self.flagged = bytearray(size)
        self.clicks: list[Action] = []
        self.premium: list[int | None] = [self._premium(i) for i in range(size)]
        self.heap = [(-p, i) for i, p in enumerate(self.premium) if p is not None]
        heapq.heapify(self.heap)

    def _flood(self, start: int, label: int) -> list[int]:
        """Label the opening of the zero ``start``; its cells (zeros and border)."""
        found = {start}
        stack = [start]
        self.opening[start] = label
        while stack:
            for j in self.table[stack.pop()]:
                if j not in found:
                    found.add(j)
                    if self.zero[j]:
                        self.opening[j] = label
                        stack.append(j)
        return sorted(found)

    def _premium(self, i: int) -> int | None:
        """Cell ``i``'s premium (module doc); ``None`` for a mine or a zero (a chord on a
        zero opens nothing a click on it would not)."""
        if self.mine[i] or self.zero[i]:
            return None
        gain = sum(1 for k in self.touches[i] if not self.solved[k])
        gain += sum(1 for j in self.table[i] if self.lone[j] and not self.opened[j])
        cost = 1 + sum(1 for j in self.table[i] if self.mine[j] and not self.flagged[j])
        if not self.opened[i]:
            cost += 1
            gain += self.lone[i]
        return gain - cost

    def _open(self, i: int, opened: list[int]) -> None:
        """Open the safe cell ``i`` (its whole opening when it is a zero)."""
        if self.opened[i]:
            return
        if self.zero[i]:
            self.solved[self.opening[i]] = True
            for j in self.cells[self.opening[i]]:
                if not self.opened[j]:
                    self.opened[j] = 1
                    opened.append(j)
        else:
            self.opened[i] = 1
            opened.append(i)

    def _chord(self, i: int) -> None:
        """Open ``i`` if covered, flag its mines, chord it; the premiums it changed kept."""
        opened: list[int] = []
        if not self.opened[i]:
            self.clicks.append(Action.reveal(i))
            self._open(i, opened)
        flags = [j for j in self.table[i] if self.mine[j] and not self.flagged[j]]
        for j in sorted(flags):
            self.clicks.append(Action.flag(j))
            self.flagged[j] = 1
        self.clicks.append(Action.chord(i))
        for j in self.table[i]:
            if not self.mine[j]:
                self._open(j, opened)
        touched = {i, *opened}
        for j in (*opened, *flags):
            touched.update(self.table[j])
        for j in touched:
            p = self._premium(j)
            if p != self.premium[j]:
                self.premium[j] = p
                if p is not None:
                    heapq.heappush(self.heap, (-p, j))

    def run(self) -> Zini:
        while self.heap:
            p, i = -self.heap[0][0], self.heap[0][1]
            heapq.heappop(self.heap)
            if p != self.premium[i]:
                continue  # stale: the cell's premium changed since
            if p < 0:
                break
            self._chord(i)
        for i in range(len(self.mine)):  # the units left, one left click each
            if (self.zero[i] and not self.solved[self.opening[i]]) or (
                    self.lone[i] and not self.opened[i]):
                self.clicks.append(Action.reveal(i))
                self._open(i, [])
        return Zini(tuple(self.clicks))
