"""Named patterns, the shapes players learn by heart, found on a 2-D board, and puzzles
that contain them for the trainer's lessons.

Each pattern is a row (or column) of open numbers along a straight border of covered
cells. Its numbers are read *reduced*: less the flags (known mines) around them, as
players read them. Every other neighbour of the numbers is open (or a flag): their
covered neighbours are exactly the border cells next to each of them. With the numbers
``n1 .. nk`` at places ``1 .. k`` of the line and the border cells ``b0 .. b(k+1)`` along
it (``b(i-1)``, ``bi`` and ``b(i+1)`` next to ``ni``):

- **1-2-1** (k = 3, every border cell covered): the mines are ``b1`` and ``b3``, opposite
  the 1s; ``b0``, ``b2`` and ``b4`` are safe;
- **1-2-2-1** (k = 4, every border cell covered): the mines are ``b2`` and ``b3``, opposite
  the 2s; ``b0``, ``b1``, ``b4`` and ``b5`` are safe;
- **1-1 at a wall** (k = 2): ``b0`` is the wall (off the board, or not covered), so the
  first 1's mine is in ``b1 b2``, which the second 1 also sees: ``b3`` is safe.

Each follows from subtracting neighbouring numbers (the 2 less the 1 beside it leaves one
mine in the cell only the 2 sees), so each is sound wherever the shape is met; the tests
check every match against the exact analysis.

The puzzles are views of real games played by the player of
:mod:`sweepkit.generate.puzzles` (easiest technique first, lucky guesses) in which the
pattern is met and no single number decides a cell anywhere: the pattern (or something
harder) is what the view asks for. The answer is the cells the pattern decides.

>>> from sweepkit.position import Position
>>> view = Position.from_rows(["00000", "11211", "?????"])
>>> [(m.name, m.safe, m.mines) for m in find_patterns(view)]
[('1-1', (12,), ()), ('1-1', (12,), ()), ('1-2-1', (10, 12, 14), (11, 13))]
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from sweepkit.analysis.reasons.explain import TECHNIQUES, CellValue, Technique
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.game import Game
from sweepkit.generate.puzzles import (
    DEFAULT_SECONDS,
    PuzzleError,
    PuzzleTimeout,
    _certain_techniques,
    _guess,
)
from sweepkit.moves import Action
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.rules import FirstClick, Rules
from sweepkit.rules import level as preset_level

PATTERNS: Final = {
    "1-2-1": (1, 2, 1),
    "1-2-2-1": (1, 2, 2, 1),
    "1-1": (1, 1),
}
"""The patterns by name, with their reduced numbers along the line."""

_DIRECTIONS: Final = ((0, 1), (0, -1), (1, 0), (-1, 0))


@dataclass(frozen=True)
class PatternMatch:
    """One pattern met on a board: its ``name``, its ``numbers`` (cells, along the line),
    the cells it proves ``safe`` and ``mines`` (flat indices, in order) and a sentence for
    people."""

    name: str
    numbers: tuple[int, ...]
    safe: tuple[int, ...]
    mines: tuple[int, ...]
    sentence: str

    @property
    def cells(self) -> frozenset[int]:
        """Every cell the pattern decides."""
        return frozenset(self.safe) | frozenset(self.mines)


def find_patterns(view: Position, names: tuple[str, ...] = tuple(PATTERNS)
                  ) -> list[PatternMatch]:
    """Every pattern of ``names`` met on the 2-D ``view`` (module doc), each once, by its
    numbers' cells; ValueError for an unknown name or a board that is not a 2-D grid."""
    for name in names:
        if name not in PATTERNS:
            raise ValueError(f"unknown pattern {name!r} (expected one of "
                             f"{', '.join(PATTERNS)})")
    if view.dims != 2 or view.topology != "grid":
        raise ValueError("patterns are found on 2-D grids")
    rows, cols, cells = view.rows, view.cols, view.cells
    table = view.neighbour_table()
    reduced = [v - sum(1 for j in table[i] if cells[j] == MINE) if v > 0 else None
               for i, v in enumerate(cells)]
    covered = [frozenset(j for j in table[i] if cells[j] == UNKNOWN) for i in range(view.size)]
    found: dict[tuple[str, frozenset[int]], PatternMatch] = {}
    for r in range(rows):
        for c in range(cols):
            for dr, dc in _DIRECTIONS:
                for sr, sc in ((dc, dr), (-dc, -dr)):  # the border on either side
                    for name in names:
                        match = _match(view, reduced, covered, name, r, c, (dr, dc), (sr, sc))
                        if match is not None:
                            found.setdefault((name, frozenset(match.numbers)), match)
    return sorted(found.values(), key=lambda m: (m.name, min(m.numbers)))


