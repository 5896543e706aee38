"""Game review: every move of a finished game judged.

:func:`review_game` replays a :class:`~sweepkit.game.GameRecord` and gives each move a
verdict from the exact analysis (:mod:`.judge`), the chance of winning before and after
each guess by rollouts with ``best`` within a time budget (:mod:`.odds`), and a summary
(:mod:`.summary`): counts per class, avoidable risks, forced guesses, the moment the game
was decided, and on a loss whether the death was forced.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sweepkit.bench.result import StrategySpec
from sweepkit.bench.review.judge import (
    DEFAULT_TOLERANCES,
    MoveClass,
    MoveReview,
    Tolerances,
    classify_guess,
    judge_game,
)
from sweepkit.bench.review.odds import BEST, Guess, GuessOdds, WinChance, win_chances
from sweepkit.bench.review.summary import DECIDED_BELOW, Death, Summary, summarise
from sweepkit.game import GameRecord, Status

__all__ = ["DECIDED_BELOW", "Death", "GameReview", "GuessOdds", "MoveClass", "MoveReview",
           "Summary", "Tolerances", "WinChance", "classify_guess", "review_game"]

Progress = Callable[[str, int, int], None]
"""Called with a stage (``"judging"``, ``"rollouts"``), the work done and the work in all."""


@dataclass(frozen=True)
class GameReview:
    """A reviewed game: its record, final status and layout, every move's verdict, the
    odds of each guess (by move number) and the summary."""

    record: GameRecord
    status: Status
    mines: frozenset[int]
    moves: tuple[MoveReview, ...]
    odds: dict[int, GuessOdds]
    summary: Summary
    games: int
    """Layouts each guess was rolled out on (the same for every guess)."""


def review_game(record: GameRecord, *, seconds: float = 5.0, games: int = 200,
                seed: int = 0, tolerances: Tolerances = DEFAULT_TOLERANCES,
                strategy: StrategySpec = BEST,
                progress: Progress | None = None) -> GameReview:
    """Review a finished game: exact verdicts first, then rollouts of the guesses for
    about ``seconds`` (at least one layout each), up to ``games`` layouts each. ValueError
    when the record does not end its game or its moves contradict its numbers."""
    judged = judge_game(record, tolerances,
                        None if progress is None else lambda d, t: progress("judging", d, t))
    guesses = {n: Guess(here.view, judged.moves[n].opens)
               for n, here in judged.situations.items()}
    odds = win_chances(guesses, seconds=seconds, games=games, seed=seed, strategy=strategy,
                       progress=None if progress is None
                       else lambda d, t: progress("rollouts", d, t))
    won = judged.game.status is Status.WON
    rounds = next(iter(odds.values())).before.games if odds else 0
    return GameReview(record, judged.game.status, judged.mines, judged.moves, odds,
                      summarise(judged.moves, odds, won), rounds)
