"""The one game loop: a strategy plays a game to its end, watched by an optional observer.

:func:`play` is what the benchmark runner, the terminal's "watch" mode and the web app
all call. It hands the strategy only the player's view (``game.view()``) and an RNG,
takes its decisions to the game one by one through :meth:`Game.play
<sweepkit.game.Game.play>` (with their reasons, so the record keeps them), and stops when
the game says it is over — never when the strategy says so.

>>> from sweepkit.game import Game
>>> from sweepkit.rules import level
>>> from sweepkit.strategies import make_strategy
>>> game = Game(level("beginner"), seed=3)
>>> record = play(game, make_strategy("exact"), rng=random.Random(3))
>>> game.over, record.log[0].reason.basis
(True, <Basis.FIRST: 'first'>)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import NamedTuple

from sweepkit.game import Game, GameRecord, MoveResult
from sweepkit.moves import Decision, MoveKind
from sweepkit.strategies.base import Strategy, StrategyError

STALL_LIMIT = 3
"""Turns in a row in which every move of a strategy changed nothing before it is stopped."""


class Step(NamedTuple):
    """What an observer sees after each move: its number in the log (from 0), the
    strategy's decision and what the move did."""

    number: int
    decision: Decision
    result: MoveResult


Observer = Callable[[Step], None]


def play(game: Game, strategy: Strategy, observer: Observer | None = None, *,
         rng: random.Random | None = None) -> GameRecord:
    """Let ``strategy`` play ``game`` to the end and return the record (moves and reasons).

    A move of a turn that an earlier move of the same turn already opened is skipped
    (a flood fill got there first), so it costs no wasted click. StrategyError when the
    strategy answers with no move, or stalls for :data:`STALL_LIMIT` turns.
    """
    for step in steps(game, strategy, rng=rng):
        if observer is not None:
            observer(step)
    return game.record()


class Plan(NamedTuple):
    """A move decided and not yet played (:func:`planned_steps`): its number in the log
    once played, and the strategy's decision."""

    number: int
    decision: Decision


def steps(game: Game, strategy: Strategy, *, rng: random.Random | None = None
          ) -> Iterator[Step]:
    """:func:`play` one move at a time: each ``next`` makes one move (asking the strategy
    when its last turn's moves are used up) and yields what it did, until the game is
    over. A caller can pause between moves.

    >>> from sweepkit.game import Game
    >>> from sweepkit.rules import level
    >>> from sweepkit.strategies import make_strategy
    >>> game = Game(level("beginner"), seed=3)
    >>> first = next(steps(game, make_strategy("exact"), rng=random.Random(3)))
    >>> first.number, first.decision.reason.basis, game.status
    (0, <Basis.FIRST: 'first'>, <Status.PLAYING: 'playing'>)
    """
    for item in planned_steps(game, strategy, rng=rng):
        if isinstance(item, Step):
            yield item


def planned_steps(game: Game, strategy: Strategy, *, rng: random.Random | None = None
                  ) -> Iterator[Plan | Step]:
    """:func:`steps` with each move told before it is played: a :class:`Plan` (the move
    the strategy chose, the game unchanged), then at the next ``next`` its :class:`Step`.
    The web app's watch mode outlines the move about to be played this way.

    >>> from sweepkit.game import Game
    >>> from sweepkit.rules import level
    >>> from sweepkit.strategies import make_strategy
    >>> game = Game(level("beginner"), seed=3)
    >>> moves = planned_steps(game, make_strategy("exact"), rng=random.Random(3))
    >>> plan = next(moves)
    >>> plan.number, game.status, next(moves).decision == plan.decision
    (0, <Status.READY: 'ready'>, True)
    """
    rng = rng if rng is not None else random.Random()
    strategy.start(game.view())
    stalls = 0
    while not game.over:
        try:
            decisions = strategy.moves(game.view(), rng)
        except StopIteration:  # inside a generator it would end the game's steps quietly
            raise StrategyError(f"strategy {strategy.name!r} raised StopIteration") from None
        if not decisions:
            raise StrategyError(f"strategy {strategy.name!r} gave no move")
        changed = False
        opened: set[int] = set()
        for decision in decisions:
            action = decision.action
            if action.kind is MoveKind.REVEAL and action.cell in opened:
                continue
            yield Plan(len(game.log), decision)
            result = game.play(action, decision.reason)
            opened.update(result.opened)
            changed = changed or not result.wasted
            yield Step(len(game.log) - 1, decision, result)
            if game.over:
                break
        stalls = 0 if changed else stalls + 1
        if stalls >= STALL_LIMIT:
            raise StrategyError(
                f"strategy {strategy.name!r} made {STALL_LIMIT} turns of moves that change "
                "nothing"
            )
