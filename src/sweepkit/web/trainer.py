"""The trainer: lessons of positions from real games whose easiest certain move needs one
technique (or, for guessing, that have no certain move; or, for a named pattern, that show
the pattern where no single number decides a cell), at the difficulty the player's score
has reached; the answers stay on the server until the player has answered.

Difficulty (1–3, :mod:`sweepkit.store.training`): the board the positions come from
(beginner, intermediate, expert) and, for linked sets, how many numbers the easiest
answer needs (2, 3, 4 or more).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.reasons.explain import CellValue, Explanation, explain
from sweepkit.boardfile import format_board, parse_board
from sweepkit.generate.patterns import PATTERNS, PatternMatch, find_patterns, pattern_puzzles
from sweepkit.generate.puzzles import PuzzleError, guess_puzzles, puzzles
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.web.registry import Registry, new_id

LESSONS: Final = ("single", "subset", "linked", "global", "guess", *PATTERNS)
"""The lessons: one per technique, guessing, and one per named pattern."""

PROMPTS: Final = {
    "single": "One number tells it all: find a safe cell (click) or a mine (flag).",
    "subset": "Two numbers share cells: compare them to find a safe cell or a mine.",
    "linked": "No one or two numbers decide it: follow a chain of numbers.",
    "global": "Count the mines left: the total decides a cell.",
    "guess": "Nothing is certain here: reveal the cell least likely to be a mine.",
    "1-2-1": "Find the 1-2-1 along a border: flag a mine it proves, or reveal a safe cell.",
    "1-2-2-1": "Find the 1-2-2-1 along a border: flag a mine it proves, or reveal a safe "
               "cell.",
    "1-1": "Find the 1-1 against a wall: reveal the cell it proves safe.",
}

LEVEL_OF_DIFFICULTY: Final = {1: "beginner", 2: "intermediate", 3: "expert"}

LINKED_SIZES: Final = {1: (2, 2), 2: (3, 3), 3: (4, None)}
"""For linked sets, the fewest numbers the easiest answer needs, by difficulty."""

PUZZLE_SECONDS: Final = 10.0
"""The longest the server looks for one puzzle."""

PATTERN_SECONDS: Final = 30.0
"""The longest the server looks for one puzzle of a named pattern (a 1-2-2-1 with no single
number on the board can take a few games to meet)."""

MAX_PUZZLES: Final = 1000
"""Puzzles kept waiting for an answer at once."""

STOCK: Final = 2
"""Puzzles made ahead for each lesson and difficulty a player has asked for."""


@dataclass
class TrainerPuzzle:
    """A puzzle handed to a player; what makes an answer right stays here."""

    id: str
    player: str
    lesson: str
    difficulty: int
    position: Position
    safe: frozenset[int]
    mines: frozenset[int]
    explanations: dict[int, Explanation]
    lesson_cells: frozenset[int]
    """The cells the lesson's technique proves (the lowest-probability cells for guess, the
    cells the pattern decides for a pattern)."""
    probabilities: dict[int, float]
    pattern: PatternMatch | None = None
    """A pattern lesson's pattern, as met on the board."""
    scored: bool = True
    """Whether the answer counts in the player's score (not for a puzzle asked for by its
    seed: it could be asked for again and again)."""
    answered: bool = False
    handed: float | None = None
    """When the puzzle was handed to the player (Unix time): its answer's decision time is
    counted from there."""
    owner: str = field(default="", repr=False)
    """The key hash of the browser the puzzle was handed to: only it may answer."""
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def as_json(self) -> dict[str, Any]:
        """What the page shows: the board and the lesson, no answer."""
        codes = {UNKNOWN: ".", MINE: "F"}
        position = self.position
        return {
            "id": self.id, "lesson": self.lesson, "difficulty": self.difficulty,
            "prompt": PROMPTS[self.lesson], "rows": position.rows, "cols": position.cols,
            "mines": position.mines, "mines_left": position.remaining_mines(),
            "cells": "".join(codes.get(v, str(v)) for v in position.cells),
        }

    def doc(self) -> dict[str, Any]:
        """What another server process needs to make this puzzle again (its answers are
        worked out from its board): kept on the server, never sent to the page."""
        return {"player": self.player, "lesson": self.lesson, "difficulty": self.difficulty,
                "board": format_board(self.position), "lesson_cells": sorted(self.lesson_cells),
                "scored": self.scored, "owner": self.owner, "handed": self.handed}

    def grade(self, cell: int, flag: bool) -> dict[str, Any]:
        """Whether the answer is right, and why, in words, with the numbers used, the right
        answers, and the named patterns met on the board that decide a cell (``patterns``:
        what the player could have used)."""
        coord = self.position.coord
        if self.lesson == "guess":
            right = not flag and cell in self.lesson_cells
            p = self.probabilities.get(cell)
            best = min(self.probabilities.values())
            why = (f"{coord(cell)} has mine probability {p:.0%}" if p is not None else
                   f"{coord(cell)} is not a covered cell")
            lowest = ", ".join(str(coord(c)) for c in sorted(self.lesson_cells)[:4])
            why += f"; the lowest here is {best:.0%}" + ("" if right else f", at {lowest}")
            return {"right": right, "explanation": why, "because": [],
                    "answers": [list(coord(c)) for c in sorted(self.lesson_cells)],
                    "patterns": []}
        right = cell in (self.mines if flag else self.safe)
        met = sorted({m.name for m in find_patterns(self.position)
                      if m.cells & (self.safe | self.mines)})
        if self.pattern is not None:
            return self._grade_pattern(self.pattern, cell, right, met)
        shown = self.explanations.get(cell) if right else None
        if shown is None:
            shown = self.explanations[min(self.lesson_cells)]
        if right:
            text = shown.sentence
        elif cell in self.safe or cell in self.mines:
            what = "safe" if cell in self.safe else "a mine"
            text = (f"{coord(cell)} is {what}, so it should be "
                    f"{'revealed' if cell in self.safe else 'flagged'}: "
                    f"{self.explanations[cell].sentence}")
        else:
            p = self.probabilities.get(cell)
            text = (f"{coord(cell)} is not certain" + (f" (mine probability {p:.0%})"
                                                       if p is not None else "")
                    + f". For example: {shown.sentence}")
        return {"right": right, "explanation": text,
                "because": [list(coord(i)) for i in shown.because],
                "answers": [[*coord(c), "flag" if c in self.mines else "reveal"]
                            for c in sorted(self.lesson_cells)], "patterns": met}

    def _grade_pattern(self, pattern: PatternMatch, cell: int, right: bool,
                       met: list[str]) -> dict[str, Any]:
        """:meth:`grade` for a pattern lesson: the pattern's own sentence, its numbers."""
        coord = self.position.coord
        if right and cell in pattern.cells:
            text = pattern.sentence
        elif right:
            why = self.explanations[cell].sentence
            text = f"Right, though not by the {pattern.name}: {why} {pattern.sentence}"
        else:
            what = ("a mine" if cell in self.mines else "safe" if cell in self.safe
                    else "not certain")
            text = f"{coord(cell)} is {what}. {pattern.sentence}"
        return {"right": right, "explanation": text,
                "because": [list(coord(i)) for i in pattern.numbers],
                "answers": [[*coord(c), "flag" if c in pattern.mines else "reveal"]
                            for c in sorted(pattern.cells)], "patterns": met}


