"""No-guess boards: layouts a logic-only player solves from the first click, never guessing.

Simon Tatham's Mines (``mines.c``) makes them by running its solver on a random layout
and, where the solver gets stuck, moving mines near the stuck frontier until it gets on;
minesweeper.online and the JavaScript analyser offer the same mode. Here the solver is the
exact analysis (every cell proved safe is revealed, every mine proved is flagged, the mine
count included), so a board needs no guess exactly when no guess is ever needed, whatever
pattern the reasoning takes; ``hardest`` restricts the player to the certain moves whose
easiest technique (:mod:`sweepkit.analysis.reasons.explain`) is at most that one.

How a board is made (:func:`generate_no_guess`):

1. Mines are drawn as the rules draw them for the first click (its cell kept free, and
   with the ``opening`` rule its neighbours; under ``none`` the first cell is kept free
   too: a board that can be lost on the first click is not one that needs no guess).
2. The logic-only player (:class:`LogicBoard`) plays from the first click until the board
   is cleared or no certain move is left.
3. Stuck: the layout is *perturbed* and play goes on from where it stopped. One covered
   cell next to a revealed number that the analysis left undecided, drawn at random,
   changes sides: a mine moves to a random covered cell away from every revealed one, or
   a safe cell takes a mine from there (half the time each, so the frontier is not
   drained of mines: the bias is measured in ``benchmarks/bench_no_guess.py``). When no
   covered cell is left away from the revealed ones, the swap is with any covered cell.
   Revealed cells never change (the first click's free cells are revealed from the
   start), so the player's progress stays valid... almost: a revealed number next to a
   changed cell changes, and a deduction made earlier from its old value may no longer
   hold. The flags are forgotten and proved again, and step 4 checks the rest. A stuck
   board always has a covered mine and a covered safe cell (with no safe cell covered it
   is cleared; with no mine covered, every number next to a covered cell needs no more
   mines: a single-number move), so a swap always exists.
4. Cleared: the player replays the final layout from the first click, unperturbed. If it
   clears it, that is the board; if it gets stuck, step 3 goes on from there.

The loop stops after ``seconds`` with :class:`NoGuessTimeout`, which names the limit;
boards denser than :data:`MAX_DENSITY` are refused at once (they practically do not
exist: see the benchmark).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from itertools import compress

from sweepkit.analysis.board.probability import Analysis
from sweepkit.analysis.budget import AnalysisTimeout, check, limits
from sweepkit.analysis.reasons.explain import TECHNIQUES, CellValue, Technique, techniques_of
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.rules import FirstClick, Rules
from sweepkit.topology import flood_fill, neighbours

MAX_DENSITY = 0.25
"""The densest board (mines over cells) :func:`generate_no_guess` takes on. Expert is
0.206; above about a quarter almost every layout needs a guess and the perturbation
search wanders (``benchmarks/bench_no_guess.py`` measures how the time grows)."""

DEFAULT_SECONDS = 10.0
"""The default time budget of one board."""


class NoGuessError(ValueError):
    """A no-guess board cannot be made for this request (the message says why)."""


class NoGuessTimeout(NoGuessError):
    """No no-guess board was found within the time budget."""


def technique_rank(hardest: Technique | str | None) -> int:
    """The position of ``hardest`` in :data:`TECHNIQUES` (``None``: every technique);
    NoGuessError listing the techniques when there is no such one."""
    if hardest is None:
        return len(TECHNIQUES) - 1
    try:
        return TECHNIQUES.index(Technique(hardest))
    except ValueError:
        raise NoGuessError(f"unknown technique {hardest!r} (expected one of "
                           f"{', '.join(TECHNIQUES)})") from None


@dataclass(frozen=True)
class NoGuessBoard:
    """A generated board: its mine cells and how it was found (``perturbations`` layout
    changes, ``replays`` full replays from the first click, ``seconds`` spent)."""

    rules: Rules
    first: int
    mines: frozenset[int]
    perturbations: int
    replays: int
    seconds: float


ZERO = b"\x01" + bytes(255)
"""A ``bytes.translate`` table: 1 for a zero byte, 0 for any other."""
NONZERO = b"\x00" + b"\x01" * 255
"""A ``bytes.translate`` table: 0 for a zero byte, 1 for any other."""


class LogicBoard:
    """A layout being played by the logic-only player: revealed cells, proved mines, the
    player's view; the layout can change under it (:meth:`move_mine`) as long as no
    revealed cell and no proved mine does."""

    def __init__(self, rules: Rules, mines: frozenset[int], hardest: int,
                 analyser: IncrementalAnalyser) -> None:
        self.rules = rules
        self.table = neighbours(rules.shape, "grid")
        self.hardest = hardest
        self.analyser = analyser
        self.is_mine = bytearray(rules.size)
        self.counts = [0] * rules.size
        for m in mines:
            self._place(m, 1)
        self.shown = [UNKNOWN] * rules.size  # the player's view: numbers, flags, covered
        # Bytes of 0/1 per cell for bulk selections (:meth:`perturb`): covered, and its
        # revealed neighbours. A cell once revealed stays revealed, so both only change
        # in :meth:`reveal`.
        self.covered = bytearray(b"\x01") * rules.size
        self.near = bytearray(rules.size)
        self.flagged: list[int] = []  # the mines proved since the last perturbation
        self.revealed = 0
        self.undecided: list[int] = []  # covered frontier cells the analysis left open

    def _place(self, cell: int, delta: int) -> None:
        self.is_mine[cell] += delta
        for j in self.table[cell]:
            self.counts[j] += delta

    @property
    def mines(self) -> frozenset[int]:
        return frozenset(i for i, m in enumerate(self.is_mine) if m)

    @property
    def cleared(self) -> bool:
        return self.revealed == self.rules.size - self.rules.mines

    def reveal(self, cell: int) -> None:
        """Reveal a safe cell, flooding from zeros as the game does."""
        shown, counts, table, near = self.shown, self.counts, self.table, self.near
        if shown[cell] != UNKNOWN:
            return
        for c in flood_fill(cell, counts, table, lambda j: shown[j] == UNKNOWN):
            shown[c] = counts[c]
            self.covered[c] = 0
            self.revealed += 1
            for j in table[c]:
                near[j] += 1

    def solve(self) -> bool:
        """Make certain moves until the board is cleared (True) or none is left (False;
        :attr:`undecided` then lists the covered frontier cells left open)."""
        shape, total = self.rules.shape, self.rules.mines
        restricted = self.hardest < len(TECHNIQUES) - 1
        while not self.cleared:
            analysis = self.analyser.update(Position(shape, tuple(self.shown), total))
            safe, mines = analysis.safe_cells(), analysis.mine_cells()
            if restricted:
                safe = self._within(analysis, safe, CellValue.SAFE)
                mines = self._within(analysis, mines, CellValue.MINE)
            for m in mines:
                self.shown[m] = MINE
            self.flagged.extend(mines)
            if not safe:
                if mines and restricted:
                    continue  # the flags can make a cell certain by an allowed technique
                # the covered cells next to a revealed number (flagged ones too: a
                # perturbation may move a proved mine), else every covered one
                size, covered = self.rules.size, self.covered
                frontier = int.from_bytes(covered, "little") & int.from_bytes(
                    self.near.translate(NONZERO), "little")
                self.undecided = list(compress(range(size), frontier.to_bytes(size, "little")
                                               if frontier else covered))
                return False
            for c in safe:
                self.reveal(c)
        return True

    def _within(self, analysis: Analysis, cells: tuple[int, ...], value: CellValue
                ) -> list[int]:
        """The cells whose easiest technique is allowed."""
        if not cells:
            return []
        named = techniques_of(analysis, cells, value)
        return [c for c in cells if TECHNIQUES.index(named[c]) <= self.hardest]

    def swaps(self, cell: int) -> list[int]:
        """The cells ``cell`` may swap sides with: the covered cells on the other side
        (mine or safe) with no revealed neighbour, else any covered ones on the other side;
        in order. The selections are ANDed as integers, one byte a cell: a pass over the
        cells in Python took 0.13 s a perturbation on a 200x200 board."""
        is_mine = self.is_mine
        other_side = is_mine if not is_mine[cell] else is_mine.translate(ZERO)
        swap = int.from_bytes(self.covered, "little") & int.from_bytes(other_side, "little")
        far = swap & int.from_bytes(self.near.translate(ZERO), "little")
        size = self.rules.size
        return list(compress(range(size), (far or swap).to_bytes(size, "little")))

    def perturb(self, rng: random.Random) -> None:
        """Change one frontier cell's side (module doc, step 3) and forget the flags."""
        shown, table, is_mine = self.shown, self.table, self.is_mine
        cell = rng.choice(self.undecided)
        other = rng.choice(self.swaps(cell))
        if is_mine[cell]:
            self._place(cell, -1)
            self._place(other, 1)
        else:
            self._place(other, -1)
            self._place(cell, 1)
        for c in self.flagged:
            if shown[c] == MINE:  # proved from numbers that may have changed: prove again
                shown[c] = UNKNOWN
        self.flagged.clear()
        # revealed numbers next to the change show their new values; a new 0 floods
        for c in {j for x in (cell, other) for j in table[x]}:
            if shown[c] >= 0:
                shown[c] = self.counts[c]
                if not self.counts[c]:
                    for j in table[c]:
                        if shown[j] == UNKNOWN:
                            self.reveal(j)


