"""A correct one-dimensional solver: consistency, exact count, one layout and the certain cells.

One left-to-right pass over the strip with the state ``(mine before, mine here)``
counts every layout (the enumeration Kadlac left as future work) and records
which states are reachable; a walk back along those records (the back-pointers)
gives one valid layout, and a right-to-left pass finds which states can still be
completed, so a cell is a certain mine or a certain safe when only one value
survives both passes. Time O(n), or O(n·m) when a total ``m`` of mines is given
(then only layouts with exactly ``m`` mines, known ones included, count).

Unlike Kadlac's machine (:mod:`sweepkit.automata.kadlac`) it accepts the empty
strip, reads ``-`` (safe, no number) and ``*`` (known mine), and its witness is
always a layout.

>>> s = solve_line(Position.from_rows(["?1?0"]))
>>> s.consistent, s.count, sorted(s.witness), sorted(s.mines), sorted(s.safe)
(True, 1, [0], [0], [2])
>>> solve_line(Position.from_rows(["?????"], mines=2)).count
10
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

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


@lru_cache(maxsize=None)
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
    n = len(cells)
    # Masks of reachable mine counts per state (bit k = k mines so far); without a
    # mine total every count is folded onto bit 0.
    counting = total is not None
    steps = [_moves(None, _allowed(cells[0]))]
    steps += [_moves(_need(cells[i - 1]), _allowed(cells[i])) for i in range(1, n)]
    start = [1 << 0, 0, 0, 0]  # the virtual cell before the strip: no mine, no number

    # Forward pass: reachable masks per position (the back-pointers), and counts.
    forward: list[list[int]] = []
    reach = start
    if counting:
        counts: list[list[int]] = [[1] + [0] * total, [0] * (total + 1), [0] * (total + 1),
                                   [0] * (total + 1)]
    else:
        scalar = [1, 0, 0, 0]
    for moves in steps:
        nxt = [0, 0, 0, 0]
        for f, t, c in moves:
            if reach[f]:
                nxt[t] |= reach[f] << c if counting else reach[f]
        if counting:
            new = [[0] * (total + 1) for _ in _STATES]
            for f, t, c in moves:
                src, dst = counts[f], new[t]
                for k in range(total + 1 - c):
                    if src[k]:
                        dst[k + c] += src[k]
            counts = new
        else:
            new_scalar = [0, 0, 0, 0]
            for f, t, _c in moves:
                if scalar[f]:
                    new_scalar[t] += scalar[f]
            scalar = new_scalar
        if counting:
            nxt = [m & ((1 << (total + 1)) - 1) for m in nxt]
        forward.append(nxt)
        reach = nxt

    # The last cell's number sees only its left neighbour (no cell after the strip).
    last_need = _need(cells[-1])
    goal = 1 << total if counting else 1
    finals = [s for s in _STATES if last_need is None or s >> 1 == last_need]
    if counting:
        count = sum(counts[s][total] for s in finals)
    else:
        count = sum(scalar[s] for s in finals)
    end = [s for s in finals if forward[-1][s] & goal]
    if not end:
        return LineSolution(False, 0, None, frozenset(), frozenset())

    # Walk back along the reachable states: one layout.
    witness = []
    state, k = end[0], (total if counting else 0)
    for i in range(n - 1, -1, -1):
        if state & 1:
            witness.append(i)
        before = k - (state & 1) if counting else 0
        if i == 0:
            break
        for f, t, _c in steps[i]:
            if t == state and forward[i - 1][f] >> before & 1:
                state, k = f, before
                break
        else:  # pragma: no cover - a reachable state always has a reachable predecessor
            raise AssertionError("broken back-pointer")

    # Backward pass: which states can still be completed (needed mine counts as
    # masks), combined with the forward masks to find the cells with one value.
    safe, mines = [], []
    ahead = [goal if s in finals else 0 for s in _STATES]
    for i in range(n - 1, -1, -1):
        can = set()
        for s in _STATES:
            if forward[i][s] & ahead[s]:
                can.add(s & 1)
        if cells[i] == UNKNOWN:
            if can == {0}:
                safe.append(i)
            elif can == {1}:
                mines.append(i)
        behind = [0, 0, 0, 0]
        for f, t, c in steps[i]:
            if ahead[t]:
                behind[f] |= ahead[t] >> c if counting else ahead[t]
        ahead = behind
    return LineSolution(True, count, frozenset(witness), frozenset(safe), frozenset(mines))

