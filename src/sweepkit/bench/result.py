"""One benchmark game: how its layout is chosen, how it is played, and what is kept of it.

Game ``i`` of a run with seed ``s`` draws its layout from :func:`game_seed` ``(s, i)``
and gives its strategy an RNG seeded from the same value, so its result depends on
``(s, i)`` alone: any number of workers, on one machine or a Dask cluster, gives the
same games. :func:`play_game` is the unit of work every runner ships.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

from sweepkit.analysis.reasons.explain import TECHNIQUES
from sweepkit.game import Game, Status
from sweepkit.generate.no_guess import NoGuessLayouts
from sweepkit.moves import MoveKind
from sweepkit.play import play
from sweepkit.rules import Rules
from sweepkit.serialize import record_json
from sweepkit.strategies import make_strategy
from sweepkit.strategies.base import FirstMove

HARDNESS = (*(str(t) for t in TECHNIQUES), "guess")
"""What a game can need, from the least to the most: the techniques of certain moves,
then guessing (the school project's Simple < Non-trivial < Brute force < Guess)."""


def game_seed(seed: int, index: int) -> int:
    """The layout seed of game ``index`` of a run seeded ``seed`` (64 bits).

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    digest = hashlib.blake2b(f"sweepkit-bench/{seed}/{index}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def strategy_rng(layout_seed: int) -> random.Random:
    """The RNG a strategy gets for the game drawn from ``layout_seed`` (in a benchmark and
    in ``sweepkit watch``, so a stored game's seed plays that very game again)."""
    return random.Random(f"strategy/{layout_seed}")


@dataclass(frozen=True)
class StrategySpec:
    """A strategy by name with its options (what a worker needs to build it)."""

    name: str
    options: dict[str, Any] = field(default_factory=dict)
    first: FirstMove = "corner"

    def build(self):  # -> Strategy
        return make_strategy(self.name, first=self.first, **self.options)


@dataclass(frozen=True)
class GameFigures:
    """What a benchmark keeps of one game besides its record (and all a summary reads).

    ``guesses`` counts the moves that were not certain, the first click included
    (Pedersen counts it: "a guess is any random move (incl. the first)");
    ``guess_log`` holds ``(estimate, safe)`` for every guessed reveal, the raw data of
    the calibration table (``estimate`` is ``None`` when the strategy gave none);
    ``hardest`` is the hardest technique of the game's certain moves (``None`` when it
    made none), ``needed`` the same with ``"guess"`` when it guessed after the first
    click; ``loss_cause`` the basis of the losing move (``"certain"`` is a bug);
    ``first_zero`` whether the first reveal showed a 0 (Pedersen's "first-zero wins").
    """

    index: int
    seed: int
    won: bool
    moves: int
    guesses: int
    hardest: str | None
    needed: str | None
    loss_cause: str | None
    first_zero: bool
    three_bv: int
    cpu_seconds: float
    guess_log: tuple[tuple[float | None, bool], ...]


@dataclass(frozen=True)
class GameResult(GameFigures):
    """What a benchmark keeps of one game: its :class:`GameFigures` and its record."""

    record: str
    """The game record as JSON text (:func:`sweepkit.serialize.record_json`)."""


def no_clock() -> float:
    """Benchmark games keep no wall time in their moves, so a record is the same on any
    machine and worker count; ``cpu_seconds`` says how long a game took."""
    return 0.0


def play_game(rules: Rules, strategy: StrategySpec, seed: int, index: int,
              no_guess: bool = False) -> GameResult:
    """Play game ``index`` of a run seeded ``seed`` with a fresh strategy (on a no-guess
    board drawn from the game's seed with ``no_guess``); summarise it."""
    layout_seed = game_seed(seed, index)
    player = strategy.build()
    layouts = NoGuessLayouts() if no_guess else None
    game = Game(rules, layout_seed, clock=no_clock, layouts=layouts)
    started = time.process_time()
    record = play(game, player, rng=strategy_rng(layout_seed))
    cpu = time.process_time() - started
    return summarise(index, layout_seed, game, cpu, record_json(record))


def summarise(index: int, seed: int, game: Game, cpu_seconds: float,
              record: dict[str, Any]) -> GameResult:
    """The :class:`GameResult` of a finished game."""
    log = game.log
    lost = game.status is Status.LOST
    guess_log = []
    for n, move in enumerate(log):
        if move.reason is not None and move.reason.guess and move.kind is MoveKind.REVEAL:
            safe = not (lost and n == len(log) - 1)  # only the last move can have lost
            guess_log.append((move.reason.probability, safe))
    guesses = sum(1 for m in log if m.reason is None or m.reason.guess)
    techniques = {m.reason.technique for m in log
                  if m.reason is not None and not m.reason.guess and m.reason.technique}
    ranked = [t for t in HARDNESS if t in techniques]
    hardest = ranked[-1] if ranked else None
    later_guess = any(m.reason is not None and m.reason.guess for m in log[1:])
    needed = "guess" if later_guess else hardest
    last = log[-1].reason if log else None
    loss_cause = (str(last.basis) if last is not None else "unknown") if lost else None
    first_open = next((m for m in log if m.kind is MoveKind.REVEAL), None)
    first_zero = False
    if first_open is not None:
        layout = game.reveal_layout()
        first_zero = layout.cells[first_open.cell] == 0
    return GameResult(
        index=index, seed=seed, won=game.status is Status.WON, moves=len(log),
        guesses=guesses, hardest=hardest, needed=needed, loss_cause=loss_cause,
        first_zero=first_zero, three_bv=game.three_bv(), cpu_seconds=cpu_seconds,
        guess_log=tuple(guess_log), record=json.dumps(record, separators=(",", ":")),
    )
