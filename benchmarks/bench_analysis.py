"""Benchmark of the exact analysis: mid-game expert positions, huge counts, per-move cost.

Run: ``python benchmarks/bench_analysis.py [--positions N] [--seed S]``. Prints tables of
medians, 95th percentiles and ratios to a baseline measured in the same process.

``time_positions(positions)`` is the general harness (the lead feeds it positions from
the game engine); until then, ``expert_midgame`` makes stand-ins: a random 16x30 layout
with 99 mines, ~40% of its safe cells revealed at random, plus flood fill from zeros.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from math import comb

from sweepkit.analysis.count import count_layouts, solve_component
from sweepkit.analysis.probability import analyse
from sweepkit.constraints import Component, build_system
from sweepkit.position import UNKNOWN, Position


def random_layout(rng: random.Random, rows: int = 16, cols: int = 30, mines: int = 99
                  ) -> tuple[Position, frozenset[int]]:
    """A hidden layout and its full board (numbers everywhere, ``*`` on mines)."""
    mine_cells = frozenset(rng.sample(range(rows * cols), mines))
    full = Position.unknown(rows, cols, mines).layout(mine_cells)
    return full, mine_cells


def reveal(view: list[int], full: Position, start: int) -> None:
    """Reveal ``start`` in ``view`` with flood fill from zeros (stand-in for the game)."""
    stack = [start]
    while stack:
        i = stack.pop()
        if view[i] != UNKNOWN:
            continue
        view[i] = full.cells[i]
        if view[i] == 0:
            stack.extend(j for j in full.neighbours(i) if view[j] == UNKNOWN)


def expert_midgame(rng: random.Random, fraction: float = 0.4) -> Position:
    """A mid-game expert position: ~``fraction`` of the safe cells revealed, plus flood fill."""
    full, mine_cells = random_layout(rng)
    view = [UNKNOWN] * full.size
    safe = [i for i in range(full.size) if i not in mine_cells]
    for i in rng.sample(safe, int(fraction * len(safe))):
        reveal(view, full, i)
    return Position(full.shape, tuple(view), full.mines)


def game_sequence(rng: random.Random, moves: int = 60) -> list[Position]:
    """Successive views of one game where safe cells are revealed one by one."""
    full, mine_cells = random_layout(rng)
    view = [UNKNOWN] * full.size
    order = [i for i in range(full.size) if i not in mine_cells]
    rng.shuffle(order)
    views = []
    for i in order:
        if view[i] != UNKNOWN:
            continue
        reveal(view, full, i)
        views.append(Position(full.shape, tuple(view), full.mines))
        if len(views) == moves:
            break
    return views


def played_game(rng: random.Random, max_moves: int = 400) -> list[Position]:
    """Views met along one game played by the analysis itself (a stand-in for the engine):
    first click safe, then a certainly-safe cell when there is one, else the least likely
    mine; stops at a loss, a win or ``max_moves``."""
    full, mine_cells = random_layout(rng)
    view = [UNKNOWN] * full.size
    first = rng.choice([i for i in range(full.size) if i not in mine_cells])
    reveal(view, full, first)
    views = []
    for _ in range(max_moves):
        position = Position(full.shape, tuple(view), full.mines)
        views.append(position)
        analysis = analyse(position)
        safe = analysis.safe_cells()
        if safe:
            cell = safe[0]
        else:
            probs = analysis.probabilities()
            if not probs:
                break
            cell = min(probs, key=probs.__getitem__)
        if cell in mine_cells:
            break
        reveal(view, full, cell)
        if view.count(UNKNOWN) == len(mine_cells):
            break
    return views


def timed(fn: Callable[[], object], repeat: int = 1) -> float:
    """Best of ``repeat`` wall-clock runs, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best * 1000


