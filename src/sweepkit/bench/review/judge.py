"""Every move of a finished game judged by the exact analysis: certain, a best guess, a
reasonable guess, an avoidable risk, a mistake, or neutral (a move that risks and claims
nothing).

The game is replayed move by move; before each move the player's view *without flags*
(flags are claims, not facts: :meth:`Game.view <sweepkit.game.Game.view>`) is analysed
exactly (:func:`sweepkit.analysis.analyse`), so every probability is over the layouts
consistent with what the player had seen, each equally likely.

- A **reveal** of a covered cell takes the risk of its mine probability ``p``. ``p = 0``
  is *certain*. A guess (``p > 0``) while a certainly safe cell was open is an *avoidable
  risk*; otherwise it is a *best guess* when ``p`` is within :attr:`Tolerances.best` of
  the safest cell's probability, a *reasonable guess* within :attr:`Tolerances.reasonable`,
  and a *mistake* beyond it. The first reveal of a game whose rule protects it (``safe``,
  ``opening``) is certain.
- A **chord** that opens cells takes the risk that any of them is a mine: ``1 −``
  (layouts with all of them safe) / (layouts), two exact counts; it is judged like a
  reveal with that risk.
- A **flag** on a covered cell is *certain* when the cell is certainly a mine and a
  *mistake* otherwise; taking a flag off, and clicks that change nothing, are *neutral*.

The safest alternative is the covered cell of lowest mine probability (the played cell
itself when it is one of them, else the first by index).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction

from sweepkit.analysis import analyse
from sweepkit.analysis.budget import check
from sweepkit.game import Game, GameRecord
from sweepkit.moves import MoveKind
from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from sweepkit.rules import FirstClick
from sweepkit.topology import neighbour_lookup


class MoveClass(StrEnum):
    """The verdict on one move."""

    CERTAIN = "certain"
    BEST_GUESS = "best guess"
    REASONABLE_GUESS = "reasonable guess"
    AVOIDABLE_RISK = "avoidable risk"
    MISTAKE = "mistake"
    NEUTRAL = "neutral"


@dataclass(frozen=True)
class Tolerances:
    """How far above the safest cell's mine probability a guess may be (absolute, in
    probability) and still count as the best guess, or a reasonable one."""

    best: float = 0.01
    reasonable: float = 0.05

    def __post_init__(self) -> None:
        if not 0 <= self.best <= self.reasonable <= 1:
            raise ValueError(f"tolerances: expected 0 <= best <= reasonable <= 1, got "
                             f"best={self.best}, reasonable={self.reasonable}")


DEFAULT_TOLERANCES = Tolerances()


@dataclass(frozen=True)
class MoveReview:
    """The verdict on move ``number`` (from 0) of the log.

    ``risk`` is the chance the move loses (a reveal's or chord's; ``None`` for other
    moves) and ``probability`` the cell's mine probability (for a flag, the chance it is
    right; for a chord, its risk); ``safest`` and ``safest_probability`` the safest covered
    cell then; ``safe_cells`` the certainly safe covered cells then (kept for guesses);
    ``opens`` the covered cells the move would open (a reveal's cell, a chord's
    neighbours); ``tolerance`` the tolerance a *reasonable guess* was within; ``lost``
    whether this move lost the game.
    """

    number: int
    kind: MoveKind
    cell: int
    verdict: MoveClass
    probability: Fraction | None
    risk: Fraction | None
    safest: int | None
    safest_probability: Fraction | None
    safe_cells: tuple[int, ...] = ()
    opens: tuple[int, ...] = ()
    tolerance: float | None = None
    lost: bool = False
    note: str = ""

    @property
    def guess(self) -> bool:
        """Whether the move could lose (a reveal or chord of positive risk)."""
        return self.risk is not None and self.risk > 0

    @property
    def forced(self) -> bool:
        """A guess made while no covered cell was certainly safe."""
        return self.guess and not self.safe_cells


def classify_guess(risk: Fraction, safest: Fraction, safe_exists: bool,
                   tolerances: Tolerances) -> tuple[MoveClass, float | None]:
    """The verdict on a move that loses with chance ``risk`` when the safest covered cell
    has mine probability ``safest``, and the tolerance a reasonable guess was within.

    >>> classify_guess(Fraction(1, 3), Fraction(0), True, Tolerances())
    (<MoveClass.AVOIDABLE_RISK: 'avoidable risk'>, None)
    >>> classify_guess(Fraction(3, 10), Fraction(27, 100), False, Tolerances())
    (<MoveClass.REASONABLE_GUESS: 'reasonable guess'>, 0.05)
    """
    if risk == 0:
        return MoveClass.CERTAIN, None
    if safe_exists:
        return MoveClass.AVOIDABLE_RISK, None
    excess = risk - safest
    if excess <= Fraction(tolerances.best):
        return MoveClass.BEST_GUESS, None
    if excess <= Fraction(tolerances.reasonable):
        return MoveClass.REASONABLE_GUESS, tolerances.reasonable
    return MoveClass.MISTAKE, None


@dataclass(frozen=True)
class Situation:
    """What the player faced before one move: the view without flags, the covered cells
    the move opens, and the view's exact probabilities (computed once)."""

    view: Position
    probabilities: dict[int, Fraction]
    total: int


