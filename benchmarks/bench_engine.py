"""How many seeded games per second the engine generates and plays to the end.

The player is trivial and scripted: it reveals cells in row-major order, skipping the
ones already open, until the game is won or lost (seeds 0..N-1, rule ``safe``). The
baseline, run in the same process on the same seeds, is a straightforward engine
written the obvious way (2-D lists, neighbours recomputed from coordinates, layout
redrawn until the first cell is safe, as the school project does); the ratio says
how many times faster the real engine is. Both figures come from the median time per game
(games/s = 1 / median), so one-off costs (first-call caches such as the neighbour table,
warm-up) that a plain total would spread over the games do not count.

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


def engine_game(name: str, seed: int, safe_only: bool) -> Callable[[], bool]:
    """One game on :class:`sweepkit.game.Game`, ready to time; it returns True when won.

    With ``safe_only`` the player skips the mines, read beforehand (untimed) from a twin
    game with ``cheat=True``, so the game is played out to a win.
    """
    rules = level(name, "safe")
    mines: set[int] = set()
    if safe_only:
        twin = Game(rules, seed=seed)
        twin.reveal(0, 0)
        mines = set(twin.reveal_layout(cheat=True).known_mines())

    def play() -> bool:
        game = Game(rules, seed=seed)
        opened: set[tuple[int, int]] = set()
        for r in range(rules.rows):
            for c in range(rules.cols):
                if (r, c) not in opened and r * rules.cols + c not in mines:
                    opened.update(game.reveal(r, c).opened)
                    if game.over:
                        return game.status == "won"
        raise AssertionError("a game cannot outlast its cells")

    return play


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


def naive_game(name: str, seed: int, safe_only: bool) -> Callable[[], bool]:
    """The same player on the baseline engine (whose mines it can read directly)."""
    rules = level(name)

    def play() -> bool:
        game = NaiveGame(rules.rows, rules.cols, rules.mines, seed)
        opened: set[tuple[int, int]] = set()
        for r in range(rules.rows):
            for c in range(rules.cols):
                if (r, c) in opened or (safe_only and game.mine and game.mine[r][c]):
                    continue
                opened.update(game.reveal(r, c))
                if game.lost or game.left == 0:
                    return not game.lost
        raise AssertionError("a game cannot outlast its cells")

    return play


def measure(
    make: Callable[[str, int, bool], Callable[[], bool]], name: str, games: int, safe_only: bool
) -> tuple[list[float], int]:
    """Per-game times (seconds) and wins over seeds 0..games-1."""
    times, wins = [], 0
    for seed in range(games):
        play = make(name, seed, safe_only)
        start = time.perf_counter()
        wins += play()
        times.append(time.perf_counter() - start)
    return times, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per level (seeds 0..N-1)")
    parser.add_argument("--player", choices=["row-major", "safe-only", "both"], default="both",
                        help="row-major reveals everything in order; safe-only skips the mines")
    args = parser.parse_args()
    players = ["row-major", "safe-only"] if args.player == "both" else [args.player]
    header = (f"{'player':<10} {'level':<13} {'engine':<8} {'games':>6} {'wins':>5} "
              f"{'median ms':>10} {'games/s':>9} {'speed-up':>9}")
    note = "games/s = 1 / median time per game; speed-up = naive median / this median"
    print(note)
    print(header)
    print("-" * len(header))
    for player in players:
        safe_only = player == "safe-only"
        for name in LEVEL_NAMES:
            base_times, base_wins = measure(naive_game, name, args.games, safe_only)
            times, wins = measure(engine_game, name, args.games, safe_only)
            base_median = statistics.median(base_times)
            for label, t, w in (("naive", base_times, base_wins), ("sweepkit", times, wins)):
                median = statistics.median(t)
                print(f"{player:<10} {name:<13} {label:<8} {len(t):>6} {w:>5} "
                      f"{median * 1e3:>10.3f} {1 / median:>9.0f} "
                      f"{base_median / median:>8.1f}x")


if __name__ == "__main__":
    main()
