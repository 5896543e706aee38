"""Commands of the generate area: ``puzzle`` (positions whose easiest certain move needs one
technique, from real games; see :mod:`sweepkit.generate.puzzles`).

Each puzzle prints as a ``.board`` text (``sweepkit.boardfile.format_board``) headed by
``#`` comment lines: where it comes from, then one line per answer cell, ``(row, col)
value technique: sentence``. Puzzles are separated by a blank line, so each block parses
on its own with :func:`sweepkit.boardfile.parse_board`. Bad input (an unknown technique
or level, a rung of the ladder the technique cannot have) and a request the time budget
cannot meet print one line and exit 2. Without ``--seed`` a first comment line names the
seed drawn.
"""

from __future__ import annotations

import random

import typer

from sweepkit.analysis.reasons.explain import TECHNIQUES
from sweepkit.boardfile import format_board, plural
from sweepkit.cli.common import fail
from sweepkit.cli.game_cmds import LEVEL
from sweepkit.cli.params import INTEGER, NUMBER, Choice
from sweepkit.generate.puzzles import (
    DEFAULT_SECONDS,
    Puzzle,
    PuzzleError,
    PuzzleTimeout,
    puzzles,
)

TECHNIQUE = Choice([str(technique) for technique in TECHNIQUES], "technique")
"""``--technique``: a technique of the exact analysis."""


def puzzle_text(puzzle: Puzzle, number: int, count: int) -> str:
    """One puzzle as ``.board`` text with its answer in comment lines."""
    position, rules = puzzle.position, puzzle.rules
    cells = len(puzzle.answer)
    lines = [
        f"# puzzle {number} of {count}: technique {puzzle.technique}, size {puzzle.size} "
        f"({plural(cells, 'answer cell')}, {plural(puzzle.harder, 'harder certain cell')} "
        "left out)",
        f"# from a {rules.rows}x{rules.cols}/{rules.mines} game, rule {rules.first_click}, "
        f"seed {puzzle.seed}, after {puzzle.moves} moves",
        "# answer: (row, col) value technique: reason",
    ]
    for e in puzzle.answer:
        lines.append(f"# {position.coord(e.cell)} {e.value} {e.technique}: {e.sentence}")
    return "\n".join(lines) + "\n" + format_board(position)


def register(app: typer.Typer) -> None:
    """Add the generate commands to ``app``."""

    @app.command("puzzle")
    def puzzle_cmd(
        technique: str = typer.Option(..., "--technique", click_type=TECHNIQUE,
                                      help="What the easiest certain move must need."),
        count: int = typer.Option(1, "--count", click_type=INTEGER, help="How many puzzles."),
        seed: int | None = typer.Option(None, "--seed", click_type=INTEGER,
                                        help="Seed of the games (the same seed and options "
                                        "give the same puzzles)."),
        level_name: str = typer.Option("intermediate", "--level", click_type=LEVEL,
                                       help="Preset level of the games."),
        min_size: int | None = typer.Option(None, "--min-size", click_type=INTEGER,
                                            help="Fewest numbers the answer's reasons use "
                                            "(linked sets: the ladder)."),
        max_size: int | None = typer.Option(None, "--max-size", click_type=INTEGER,
                                            help="Most numbers the answer's reasons use."),
        time_limit: float = typer.Option(DEFAULT_SECONDS, "--time-limit", click_type=NUMBER,
                                         help="Give up after this many seconds (exit 2)."),
    ) -> None:
        """Print puzzles: positions from real games whose easiest certain move needs --technique.

        That move needs exactly --technique, no easier one. Each puzzle is a .board text
        with the answer (every cell that technique proves, its value and the reason) in #
        comment lines; puzzles are separated by a blank line.
        """
        if count < 1:
            fail(f"--count: expected 1 or more, got {count}")
        drawn = seed is None
        seed_n = random.SystemRandom().getrandbits(63) if seed is None else seed
        try:
            found = puzzles(technique, random.Random(seed_n), count, level=level_name,
                            min_size=min_size, max_size=max_size, seconds=time_limit)
        except PuzzleError as exc:
            fail(str(exc))
        if drawn:
            print(f"# seed {seed_n} (pass --seed {seed_n} to get these puzzles again)")
        try:
            for number, puzzle in enumerate(found, start=1):
                if number > 1:
                    print()
                print(puzzle_text(puzzle, number, count), end="", flush=True)
        except PuzzleTimeout as exc:
            fail(f"{exc} (--time-limit SECONDS)")
