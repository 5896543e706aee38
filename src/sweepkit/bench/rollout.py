"""Rollouts: how often a strategy wins from a position after each of a few first moves,
measured by playing it to the end on layouts drawn uniformly from those the position allows.

This is look-ahead by simulation: where the heuristic scores of
:mod:`sweepkit.strategies.best.guesses` cannot separate a few guesses, play each of them on
the same sampled layouts and let the rest of the game, played by a real strategy, decide.
Layout ``i`` is drawn by :func:`sweepkit.analysis.papers.sample.random_layout` from an RNG seeded
with ``(seed, i)`` alone, and every move is played on it with the strategy's RNG seeded the
same way, so the moves are compared game by game (paired: the layouts every move wins, or
every move loses, drop out of the differences) and any number of workers gives the same
answer.

The game on a layout starts from the position: its numbers are revealed, its flags are
placed, and there is no first-click protection (the position already tells what the first
click found). The move is then revealed and the strategy plays on from the view, as in a
benchmark game. So the position must be a view a game can show: a ``-`` cell (safe, its
number unseen) or a 0 next to a covered cell is refused (:func:`check_rollout`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from sweepkit.analysis.papers.sample import random_layout
from sweepkit.bench.result import StrategySpec, no_clock
from sweepkit.bench.runner import chunks, pool_map
from sweepkit.bench.stats import paired_difference, wilson
from sweepkit.game import Game, Status
from sweepkit.moves import Action
from sweepkit.play import play
from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from sweepkit.rules import FirstClick, Rules

MAX_GAMES = 1_000_000
"""The most layouts one rollout plays each move on."""


class RolloutError(ValueError):
    """A rollout that cannot be played: no mine count, no layout, or a move that is not a
    covered cell."""


@dataclass(frozen=True)
class MoveRollouts:
    """One move's games: ``won[i]`` is whether the strategy won on layout ``i`` after it."""

    cell: int
    won: tuple[bool, ...]

    @property
    def wins(self) -> int:
        return sum(self.won)

    @property
    def rate(self) -> float:
        return self.wins / len(self.won)

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson(self.wins, len(self.won))

    def against(self, base: MoveRollouts) -> tuple[float, float, float]:
        """This move's win rate minus ``base``'s over the same layouts, with its 95% interval
        (:func:`sweepkit.bench.stats.paired_difference`, cut to the possible −1 to 1)."""
        d, lo, hi = paired_difference(base.won, self.won)
        return d, max(-1.0, lo), min(1.0, hi)


@dataclass(frozen=True)
class Rollouts:
    """The rollouts of each move of ``moves`` (in the order given) over the same
    ``games`` layouts, and the CPU time they took."""

    moves: tuple[MoveRollouts, ...]
    games: int
    seed: int
    cpu_seconds: float

    def best(self) -> MoveRollouts:
        """The move that won most often (the first given among equals)."""
        return max(self.moves, key=lambda m: m.wins)


def layout_rng(seed: int, index: int) -> random.Random:
    """The RNG layout ``index`` of a rollout seeded ``seed`` is drawn with."""
    return random.Random(f"rollout-layout/{seed}/{index}")


def player_rng(seed: int, index: int) -> random.Random:
    """The RNG the strategy plays layout ``index`` with (the same for every move)."""
    return random.Random(f"rollout-strategy/{seed}/{index}")


def check_rollout(position: Position, moves: Sequence[int]) -> None:
    """RolloutError naming what is wrong when ``position`` and ``moves`` cannot be rolled
    out: it must be a view a game can show (a grid of two or more dimensions, a mine count,
    no ``-`` cell, no 0 next to a covered cell) and each move a distinct covered cell."""
    if position.topology != "grid" or position.dims < 2:
        raise RolloutError(f"rollouts play games on grids of 2 or more dimensions, not a "
                           f"{position.topology} of {position.dims} dimension(s)")
    if position.mines is None:
        raise RolloutError("rollouts need the mine count (a 'mines: N' header)")
    cells = position.cells
    for cell, value in enumerate(cells):
        if value == SAFE:
            raise RolloutError(f"cell {position.coord(cell)} is '-' (safe, number unseen): a "
                               f"game's view has none; reveal its number or make it '?'")
        if value == 0 and any(cells[j] == UNKNOWN for j in position.neighbours(cell)):
            raise RolloutError(f"the 0 at {position.coord(cell)} has covered neighbours: a "
                               f"game would have opened them")
    if not moves:
        raise RolloutError("no move to roll out")
    if len(set(moves)) != len(moves):
        raise RolloutError("a move is given twice")
    for cell in moves:
        if not 0 <= cell < len(cells) or cells[cell] != UNKNOWN:
            where = position.coord(cell) if 0 <= cell < len(cells) else cell
            raise RolloutError(f"move {where}: not a covered cell of the position")