def make_puzzle(lesson: str, difficulty: int, player: str, rng: random.Random
                ) -> TrainerPuzzle:
    """A puzzle of ``lesson`` at ``difficulty``; PuzzleError (or PuzzleTimeout) when
    none can be made."""
    level = LEVEL_OF_DIFFICULTY[difficulty]
    if lesson == "guess":
        (found,) = guess_puzzles(rng, 1, level=level, seconds=PUZZLE_SECONDS)
        position, lesson_cells = found.position, frozenset(found.cells)
    elif lesson in PATTERNS:
        (met,) = pattern_puzzles(lesson, rng, 1, level=level, seconds=PATTERN_SECONDS)
        position, lesson_cells = met.position, met.match.cells
    else:
        low, high = LINKED_SIZES[difficulty] if lesson == "linked" else (None, None)
        (made,) = puzzles(lesson, rng, 1, level=level if lesson != "linked" else
                          "intermediate", min_size=low, max_size=high,
                          seconds=PUZZLE_SECONDS)
        position, lesson_cells = made.position, frozenset(e.cell for e in made.answer)
    return solved_puzzle(new_id(), player, lesson, difficulty, position, lesson_cells)


def solved_puzzle(puzzle_id: str, player: str, lesson: str, difficulty: int,
                  position: Position, lesson_cells: frozenset[int]) -> TrainerPuzzle:
    """A puzzle with what grades it worked out from its position (the same every time:
    another server process makes the same puzzle from :meth:`TrainerPuzzle.doc`)."""
    analysis = analyse(position)
    found_all = explain(position, analysis=analysis)
    pattern = None
    if lesson in PATTERNS:
        pattern = next(m for m in find_patterns(position, (lesson,)) if m.cells == lesson_cells)
    return TrainerPuzzle(
        id=puzzle_id, player=player, lesson=lesson, difficulty=difficulty,
        position=position, safe=frozenset(analysis.safe_cells()),
        mines=frozenset(analysis.mine_cells()),
        explanations={e.cell: e for e in found_all if e.value in (CellValue.SAFE,
                                                                  CellValue.MINE)},
        lesson_cells=lesson_cells, probabilities=dict(analysis.probabilities()),
        pattern=pattern)