@dataclass(frozen=True)
class NoGuessLayouts:
    """No-guess boards for :class:`~sweepkit.game.Game` (a
    :class:`~sweepkit.game.LayoutMaker`): ``Game(rules, seed, layouts=NoGuessLayouts())``
    draws a no-guess board at the first reveal, from the game's seed.

    >>> from sweepkit.game import Game
    >>> game = Game(Rules(9, 9, 10), seed=4, layouts=NoGuessLayouts())
    >>> _ = game.reveal(4, 4)
    >>> game.no_guess, game.record(cheat=True).no_guess
    (True, True)
    """

    hardest: Technique | str | None = None
    seconds: float = DEFAULT_SECONDS
    no_guess: bool = field(default=True, init=False)

    def __post_init__(self) -> None:
        technique_rank(self.hardest)  # an unknown technique fails here, not at the click

    def __call__(self, rules: Rules, first: int, rng: random.Random) -> frozenset[int]:
        return generate_no_guess(rules, first, rng, hardest=self.hardest,
                                 seconds=self.seconds).mines


def generate_no_guess(rules: Rules, first: int, rng: random.Random, *,
                      hardest: Technique | str | None = None,
                      seconds: float = DEFAULT_SECONDS) -> NoGuessBoard:
    """A layout a logic-only player clears from a first reveal at ``first`` (a flat
    index) without a guess, using techniques up to ``hardest`` (module doc).

    NoGuessError when the request cannot be met (too dense, an unknown technique, the
    first click leaves no room), NoGuessTimeout after ``seconds``.

    >>> board = generate_no_guess(Rules(9, 9, 10), 0, random.Random(1))
    >>> len(board.mines), 0 in board.mines
    (10, False)
    """
    rank = technique_rank(hardest)
    density = rules.mines / rules.size
    if density > MAX_DENSITY:
        raise NoGuessError(f"{rules.mines} mines on {rules.rows}x{rules.cols} is a density of "
                           f"{density:.3f}; no-guess boards are made up to {MAX_DENSITY} "
                           f"(expert is 0.206)")
    try:
        placing = rules if rules.first_click is not FirstClick.NONE else Rules(
            rules.rows, rules.cols, rules.mines, FirstClick.SAFE)
        mines = placing.place_mines(first, rng)
    except ValueError as exc:
        raise NoGuessError(str(exc)) from None
    start = time.perf_counter()
    counts = [0, 0]  # layout changes tried, full replays
    try:
        # the deadline is checked inside each analysis too: one solve of a big board
        # can take far longer than the whole budget
        with limits(seconds=seconds):
            return _search(rules, first, mines, rank, rng, start, counts)
    except AnalysisTimeout:
        if time.perf_counter() - start <= seconds:
            raise  # the caller's tighter deadline: its own to report
        raise NoGuessTimeout(
            f"no no-guess board of {rules.rows}x{rules.cols} with {rules.mines} mines "
            f"found within {seconds:g} s ({counts[0]} layout changes tried); try "
            f"fewer mines or a longer budget") from None


def _search(rules: Rules, first: int, mines: frozenset[int], rank: int,
            rng: random.Random, start: float, counts: list[int]) -> NoGuessBoard:
    """The loop of :func:`generate_no_guess`: solve, replay, perturb, until a board is
    cleared without a guess (``counts``: changes tried and replays, kept for the
    timeout's message)."""
    analyser = IncrementalAnalyser(use_mine_count=True, keep_mines=False)
    board = LogicBoard(rules, mines, rank, analyser)
    board.reveal(first)
    while True:
        if board.solve():
            counts[1] += 1
            fresh = LogicBoard(rules, board.mines, rank, analyser)
            fresh.reveal(first)
            if fresh.solve():
                return NoGuessBoard(rules, first, board.mines, counts[0], counts[1],
                                    time.perf_counter() - start)
            board = fresh
        check()  # the deadline, and a caller's cancel (the web app's jobs)
        board.perturb(rng)
        counts[0] += 1