def summary(samples: Sequence[float]) -> tuple[float, float]:
    """(median, p95) of a list of timings."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered), p95


def time_positions(positions: Sequence[Position], cold: bool = True, repeat: int = 3
                   ) -> list[float]:
    """Milliseconds to analyse each position (probabilities of every cell, exact).

    ``cold`` clears the per-component cache before each run (every component solved from
    scratch); otherwise the cache is left as it is (the in-game situation).
    """
    samples = []
    for position in positions:
        def run(position: Position = position) -> None:
            if cold:
                solve_component.cache_clear()
            analyse(position).probabilities()
        samples.append(timed(run, repeat))
    return samples


def cell_level_baseline(position: Position) -> int:
    """Baseline: the same counter with every cell its own box (no box grouping)."""
    system = build_system(position)
    total = 1
    for comp in system.components:
        sizes, rows, boxes = [], [], []
        index = {}
        for b, box in enumerate(comp.boxes):
            for c in box:
                index[(b, c)] = len(sizes)
                sizes.append(1)
                boxes.append((c,))
        for bs, need in comp.rows:
            rows.append((tuple(index[(b, c)] for b in bs for c in comp.boxes[b]), need))
        flat = Component(tuple(sizes), tuple(rows), tuple(boxes), comp.numbers)
        total *= solve_component.__wrapped__(flat).total
    return total


def print_table(title: str, rows: list[tuple[str, Sequence[float]]], baseline: int = 0) -> None:
    print(f"\n{title}")
    print(f"{'case':44s} {'n':>5s} {'median ms':>10s} {'p95 ms':>10s} {'ratio':>7s}")
    base_median = summary(rows[baseline][1])[0]
    for name, samples in rows:
        median, p95 = summary(samples)
        print(f"{name:44s} {len(samples):5d} {median:10.3f} {p95:10.3f} "
              f"{median / base_median:7.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="played games (a, b)")
    parser.add_argument("--positions", type=int, default=60, help="40%%-revealed positions")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    games = [played_game(rng) for _ in range(args.games)]
    played = [view for views in games for view in views]
    print(f"(a) {len(played)} positions met in {len(games)} expert games (16x30/99) played "
          "by the analysis itself (first click safe, safe cell else least likely mine)")
    cold = time_positions(played, cold=True)
    time_positions(played, cold=False)  # fill the cache
    warm = time_positions(played, cold=False)
    build = [timed(lambda p=p: build_system(p), 3) for p in played]
    baseline = [timed(lambda p=p: cell_level_baseline(p), 1) for p in played]
    print_table("analyse = exact probability of every unknown cell (ratio to cold)", [
        ("analyse, cold cache (every component solved)", cold),
        ("analyse, warm cache (components already seen)", warm),
        ("build_system only (the constraint floor)", build),
        ("baseline: cell-level count, no boxes", baseline),
    ])

    per_move_cold, per_move_game = [], []
    for views in games:
        per_move_cold += time_positions(views, cold=True, repeat=1)
        solve_component.cache_clear()
        per_move_game += time_positions(views, cold=False, repeat=1)
    print_table("(b) per move inside those games, in game order (ratio to cold)", [
        ("every move from scratch (cache cleared)", per_move_cold),
        ("incremental: cache kept across the game", per_move_game),
    ])

    dense = [expert_midgame(rng) for _ in range(args.positions)]
    frontier = [sum(len(c.cells) for c in build_system(p).components) for p in dense]
    print(f"\n(a2) {len(dense)} stand-ins of the issue: 16x30/99 with ~40% of the safe cells "
          f"revealed at random + flood fill; frontier cells median "
          f"{statistics.median(frontier)}, max {max(frontier)}")
    dense_cold = time_positions(dense, cold=True, repeat=1)
    time_positions(dense, cold=False, repeat=1)  # fill the cache
    print_table("analyse on those (ratio to cold)", [
        ("analyse, cold cache", dense_cold),
        ("analyse, warm cache", time_positions(dense, cold=False, repeat=1)),
    ])

    gadgets = Position.from_rows(["-1-" * 60, "???" * 60])
    cases = [
        ("60 gadgets '-1-/???': 3^60 ~ 4e28", gadgets, 3**60),
        ("60 gadgets with 60 mines: 3^60", gadgets.with_mines(60), 3**60),
        ("expert, all unknown: C(480, 99) ~ 1e103", Position.unknown(16, 30, 99),
         comb(480, 99)),
        ("100x100 all unknown, 2000 mines: C(1e4, 2000)", Position.unknown(100, 100, 2000),
         comb(10_000, 2000)),
    ]
    rows = []
    for name, position, expected in cases:
        assert count_layouts(position) == expected
        rows.append((name, [timed(lambda p=position: (solve_component.cache_clear(),
                                                      count_layouts(p)), 5)]))
    print_table("(c) exact counts >= 1e20, checked against the closed formula (ratio to "
                "the first)", rows)


if __name__ == "__main__":
    main()