def start_game(position: Position, mines: frozenset[int]) -> Game:
    """A game on layout ``mines`` showing what ``position`` shows: its numbers revealed,
    its flags placed; no first-click protection."""
    rules = Rules.of_shape(position.shape, len(mines), FirstClick.NONE)
    game = Game(rules, mine_cells=mines, clock=no_clock)
    cells = position.cells
    for cell, value in enumerate(cells):
        if value >= 0 and game.cell(cell) == UNKNOWN:
            game.play(Action.reveal(cell))
    for cell, value in enumerate(cells):
        if value == MINE:
            game.play(Action.flag(cell))
    if game.over:  # every safe cell is open already: nothing is left to play
        raise RolloutError("the position has no covered safe cell left: the game is won")
    return game


def play_layouts(position: Position, moves: Sequence[int], strategy: StrategySpec,
                 seed: int, indices: range) -> list[tuple[bool, ...]]:
    """For each layout index of ``indices``: whether the strategy won after each move."""
    player = strategy.build()
    found = []
    for i in indices:
        mines = random_layout(position, layout_rng(seed, i))
        row = []
        for cell in moves:
            game = start_game(position, mines)
            game.play(Action.reveal(cell))
            if not game.over:
                play(game, player, rng=player_rng(seed, i))
            row.append(game.status is Status.WON)
        found.append(tuple(row))
    return found


def rollout(position: Position, moves: Sequence[int], strategy: StrategySpec, games: int,
            seed: int, *, workers: int = 1,
            progress: Callable[[int], None] | None = None) -> Rollouts:
    """Play ``strategy`` after each of ``moves`` (flat indices of covered cells) on the same
    ``games`` layouts drawn from ``position`` (module doc), in ``workers`` processes;
    ``progress`` is called with the number of layouts done. RolloutError on a position,
    move or count that cannot be rolled out.

    >>> position = Position.from_rows(["1?", "??"], mines=1)  # each move wins 1 layout in 3
    >>> result = rollout(position, [3, 1], StrategySpec("best"), games=30, seed=1)
    >>> [(m.cell, m.wins) for m in result.moves]
    [(3, 11), (1, 12)]
    """
    check_rollout(position, moves)
    if not 1 <= games <= MAX_GAMES:
        raise RolloutError(f"games: expected 1 to {MAX_GAMES:,}, got {games}")
    if workers < 1:
        raise RolloutError(f"workers: expected at least 1, got {workers}")
    try:
        start_game(position, random_layout(position, layout_rng(seed, 0)))
    except ValueError as exc:  # no layout at all, or the game is over already
        raise RolloutError(str(exc)) from None
    task = partial(_timed, position, list(moves), strategy, seed)
    done: dict[int, list[tuple[bool, ...]]] = {}  # by the first layout of a piece
    cpu = 0.0

    def take(result: tuple[range, list[tuple[bool, ...]], float]) -> None:
        nonlocal cpu
        indices, found, seconds = result
        done[indices.start] = found
        cpu += seconds
        if progress is not None:
            progress(sum(len(f) for f in done.values()))

    pieces = chunks(games, workers)
    if workers == 1:
        for piece in pieces:
            take(task(piece))
    else:
        pool_map(task, pieces, workers, take)
    rows = [row for start in sorted(done) for row in done[start]]  # layout order
    columns = tuple(MoveRollouts(cell, tuple(r[k] for r in rows))
                    for k, cell in enumerate(moves))
    return Rollouts(columns, games, seed, cpu)


def _timed(position: Position, moves: Sequence[int], strategy: StrategySpec, seed: int,
           indices: range) -> tuple[range, list[tuple[bool, ...]], float]:
    """:func:`play_layouts` with its indices and the CPU time it took (here or in a
    worker)."""
    started = time.process_time()
    found = play_layouts(position, moves, strategy, seed, indices)
    return indices, found, time.process_time() - started
