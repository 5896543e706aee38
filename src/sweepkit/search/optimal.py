"""Exact optimal play for small positions: how many layouts the best player wins, and how.

**The game searched.** A position with a mine count stands for the set *L* of the layouts
that explain it (:func:`sweepkit.analysis.enumerate_layouts`), all equally likely; there
is no first-click protection inside a position. A move reveals a covered cell: a ``?``, or
a ``-`` (known safe but showing no number: revealing it shows its number, at no risk).
Known mines (``*``) are never revealed. A mine loses; a safe cell shows its number and,
when that is 0, opens its neighbours recursively, as :class:`sweepkit.game.Game` does. The
game is won when every safe cell is revealed; flags are never needed for that, so only
reveals are moves. The player knows *L* and sees every number shown.

**What is counted.** The value of an information state is the number of its consistent
layouts on which optimal play from it wins; ``wins`` is the value of the position, so the
optimal win probability is ``wins / total`` with ``total = |L|``. A first move's value is
the sum, over what the cell can show, of the values of the states it leads to;
``best_moves`` is every covered cell whose value equals ``wins``, in row-major order.

**Two facts the search uses** (both checked against the brute force of
``tests/search/test_optimal.py``, which has neither):

1. *Revealing a certainly safe cell never hurts.* Let *c* be safe in every layout still
   consistent. Any strategy σ can be followed after revealing *c* first: play σ, treating
   its reveals of cells already open as done (their numbers are already known). On every
   layout σ wins, it reveals *c* anyway, so the new strategy reveals the same cells and
   wins too. Hence the value of a state is the sum of the values of the states obtained by
   revealing all its certainly safe cells first, and the order of those reveals does not
   matter (the result is the same partition of the layouts by the numbers of those cells).
   It follows that every certainly safe covered cell is a best move.
2. *Flood fill changes no value.* A revealed 0 makes its neighbours certainly safe, so fact
   1 reveals them anyway: the search includes flood fill (as the game does) and gets the
   same numbers a search without it would (the codegolf statement cited below has none).

**The search.** After fact 1 a state is *closed*: every cell safe in all its layouts is
revealed. A closed state is named by its revealed cells and their numbers (a ``bytes`` key,
255 for covered, of the cells that differ between states: those covered at the start and
safe in some layout); its layouts are a bitset, a Python ``int`` whose bit *k* is layout *k*, so
splitting a state by what a cell shows is one ``&`` per outcome with the per-cell masks
built once. A closed state with one layout is won (value 1). With two, every covered cell
is a mine in one of them, and the best move tells them apart: value 1. Otherwise the value
is the maximum over covered cells of the sum over the cell's safe outcomes of the values of
the children (each closed again by fact 1). This is Bellman's recursion over the
information states of the game seen as a partially observable Markov decision process
(Legendre, Hollard, Buffet and Dutech, *MineSweeper: Where to Probe?*, INRIA research
report RR-8041, 2012, model the game so).

Pruning, none of which changes an answer:

- memoisation of every state's value under a canonical key: the least of its images under
  the symmetries of the board (the 8 of a square, the 4 of a rectangle) that map the
  position to itself, so states the symmetries map onto each other are searched once (on
  the 4×4 board with 6 mines this stores 8 times fewer states);
- bounds: a move can win at most the layouts where its cell is safe, and a state at most
  its layouts. Cells are tried safest first; a move is abandoned as soon as even winning
  every layout of its outcomes not searched yet cannot beat the best move found, and each
  child is searched only as far as it must be for that (it returns its exact value when
  that exceeds the threshold it is given, else a bound at most the threshold: *fail-soft*
  bounds, which the memo keeps apart from exact values). With a maximum over moves and a
  sum over outcomes, this is Ballard's Star1 pruning of chance nodes with bounded values
  (B. W. Ballard, "The *-minimax search procedure for trees containing chance nodes",
  Artificial Intelligence 21, 1983) without the minimising player. At the root, a move is
  cut only when it cannot reach the best found, so every best move is found;
- short bitsets: a closed state of many layouts whose bitset is more than twice as long
  as it has layouts renumbers them 0..n-1 (new per-cell masks for its subtree), so the
  ``&`` deep in the tree works on short integers (twice as fast on 4×5 with 5 mines).

The budget of :mod:`sweepkit.analysis.budget` is checked at every expanded state; a
position with more than ``max_layouts`` layouts is refused before any layout is listed.

The problem statement and two of the test cases (the 4×4 board with 4 mines: 961 wins of
1820; a 4×5 position: 285 of 360) are those of the Code Golf challenge *Optimal Minesweeper
on the largest board* (https://codegolf.stackexchange.com/questions/34276).

>>> from sweepkit.position import Position
>>> result = optimal_play(Position.from_rows(["??"], mines=1))
>>> result.wins, result.total, result.best_moves
(1, 2, (0, 1))
>>> optimal_play(Position.from_rows(["1?", "??"], mines=1)).best_moves
(1, 2, 3)
"""

