"""Pedersen's *limited search* strategies (*The complexity of Minesweeper and strategies for
game playing*, 2004, §5.3 Algorithms 2–3, §5.4 Algorithms 4–5, §5.5 [Pedersen2004]).

For one covered square x at a time a small search area is cut out of the board: the
*zone of interest* (Definition 5.3.1, after Peña and Wrobel) or a (2r+1)² square around x.
Its numbered squares are the constraints S (covered neighbours, mines still missing); O
lists x first and then every covered neighbour of the zone. SEARCH(S, O, b) assigns O's
squares in order by depth-first search, backtracking as soon as a number has too many mines
or too few squares left, and says whether *every* branch with x = b contradicts;
PROB_SEARCH counts the branches that do not. Contradiction for "x is a mine" proves x safe,
for "x is safe" proves it a mine.

>>> from sweepkit.position import Position
>>> view = Position.from_rows(["1?", "??"])
>>> table = view.neighbour_table()
>>> problem = search_problem(view.cells, table, 1, zone_of_interest(view.cells, table, 1))
>>> problem.order, prob_search(problem, True), prob_search(problem, False)
((1, 2, 3), 1, 2)
>>> search(problem, True), search(problem, False)
(False, False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from sweepkit.analysis.board.board_count import system_count
from sweepkit.constraints import Constraint, system_from_constraints
from sweepkit.moves import Action, Decision, Reason
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.strategies.base import FirstMove, Strategy, random_unknown
from sweepkit.topology import neighbours

EPSILON = 1e-5
"""Pedersen's ε (§5.4.2): estimates this close count as equal in SafeList."""

Table = tuple[tuple[int, ...], ...]

DFS_LIMIT = 100
"""PROB_SEARCH counts this many assignments one by one before handing over to the engine."""


# -- the search area ------------------------------------------------------------------


def zone_of_interest(cells: Sequence[int], table: Table, x: int) -> list[int]:
    """Definition 5.3.1: the numbered neighbours of x, then the numbered squares sharing a
    covered (unflagged) square with one of them, in the order they are met."""
    zone = [n for n in table[x] if cells[n] >= 0]
    seen = set(zone)
    for n in zone[:]:
        for u in table[n]:
            if cells[u] == UNKNOWN:
                for z in table[u]:
                    if z not in seen and cells[z] >= 0:
                        seen.add(z)
                        zone.append(z)
    return zone


def square_zone(cells: Sequence[int], shape: tuple[int, ...], x: int, radius: int,
                topology: str = "grid") -> list[int]:
    """§5.5.1: the numbered squares with a covered neighbour within ``radius`` steps of x
    (on a grid, the (2r+1)² square around x), nearest first."""
    table = neighbours(shape, topology)
    return [z for z in _balls(shape, topology, radius)[x]
            if cells[z] >= 0 and any(cells[u] == UNKNOWN for u in table[z])]


class SearchProblem(NamedTuple):
    """S and O of Algorithms 2–5 for one square x.

    ``order`` is O (``order[0]`` is x); ``members[i]`` lists the zone squares (by position
    in the zone) next to ``order[i]``; ``need[z]`` is S_info (the number minus its flagged
    neighbours) and ``size[z]`` is |S_Squares| (its covered neighbours)."""

    order: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]
    need: tuple[int, ...]
    size: tuple[int, ...]


def search_problem(cells: Sequence[int], table: Table, x: int,
                   zone: Sequence[int]) -> SearchProblem:
    """S and O for x and a zone (Algorithm 2's set-up): O is x, then the covered neighbours
    of each zone square in zone order."""
    order = [x]
    index = {x: 0}
    members: list[list[int]] = [[]]
    need = []
    size = []
    for zi, z in enumerate(zone):
        flags = count = 0
        for u in table[z]:
            v = cells[u]
            if v == UNKNOWN:
                count += 1
                i = index.get(u)
                if i is None:
                    index[u] = len(order)
                    order.append(u)
                    members.append([zi])
                else:
                    members[i].append(zi)
            elif v == MINE:
                flags += 1
        need.append(cells[z] - flags)
        size.append(count)
    return SearchProblem(tuple(order), tuple(map(tuple, members)), tuple(need), tuple(size))


# -- SEARCH and PROB_SEARCH -----------------------------------------------------------


def search(problem: SearchProblem, mine: bool) -> bool:
    """Algorithm 3, SEARCH(S, O, b) with b = ``mine``: whether every assignment of O with
    x = b runs into a contradiction (stops at the first consistent one)."""
    return dfs_count(problem, mine, 1) == 0


