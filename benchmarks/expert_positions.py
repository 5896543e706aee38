"""Mid-game expert positions: seeded games played by exact deductions up to the first guess.

Each game (expert 16×30/99, a first-click rule, a seed) opens the top-left corner,
then repeatedly asks the exact analysis for certain cells: every certain safe cell
is revealed and every certain mine flagged, until nothing is certain — the first
forced guess. The position seen there is one benchmark position; every position
analysed on the way is a step of the game (for the per-move cost).

    python benchmarks/expert_positions.py --games 300 [--show 3]
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Iterator
from dataclasses import dataclass

from sweepkit.analysis.board.probability import analyse
from sweepkit.boardfile import format_board
from sweepkit.game import Game
from sweepkit.position import Position
from sweepkit.rules import level


@dataclass
class PlayedGame:
    """The positions a game went through (each analysed once) and how it stopped."""

    seed: int
    steps: list[Position]
    guess_needed: bool  # False when deductions alone won the game


def play_until_guess(seed: int, rule: str = "safe") -> PlayedGame:
    """Play one seeded expert game by certain moves only; stop at the first forced guess."""
    game = Game(level("expert", rule), seed=seed)
    game.reveal(0, 0)
    steps: list[Position] = []
    while not game.over:
        view = game.view()
        steps.append(view)
        result = analyse(view)
        safe, mines = result.safe_cells(), result.mine_cells()
        if not safe:
            return PlayedGame(seed, steps, True)
        for cell in mines:
            game.flag(*view.coord(cell))
        for cell in safe:
            if not game.over:
                game.reveal(*view.coord(cell))
    return PlayedGame(seed, steps, False)


def expert_games(count: int, first_seed: int = 0, rule: str = "safe") -> Iterator[PlayedGame]:
    """``count`` games that reach a forced guess while the game is still on (seeds in order)."""
    seed = first_seed
    found = 0
    while found < count:
        played = play_until_guess(seed, rule)
        seed += 1
        if played.guess_needed:
            found += 1
            yield played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rule", default="safe")
    parser.add_argument("--show", type=int, default=0, help="print the first N positions")
    args = parser.parse_args()
    unknown, steps = [], []
    for i, played in enumerate(expert_games(args.games, rule=args.rule)):
        last = played.steps[-1]
        unknown.append(len(last.unknown_cells()))
        steps.append(len(played.steps))
        if i < args.show:
            print(f"# seed {played.seed}, step {len(played.steps)}")
            print(format_board(last))
    print(f"{args.games} positions; unknown cells median {statistics.median(unknown)}, "
          f"steps per game median {statistics.median(steps)}")


if __name__ == "__main__":
    main()