from __future__ import annotations

import copy
import operator
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from sweepkit.analysis.board.board_count import count_layouts
from sweepkit.analysis.budget import check
from sweepkit.analysis.papers.enumerate import enumerate_layouts
from sweepkit.position import MINE, SAFE, Position
from sweepkit.search import tables

DEFAULT_MAX_LAYOUTS = 100_000
"""The most layouts :func:`optimal_play` takes on by default: the bitsets stay small
(12.5 kB each) and the per-cell masks are built in about a second."""

COVERED = 255
"""The key byte of a cell not revealed yet (numbers are 0–8)."""



class OptimalPlayError(ValueError):
    """The search cannot run on this position: no mine count, or no layout explains it."""


class TooManyLayouts(OptimalPlayError):
    """The position has more layouts than the search was allowed to take on."""


class TooManyStates(OptimalPlayError):
    """The search expanded more states than it was allowed to (``max_states``): a state
    limit that, unlike a time limit, stops every run at the same point."""


@dataclass(frozen=True)
class OptimalPlay:
    """The result of :func:`optimal_play`.

    ``wins`` is the number of the ``total`` consistent layouts that optimal play wins;
    ``best_moves`` the flat indices of every covered cell whose reveal achieves ``wins``
    (row-major; empty when no safe cell is left to reveal); ``states`` the number of
    information states whose value the search stored (a measure of its work).
    """

    wins: int
    total: int
    best_moves: tuple[int, ...]
    states: int

    @property
    def probability(self) -> Fraction:
        """The optimal win probability, ``wins / total``."""
        return Fraction(self.wins, self.total)


@dataclass(frozen=True)
class PartialPlay:
    """What a search stopped by its state limit had proved about the first move: each of
    ``best_moves`` wins exactly ``wins`` of the ``total`` layouts, the most of any move
    searched to the end, and each cell of ``worse`` wins fewer (searched, or too often a
    mine to reach ``wins``). Cells in neither were not searched: any may be better.

    A player whose own choice is in ``worse`` gains by taking a best move instead (the
    Java solver of David N. Hill does this with its incomplete brute force,
    ``BruteForceAnalysis.checkForBetterMove``)."""

    wins: int
    total: int
    best_moves: tuple[int, ...]
    worse: frozenset[int]


_RENUMBER = 24
"""A closed state of at least this many layouts renumbers them 0..n-1 (see the module doc)
when its bitset is more than twice as long as they are many."""


def optimal_play(position: Position, max_layouts: int = DEFAULT_MAX_LAYOUTS,
                 symmetry: bool = True, max_states: int | None = None) -> OptimalPlay:
    """Exact optimal play from ``position`` (see the module doc for the game and the search).

    Raises :class:`OptimalPlayError` when the position has no mine count or no layout,
    :class:`TooManyLayouts` when it has more than ``max_layouts`` layouts,
    :class:`TooManyStates` when it would expand more than ``max_states`` states (a
    deterministic limit, for players whose games must replay exactly), and the
    :mod:`sweepkit.analysis.budget` errors when an open budget runs out. ``symmetry=False``
    turns the canonical keys off (the same answer, more states: for tests).

    >>> r = optimal_play(Position.from_rows(["1?", "1?"], mines=1))  # a forced 50/50
    >>> r.wins, r.total, r.best_moves
    (1, 2, (1, 3))
    """
    return GameTree(position, max_layouts, symmetry).play(position, max_states)