def prob_search(problem: SearchProblem, mine: bool) -> int:
    """Algorithm 4, PROB_SEARCH(S, O, b): the number of assignments of O with x = b that
    contradict no zone square (a contradiction counts 0; the printed 1 is a typo).

    The depth-first search of the paper (:func:`dfs_count`) visits every consistent
    assignment, and a (2r+1)² area at r = 7 can have more than 10^8 of them. It counts up
    to :data:`DFS_LIMIT` (on the zone of interest, where counts are small, that is twice
    as fast as the engine), and the exact engine (:func:`zone_count`) counts beyond. The
    number is the same either way."""
    count = dfs_count(problem, mine, DFS_LIMIT)
    return count if count < DFS_LIMIT else zone_count(problem, mine)


def zone_count(problem: SearchProblem, mine: bool) -> int:
    """The assignments of O with x = ``mine`` meeting every zone square: the layouts of the
    zone's equations without a mine count
    (:func:`~sweepkit.analysis.board.board_count.system_count`;
    each equation: its S_info mines among its covered neighbours, x left out and its mine
    taken off)."""
    need = list(problem.need)
    if mine:
        for z in problem.members[0]:
            need[z] -= 1
    cells: list[list[int]] = [[] for _ in need]
    for i in range(1, len(problem.members)):
        for z in problem.members[i]:
            cells[z].append(i)
    equations = [Constraint(-1, tuple(cs), n) for cs, n in zip(cells, need, strict=True)]
    return system_count(system_from_constraints(equations), use_mine_count=False)


def contradicts_at_once(problem: SearchProblem, mine: bool) -> bool:
    """Whether setting x = ``mine`` already breaks a zone square: the single-point rule
    (one number alone decides x)."""
    need, size = problem.need, problem.size
    if any(n < 0 or s < n for n, s in zip(need, size, strict=True)):
        return True
    if mine:
        return any(need[z] == 0 for z in problem.members[0])
    return any(size[z] == need[z] for z in problem.members[0])


def dfs_count(problem: SearchProblem, first: bool, limit: int) -> int:
    """Consistent assignments of O with x = ``first``, counting up to ``limit``.

    The depth-first search of Algorithms 3–4 (each consistent assignment visited once),
    with S kept in two lists changed and undone in place. A mine on p is refused when a
    zone square next to p has no mine left to place (S_info would go negative), a safe p
    when a square next to it would keep fewer covered squares than mines (|S_Squares| <
    S_info); both tests only concern the squares next to p, the only ones an assignment
    changes. Algorithm 3 also tests every square after the first assignment: a zone
    already broken before any assignment is refused at the root here."""
    need = list(problem.need)
    left = list(problem.size)
    if any(n < 0 or s < n for n, s in zip(need, left, strict=True)):
        return 0
    members = problem.members
    last = len(members) - 1

    def rec(i: int) -> int:
        """Completions of O[i:], each square tried as a mine, then safe."""
        zs = members[i]
        total = 0
        for z in zs:
            if not need[z]:
                break
        else:
            for z in zs:
                need[z] -= 1
                left[z] -= 1
            total = 1 if i == last else rec(i + 1)
            for z in zs:
                need[z] += 1
                left[z] += 1
            if total >= limit:
                return total
        for z in zs:
            if left[z] == need[z]:
                return total
        for z in zs:
            left[z] -= 1
        total += 1 if i == last else rec(i + 1)
        for z in zs:
            left[z] += 1
        return total

    zs = members[0]
    if first:
        if any(not need[z] for z in zs):
            return 0
        for z in zs:
            need[z] -= 1
            left[z] -= 1
    else:
        if any(left[z] == need[z] for z in zs):
            return 0
        for z in zs:
            left[z] -= 1
    return 1 if last == 0 else rec(1)


# -- geometry caches ------------------------------------------------------------------


