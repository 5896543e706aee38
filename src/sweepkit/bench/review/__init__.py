"""Game review: every move of a finished game judged.

:func:`review_game` replays a :class:`~sweepkit.game.GameRecord` and gives each move a
verdict from the exact analysis (:mod:`.judge`), the chance of winning before and after
each guess and the chance the guess lost against ``best``'s own move, by paired rollouts
with ``best`` to a target precision (:mod:`.odds`, :mod:`.rollouts`), and a summary
(:mod:`.summary`): counts per class, avoidable risks, forced guesses, the moment the game
was decided, and on a loss whether the death was forced.

The rollouts are seeded by the game itself (:func:`review_seed`: its rules, layout and
moves), so the same game reviewed twice gives the same numbers whenever every guess
reaches its target within the time budget.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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
from sweepkit.bench.review.odds import BEST, Guess, GuessOdds, WinChance, derived_seed
from sweepkit.bench.review.rollouts import DEFAULT_TARGET, RolloutProgress, win_chances
from sweepkit.bench.review.summary import DECIDED_BELOW, Death, Summary, summarise
from sweepkit.game import GameRecord, Status
from sweepkit.moves import Move
from sweepkit.rules import Rules

__all__ = ["DECIDED_BELOW", "DEFAULT_TARGET", "Death", "GameReview", "GuessOdds",
           "MoveClass", "MoveReview", "RolloutProgress", "Summary", "Tolerances",
           "WinChance", "classify_guess", "review_game", "review_seed"]

Progress = Callable[[str, int, int, RolloutProgress | None], None]
"""Called with a stage (``"judging"``, ``"rollouts"``), the work done and the work in all
(moves; guesses settled), and while rolling out how far the rollouts are."""


@dataclass(frozen=True)
class GameReview:
    """A reviewed game: its record, final status and layout, every move's verdict, the
    odds of each guess (by move number), the summary, and how the odds were rolled out:
    the seed, the target precision, the cap of layouts per guess, and the player."""

    record: GameRecord
    status: Status
    mines: frozenset[int]
    moves: tuple[MoveReview, ...]
    odds: dict[int, GuessOdds]
    summary: Summary
    seed: int
    target: float
    games: int
    player: StrategySpec = BEST
    cpu_seconds: float = 0.0
    """The CPU time of the rollouts (in every worker process)."""

    @property
    def settled(self) -> bool:
        """Whether every guess's rollouts stopped by their rule, not by the time budget
        (then the numbers are the same on every run)."""
        return all(o.settled for o in self.odds.values())

    @property
    def rollouts(self) -> int:
        """The games played for all the odds."""
        return sum(o.pairs.games for o in self.odds.values())


def review_seed(rules: Rules, mines: Iterable[int], log: Iterable[Move]) -> int:
    """The seed of a game's rollouts: a hash of its rules, layout and moves."""
    moves = ",".join(f"{m.kind}:{m.cell}" for m in log)
    return derived_seed("review", rules.shape, rules.mines, rules.first_click,
                        sorted(mines), moves)


def review_game(record: GameRecord, *, seconds: float = 90.0, games: int = 2000,
                target: float = DEFAULT_TARGET, seed: int | None = None,
                tolerances: Tolerances = DEFAULT_TOLERANCES, strategy: StrategySpec = BEST,
                workers: int = 1, progress: Progress | None = None) -> GameReview:
    """Review a finished game: exact verdicts first, then rollouts of each guess until its
    win chances are within ± ``target`` (95%), ``games`` layouts, or ``seconds`` (every
    guess gets a first batch), in ``workers`` processes; seeded by the game
    (:func:`review_seed`) unless ``seed`` is given. ValueError when the record does not
    end its game or its moves contradict its numbers, or on a bad budget."""
    judged = judge_game(record, tolerances,
                        None if progress is None
                        else lambda d, t: progress("judging", d, t, None))
    if seed is None:
        seed = review_seed(record.rules, judged.mines, record.log)
    guesses = {n: Guess(here.view, judged.moves[n].opens, derived_seed(seed, n), here.total)
               for n, here in judged.situations.items()}

    def rolled(p: RolloutProgress) -> None:
        assert progress is not None
        progress("rollouts", p.settled, p.guesses, p)

    rolled = win_chances(guesses, seconds=seconds, games=games, target=target,
                       strategy=strategy, workers=workers,
                       progress=None if progress is None else rolled)
    won = judged.game.status is Status.WON
    return GameReview(record, judged.game.status, judged.mines, judged.moves, rolled.odds,
                      summarise(judged.moves, rolled.odds, won), seed, target, games, strategy,
                      rolled.cpu_seconds)