class GameTree:
    """The layouts of a position and the values of the information states searched from
    it, kept for the positions that follow it in a game.

    A state's value depends only on its key (the cells shown and their numbers), the board
    and the mine count, not on the position the search started from: its layouts are
    those of the board that show what the key shows. So a later position of the same game
    (the same board and mine count, every number shown before still shown, more cells
    shown) is a state of this tree: :meth:`play` searches it with every value and bound
    found before, and gives what :func:`optimal_play` gives on it (the same ``wins``,
    ``total`` and ``best_moves``; ``states`` counts the tree's states so far). A player
    that searches at every guess of its endgame builds on what its earlier searches
    found instead of starting afresh.

    >>> tree = GameTree(Position.from_rows(["1??", "???"], mines=2))
    >>> tree.play(tree.position).best_moves
    (1, 2, 4, 5)
    >>> later = Position.from_rows(["1?1", "???"], mines=2)
    >>> mine, fresh = tree.play(later), optimal_play(later)
    >>> (mine.wins, mine.total, mine.best_moves) == (fresh.wins, fresh.total, fresh.best_moves)
    True
    """

    def __init__(self, position: Position, max_layouts: int = DEFAULT_MAX_LAYOUTS,
                 symmetry: bool = True) -> None:
        if position.mines is None:
            raise OptimalPlayError("optimal play needs the mine count (a 'mines: N' header)")
        total = count_layouts(position)
        if total == 0:
            raise OptimalPlayError("the position is inconsistent: no layout explains it")
        if total > max_layouts:
            shown = (f"{total:,}" if total.bit_length() <= 200
                     else f"more than 10^{(total.bit_length() - 1) * 30103 // 100000}")
            raise TooManyLayouts(f"the position has {shown} layouts, more than the limit of "
                                 f"{max_layouts:,} for an exact search")
        layouts = list(enumerate_layouts(position))
        assert len(layouts) == total, (len(layouts), total)
        size = position.size
        self.position = position
        self._root = bytes(v if v >= 0 else COVERED for v in position.cells)
        rows = tables.outcome_rows(position, layouts)
        # the per-cell bitsets of the covered cells only: no search asks about any other
        covered = tables.table(rows, size, [c for c in range(size) if self._root[c] == COVERED])
        everything = (1 << total) - 1
        # the only cells a move can reveal: covered, and safe in some layout (a known mine,
        # or any cell a mine in every layout, never is); the search looks at no other
        live = [c for c in range(size)
                if self._root[c] == COVERED and covered.mines[c] != everything]
        self._live = live
        self._place = {c: i for i, c in enumerate(live)}
        # The search names a live cell by its place in ``live``, and a state by the bytes of
        # the live cells alone (the others show the same in every state of the tree): its
        # tables and keys are those of the live cells, a few dozen of a board's hundreds.
        pick = operator.itemgetter(*live) if len(live) > 1 else lambda row: tuple(
            row[c] for c in live)
        self._top = tables.Table([bytes(pick(row)) for row in rows],
                                 [covered.mines[c] for c in live],
                                 [covered.numbers[c] for c in live])
        # a symmetry keeps the position, so it maps the live cells onto themselves; keys
        # compare as the whole board's would (the other cells are the same in every key)
        getters = []
        if symmetry and len(live) > 1:
            getters = [operator.itemgetter(*(self._place[perm[c]] for c in live))
                       for perm in tables.board_symmetries(position)[1:]]
        self._getters = getters
        self._start({}, {})
        self.stopped: PartialPlay | None = None
        """What the last :meth:`play` had proved when its state limit stopped it (``None``
        when it finished, or stopped before a first move was searched to the end)."""

    def _start(self, exact: dict[bytes, int], upper: dict[bytes, int]) -> None:
        """Take ``exact`` and ``upper`` as the values and bounds found so far."""
        self._exact = exact  # canonical key -> wins
        self._upper = upper  # canonical key -> an upper bound of its wins
        self._states: list = [0, None]  # states expanded by a play, and its state limit
        self._move_value = _searcher(len(self._live), self._getters, exact, upper,
                                     self._states)

    def copy(self) -> GameTree:
        """A tree that knows what this one knows now and goes on on its own."""
        twin = copy.copy(self)
        twin._start(dict(self._exact), dict(self._upper))
        return twin

    def layouts_of(self, position: Position) -> int | None:
        """The bitset of the tree's layouts that explain ``position``, or ``None`` when it
        is not this board with more shown (then a new tree must be built for it), or when
        its known mines and safe cells are not certain among those layouts."""
        first = self.position
        if (position.shape, position.topology, position.mines) != (
                first.shape, first.topology, first.mines):
            return None
        root, table, place = self._root, self._top, self._place
        bits = everything = (1 << len(table.rows)) - 1
        for c, v in enumerate(position.cells):
            was = root[c]
            if was != COVERED:
                if v != was:
                    return None
                continue
            i = place.get(c)
            mines = everything if i is None else table.mines[i]  # not live: a mine in all
            if v >= 0:
                bits &= 0 if i is None else dict(table.numbers[i]).get(v, 0)
            elif v == MINE:
                if bits & ~mines:
                    return None
            elif v == SAFE and bits & mines:
                return None
        return bits or None

    def play(self, position: Position, max_states: int | None = None) -> OptimalPlay:
        """Optimal play from ``position``, this tree's position or a later one
        (:meth:`layouts_of`); raises as :func:`optimal_play` does, and
        :class:`OptimalPlayError` for a position that is not of this tree."""
        layouts = self.layouts_of(position)
        if layouts is None:
            raise OptimalPlayError("the position is not a later position of this tree's game")
        cells, live = position.cells, self._live
        key = bytes(cells[c] if cells[c] >= 0 else COVERED for c in live)
        table, mines = self._top, self._top.mines
        total = layouts.bit_count()
        self._states[:] = [0, max_states]
        options = []
        for i, c in enumerate(live):
            if key[i] == COVERED:
                safe = total - (layouts & mines[i]).bit_count()
                if safe:
                    options.append((safe, c, i))
        options.sort(key=lambda o: (-o[0], o[1]))
        self.stopped = None
        best, best_moves, searched = 0, [], set()
        try:
            for safe, c, i in options:
                if safe < best:
                    break
                won = self._move_value(layouts, key, i, safe, best - 1, table)  # exact >= best
                searched.add(c)
                if won > best:
                    best, best_moves = won, [c]
                elif won == best:
                    best_moves.append(c)
        except RecursionError:
            raise OptimalPlayError("the game tree is too deep for this search") from None
        except TooManyStates:
            if best_moves:  # every other cell searched, or safe too rarely, wins fewer
                self.stopped = PartialPlay(best, total, tuple(sorted(best_moves)), frozenset(
                    c for safe, c, _i in options
                    if c not in best_moves and (c in searched or safe < best)))
            raise
        wins = best if options else total  # no safe cell left to reveal: the game is won
        return OptimalPlay(wins, total, tuple(sorted(best_moves)),
                           len(self._exact) + len(self._upper))