def puzzle_from_doc(puzzle_id: str, doc: dict[str, Any]) -> TrainerPuzzle:
    """The puzzle :meth:`TrainerPuzzle.doc` describes, made again (on another server
    process than the one that handed it out)."""
    puzzle = solved_puzzle(puzzle_id, doc["player"], doc["lesson"], doc["difficulty"],
                           parse_board(doc["board"]), frozenset(doc["lesson_cells"]))
    puzzle.scored, puzzle.owner, puzzle.handed = doc["scored"], doc["owner"], doc.get("handed")
    return puzzle


class TrainerPuzzles(Registry[TrainerPuzzle]):
    """The puzzles waiting for an answer, by id, at most ``capacity``."""

    def __init__(self, capacity: int = MAX_PUZZLES) -> None:
        super().__init__(capacity)


class PuzzleStock:
    """Puzzles made ahead, one background thread making them, for each lesson and
    difficulty a player has asked for: the next puzzle is ready when asked for (a linked
    set at difficulty 3 can take seconds to find), and the server makes none for lessons
    no one plays. :meth:`take` makes one on the spot only when the stock is empty.
    ``make`` is :func:`make_puzzle` unless given."""

    def __init__(self, size: int = STOCK, make: Callable[..., TrainerPuzzle] | None = None
                 ) -> None:
        self.size = size
        self._make = make or make_puzzle
        self._ready: dict[tuple[str, int], list[TrainerPuzzle]] = {}
        self._filling: set[tuple[str, int]] = set()
        self._lock = threading.Lock()
        self._closed = False
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="puzzles")

    def take(self, lesson: str, difficulty: int, player: str) -> TrainerPuzzle:
        """A fresh puzzle of ``lesson`` at ``difficulty`` for ``player`` (from the stock,
        else made now: PuzzleError or PuzzleTimeout as :func:`make_puzzle`); the stock is
        filled up again behind it."""
        key = (lesson, difficulty)
        with self._lock:
            ready = self._ready.setdefault(key, [])
            puzzle = ready.pop(0) if ready else None
        if puzzle is None:
            puzzle = self._make(lesson, difficulty, player, random.Random())
        else:
            puzzle.id, puzzle.player = new_id(), player
        self._refill(key)
        return puzzle

    def ready(self, lesson: str, difficulty: int) -> int:
        """How many puzzles of ``lesson`` at ``difficulty`` are made and waiting."""
        with self._lock:
            return len(self._ready.get((lesson, difficulty), ()))

    def close(self) -> None:
        """Stop making puzzles (the one being made is dropped when it is done)."""
        with self._lock:
            self._closed = True
        self._worker.shutdown(wait=False, cancel_futures=True)

    def _refill(self, key: tuple[str, int]) -> None:
        with self._lock:
            if self._closed or key in self._filling:
                return
            self._filling.add(key)
        self._worker.submit(self._fill, key)

    def _fill(self, key: tuple[str, int]) -> None:
        try:
            while True:
                with self._lock:
                    if self._closed or len(self._ready[key]) >= self.size:
                        return
                try:
                    puzzle = self._make(*key, "", random.Random())
                except PuzzleError:           # none found in time: the next take tries
                    return
                with self._lock:
                    self._ready[key].append(puzzle)
        finally:
            with self._lock:
                self._filling.discard(key)
