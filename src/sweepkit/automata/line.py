"""A correct one-dimensional solver: consistency, exact count, one layout and the certain cells.

One left-to-right pass over the strip with the state ``(mine before, mine here)``
counts every layout (the enumeration Kadlac left as future work) and records
which states are reachable; a walk back along those records (the back-pointers)
gives one valid layout, and a right-to-left pass finds which states can still be
completed, so a cell is a certain mine or a certain safe when only one value
survives both passes. Time O(n), or O(n·m) when a total ``m`` of mines is given
(then only layouts with exactly ``m`` mines, known ones included, count).

Unlike Kadlac's machine (:mod:`sweepkit.automata.kadlac`) it also reads ``-``
(safe, no number) and ``*`` (known mine), and its witness is always a layout.
The strip's left/right adjacency is built into the state, as in every strip
machine; the ``line`` and 1-row ``grid`` topologies agree on it.

Sources (docs/bibliography.md): the passes are the transfer-matrix method on one row
(Stanley, *Enumerative Combinatorics, Vol. 1*, 1986, §4.7 [Stanley1986]; the k-row form is
:mod:`sweepkit.automata.transfer`). The problem and the enumeration it answers are
Kadlac's: *Explorations of the Minesweeper Consistency Problem*, 2003, §7 (the 1-D problem;
enumerating every layout left for future inquiry after Theorem 7.9) [Kadlac2003].

>>> s = solve_line(Position.from_rows(["?1?0"]))
>>> s.consistent, s.count, sorted(s.witness), sorted(s.mines), sorted(s.safe)
(True, 1, [0], [0], [2])
>>> solve_line(Position.from_rows(["?????"], mines=2)).count
10
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sweepkit.automata.errors import StripInputError
from sweepkit.position import MINE, UNKNOWN, Position

# A state packs (mine on the previous cell, mine on this cell) as 2*prev + this.
_STATES = range(4)


@dataclass(frozen=True)
class LineSolution:
    """What a 1-row position admits.

    ``count`` is the exact number of layouts (with the mine total when the position
    has one); ``witness`` the mine cells of one of them (``None`` when inconsistent);
    ``safe`` / ``mines`` the unknown cells that are safe / mines in every layout.
    """

    consistent: bool
    count: int
    witness: frozenset[int] | None
    safe: frozenset[int]
    mines: frozenset[int]


def _allowed(value: int) -> tuple[int, ...]:
    """Mine values a cell may take."""
    if value == UNKNOWN:
        return (0, 1)
    if value == MINE:
        return (1,)
    return (0,)


def _need(value: int) -> int | None:
    """The number of mine neighbours a cell demands (None: no number)."""
    return value if value >= 0 else None


@cache
def _moves(need: int | None, allowed: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """``(from, to, mine)`` steps into a cell that may hold ``allowed``, whose left
    neighbour demands ``need`` (its own left neighbour plus this cell)."""
    return tuple((2 * a + b, 2 * b + c, c) for a in (0, 1) for b in (0, 1) for c in allowed
                 if need is None or a + c == need)


def _strip_cells(position: Position) -> tuple[int, ...]:
    if len(position.shape) != 2 or position.shape[0] != 1:
        rows = position.shape[0] if len(position.shape) == 2 else len(position.shape)
        what = f"{rows} rows" if len(position.shape) == 2 else f"shape {position.shape}"
        raise StripInputError(f"a strip has exactly one row, got {what}", row=rows)
    return position.cells


def _count(steps: list[tuple[tuple[int, int, int], ...]], finals: list[int],
           total: int | None) -> int:
    """The number of layouts (with exactly ``total`` mines if given): one forward pass."""
    if total is None:
        ways = [1, 0, 0, 0]
        for moves in steps:
            nxt = [0, 0, 0, 0]
            for f, t, _c in moves:
                nxt[t] += ways[f]
            ways = nxt
        return sum(ways[s] for s in finals)
    by_mines = [[1] + [0] * total] + [[0] * (total + 1) for _ in range(3)]
    for moves in steps:
        nxt_by = [[0] * (total + 1) for _ in _STATES]
        for f, t, c in moves:
            src, dst = by_mines[f], nxt_by[t]
            for k in range(total + 1 - c):
                dst[k + c] += src[k]
        by_mines = nxt_by
    return sum(by_mines[s][total] for s in finals)


def _reachable(steps: list[tuple[tuple[int, int, int], ...]], total: int | None
               ) -> list[list[int]]:
    """For each cell and state, the mine counts so far that reach it (bit k = k mines).

    Without a mine total every count is folded onto bit 0 (reachable or not).
    These masks are the back-pointers of the walk back.
    """
    keep = (1 << (total + 1)) - 1 if total is not None else 1
    reach = [1, 0, 0, 0]  # the virtual cell before the strip: no mine, no number
    table = []
    for moves in steps:
        nxt = [0, 0, 0, 0]
        for f, t, c in moves:
            nxt[t] |= reach[f] << c if total is not None else reach[f]
        reach = [m & keep for m in nxt]
        table.append(reach)
    return table


def _walk_back(steps: list[tuple[tuple[int, int, int], ...]], reach: list[list[int]],
               state: int, total: int | None) -> frozenset[int]:
    """One layout ending in ``state``, by following reachable predecessors backwards."""
    mines = []
    k = total or 0
    for i in range(len(steps) - 1, -1, -1):
        c = state & 1
        if c:
            mines.append(i)
        if i == 0:
            break
        before = k - c if total is not None else 0
        state = next(f for f, t, _c in steps[i] if t == state and reach[i - 1][f] >> before & 1)
        k = before
    return frozenset(mines)


def _certain(cells: tuple[int, ...], steps: list[tuple[tuple[int, int, int], ...]],
             reach: list[list[int]], finals: list[int], total: int | None
             ) -> tuple[frozenset[int], frozenset[int]]:
    """The unknown cells that are safe / mines in every layout: a backward pass marks
    the states that can still be completed, and a cell keeps the values of the
    states that are both reachable and completable."""
    safe, mines = [], []
    goal = 1 << total if total is not None else 1
    ahead = [goal if s in finals else 0 for s in _STATES]  # mine counts that complete
    for i in range(len(cells) - 1, -1, -1):
        values = {s & 1 for s in _STATES if reach[i][s] & ahead[s]}
        if cells[i] == UNKNOWN and len(values) == 1:
            (safe if values == {0} else mines).append(i)
        behind = [0, 0, 0, 0]
        for f, t, c in steps[i]:
            behind[f] |= ahead[t] >> c if total is not None else ahead[t]
        ahead = behind
    return frozenset(safe), frozenset(mines)


def solve_line(position: Position) -> LineSolution:
    """Solve a 1-row position exactly (any topology; shape ``(1, n)``).

    Raises :class:`StripInputError` (naming the row count) for any other shape.

    >>> solve_line(Position.from_rows(["?0"])).witness
    frozenset()
    >>> solve_line(Position.from_rows(["0?1?0"])).consistent
    False
    """
    cells = _strip_cells(position)
    total = position.mines
    steps = [_moves(None, _allowed(cells[0]))]
    steps += [_moves(_need(cells[i - 1]), _allowed(cells[i])) for i in range(1, len(cells))]
    # The last cell's number sees only its left neighbour (no cell after the strip).
    last_need = _need(cells[-1])
    finals = [s for s in _STATES if last_need is None or s >> 1 == last_need]
    reach = _reachable(steps, total)
    goal = 1 << total if total is not None else 1
    end = [s for s in finals if reach[-1][s] & goal]
    if not end:
        return LineSolution(False, 0, None, frozenset(), frozenset())
    safe, mines = _certain(cells, steps, reach, finals, total)
    return LineSolution(True, _count(steps, finals, total), _walk_back(steps, reach, end[0], total),
                        safe, mines)
