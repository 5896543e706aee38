"""How many seeded games per second the engine generates and plays to the end.

The player is trivial and scripted: it reveals cells in row-major order, skipping the
ones already open, until the game is won or lost (seeds 0..N-1, rule ``safe``). The
baseline, run in the same process on the same seeds, is a straightforward engine
written the obvious way (2-D lists, neighbours recomputed from coordinates, layout
redrawn until the first cell is safe, as the school project does); the ratio says
how many times faster the real engine is.

Read the numbers with the player in mind: row-major reveals hit a mine within a few
clicks, so these games are mostly generation. The engine pays for every neighbour count
up front (99 mines x 8 increments on expert, about 70 us), which is what a strategy
playing whole games wants; the baseline counts lazily per opened cell, which is cheaper
for a game lost on click three and about four times dearer for a game played out.

    python benchmarks/bench_engine.py --games 2000
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from sweepkit.game import Game
from sweepkit.rules import level

LEVEL_NAMES = ("beginner", "intermediate", "expert")


def play_engine(name: str, seed: int) -> bool:
    """One game on :class:`sweepkit.game.Game`; True when won."""
    game = Game(level(name, "safe"), seed=seed)
    rows, cols = game.rules.rows, game.rules.cols
    opened: set[tuple[int, int]] = set()
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in opened:
                opened.update(game.reveal(r, c).opened)
                if game.over:
                    return game.status == "won"
    raise AssertionError("a game cannot outlast its cells")


class NaiveGame:
    """The baseline: the obvious engine, for comparison only."""

    def __init__(self, rows: int, cols: int, mines: int, seed: int) -> None:
        self.rows, self.cols, self.mines = rows, cols, mines
        self.rng = random.Random(seed)
        self.mine: list[list[bool]] | None = None
        self.open = [[False] * cols for _ in range(rows)]
        self.left = rows * cols - mines
        self.lost = False

    def around(self, r: int, c: int) -> list[tuple[int, int]]:
        return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < self.rows and 0 <= c + dc < self.cols]

    def count(self, r: int, c: int) -> int:
        assert self.mine is not None
        return sum(self.mine[a][b] for a, b in self.around(r, c))

    def reveal(self, r: int, c: int) -> list[tuple[int, int]]:
        while self.mine is None:  # the first reveal: draw until the first cell is safe
            cells = self.rng.sample(range(self.rows * self.cols), self.mines)
            if r * self.cols + c not in cells:
                self.mine = [[False] * self.cols for _ in range(self.rows)]
                for i in cells:
                    self.mine[i // self.cols][i % self.cols] = True
        if self.mine[r][c]:
            self.lost = True
            return [(r, c)]
        opened, todo = [], [(r, c)]
        self.open[r][c] = True
        while todo:
            a, b = todo.pop()
            opened.append((a, b))
            if self.count(a, b) == 0:
                for x, y in self.around(a, b):
                    if not self.open[x][y]:
                        self.open[x][y] = True
                        todo.append((x, y))
        self.left -= len(opened)
        return opened


def play_naive(name: str, seed: int) -> bool:
    rows, cols, mines = level(name).rows, level(name).cols, level(name).mines
    game = NaiveGame(rows, cols, mines, seed)
    opened: set[tuple[int, int]] = set()
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in opened:
                opened.update(game.reveal(r, c))
                if game.lost or game.left == 0:
                    return not game.lost
    raise AssertionError("a game cannot outlast its cells")


def measure(play: Callable[[str, int], bool], name: str, games: int) -> tuple[list[float], int]:
    """Per-game times (seconds) and wins over seeds 0..games-1."""
    times, wins = [], 0
    for seed in range(games):
        start = time.perf_counter()
        wins += play(name, seed)
        times.append(time.perf_counter() - start)
    return times, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per level (seeds 0..N-1)")
    args = parser.parse_args()
    header = (f"{'level':<13} {'engine':<8} {'games':>6} {'wins':>5} {'median ms':>10} "
              f"{'games/s':>9} {'speed-up':>9}")
    print(header)
    print("-" * len(header))
    for name in LEVEL_NAMES:
        base_times, base_wins = measure(play_naive, name, args.games)
        times, wins = measure(play_engine, name, args.games)
        base_median = statistics.median(base_times)
        for label, t, w in (("naive", base_times, base_wins), ("sweepkit", times, wins)):
            median = statistics.median(t)
            print(f"{name:<13} {label:<8} {len(t):>6} {w:>5} {median * 1e3:>10.3f} "
                  f"{len(t) / sum(t):>9.0f} {base_median / median:>8.1f}x")

if __name__ == "__main__":
    main()
