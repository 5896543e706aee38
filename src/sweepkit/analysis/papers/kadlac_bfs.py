"""Kadlac's breadth-first search for all layouts of a grid (2003, Appendix A), faithfully.

Source: Kadlac, *Explorations of the Minesweeper Consistency Problem*, 2003, §6 (the
exhaustive search), Appendix A (its C++ program and sample boards) and §4 (worked examples)
[Kadlac2003] (docs/bibliography.md).

The C++ program ("MS consistency") enumerates every consistent configuration of a
grid over ``0-8 B ?``. This module follows it step by step, so it finds the same
solutions **in the same order**, holds the same frontiers and prints the same text:

- *consistency*: for every digit ``n``, ``#B <= n <= #B + #?`` among its neighbours;
- *goal*: no ``?`` left and every digit equals its ``#B``;
- *children* of a grid (flattened row-major, unknowns ``p1 < ... < pk``): child
  ``j`` puts ``B`` at ``pj`` and turns every earlier ``?`` into ``-`` (decided safe);
  child ``k+1`` turns every ``?`` into ``-``;
- *loop*: expand every frontier grid in order; each goal child is printed at once,
  numbered; the next frontier is every consistent child that still has a ``?``;
- *capacity*: the program's arrays hold ``MAXROW = 1000`` grids; it keeps looping
  only while the number of children of the next level is ``< MAXROW`` and prints
  "Search frontier too large" when it is ``> MAXROW`` (exactly ``MAXROW`` stops it
  silently — a quirk kept in :func:`kadlac_report`).

What differs, and why:

- Kadlac's grids have only ``0-8``, ``B`` and ``?``. A ``-`` in the input is read as
  the program reads its own ``-``: decided safe, no number, no constraint; in a
  printed solution it shows its neighbour-bomb count, as the program's ``-`` do.
  A known mine ``*`` is Kadlac's ``B``. The total mine count (``mines:``) is not
  part of his problem: it is ignored, and the layouts yielded carry ``mines=None``.
- Adjacency comes from :mod:`sweepkit.topology` (8 neighbours on a grid; on a
  1-row grid or a ``line`` that is the left/right pair, as in the C++ program).
- ``capacity`` is a parameter (default 1000, ``None`` = unbounded, the "dynamic
  arrays" the paper asks for). :func:`kadlac_search` raises
  :class:`KadlacFrontierTooLarge` where the program would stop, because its answer
  would be incomplete; :func:`kadlac_report` prints what the program prints.
- ``limit`` (ours) stops after that many solutions; the report then says so in one
  extra line before the count line.
- The frontier size reported by :func:`kadlac_frontier_sizes` is the program's
  ``new_grids``: the number of children generated at a level (the rows of its
  ``NewArray``), which is what the capacity bounds.

>>> board = Position.from_rows(["??", "??"])
>>> [str(p).split() for p in kadlac_search(board, limit=3)]
[['11', '1*'], ['00', '00'], ['*2', '2*']]
>>> max(kadlac_frontier_sizes(board))
9
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sweepkit.position import MINE, PAPER_CHAR_OF, SAFE, UNKNOWN, Position

MAXROW = 1000
"""The frontier capacity of the C++ program (rows of its arrays)."""


class KadlacFrontierTooLarge(RuntimeError):
    """The search stopped where the program would: a level had too many children.

    ``size`` is the number of children of that level, ``capacity`` the bound, and
    ``found`` the number of solutions produced before stopping.
    """

    def __init__(self, size: int, capacity: int, found: int) -> None:
        self.size, self.capacity, self.found = size, capacity, found
        super().__init__(
            f"search frontier too large: {size} grids at the next level, capacity {capacity} "
            f"({found} configuration(s) found before stopping)"
        )


@dataclass(frozen=True)
class _Event:
    """One step of the program: a goal grid, a level's size, or why it stopped."""

    kind: str  # "trivial", "goal", "level", "too_large", "full"
    cells: tuple[int, ...] = ()
    size: int = 0


class _Grid:
    """The fixed facts of one board that every consistency and goal test needs."""

    def __init__(self, position: Position) -> None:
        self.table = position.neighbour_table()
        self.numbers = [(i, v) for i, v in enumerate(position.cells) if v >= 0]

    def consistent(self, cells: tuple[int, ...]) -> bool:
        """Kadlac's test: every digit has ``#B <= n <= #B + #?`` around it."""
        for i, n in self.numbers:
            bombs = unknowns = 0
            for j in self.table[i]:
                v = cells[j]
                if v == MINE:
                    bombs += 1
                elif v == UNKNOWN:
                    unknowns += 1
            if bombs > n or bombs + unknowns < n:
                return False
        return True

    def goal(self, cells: tuple[int, ...]) -> bool:
        """Kadlac's goal test: no ``?`` and every digit equals its bombs."""
        if UNKNOWN in cells:
            return False
        return all(
            sum(1 for j in self.table[i] if cells[j] == MINE) == n for i, n in self.numbers
        )