def _match(view: Position, reduced: list[int | None], covered: list[frozenset[int]],
           name: str, r: int, c: int, line: tuple[int, int], side: tuple[int, int]
           ) -> PatternMatch | None:
    """The pattern ``name`` with its first number at (r, c), going along ``line`` with its
    border on ``side``; None when the board does not show it there."""
    values = PATTERNS[name]
    k = len(values)

    def at(t: int, off: tuple[int, int] = (0, 0)) -> int | None:
        rr, cc = r + t * line[0] + off[0], c + t * line[1] + off[1]
        return view.index(rr, cc) if 0 <= rr < view.rows and 0 <= cc < view.cols else None

    numbers = [at(t) for t in range(k)]
    if any(i is None or reduced[i] != v for i, v in zip(numbers, values, strict=True)):
        return None
    border = [at(t, side) for t in range(-1, k + 1)]  # b0 .. b(k+1)
    cells = view.cells
    open_border = [b is not None and cells[b] == UNKNOWN for b in border]
    if name == "1-1":
        if open_border[0] or not all(open_border[1:]):
            return None  # b0 is the wall; b1 b2 b3 covered
    elif not all(open_border):
        return None
    for t, i in enumerate(numbers):
        assert i is not None
        near = {b for b, ok in zip(border[t:t + 3], open_border[t:t + 3], strict=True) if ok}
        if covered[i] != near:
            return None
    safe, mines = _conclusions(name, border)
    where = f"{view.coord(numbers[0])} to {view.coord(numbers[-1])}"
    sentence = {
        "1-2-1": f"The 1-2-1 from {where}: the mines are opposite the 1s, so the cell "
                 "opposite the 2 and the cells beyond the 1s are safe.",
        "1-2-2-1": f"The 1-2-2-1 from {where}: the mines are opposite the 2s, so the "
                   "cells opposite the 1s and beyond them are safe.",
        "1-1": f"The 1-1 from {where} at a wall: the first 1's mine is in the two cells "
               "the second 1 sees too, so the second 1's third cell is safe.",
    }[name]
    return PatternMatch(name, tuple(i for i in numbers if i is not None), safe, mines,
                        sentence)


def _conclusions(name: str, border: list[int | None]) -> tuple[tuple[int, ...],
                                                                tuple[int, ...]]:
    """The safe cells and the mines of the pattern, from its border cells b0 .. b(k+1)."""
    picks = {"1-2-1": ((0, 2, 4), (1, 3)), "1-2-2-1": ((0, 1, 4, 5), (2, 3)),
             "1-1": ((3,), ())}[name]
    safe, mines = ([border[u] for u in group] for group in picks)
    return (tuple(sorted(b for b in safe if b is not None)),
            tuple(sorted(b for b in mines if b is not None)))


@dataclass(frozen=True)
class PatternPuzzle:
    """A view of a real game that shows the pattern ``match`` and where no single number
    decides a cell; ``rules``, ``seed`` and ``moves`` say where it comes from, as for
    :class:`~sweepkit.generate.puzzles.Puzzle`."""

    position: Position
    match: PatternMatch
    rules: Rules
    seed: int
    moves: int


def pattern_puzzles(name: str, rng: random.Random, count: int = 1, *,
                    level: str = "intermediate", seconds: float | None = DEFAULT_SECONDS,
                    clock: Callable[[], float] = time.monotonic) -> Iterator[PatternPuzzle]:
    """``count`` puzzles of the pattern ``name``, one drawn uniformly from each game that
    has one (module doc); :class:`PuzzleError` at once for an unknown pattern or level,
    :class:`PuzzleTimeout` from the iterator when ``seconds`` run out.

    >>> (found,) = pattern_puzzles("1-1", random.Random(1))
    >>> found.match.name, found.match.safe != ()
    ('1-1', True)
    """
    if name not in PATTERNS:
        raise PuzzleError(f"unknown pattern {name!r} (expected one of {', '.join(PATTERNS)})")
    try:
        rules = preset_level(level, FirstClick.OPENING)
    except ValueError as exc:
        raise PuzzleError(str(exc)) from None
    return _generate(name, rules, rng, count, seconds, clock)


def _generate(name: str, rules: Rules, rng: random.Random, count: int,
              seconds: float | None, clock: Callable[[], float]) -> Iterator[PatternPuzzle]:
    deadline = None if seconds is None else clock() + seconds
    analyser = IncrementalAnalyser(keep_mines=False)
    found = 0
    while found < count:
        seed = rng.getrandbits(63)
        game = Game(rules, seed)
        game.play(Action.reveal(rng.randrange(rules.size)))
        mines = frozenset(game.reveal_layout(cheat=True).known_mines())
        analyser.reset()
        chosen: PatternPuzzle | None = None
        seen = 0
        while not game.over:
            if deadline is not None and clock() >= deadline:
                raise PuzzleTimeout(f"no{' more' if found else ''} {name} puzzle found in "
                                    f"{seconds:g} s: give it more time")
            view = game.view()
            analysis = analyser.update(view)
            certain = _certain_techniques(analysis)
            if not certain:
                _guess(game, analysis, mines, rng)
                continue
            techniques = {t for _v, t in certain.values()}
            if Technique.SINGLE not in techniques:
                for match in find_patterns(view, (name,)):
                    seen += 1
                    if rng.randrange(seen) == 0:
                        chosen = PatternPuzzle(view, match, rules, seed, len(game.log))
            easiest = min(techniques, key=TECHNIQUES.index)
            opened: set[int] = set()
            for cell, (value, t) in sorted(certain.items()):
                if t is not easiest or game.over:
                    continue
                if value is CellValue.MINE:
                    game.play(Action.flag(cell))
                elif cell not in opened:
                    opened.update(game.play(Action.reveal(cell)).opened)
        if chosen is not None:
            found += 1
            yield chosen
