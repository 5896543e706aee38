"""The chance of winning before and after each guess of a game, estimated by rollouts
with a strategy (``best`` by default) within a time and game budget.

For a guess made from view ``V`` (without flags), layout ``i`` is drawn uniformly from
those ``V`` allows (:func:`sweepkit.bench.rollout.layout_rng`, so a review is the same
on every run). *Before*: the strategy plays the game from ``V`` on that layout. *After*:
the guess is made first (the cells it opens, in order: a chord's too), then the strategy
plays on. Both are played on the same layouts with the same strategy RNG (paired), so
their difference is the guess's cost, not luck.

Rollouts go in rounds, one layout for every guess per round, until ``games`` rounds are
done or the time is up, so every guess ends with about the same number of games and a
short budget still gives an answer for each. Each chance comes with its 95% Wilson
interval.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from sweepkit.analysis.budget import check
from sweepkit.analysis.papers.sample import random_layout
from sweepkit.bench.result import StrategySpec
from sweepkit.bench.rollout import layout_rng, player_rng, start_game
from sweepkit.bench.stats import wilson
from sweepkit.game import Game, Status
from sweepkit.moves import Action
from sweepkit.play import play
from sweepkit.position import Position
from sweepkit.strategies.base import Strategy

BEST = StrategySpec("best")
"""The strategy that finishes each rolled-out game unless another is given."""

MAX_GAMES = 10_000
"""The most layouts one guess is rolled out on."""


@dataclass(frozen=True)
class WinChance:
    """``wins`` games won out of ``games``, with the 95% Wilson interval."""

    wins: int
    games: int

    @property
    def rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass(frozen=True)
class GuessOdds:
    """The chance of winning before and after one guess, over the same layouts."""

    before: WinChance
    after: WinChance


@dataclass(frozen=True)
class Guess:
    """A guess to roll out: the view it was made from (without flags) and the cells it
    opens, in order."""

    view: Position
    opens: tuple[int, ...]


def one_layout(guess: Guess, strategy: StrategySpec, seed: int, index: int,
               player: Strategy | None = None) -> tuple[bool, bool]:
    """Whether the strategy wins on layout ``index`` of ``guess``'s view, before and after
    the guess."""
    built = player if player is not None else strategy.build()
    mines = random_layout(guess.view, layout_rng(seed, index))
    before = start_game(guess.view, mines)
    _finish(before, built, seed, index)
    after = start_game(guess.view, mines)
    for cell in guess.opens:
        if after.over:
            break
        after.play(Action.reveal(cell))
    _finish(after, built, seed, index)
    return before.status is Status.WON, after.status is Status.WON


def _finish(game: Game, player: Strategy, seed: int, index: int) -> None:
    if not game.over:
        play(game, player, rng=player_rng(seed, index))


def win_chances(guesses: Mapping[int, Guess], *, seconds: float, games: int = 200,
                seed: int = 0, strategy: StrategySpec = BEST,
                progress: Callable[[int, int], None] | None = None
                ) -> dict[int, GuessOdds]:
    """The odds of every guess (by its key), from up to ``games`` layouts each, in rounds
    until ``seconds`` have passed (at least one round when there is a guess);
    ``progress(rounds_done, games)`` after each round. ValueError on a bad budget."""
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games: expected 1 to {MAX_GAMES:,}, got {games}")
    if seconds < 0:
        raise ValueError(f"seconds: expected 0 or more, got {seconds}")
    player = strategy.build()
    wins = {key: [0, 0] for key in guesses}
    rounds = 0
    deadline = time.monotonic() + seconds
    while guesses and rounds < games and (rounds == 0 or time.monotonic() < deadline):
        for key, guess in guesses.items():
            check()
            before, after = one_layout(guess, strategy, seed, rounds, player)
            wins[key][0] += before
            wins[key][1] += after
        rounds += 1
        if progress is not None:
            progress(rounds, games)
    return {key: GuessOdds(WinChance(b, rounds), WinChance(a, rounds))
            for key, (b, a) in wins.items()}