def _children(cells: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """The program's children of one grid, in its order (see the module docstring)."""
    unknown = [i for i, v in enumerate(cells) if v == UNKNOWN]
    current = list(cells)
    for p in unknown:
        child = current.copy()
        child[p] = MINE
        yield tuple(child)
        current[p] = SAFE
    yield tuple(current)


def _events(position: Position, capacity: int | None) -> Iterator[_Event]:
    """Run the program, yielding what it prints (goals) and how it sizes each level."""
    grid = _Grid(position)
    original = position.cells
    if not grid.consistent(original):
        return
    if UNKNOWN not in original:
        yield _Event("trivial", cells=original)
        return
    frontier = [original]
    first = True
    while frontier:
        size = sum(c.count(UNKNOWN) + 1 for c in frontier)
        yield _Event("level", size=size)
        if capacity is not None and size >= capacity:
            # The program prints its message only for a level after the first, and only
            # when the size exceeds the capacity; otherwise it just stops looping.
            yield _Event("too_large" if size > capacity and not first else "full", size=size)
            return
        first = False
        next_frontier = []
        for cells in frontier:
            for child in _children(cells):
                if grid.goal(child):
                    yield _Event("goal", cells=child)
                elif UNKNOWN in child and grid.consistent(child):
                    next_frontier.append(child)
        frontier = next_frontier


def _mine_cells(cells: tuple[int, ...]) -> list[int]:
    return [i for i, v in enumerate(cells) if v == MINE]


def kadlac_search(
    position: Position, limit: int | None = None, capacity: int | None = MAXROW
) -> Iterator[Position]:
    """Every layout of ``position`` (full boards, ``mines=None``) in Kadlac's printed order.

    Stops after ``limit`` layouts if given. Raises :class:`KadlacFrontierTooLarge`
    when a level would need ``capacity`` grids or more (``None``: never).

    >>> ex2 = Position.from_rows(["1110", "1B21", "12??", "01??"])
    >>> [" ".join(str(p).split()[2:]) for p in kadlac_search(ex2)]
    ['12*2 012*', '12*1 0111', '124* 01**', '123* 01*2']
    """
    free = position.with_mines(None)
    found = 0
    if limit is not None and limit <= 0:
        return
    for event in _events(position, capacity):
        if event.kind in ("trivial", "goal"):
            yield free.layout(_mine_cells(event.cells))
            found += 1
            if limit is not None and found >= limit:
                return
        elif event.kind in ("too_large", "full"):
            assert capacity is not None
            raise KadlacFrontierTooLarge(event.size, capacity, found)


def kadlac_frontier_sizes(position: Position, capacity: int | None = None) -> list[int]:
    """The number of grids the program generates at each level (its ``new_grids``).

    With a ``capacity`` the list ends at the first level that reaches it (the one
    the program refuses to expand). Empty for an inconsistent or fully known grid.

    >>> kadlac_frontier_sizes(Position.from_rows(["??", "??"]))
    [5, 9, 7, 2]
    """
    return [e.size for e in _events(position, capacity) if e.kind == "level"]


def _rows(position: Position, cells: tuple[int, ...]) -> list[str]:
    """The grid's rows as Kadlac's program prints them (``B`` for a mine)."""
    cols = position.cols
    return ["".join(PAPER_CHAR_OF.get(v) or str(v) for v in cells[r : r + cols])
            for r in range(0, len(cells), cols)]


def kadlac_report(
    position: Position, limit: int | None = None, capacity: int | None = MAXROW,
    notes: list[str] | None = None,
) -> str:
    """The full text the C++ program prints for ``position`` (``B`` for mines). Where the
    program stops without a word (its first level already fills its table), the count it
    prints is not the number of layouts: ``notes``, if given, gets a line saying so.

    >>> print(kadlac_report(Position.from_rows(["0?", "?2"])), end="")
    Original Grid
    0?
    ?2
    <BLANKLINE>
    0 consistent configuration(s)
    <BLANKLINE>
    """
    out = ["Original Grid\n", *(row + "\n" for row in _rows(position, position.cells)), "\n"]
    free = position.with_mines(None)
    count = 0
    for event in _events(position, capacity):
        if limit is not None and count >= limit and event.kind in ("trivial", "goal"):
            out.append(f"\nLimit of {limit} configuration(s) reached\n")
            break
        if event.kind == "trivial":
            out.extend(row + "\n" for row in _rows(position, event.cells))
            count += 1
        elif event.kind == "goal":
            count += 1
            layout = free.layout(_mine_cells(event.cells)).cells
            out.append(f"{count}\n")
            out.extend(row + "\n" for row in _rows(position, layout))
            out.append("\n")
        elif event.kind == "too_large":
            out.append("\nSearch frontier too large\n")
        elif event.kind == "full" and notes is not None:
            notes.append(f"Kadlac's program stopped without a word: its first level has "
                         f"{event.size:,} grids, its table holds {capacity:,}; the count it "
                         "prints is not the number of layouts (--method fast counts them)")
    out.append(f"{count} consistent configuration(s)\n\n")
    return "".join(out)