def situation(view: Position) -> Situation:
    """The exact probabilities of ``view`` (ValueError when no layout explains it)."""
    analysis = analyse(view)
    if not analysis.consistent:
        raise ValueError("the record's moves contradict its own numbers")
    probabilities = analysis.probabilities(exact=True)
    assert all(isinstance(p, Fraction) for p in probabilities.values())
    return Situation(view, probabilities, analysis.total)  # type: ignore[arg-type]


def joint_risk(here: Situation, cells: tuple[int, ...]) -> Fraction:
    """The chance that at least one of ``cells`` (covered) is a mine: one minus the share
    of the layouts in which all of them are safe."""
    if len(cells) == 1:
        return here.probabilities[cells[0]]
    if any(here.probabilities[c] == 1 for c in cells):
        return Fraction(1)
    safe = [c for c in cells if here.probabilities[c] != 0]
    if not safe:
        return Fraction(0)
    kept = analyse(here.view.replace({c: SAFE for c in safe})).total
    return 1 - Fraction(kept, here.total)


def chord_opens(game: Game, cell: int) -> tuple[int, ...]:
    """The covered, unflagged neighbours a chord on ``cell`` opens now (none when the cell
    is not an open number with exactly that many flags around it)."""
    value = game.cell(cell)
    plain = game.view(flags=False).cells
    if value < 0 or plain[cell] < 0:
        return ()
    around = neighbour_lookup(game.rules.shape, "grid")[cell]
    flags = sum(1 for j in around if game.cell(j) == MINE and plain[j] == UNKNOWN)
    if flags != value:
        return ()
    return tuple(j for j in around if game.cell(j) == UNKNOWN)


