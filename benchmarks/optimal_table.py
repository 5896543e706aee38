"""Table: exact optimal win probabilities of small boards from the start (no first-click rule).

Run ``python benchmarks/optimal_table.py [--boards SPEC] [--out PATH] [--best-games N]``.
For every board and mine count of ``SPEC`` (default ``3x3:1-8,4x3:1-6,4x4:1-6,5x5:5``:
rows x cols, then mine counts), it runs :func:`sweepkit.search.optimal_play` on the
all-covered board and prints the number of layouts, the layouts optimal play wins, the
probability, the best first moves, the states the search stored and its CPU time. The same
table goes to ``docs/optimal.md`` (``--out -``: print only), with the peak memory of the
run. The game is the one of :mod:`sweepkit.search.optimal`: every layout equally likely,
no first-click protection (the first click may be a mine), won when every safe cell is
revealed. Next to each optimum, the ``best`` strategy's measured win rate on the same game
(``--best-games`` seeded games, default 5,000). The 5×5 row takes most of the run (about
nine CPU minutes and 3.3 million states for the search); the others take seconds together.
"""

from __future__ import annotations

import argparse
import sys
import time
from fractions import Fraction
from pathlib import Path

from sweepkit.bench.result import StrategySpec, play_game
from sweepkit.bench.stats import wilson
from sweepkit.position import Position
from sweepkit.rules import Rules
from sweepkit.search import optimal_play

DEFAULT_BOARDS = "3x3:1-8,4x3:1-6,4x4:1-6,5x5:5"
DOC = Path(__file__).resolve().parent.parent / "docs" / "optimal.md"
COMMAND = "python benchmarks/optimal_table.py"


def parse_boards(spec: str) -> list[tuple[int, int, int]]:
    """``"4x4:1-6,5x5:5"`` -> ``[(4, 4, 1), ..., (4, 4, 6), (5, 5, 5)]``."""
    result = []
    for item in spec.split(","):
        shape, _, mines = item.strip().partition(":")
        rows, _, cols = shape.partition("x")
        low, _, high = mines.partition("-")
        result += [(int(rows), int(cols), m) for m in range(int(low), int(high or low) + 1)]
    return result


def moves_text(position: Position, cells: tuple[int, ...]) -> str:
    """The best first moves as ``(r,c)`` pairs; "every cell" when all of them."""
    if len(cells) == position.size:
        return "every cell"
    return " ".join(f"({r},{c})" for r, c in map(position.coord, cells))


def peak_memory_mb() -> int | None:
    """The peak resident memory of this process in MB (None where it cannot be read)."""
    try:
        import resource
    except ImportError:  # not on Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (2**20 if sys.platform == "darwin" else 2**10))  # bytes / kB


def best_measured(rows: int, cols: int, mines: int, games: int, seed: int) -> str:
    """The ``best`` strategy's win rate over ``games`` seeded games of the board, its first
    click chosen as its guesses are (no first-click rule), with the 95% interval."""
    rules = Rules(rows, cols, mines, "none")
    spec = StrategySpec("best", {}, "analysed")
    wins = sum(play_game(rules, spec, seed, i).won for i in range(games))
    lo, hi = wilson(wins, games)
    return f"{wins / games:.4f} [{lo:.3f}, {hi:.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", default=DEFAULT_BOARDS,
                        help=f"boards and mine counts (default {DEFAULT_BOARDS})")
    parser.add_argument("--out", default=str(DOC), help="Markdown file to write; - for none")
    parser.add_argument("--best-games", type=int, default=5000,
                        help="games of the best strategy per row (0: no such column)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of those games")
    args = parser.parse_args()

    header = ("| board | mines | layouts | wins | P(win) | ≈ | `best` measured [95% CI] "
              "| best first moves | states | CPU s |")
    lines = [header, "|---|---:|---:|---:|---:|---:|---|---|---:|---:|"]
    print(header)
    print(lines[1])
    for rows, cols, mines in parse_boards(args.boards):
        position = Position.unknown(rows, cols, mines)
        start = time.process_time()
        result = optimal_play(position, max_layouts=10**6)
        seconds = time.process_time() - start
        p = Fraction(result.wins, result.total)
        measured = (best_measured(rows, cols, mines, args.best_games, args.seed)
                    if args.best_games else "—")
        line = (f"| {rows}×{cols} | {mines} | {result.total:,} | {result.wins:,} | "
                f"{p.numerator}/{p.denominator} | {float(p):.4f} | {measured} | "
                f"{moves_text(position, result.best_moves)} | {result.states:,} | "
                f"{seconds:.2f} |")
        lines.append(line)
        print(line, flush=True)

    peak = peak_memory_mb()
    memory = "" if peak is None else f" Peak memory of the run: {peak:,} MB."
    print(memory.strip())
    if args.out != "-":
        command = COMMAND if args.boards == DEFAULT_BOARDS else (
            f"{COMMAND} --boards {args.boards}")
        text = DOC_TEMPLATE.format(table="\n".join(lines), command=command, memory=memory,
                                   games=f"{args.best_games:,}")
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")


DOC_TEMPLATE = """\
# Exact optimal play on small boards

How often can Minesweeper be won on a small board by the best possible player? The table
gives the exact answer from the start (every cell covered) for boards up to 5×5, computed
by `sweepkit optimal` (the library function `sweepkit.search.optimal_play`). Regenerate it
with

    {command}

The CPU seconds are those of the run that wrote it, on a machine shared with other
work.{memory}

The game: the mine count is known, every placement of the mines is equally likely, and
there is **no first-click protection**: the first click can be a mine (so no row reaches
100% unless the board has no mine). A move reveals a cell; a mine loses; a number is
shown, and a 0 opens its neighbours (flood fill, as in the game; it changes no value, see
the module doc of `sweepkit.search.optimal`). The game is won when every safe cell is
revealed. *wins* counts the layouts that optimal play wins, so P(win) = wins / layouts.
*best first moves* lists every cell (row, col) whose reveal achieves that optimum.
*states* is the number of information states the search stored (it merges the
positions the symmetries of the board map onto each other). *`best` measured* is the win
rate of the `best` strategy (`--strength normal`, its first click chosen as its other
guesses are: `--first analysed`) over {games} seeded games of the same game, with its 95%
interval, which should hold the optimum (its exact endgame takes over once 400 layouts
or fewer are left; its heuristic chooses the moves before that).

{table}

Checks: the tests (`tests/search/test_optimal.py`) compare the search with an independent
brute-force game tree (explicit layout lists, no pruning) on hundreds of random tiny
positions and on the start positions of 1×n and 2×n boards, and with a memoised version of
the same brute force on every 3×3 row above and on 4×3 with 1 mine (and, outside the
suite, on 4×4 with 1 and 2 mines); 4×4 with 4 mines
(961 / 1820, best moves the eight edge cells next to the corners) and one mid-game 4×5
position are the two examples of the Code Golf challenge "Optimal Minesweeper on the
largest board" (https://codegolf.stackexchange.com/questions/34276), which uses the same
game.
"""


if __name__ == "__main__":
    main()
