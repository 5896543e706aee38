"""Boards made to order: layouts that need no guess (:mod:`.no_guess`) and technique
puzzles from real games (:mod:`.puzzles`).

>>> import random
>>> from sweepkit.rules import Rules
>>> board = generate_no_guess(Rules(9, 9, 10, "opening"), 40, random.Random(2))
>>> len(board.mines)
10
"""

from sweepkit.generate.no_guess import (
    MAX_DENSITY,
    NoGuessBoard,
    NoGuessError,
    NoGuessLayouts,
    NoGuessTimeout,
    generate_no_guess,
)
from sweepkit.generate.puzzles import Puzzle, PuzzleError, PuzzleTimeout, puzzles

__all__ = ["MAX_DENSITY", "NoGuessBoard", "NoGuessError", "NoGuessLayouts", "NoGuessTimeout",
           "Puzzle", "PuzzleError", "PuzzleTimeout", "generate_no_guess", "puzzles"]
