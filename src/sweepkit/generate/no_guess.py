"""No-guess boards: layouts a logic-only player clears from the first click, never guessing.

The player (:class:`~sweepkit.generate.logic.LogicPlayer`) reveals every cell the exact
analysis proves safe and flags every cell it proves a mine, the mine count included, so a
board needs no guess exactly when no guess is ever needed, whatever pattern the reasoning
takes; ``hardest`` restricts it to the certain moves whose easiest technique
(:mod:`sweepkit.analysis.reasons.explain`) is at most that one. Mines are drawn as the
rules draw them for the first click (its cell kept free, and with the ``opening`` rule its
neighbours; under ``none`` the first cell is kept free too: a board that can be lost on the
first click is not one that needs no guess).

Two methods (``method``):

- ``uniform``: rejection. Draw an ordinary layout, let the player play it from the first
  click, stop at its first stuck point and draw again; the first layout it clears is the
  board. Every no-guess layout of the rules is then equally likely: the board is an
  ordinary one conditioned on needing no guess. The cost is one draw over the share of
  layouts that need no guess (at expert about 1 in 6 with the opening rule, 1 in 20 with
  a safe click in the corner), each draw stopping at its first stuck point.
- ``perturb``: change the layout where the player gets stuck and play on, keeping every
  deduction the change leaves valid (:mod:`sweepkit.generate.perturb`, after Simon Tatham's
  Mines). It finds a board whatever its size (200x200 at expert density in about a second
  of CPU), but leans towards easier boards (fewer 3BV: 4% at expert).
- ``auto`` (the default): uniform draws, at most :func:`auto_draws` of them (a budget of
  :data:`AUTO_CELLS` cells drawn, none on boards that leave fewer than
  :data:`AUTO_MIN_DRAWS` draws), then perturbation of the last one. At expert and below
  the draws practically always find a board, which is then exactly uniform.

``benchmarks/bench_no_guess.py`` measures the time, the share of layouts that need no
guess, and the bias of each method against ordinary boards. The search stops after
``seconds`` with :class:`NoGuessTimeout`, which names the limit; boards denser than
:data:`MAX_DENSITY` are refused at once.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from sweepkit.analysis.budget import AnalysisTimeout, check, limits
from sweepkit.analysis.reasons.explain import TECHNIQUES, Technique
from sweepkit.generate.logic import LogicPlayer
from sweepkit.generate.perturb import perturb
from sweepkit.rules import FirstClick, Rules

MAX_DENSITY = 0.25
"""The densest board (mines over cells) :func:`generate_no_guess` takes on. Expert is
0.206; above about a quarter almost every layout needs a guess and the perturbation
search wanders (``benchmarks/bench_no_guess.py`` measures how the time grows)."""

DEFAULT_SECONDS = 10.0
"""The default time budget of one board."""

METHODS = ("auto", "uniform", "perturb")
"""The ways of making a board (module doc)."""

AUTO_CELLS = 200_000
"""The cells the ``auto`` method draws uniformly (draws times board size) before it
perturbs: 416 draws at expert, where about 1 in 18 layouts needs no guess."""

AUTO_MIN_DRAWS = 50
"""The fewest uniform draws worth trying: bigger boards go straight to perturbation."""


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


def check_method(method: str) -> str:
    """``method`` when it is one of :data:`METHODS`; NoGuessError listing them if not."""
    if method not in METHODS:
        raise NoGuessError(f"unknown method {method!r} (expected one of {', '.join(METHODS)})")
    return method


def auto_draws(rules: Rules) -> int:
    """How many layouts the ``auto`` method draws uniformly before it perturbs.

    >>> auto_draws(Rules(16, 30, 99)), auto_draws(Rules(100, 100, 2060))
    (416, 0)
    """
    draws = AUTO_CELLS // rules.size
    return draws if draws >= AUTO_MIN_DRAWS else 0


@dataclass(frozen=True)
class NoGuessBoard:
    """A generated board: its mine cells and how it was found (``method`` ``uniform`` or
    ``perturb``, ``draws`` layouts drawn, ``perturbations`` layout changes, ``seconds``
    spent)."""

    rules: Rules
    first: int
    mines: frozenset[int]
    method: str
    draws: int
    perturbations: int
    seconds: float


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
    method: str = "auto"
    no_guess: bool = field(default=True, init=False)

    def __post_init__(self) -> None:
        # an unknown technique or method fails here, not at the click
        technique_rank(self.hardest)
        check_method(self.method)

    def __call__(self, rules: Rules, first: int, rng: random.Random) -> frozenset[int]:
        return generate_no_guess(rules, first, rng, hardest=self.hardest,
                                 seconds=self.seconds, method=self.method).mines


@dataclass
class _Progress:
    """What a search has done so far (the timeout's message names it)."""

    draws: int = 0
    changes: list[int] = field(default_factory=lambda: [0])
    method: str = "uniform"


def generate_no_guess(rules: Rules, first: int, rng: random.Random, *,
                      hardest: Technique | str | None = None,
                      seconds: float = DEFAULT_SECONDS, method: str = "auto") -> NoGuessBoard:
    """A layout a logic-only player clears from a first reveal at ``first`` (a flat
    index) without a guess, using techniques up to ``hardest``, made by ``method``
    (module doc).

    NoGuessError when the request cannot be met (too dense, an unknown technique or
    method, a first click off the board or leaving no room), NoGuessTimeout after
    ``seconds``.

    >>> board = generate_no_guess(Rules(9, 9, 10), 0, random.Random(1))
    >>> len(board.mines), 0 in board.mines, board.method
    (10, False, 'uniform')
    """
    rank = technique_rank(hardest)
    check_method(method)
    if rules.outer:
        raise NoGuessError("no-guess boards are made on 2-D boards only")
    if not 0 <= first < rules.size:
        raise NoGuessError(f"first click {first} is off the {rules.rows}x{rules.cols} board "
                           f"(cells 0 to {rules.size - 1})")
    if seconds < 0:
        raise NoGuessError(f"the time budget must be at least 0 s, got {seconds:g}")
    density = rules.mines / rules.size
    if density > MAX_DENSITY:
        raise NoGuessError(f"{rules.mines} mines on {rules.rows}x{rules.cols} is a density of "
                           f"{density:.3f}; no-guess boards are made up to {MAX_DENSITY} "
                           f"(expert is 0.206)")
    placing = rules if rules.first_click is not FirstClick.NONE else Rules(
        rules.rows, rules.cols, rules.mines, FirstClick.SAFE)
    try:
        placing.check_first_click(first)
    except ValueError as exc:
        raise NoGuessError(str(exc)) from None
    draws = {"uniform": None, "perturb": 0, "auto": auto_draws(rules)}[method]
    start = time.perf_counter()
    progress = _Progress()
    try:
        # the deadline is checked inside each solve too: one solve of a big board can
        # take longer than the whole budget
        with limits(seconds=seconds):
            mines = _search(rules, placing, first, rank, rng, draws, progress)
    except AnalysisTimeout:
        if time.perf_counter() - start <= seconds:
            raise  # the caller's tighter deadline: its own to report
        raise NoGuessTimeout(_timeout_message(rules, seconds, progress)) from None
    return NoGuessBoard(rules, first, mines, progress.method, progress.draws,
                        progress.changes[0], time.perf_counter() - start)


def _search(rules: Rules, placing: Rules, first: int, rank: int, rng: random.Random,
            draws: int | None, progress: _Progress) -> frozenset[int]:
    """Uniform draws (at most ``draws``; None: until the budget ends), then perturbation
    of the last one (or of one drawn for it)."""
    mines = None
    candidates, count = placing.mine_candidates(first), placing.mines
    while draws is None or progress.draws < draws:
        check()  # the deadline, and a caller's cancel (the web app's jobs)
        mines = frozenset(rng.sample(candidates, count))  # placing.place_mines(first, rng)
        progress.draws += 1
        player = LogicPlayer(rules, mines, rank)
        player.start(first)
        if player.solve():
            return mines
    progress.method = "perturb"
    if mines is None:
        mines = placing.place_mines(first, rng)
        progress.draws += 1
    return perturb(rules, first, mines, rank, rng, progress.changes)


def _timeout_message(rules: Rules, seconds: float, progress: _Progress) -> str:
    board = f"{rules.rows}x{rules.cols} with {rules.mines} mines"
    if progress.method == "uniform":
        return (f"no no-guess board of {board} found within {seconds:g} s: none of the "
                f"{progress.draws} layouts drawn was cleared without a guess; try method "
                f"'perturb', fewer mines or a longer budget")
    return (f"no no-guess board of {board} found within {seconds:g} s "
            f"({progress.changes[0]} layout changes tried); try fewer mines or a longer budget")