FRESH_TREES = 16
"""How many first searches :func:`fresh_tree` remembers."""

FRESH_LAYOUTS = 2_000
"""The most layouts a first search :func:`fresh_tree` remembers may have: a tree keeps a
row of every layout's numbers (and its values), so the memory stays a few megabytes (a
large endgame, ``--strength max``'s 20,000 layouts, is not kept)."""

_fresh: OrderedDict[tuple[Position, int, int | None], tuple[GameTree, OptimalPlay | None]] = (
    OrderedDict())
_fresh_lock = threading.Lock()  # the web server's threads share it


def fresh_tree(position: Position, max_layouts: int = DEFAULT_MAX_LAYOUTS,
               max_states: int | None = None) -> tuple[GameTree, OptimalPlay | None]:
    """A new tree for ``position`` and its first search: ``(tree, result)``, the result
    ``None`` when the search ran past ``max_states``; raises as :class:`GameTree` does.

    What a first search finds, and what the tree knows after it, depend on nothing but the
    arguments, so the last :data:`FRESH_TREES` are remembered (those of at most
    :data:`FRESH_LAYOUTS` layouts), and a position searched afresh again gets a copy of
    that tree and the same answer without a search: the games of a rollout all search the
    same positions first.

    >>> position = Position.from_rows(["1??", "???"], mines=2)
    >>> tree, result = fresh_tree(position)
    >>> again, same = fresh_tree(position)
    >>> same == result and again is not tree
    True
    """
    key = (position, max_layouts, max_states)
    with _fresh_lock:
        found = _fresh.get(key)
        if found is not None:
            _fresh.move_to_end(key)
            return found[0].copy(), found[1]
    tree = GameTree(position, max_layouts=max_layouts)
    try:
        result: OptimalPlay | None = tree.play(position, max_states)
    except TooManyStates:
        result = None
    if len(tree._top.rows) <= FRESH_LAYOUTS:
        with _fresh_lock:
            _fresh[key] = (tree.copy(), result)
            while len(_fresh) > FRESH_TREES:
                _fresh.popitem(last=False)
    return tree, result