def judge_move(game: Game, number: int, kind: MoveKind, cell: int,
               tolerances: Tolerances) -> tuple[MoveReview, Situation | None]:
    """The verdict on a move about to be played on ``game`` (not yet played), and the
    situation it was judged in (``None`` for a move judged without analysis)."""
    shown = game.cell(cell)
    if kind is MoveKind.FLAG and shown != UNKNOWN:
        what = "takes a flag off" if shown == MINE else "changes nothing"
        return MoveReview(number, kind, cell, MoveClass.NEUTRAL, None, None, None, None,
                          note=f"the click {what}"), None
    if kind is MoveKind.REVEAL:
        opens: tuple[int, ...] = (cell,) if shown == UNKNOWN else ()
    elif kind is MoveKind.CHORD:
        opens = chord_opens(game, cell)
    else:
        opens = ()
    if kind is not MoveKind.FLAG and not opens:
        return MoveReview(number, kind, cell, MoveClass.NEUTRAL, None, None, None, None,
                          note="the click changes nothing"), None
    check()
    plain = game.view(flags=False)
    if kind is MoveKind.REVEAL and game.rules.first_click is not FirstClick.NONE and \
            all(v == UNKNOWN for v in plain.cells):
        return MoveReview(number, kind, cell, MoveClass.CERTAIN, Fraction(0), Fraction(0),
                          cell, Fraction(0), opens=opens,
                          note=f"the first click is safe by the {game.rules.first_click} "
                               f"rule"), None
    here = situation(plain)
    probabilities = here.probabilities
    low = min(probabilities.values())
    safe_cells = tuple(c for c, p in probabilities.items() if p == 0)
    if kind is MoveKind.FLAG:
        p = probabilities[cell]
        verdict = MoveClass.CERTAIN if p == 1 else MoveClass.MISTAKE
        note = ("a certain mine flagged" if p == 1
                else f"flagged a cell that is a mine with chance {float(p):.1%} only")
        return MoveReview(number, kind, cell, verdict, p, None, None, None,
                          note=note), here
    risk = joint_risk(here, opens)
    verdict, tolerance = classify_guess(risk, low, bool(safe_cells), tolerances)
    safest = cell if kind is MoveKind.REVEAL and probabilities[cell] == low else \
        min(c for c, p in probabilities.items() if p == low)
    probability = probabilities[cell] if kind is MoveKind.REVEAL else risk
    review = MoveReview(number, kind, cell, verdict, probability, risk, safest, low,
                        safe_cells if risk > 0 else (), opens, tolerance,
                        note=_note(verdict, risk, low, len(safe_cells), tolerance))
    return review, here


def _note(verdict: MoveClass, risk: Fraction, low: Fraction, safe: int,
          tolerance: float | None) -> str:
    """The verdict in words."""
    if verdict is MoveClass.CERTAIN:
        return "certainly safe"
    taken = f"a {float(risk):.1%} risk"
    if verdict is MoveClass.AVOIDABLE_RISK:
        return f"{taken} while {safe} covered cell{'s were' if safe != 1 else ' was'} " \
               f"certainly safe"
    if verdict is MoveClass.BEST_GUESS:
        return f"{taken}, the safest there was ({float(low):.1%})"
    if verdict is MoveClass.REASONABLE_GUESS:
        return f"{taken}, within {tolerance:.0%} of the safest ({float(low):.1%})"
    return f"{taken}, far above the safest ({float(low):.1%})"


@dataclass(frozen=True)
class Judged:
    """A replayed game: every move's verdict, the situation before each guess (by move
    number), the final game and its layout."""

    moves: tuple[MoveReview, ...]
    situations: dict[int, Situation]
    game: Game
    mines: frozenset[int]


def judge_game(record: GameRecord, tolerances: Tolerances = DEFAULT_TOLERANCES,
               progress: Callable[[int, int], None] | None = None) -> Judged:
    """Replay ``record`` and judge every move (module doc); ``progress(done, total)``
    after each move. ValueError when the record does not end its game."""
    game = Game(record.rules, record.seed, mine_cells=record.mine_cells,
                no_guess=record.no_guess)
    moves = []
    situations: dict[int, Situation] = {}
    for n, move in enumerate(record.log):
        if game.over:
            raise ValueError(f"move {n}: the game was already over")
        review, here = judge_move(game, n, move.kind, move.cell, tolerances)
        game.play(move.action)
        if review.guess:
            assert here is not None
            situations[n] = here
        if game.over and game.exploded is not None:
            review = replace(review, lost=True)
        moves.append(review)
        if progress is not None:
            progress(n + 1, len(record.log))
    if not game.over:
        raise ValueError("the record does not end its game: only finished games are "
                         "reviewed")
    mines = frozenset(game.reveal_layout().known_mines())
    return Judged(tuple(moves), situations, game, mines)
