"""A reviewed game in a few lines: how many moves of each class, the avoidable risks, the
guesses the position forced, the moment the game was decided and, on a loss, whether the
death was forced.

**The moment the game was decided.** In a won game: the last guess (the last move that
could have lost); after it nothing was left to chance. A game won without a guess was
never in doubt (no moment). In a lost game: the last guess from whose position the
strategy's win chance (by rollouts, :mod:`.odds`) was still at least
:data:`DECIDED_BELOW`; every later guess was made from a position already below it, and
the game was lost. That is the losing guess itself when the game was still open before it,
or an earlier one when the chances were already small; when the chance was below the
threshold from the first guess on, the first guess.

**A forced death**: no covered cell was certainly safe when the fatal move was made; else
it was avoidable, and the certainly safe cells open then are listed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from sweepkit.bench.review.judge import MoveClass, MoveReview
from sweepkit.bench.review.odds import GuessOdds

DECIDED_BELOW = 0.1
"""The win chance below which a lost game counts as decided (module doc)."""


@dataclass(frozen=True)
class Death:
    """The move that lost: its number, its risk, whether it was forced, and the certainly
    safe covered cells the player could have opened instead."""

    move: int
    risk: Fraction
    forced: bool
    safe_cells: tuple[int, ...]


@dataclass(frozen=True)
class Summary:
    """Counts of moves per class, the avoidable risks and forced guesses (move numbers),
    the decisive move (``None``: never in doubt) and why, and the death of a lost game."""

    counts: dict[MoveClass, int]
    avoidable: tuple[int, ...]
    forced: tuple[int, ...]
    decided: int | None
    decided_why: str
    death: Death | None


def decided_move(moves: tuple[MoveReview, ...], odds: dict[int, GuessOdds], won: bool,
                 below: float = DECIDED_BELOW) -> tuple[int | None, str]:
    """The move that decided the game and why (module doc)."""
    guesses = [m.number for m in moves if m.guess]
    if not guesses:
        return None, "no move could have lost: the game was never in doubt"
    if won:
        return guesses[-1], "the last guess: after it nothing was left to chance"
    still_open = [n for n in guesses
                  if n in odds and (odds[n].before.rate or 0.0) >= below]
    if not still_open:
        return guesses[0], (f"the win chance was below {below:.0%} from the first guess "
                            f"on")
    last = still_open[-1]
    if last == guesses[-1]:
        return last, "the losing guess"
    return last, (f"after this guess the win chance never again reached {below:.0%}")


def summarise(moves: tuple[MoveReview, ...], odds: dict[int, GuessOdds],
              won: bool) -> Summary:
    """The summary of a judged game with its guesses' odds."""
    counts = Counter(m.verdict for m in moves)
    death = None
    fatal = [m for m in moves if m.lost]
    if fatal:
        m = fatal[-1]
        assert m.risk is not None
        death = Death(m.number, m.risk, not m.safe_cells, m.safe_cells)
    decided, why = decided_move(moves, odds, won)
    return Summary({c: counts.get(c, 0) for c in MoveClass},
                   tuple(m.number for m in moves if m.verdict is MoveClass.AVOIDABLE_RISK),
                   tuple(m.number for m in moves if m.forced), decided, why, death)