def _searcher(size: int, getters: list[Callable[[bytes], tuple[int, ...]]],
              exact: dict[bytes, int], upper: dict[bytes, int], states: list
              ) -> Callable[..., int]:
    """The search of the module doc over ``size`` live cells (named by their places, as in
    the keys and the tables), storing values in ``exact`` and bounds in ``upper``,
    counting expanded states in ``states[0]`` against the state limit ``states[1]``:
    returns its ``move_value``."""
    live = range(size)

    def canonical(key: bytes) -> bytes:
        best = key
        for get in getters:
            image = bytes(get(key))
            if image < best:
                best = image
        return best

    def closed_parts(layouts_: int, key: bytes, table: tables.Table, covered: list[int] | None
                     ) -> tuple[int, list[tuple[int, int, bytes, list[int] | None]]]:
        """Fact 1: reveal every certainly safe covered cell (of ``covered``, the state's
        covered live cells, found from ``key`` when ``None``). Returns the number of single
        layouts this leaves (each won) and the other closed states, as ``(bitset, number of
        layouts, key, covered live cells or ``None``)``."""
        mine_masks, number_masks = table.mines, table.numbers
        singles = 0
        done = []
        # each entry: a state, its key, its covered live cells (the only ones that can be
        # safe), and whether it is known to be closed: a piece that the numbers of the
        # safe cells did not split has the same layouts, so no cell left covered is safe in
        # all of them (it is kept in its place on the stack, so the parts come in the same
        # order as if it were looked at again)
        if covered is None:
            covered = [c for c in live if key[c] == COVERED]
        stack: list[tuple[int, bytes, list[int] | None, bool]] = [
            (layouts_, key, covered, False)]
        while stack:
            part, key, covered, closed = stack.pop()
            if not part & (part - 1):  # one layout: won
                singles += 1
                continue
            if closed:
                done.append((part, part.bit_count(), key, covered))
                continue
            assert covered is not None
            safe = [c for c in covered if not part & mine_masks[c]]
            if not safe:
                done.append((part, part.bit_count(), key, covered))
                continue
            pieces = [(part, key)]  # split by the numbers of all those cells, then look again
            for c in safe:
                split = []
                for piece, piece_key in pieces:
                    for n, m in number_masks[c]:
                        sub = piece & m
                        if not sub:
                            continue
                        if sub & (sub - 1):
                            split.append((sub, piece_key[:c] + tables.BYTE[n] + piece_key[c + 1:]))
                        else:  # one layout: won, whatever else it shows
                            singles += 1
                pieces = split
            if len(pieces) == 1 and pieces[0][0] == part:
                stack.append((part, pieces[0][1], None, True))
            elif pieces:
                rest = [c for c in covered if c not in safe]
                stack.extend((piece, piece_key, rest, False) for piece, piece_key in pieces)
        return singles, done

    def value(layouts_: int, key: bytes, alpha: int, table: tables.Table, closed: bool = False,
              covered: list[int] | None = None, shown: int | None = None) -> int:
        """Wins of the state ``key`` with layouts ``layouts_`` when they exceed ``alpha``;
        otherwise an upper bound of them that does not (fail-soft). Any state: fact 1
        closes it (``closed``: it is closed already); ``covered``, its covered live cells
        when known (but ``shown``, when given: the cell just revealed)."""
        name = canonical(key)
        got = exact.get(name)
        if got is not None:
            return got
        got = upper.get(name)
        if got is not None and got <= alpha:
            return got
        if covered is not None and shown is not None:
            covered = [c for c in covered if c != shown]
        if closed:
            result = closed_value(layouts_, layouts_.bit_count(), key, alpha, table, covered)
        else:
            won, parts = closed_parts(layouts_, key, table, covered)
            if not won and len(parts) == 1 and parts[0][2] == key:
                result = closed_value(layouts_, parts[0][1], key, alpha, table, parts[0][3])
            else:
                rest = sum(part[1] for part in parts)
                for part, count, part_key, part_covered in parts:
                    rest -= count
                    need = alpha - won - rest  # the part must beat this for the sum to beat alpha
                    got = 1 if count == 2 else value(part, part_key, need, table, True,
                                                     part_covered)
                    if got <= need:
                        won += got + rest
                        break
                    won += got
                result = won
        if result > alpha:
            exact[name] = result
            upper.pop(name, None)
        else:
            upper[name] = result
        return result

    def move_value(layouts_: int, key: bytes, c: int, safe: int, bound: int, table: tables.Table,
                   covered: list[int] | None = None) -> int:
        """Wins of revealing ``c`` (safe in ``safe`` of the layouts) from the state when they
        exceed ``bound``; otherwise an upper bound of them that does not. ``covered``: the
        state's covered live cells, when known."""
        rest = safe
        won = 0
        for n, m in table.numbers[c]:
            part = layouts_ & m
            if not part:
                continue
            count = part.bit_count()
            rest -= count
            need = bound - won - rest
            child = key[:c] + tables.BYTE[n] + key[c + 1:]
            got = 1 if count == 1 else value(part, child, need, table, False, covered, c)
            if got <= need:
                return won + got + rest
            won += got
        return won

    def closed_value(layouts_: int, count: int, key: bytes, alpha: int, table: tables.Table,
                     covered: list[int] | None = None) -> int:
        """Wins of a closed state of ``count >= 3`` layouts (its best move's) when they
        exceed ``alpha``; otherwise an upper bound of them that does not. ``covered``: its
        covered live cells, when known."""
        check()
        states[0] += 1
        if states[1] is not None and states[0] > states[1]:
            raise TooManyStates(f"the search needs more than {states[1]:,} states")
        if covered is None:
            covered = [c for c in live if key[c] == COVERED]
        if count >= _RENUMBER and layouts_.bit_length() > 2 * count:
            table = tables.table([table.rows[k] for k in tables.members(layouts_)], size,
                                 covered)
            layouts_ = (1 << count) - 1
        mine_masks, number_masks = table.mines, table.numbers
        options = []
        for c in covered:
            mines = (layouts_ & mine_masks[c]).bit_count()
            if mines < count:
                first = number_masks[c][0]
                zero = (layouts_ & first[1]).bit_count() if first[0] == 0 else 0
                options.append((count - mines, zero, c))
        # safest first (the bound of each later move is lower), then likeliest to show a 0
        options.sort(reverse=True)
        best = 0
        for safe, _, c in options:
            bound = max(alpha, best)
            if safe <= bound:  # no move left can beat it
                return max(best, safe)
            best = max(best, move_value(layouts_, key, c, safe, bound, table, covered))
        return best

    return move_value


__all__ = ["DEFAULT_MAX_LAYOUTS", "FRESH_LAYOUTS", "FRESH_TREES", "GameTree", "OptimalPlay",
           "OptimalPlayError", "PartialPlay", "TooManyLayouts", "TooManyStates",
           "fresh_tree", "optimal_play"]
