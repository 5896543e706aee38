"""Pedersen's *single point* strategy (*The complexity of Minesweeper and strategies for game
playing*, 2004, §5.2, Algorithm 1 [Pedersen2004]).

After every move (x, b) it looks at the numbered neighbours of x, one number at a time: a
number whose mines are all marked makes its other covered neighbours safe (probes); a
number with exactly as many covered neighbours as mines still missing makes them all mines
(marks). The moves wait in a FIFO set S without duplicates, marks at the front, probes at
the back. With S empty it probes a uniformly random covered square.

>>> from sweepkit.position import Position
>>> strategy = SinglePointStrategy(check_self=True)
>>> view = Position.from_rows(["01??"], mines=1)
>>> strategy.start(view)
>>> [(d.action.kind.value, d.action.cell) for d in strategy.decide(view, random.Random(1))]
[('flag', 2), ('reveal', 3)]
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence

from sweepkit.moves import Action, Decision, Reason
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.strategies.base import FirstMove, Strategy, first_cell, random_unknown

Table = tuple[tuple[int, ...], ...]


class SinglePointStrategy(Strategy):
    """Pedersen's single point strategy, §5.2, Algorithm 1.

    S is per-game working state, cleared by :meth:`start`. The squares the view newly
    shows play the role of Algorithm 1's "x" whose label was just learnt: after a probe,
    every square it opened, breadth first from the probed one (the game opens a 0's
    neighbours itself, where Algorithm 1 queues them as probes); after a mark, the marked
    square. For each such x, a 0 adds its covered neighbours (none are left: the game has
    opened them), any other square has its numbered neighbours checked. Marks are moves: a
    deduced mine is flagged in the game, and since its effect is known at once, the checks
    it triggers run in the same turn. The checks read the current view. Every certain move
    has technique ``single``; the random probe carries the density of the mines left
    (:func:`random_unknown`).

    Choices the paper leaves open, and the option for each (figures: this project's runs,
    first move safe, corner first; Table 5.1 has 77.4% won and 2.30 guesses a game at
    10×10/10, 29.1% and 4.38 at 16×16/40):

    - ``check_self`` (default False): whether a probed number x is checked itself before
      its numbered neighbours. Algorithm 1 checks only the neighbours of x; the text of
      §5.2.2 describes checking x, which wins far more than Table 5.1 (85.5% and 2.04
      guesses; 38.2% and 4.01; 4,000 and 3,000 games).
    - ``batch`` (default True): every move in S goes to the game in S's order in one turn,
      and the squares they open are checked at the next turn against a view showing all of
      them. ``batch=False`` sends one probe a turn and checks what it opened before the
      next, as Algorithm 1 reads literally. Only ``batch`` with the pseudo-code's checks
      comes near Table 5.1: 80.4% and 2.28 guesses (10,000 games), 27.6% and 4.57 (5,000);
      one probe a turn gives 74.2% and 2.47, 16.2% and 4.90 (4,000 and 3,000 games).
    - Marks found together keep their order at the front of S; a move already in S keeps
      its place (set union); a move of S whose square has been opened or flagged since is
      dropped.
    - The random probe is a uniformly random covered, unflagged square ("any square on the
      board that has not been probed", read as excluding the squares it marked as mines).
    - ``closed`` (default False): play Algorithm 1 as on Pedersen's own game, which by
      §2.1 and Algorithm 1's "LABEL(x) = 0 then S ← S ∪ NEIGHBOURS(x)" does not open a
      0's neighbours itself. The strategy reads a square's number only when it takes that
      square from S (a square this game has already opened costs no click: the move the
      closed game would have made), one move at a time, each followed by its checks
      against what has been read so far. ``zero_checks`` (default False, only with
      ``closed``) also checks the neighbours of a 0 (the pseudo-code's if/else does not);
      ``check_self`` checks x itself as well. Measured (sweepkit bench, 20,000 games at
      10×10/10, 16×16/40 and 16×30/99; 10,000 where marked *): the pseudo-code as written
      59.0%, 9.4%*, 0.00%*; with ``zero_checks`` 79.0%, 21.2%, 0.07%; with both (every
      number checked after every change around it: the single-point fixpoint) 85.4%,
      37.6%, 0.89%. None reproduces Table 5.1 at all three levels: a reading strong
      enough for 29.1% at 16×16/40 wins 80% or more at 10×10/10.

    Differences from the published algorithm: Algorithm 1's "S ← S ∪ NEIGHBOURS(n)" is
    read, as the text says, as n's covered (unprobed, unmarked) neighbours. Pedersen's game
    seems not to open zeros by itself (the strategy queues a 0's neighbours); replaying
    Algorithm 1 on such a game, each queued square's number learnt only when it is taken
    from S, wins only 59.5% here, so his checks must have seen the opened squares sooner,
    as they do here. The default ``batch`` checks a probe's squares only after the other
    probes of its turn, not strictly after each move: kept because it is the reading of
    Algorithm 1 that reproduces Table 5.1.
    """

    name = "single-point"

    def __init__(self, first: FirstMove = "corner", *, check_self: bool = False,
                 batch: bool = True, closed: bool = False, zero_checks: bool = False) -> None:
        super().__init__(first)
        if zero_checks and not closed:
            raise ValueError("zero_checks applies only with closed=True")
        self.check_self = check_self
        self.batch = batch
        self.closed = closed
        self.zero_checks = zero_checks
        self.start(Position.unknown(1, 1))

    def start(self, view: Position) -> None:
        self._queue: deque[tuple[int, bool, Reason]] = deque()
        self._queued: set[int] = set()
        self._prev: tuple[int, ...] | None = None
        self._probes: list[int] = []  # the probes sent to the game last turn, in order
        self._read: list[int] | None = None  # closed: the numbers read so far, and flags
        self._pending: int | None = None  # closed: the probe sent last turn

    def decide(self, view: Position, rng: random.Random) -> Sequence[Decision]:
        self._coord = view.coord  # reasons name cells as (row, col)
        if self.closed:
            return self._decide_closed(view, rng)
        cells = view.cells
        table = view.neighbour_table()
        work = list(cells)
        for x in self._opened(view.shape, cells, table):
            self._after_probe(x, work, table)
        decisions: list[Decision] = []
        probes: list[int] = []
        queue, queued = self._queue, self._queued
        while queue:
            cell, mine, reason = queue.popleft()
            queued.discard(cell)
            if work[cell] != UNKNOWN:
                continue  # opened or flagged since it was queued
            if mine:
                decisions.append(Decision(Action.flag(cell), reason))
                work[cell] = MINE
                self._after(cell, work, table)
                continue
            decisions.append(Decision(Action.reveal(cell), reason))
            probes.append(cell)
            if not self.batch:
                break
        if not probes and (not decisions or UNKNOWN in work):
            current = view if not decisions else Position(view.shape, tuple(work), view.mines,
                                                          view.topology)
            decisions.append(random_unknown(current, rng, "single point: S is empty"))
            probes.append(decisions[-1].action.cell)
        self._probes = probes
        self._prev = tuple(work)
        return decisions

    def _decide_closed(self, view: Position, rng: random.Random) -> Sequence[Decision]:
        """Algorithm 1 on a game that opens only the square probed: one move at a time;
        a square's number is read when the square is probed (or taken from S after this
        game opened it through a 0), and every move is followed by its checks against the
        numbers read so far (``self._read``: read numbers, flags, UNKNOWN elsewhere)."""
        cells = view.cells
        table = view.neighbour_table()
        if self._read is None or len(self._read) != len(cells):
            self._read = [UNKNOWN] * len(cells)
            self._pending = first_cell(view.shape, self.first)
        work = self._read
        decisions: list[Decision] = []
        x = self._pending
        self._pending = None
        queue, queued = self._queue, self._queued
        while True:
            if x is not None:  # a probe of x whose number is now shown: read it, check
                work[x] = cells[x]
                self._after_read(x, work, table)
                x = None
            if not queue:
                break
            cell, mine, reason = queue.popleft()
            queued.discard(cell)
            if work[cell] != UNKNOWN:
                continue  # probed or marked since it was queued: an invalid move, skipped
            if mine:
                decisions.append(Decision(Action.flag(cell), reason))
                work[cell] = MINE
                self._after(cell, work, table)
                continue
            if cells[cell] >= 0:
                x = cell  # this game opened it already (through a 0): read it at no click
                continue
            decisions.append(Decision(Action.reveal(cell), reason))
            self._pending = cell
            return decisions
        current = view if not decisions else Position(
            view.shape, tuple(MINE if work[i] == MINE else v for i, v in enumerate(cells)),
            view.mines, view.topology)
        guess = random_unknown(current, rng, "single point: S is empty")
        self._pending = guess.action.cell
        decisions.append(guess)
        return decisions

    def _after_read(self, x: int, work: list[int], table: Table) -> None:
        """Algorithm 1 after probing x, ``closed``: a 0 queues its unprobed neighbours;
        a number (or a 0 with ``zero_checks``) has its numbered neighbours checked, and
        itself with ``check_self``."""
        if work[x] == 0:
            self._add([u for u in table[x] if work[u] == UNKNOWN], False,
                      Reason.certain("single", f"neighbour of the 0 at {x}", 0.0))
            if not self.zero_checks:
                return
        if self.check_self:
            self._check(x, work, table)
        self._after(x, work, table)

    def _opened(self, shape: tuple[int, ...], cells: tuple[int, ...], table: Table) -> list[int]:
        """The squares opened since the last turn, in probe order, each probe's breadth
        first from the probed square (through the zeros, as Algorithm 1 queues them)."""
        prev = self._prev
        if prev is None or len(prev) != len(cells):
            new = {i for i, v in enumerate(cells) if v >= 0}
            seeds = [first_cell(shape, self.first)]
        else:
            new = {i for i, (a, b) in enumerate(zip(prev, cells, strict=True))
                   if a != b and b >= 0}
            seeds = self._probes
        order: list[int] = []
        for seed in (*seeds, *sorted(new)):
            if seed not in new:
                continue
            new.discard(seed)
            frontier = deque([seed])
            while frontier:
                x = frontier.popleft()
                order.append(x)
                if cells[x] == 0:
                    for n in table[x]:
                        if n in new:
                            new.discard(n)
                            frontier.append(n)
        return order

    def _after_probe(self, x: int, work: list[int], table: Table) -> None:
        """Algorithm 1 after probing x: a 0 queues its covered neighbours; another number
        has its numbered neighbours (and itself, with ``check_self``) checked."""
        if work[x] == 0:
            self._add([u for u in table[x] if work[u] == UNKNOWN], False,
                      Reason.certain("single", f"neighbour of the 0 at {x}", 0.0))
            return
        if self.check_self:
            self._check(x, work, table)
        self._after(x, work, table)

    def _after(self, x: int, work: list[int], table: Table) -> None:
        """Algorithm 1's loop: check each numbered neighbour of x."""
        for n in table[x]:
            if work[n] >= 0:
                self._check(n, work, table)

    def _check(self, n: int, work: list[int], table: Table) -> None:
        """The single-point rule at number n: all its mines flagged, or all its covered
        neighbours needed."""
        covered = [u for u in table[n] if work[u] == UNKNOWN]
        if not covered:
            return
        label = work[n]
        flags = sum(1 for u in table[n] if work[u] == MINE)
        if label == flags:
            self._add(covered, False, Reason.certain(
                "single", f"the {label} at {self._coord(n)} has all its mines", 0.0))
        elif label == flags + len(covered):
            self._add(covered, True, Reason.certain(
                "single", f"the {label} at {self._coord(n)} needs every covered neighbour", 1.0))

    def _add(self, cells: list[int], mine: bool, reason: Reason) -> None:
        """Union into S: marks to the front (in the given order), probes to the back."""
        queued = self._queued
        fresh = [c for c in cells if c not in queued]
        queued.update(fresh)
        if mine:
            self._queue.extendleft((c, True, reason) for c in reversed(fresh))
        else:
            self._queue.extend((c, False, reason) for c in fresh)