@lru_cache(maxsize=32)
def _balls(shape: tuple[int, ...], topology: str, radius: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the cells at most ``radius`` king steps away, nearest first (on a
    grid the (2r+1)² square around it)."""
    table = neighbours(shape, topology)
    result = []
    for start in range(len(table)):
        seen = {start}
        ring = [start]
        ball = [start]
        for _ in range(radius):
            ring = sorted({v for u in ring for v in table[u] if v not in seen})
            seen.update(ring)
            ball.extend(ring)
        result.append(tuple(ball))
    return tuple(result)


def _check_radius(radius: int | None) -> None:
    if radius is not None and (isinstance(radius, bool) or not isinstance(radius, int)
                               or radius < 1):
        raise ValueError(f"radius must be a whole number of at least 1 or None, got {radius!r}")


# -- the strategies -------------------------------------------------------------------


class LimitedSearchStrategy(Strategy):
    """Pedersen's limited search, §5.3, Algorithms 2 and 3 (search area options: §5.5).

    Passes run over the covered squares x in row-major order (the paper's "for each x ∈ X";
    it does not fix an order). For each x with a numbered neighbour, S and O are built from
    the search area and SEARCH(S, O, true) / SEARCH(S, O, false) are run: a contradiction
    for "x is a mine" probes x, for "x is safe" flags it. As in Algorithm 2 a move is made
    at once and the pass goes on from the next square with the board it produced: a probe
    ends the turn (the game shows its number) and the pass resumes at the next turn; a flag
    is applied to the working view and the pass goes on in the same turn (it changes
    nothing else). A pass that made no move ends with a uniformly random probe (its reason
    carries the density of the mines left); then a new pass starts.

    Choices the paper leaves open, and the option for each:

    - ``radius``: the search area. ``None`` is the zone of interest (Definition 5.3.1);
      an integer r is the (2r+1)² square around x (§5.5.1: r = 2..7, and r = 10 for the
      whole beginner board). With a square, the zone is every numbered square in it that
      has a covered neighbour, and O takes, as in Algorithm 2, every covered neighbour of
      the zone (some lie just outside the square).
    - No single-point phase runs first: Algorithm 2 has none, and every single-point move
      is found by the search anyway. A move whose contradiction shows as soon as x is set
      (one number alone decides it) has technique ``single``; the others ``linked``.
    - "Unknown" (O, the squares the zone shares) means covered and unflagged; flags count
      as known mines (S_info = label minus flagged neighbours).
    - O is x, then the covered neighbours of each zone square in zone order (Algorithm 2's
      loop); the zone of interest lists x's numbered neighbours first, a square zone goes
      nearest first. Mine is tried before safe (Algorithm 3's SEARCH(true) ∧ SEARCH(false)).

    Differences from the published algorithm, none of which changes a move on a consistent
    board: a square x with no numbered neighbour is not searched (it is in no constraint,
    so neither value can contradict); after probing x the second search (x safe) is
    skipped (it cannot contradict); a search result is kept until a square within reach of
    the search area of x changes (4 steps for the zone of interest, r + 1 for a square).
    """

    name = "limited-search"

    def __init__(self, first: FirstMove = "corner", *, radius: int | None = None) -> None:
        super().__init__(first)
        _check_radius(radius)
        self.radius = radius
        self._reach = 4 if radius is None else radius + 1
        self.start(Position.unknown(1, 1))

    def start(self, view: Position) -> None:
        self._cursor = 0
        self._moved = False
        self._cache: dict[int, tuple[int, int] | None] = {}
        self._prev: tuple[int, ...] | None = None
        self._probe: int | None = None  # the square probed last turn
        self._new_pass()

    # -- the pass ---------------------------------------------------------------------

    def decide(self, view: Position, rng: random.Random) -> Sequence[Decision]:
        self._forget_changes(view)
        work = list(view.cells)
        self._density: float | None = None
        table = view.neighbour_table()
        decisions: list[Decision] = []
        size = len(work)
        while True:
            for x in range(self._cursor, size):
                if work[x] != UNKNOWN:
                    continue
                found = self._examine(view, work, table, x)
                if found is None:
                    continue
                self._moved = True
                decisions.append(found)
                if found.action.kind == "flag":
                    work[x] = MINE
                    self._density = None
                    self._forget((x,), view)
                    continue
                self._cursor = x + 1
                self._prev = tuple(work)
                self._probe = x
                return decisions
            self._cursor = 0
            moved, self._moved = self._moved, False
            if not moved:
                break
            self._new_pass()
        self._prev = tuple(work)
        if decisions and UNKNOWN not in work:
            return decisions  # only mines were left covered
        current = view if not decisions else Position(view.shape, tuple(work), view.mines,
                                                      view.topology)
        decisions.append(self._guess(current, rng))
        self._probe = decisions[-1].action.cell
        self._new_pass()
        return decisions

    def _new_pass(self) -> None:
        """Hook: a pass over the board begins."""

    def _guess(self, view: Position, rng: random.Random) -> Decision:
        """Algorithm 2's MAKE_RANDOM_MOVE."""
        return random_unknown(view, rng, "limited search: a pass found no move")

    def _examine(self, view: Position, work: list[int], table: Table, x: int) -> Decision | None:
        """SEARCH for x both ways: the certain move on x, or None."""
        cache = self._cache
        if x in cache:
            return None
        for n in table[x]:
            if work[n] >= 0:
                break
        else:
            cache[x] = None  # no numbered neighbour: nothing to search
            return None
        problem = self._problem(view, work, table, x)
        for mine in (True, False):
            if search(problem, mine):
                return _certain(x, not mine, contradicts_at_once(problem, mine))
        cache[x] = None
        return None

    def _problem(self, view: Position, work: list[int], table: Table, x: int) -> SearchProblem:
        if self.radius is None:
            zone = zone_of_interest(work, table, x)
        else:
            zone = square_zone(work, view.shape, x, self.radius, view.topology)
        return search_problem(work, table, x, zone)

    # -- what is still known ----------------------------------------------------------

    def _forget_changes(self, view: Position) -> None:
        """Drop the search results near every square that changed since the last turn."""
        prev, cells = self._prev, view.cells
        if prev is None or len(prev) != len(cells):
            self._cache.clear()
            return
        if self._cache:
            self._forget(_changed(prev, cells, self._probe, view.neighbour_table()), view)

    def _forget(self, changed: Sequence[int], view: Position) -> None:
        """Drop the search results of squares whose search area can see ``changed``."""
        cache = self._cache
        if not cache or not changed:
            return
        if len(changed) * 4 > len(view.cells):
            cache.clear()
            return
        balls = _balls(view.shape, view.topology, self._reach)
        dirty: set[int] = set()
        for c in changed:
            dirty.update(balls[c])
        for y in dirty.intersection(cache):
            del cache[y]


class LimitedSearchProbStrategy(LimitedSearchStrategy):
    """Pedersen's limited search with probability estimates, §5.4, Algorithms 4 and 5.

    The passes of :class:`LimitedSearchStrategy`, with PROB_SEARCH: m counts the
    consistent assignments of O with x a mine, f those with x safe. m = 0 probes x
    (f is then not counted), f = 0 flags x, otherwise p = m/(m+f) goes to SafeList, which
    keeps only the lowest estimates (within ε = 1e-5 of each other, compared, as in the
    paper, with one element already there). When a pass made no certain move, a uniformly
    random member of SafeList is probed, its reason carrying p. The total mine count is
    never used by the search, so p ignores it.

    Choices the paper leaves open, and the option for each:

    - ``radius``: the search area, as for :class:`LimitedSearchStrategy`.
    - ``unconstrained``: the estimate of a square with no numbered neighbour. Algorithm 5
      would give it 1/2 (PROB_SEARCH on a zone with no square counts m = f = 1), yet
      Table 5.4's most used bin, 0.21 at expert, is "all squares initially have a
      probability of 0.20625", the density. ``"density"`` (default): mines left over
      covered squares, remaining mines / covered cells at the time of the pass (the one
      use of the mine count); ``"initial"``: the level's density, mines / squares, fixed for
      the game (0.20625 at expert, the figure the paper quotes); ``"half"``: the literal
      1/2 of Algorithm 5; ``"skip"``: such squares never enter SafeList (probed at random
      only when every covered square is unconstrained). At expert (1,500 games, same
      layouts) they win 27.3%, 27.2%, 23.3% and 22.0%; Table 5.3 has 25.0%, 8 points
      above limited search, and the gain here is 7.6 points with the density, 3 with 1/2.
    - Tie-breaking inside SafeList is uniform (the paper: "a random element").
    - ``counter``: how m and f are counted. ``"engine"`` (default) is :func:`prob_search`,
      which hands large counts to the exact layout counts of the zone's components
      (:func:`zone_count`); ``"dfs"`` is only the paper's depth-first search, one
      consistent assignment at a time (:func:`dfs_count`). Both give the same numbers, so
      the same games; the search's time grows with the count (at r = 6 and 7 some expert
      positions take minutes).
    - Certain moves are ``single``/``linked`` as in :class:`LimitedSearchStrategy`.

    Differences from the published algorithm: as for :class:`LimitedSearchStrategy`;
    PROB_SEARCH returns 0 on a contradiction (Algorithm 4 prints 1, which the text
    contradicts); the counts of a square are kept until its search area changes.
    """

    name = "limited-search-prob"

    UNCONSTRAINED = ("density", "initial", "half", "skip")
    COUNTERS = ("engine", "dfs")

    def __init__(self, first: FirstMove = "corner", *, radius: int | None = None,
                 unconstrained: str = "density", counter: str = "engine") -> None:
        if unconstrained not in self.UNCONSTRAINED:
            raise ValueError(f"unknown unconstrained estimate {unconstrained!r} (expected "
                             f"one of {', '.join(self.UNCONSTRAINED)})")
        if counter not in self.COUNTERS:
            raise ValueError(f"unknown counter {counter!r} (expected one of "
                             f"{', '.join(self.COUNTERS)})")
        self.unconstrained = unconstrained
        self.counter = counter
        super().__init__(first, radius=radius)

    def _new_pass(self) -> None:
        self._best: list[tuple[int, float]] = []

    def _offer(self, x: int, p: float) -> None:
        """ADD_MOVE(SafeList, (x, p)): keep only the lowest estimates (§5.4.2)."""
        best = self._best
        if not best:
            best.append((x, p))
            return
        q = best[0][1]
        if p - q > EPSILON:
            return
        if p - q < -EPSILON:
            best.clear()
        best.append((x, p))

    def _examine(self, view: Position, work: list[int], table: Table, x: int) -> Decision | None:
        """PROB_SEARCH for x: the certain move on x, or None after offering its estimate."""
        cache = self._cache
        counts = cache.get(x, _UNSEARCHED)
        if counts is _UNSEARCHED:
            for n in table[x]:
                if work[n] >= 0:
                    break
            else:
                counts = cache[x] = None  # no numbered neighbour
        if counts is None:
            p = self._unconstrained_estimate(view, work)
            if p is not None:
                self._offer(x, p)
            return None
        if counts is _UNSEARCHED:
            problem = self._problem(view, work, table, x)
            count = prob_search if self.counter == "engine" else _dfs_all
            m = count(problem, True)
            if m == 0:
                return _certain(x, False, contradicts_at_once(problem, True))
            f = count(problem, False)
            if f == 0:
                return _certain(x, True, contradicts_at_once(problem, False))
            counts = cache[x] = (m, f)
        m, f = counts
        self._offer(x, m / (m + f))
        return None

    def _unconstrained_estimate(self, view: Position, work: list[int]) -> float | None:
        """The estimate of a square with no numbered neighbour (option ``unconstrained``)."""
        mode = self.unconstrained
        if mode == "skip":
            return None
        if mode == "half" or view.mines is None:
            return 0.5
        if mode == "initial":
            return view.mines / view.size
        if self._density is None:
            covered = work.count(UNKNOWN)
            self._density = (view.mines - work.count(MINE)) / covered if covered else 0.5
        return self._density

    def _guess(self, view: Position, rng: random.Random) -> Decision:
        """MAKE_BEST_MOVE(SafeList): a uniformly random square of lowest estimate."""
        best = self._best
        if not best:
            return random_unknown(view, rng, "limited search: no square has an estimate")
        x, p = rng.choice(best)
        return Decision(Action.reveal(x), Reason.guessed(
            p, f"lowest estimated probability, {len(best)} tied"))


def _changed(prev: tuple[int, ...], cells: tuple[int, ...], probe: int | None,
             table: Table) -> list[int]:
    """The squares that differ between two views: those a probe opened, found from the
    probed square through the zeros; a full comparison when that does not account for
    every change."""
    opened = []
    if probe is not None and prev[probe] == UNKNOWN and cells[probe] >= 0:
        opened.append(probe)
        seen = {probe}
        stack = [probe]
        while stack:
            c = stack.pop()
            if cells[c] == 0:
                for n in table[c]:
                    if n not in seen and prev[n] == UNKNOWN and cells[n] >= 0:
                        seen.add(n)
                        opened.append(n)
                        stack.append(n)
    if cells.count(UNKNOWN) == prev.count(UNKNOWN) - len(opened):
        return opened  # cells only open (flags are the strategy's, already in prev)
    return [i for i, (a, b) in enumerate(zip(prev, cells, strict=True)) if a != b]


_UNSEARCHED = object()


def _dfs_all(problem: SearchProblem, mine: bool) -> int:
    """PROB_SEARCH by the paper's depth-first search (option ``counter="dfs"``)."""
    return dfs_count(problem, mine, 1 << 62)


def _certain(x: int, mine: bool, single: bool) -> Decision:
    """The certain move on x found by a search."""
    technique = "single" if single else "linked"
    if mine:
        return Decision(Action.flag(x), Reason.certain(
            technique, "limited search: x safe contradicts the zone", 1.0))
    return Decision(Action.reveal(x), Reason.certain(
        technique, "limited search: x a mine contradicts the zone", 0.0))
