"""Boards made to order: technique puzzles from real games (:mod:`.puzzles`)."""

from sweepkit.generate.puzzles import Puzzle, PuzzleError, PuzzleTimeout, puzzles

__all__ = ["Puzzle", "PuzzleError", "PuzzleTimeout", "puzzles"]
