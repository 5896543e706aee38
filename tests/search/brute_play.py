"""An independent brute-force game-tree search: optimal play on tiny positions.

Written without :mod:`sweepkit.search` or the package's analysis: the layouts come from
``tests/brute.py`` (which reads only the Position's fields), adjacency and numbers are
computed here from coordinates, and the search is the plain recursion over explicit lists of
layouts, with no memo, no pruning and no use of the "certain safe cells first" or "flood
fill changes nothing" facts (the tests check those facts with it). The game: a move reveals
any cell not showing a number (a ``?``, a ``-`` or even a ``*``); a mine loses; a safe cell
shows its number and, with ``flood=True``, a 0 opens its neighbours recursively; a layout
is won once every one of its safe cells shows. Exponential in everything: keep to about six
covered cells, or pass ``memo=True`` (a table of every state's wins, keyed by what the
player has seen) for the 3x3 boards of the table in ``docs/optimal.md``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from sweepkit.position import Position
from tests import brute


def _around(rows: int, cols: int, i: int) -> list[int]:
    r, c = divmod(i, cols)
    return [rr * cols + cc for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
            if 0 <= rr < rows and 0 <= cc < cols and (rr, cc) != (r, c)]


@dataclass(frozen=True)
class BruteResult:
    wins: int
    total: int
    best_moves: tuple[int, ...]
    move_wins: dict[int, int]


def optimal(position: Position, flood: bool = True, memo: bool = False) -> BruteResult:
    """Wins of optimal play, total layouts, every best first move and every move's wins."""
    rows, cols = position.rows, position.cols
    size = rows * cols
    around = [_around(rows, cols, i) for i in range(size)]
    layouts = brute.explanations(position)

    def number(layout: frozenset[int], i: int) -> int:
        return sum(1 for j in around[i] if j in layout)

    def opened(layout: frozenset[int], shown: frozenset[int], c: int) -> frozenset[int]:
        new = {c}
        todo = [c] if flood and number(layout, c) == 0 else []
        while todo:
            for j in around[todo.pop()]:
                if j not in shown and j not in new:
                    new.add(j)
                    if number(layout, j) == 0:
                        todo.append(j)
        return shown | new

    table: dict[tuple, int] = {}

    def moves(shown: frozenset[int], layouts: list[frozenset[int]]) -> dict[int, int]:
        result = {}
        for c in range(size):
            if c in shown:
                continue
            groups: dict[tuple, list[frozenset[int]]] = defaultdict(list)
            for layout in layouts:
                if c in layout:
                    continue  # lost
                after = opened(layout, shown, c)
                seen = tuple((j, number(layout, j)) for j in sorted(after))
                groups[after, seen].append(layout)
            result[c] = sum(wins(after, seen, group) for (after, seen), group in groups.items())
        return result

    def wins(shown: frozenset[int], seen: tuple, layouts: list[frozenset[int]]) -> int:
        if memo and seen in table:
            return table[seen]
        won = [lay for lay in layouts if all(i in shown or i in lay for i in range(size))]
        live = [lay for lay in layouts if lay not in won]
        result = len(won) + (max(moves(shown, live).values()) if live else 0)
        if memo:
            table[seen] = result
        return result

    shown = frozenset(i for i, v in enumerate(position.cells) if v >= 0)
    won = [lay for lay in layouts if all(i in shown or i in lay for i in range(size))]
    live = [lay for lay in layouts if lay not in won]
    move_wins = moves(shown, live) if live else {}
    best = max(move_wins.values(), default=0)
    best_moves = tuple(c for c, w in sorted(move_wins.items()) if w == best) if live else ()
    return BruteResult(len(won) + best, len(layouts), best_moves, move_wins)
