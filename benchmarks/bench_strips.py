"""Linear-time strips: Hu–Lin's automaton and the transfer matrix on 2-row strips of 10^3..10^6
columns (random consistent boards: a random layout with some cells hidden).

Run: ``python benchmarks/bench_strips.py [--max-exp 6] [--repeats 3]``. Prints, per length,
the median time of each method, the time per column, and the ratio to the baseline (Hu–Lin's
set simulation with the minimal DFA, run in the same process).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from sweepkit.automata import hulin
from sweepkit.automata.transfer import count_layouts, solve_strip
from sweepkit.position import MINE, UNKNOWN, Position

MINE_DENSITY = 0.2
HIDDEN = 0.1


def random_strip(cols: int, seed: int) -> Position:
    """A consistent 2×cols position: a random layout, each cell hidden with probability HIDDEN.

    The layout's numbers are computed column-wise (each column sees its neighbours' counts)
    to keep generation fast for 10^6 columns; the tests check ``Position.layout`` agrees.
    """
    rng = random.Random(seed)
    mine = [[rng.random() < MINE_DENSITY for _ in range(cols)] for _ in range(2)]
    per_col = [mine[0][j] + mine[1][j] for j in range(cols)]
    cells = []
    for r in range(2):
        for j in range(cols):
            if mine[r][j]:
                value = MINE
            else:
                value = (per_col[j - 1] if j else 0) + per_col[j] + (
                    per_col[j + 1] if j + 1 < cols else 0)
            cells.append(UNKNOWN if rng.random() < HIDDEN else value)
    return Position((2, cols), tuple(cells))


def hulin_decide(p: Position) -> object:
    return hulin.accepts(p)


def hulin_count(p: Position) -> object:
    return hulin.count_configurations(hulin.columns(p))


def hulin_full(p: Position) -> object:
    return hulin.analyse(p)


def transfer_count(p: Position) -> object:
    return count_layouts(p)


def transfer_full(p: Position) -> object:
    return solve_strip(p)


METHODS: list[tuple[str, Callable[[Position], object], int]] = [
    # name, function, largest exponent it is run at by default
    ("hulin: decide (min DFA)", hulin_decide, 6),
    ("hulin: count", hulin_count, 6),
    ("hulin: count+recover", hulin_full, 6),
    ("transfer: count", transfer_count, 6),
    ("transfer: solve (per-cell counts)", transfer_full, 5),
]


def median_time(fn: Callable[[Position], object], p: Position, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn(p)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-exp", type=int, default=6)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    header = f"{'columns':>9}  {'method':<34} {'median s':>9} {'µs/column':>10} {'× baseline':>10}"
    print(header)
    print("-" * len(header))
    for exp in range(3, args.max_exp + 1):
        cols = 10 ** exp
        position = random_strip(cols, seed=exp)
        baseline = None
        for name, fn, limit in METHODS:
            if exp > limit:
                continue
            t = median_time(fn, position, args.repeats)
            baseline = baseline or t
            print(f"{cols:>9}  {name:<34} {t:>9.3f} {t / cols * 1e6:>10.2f} {t / baseline:>10.1f}")
    print(f"(mine density {MINE_DENSITY}, hidden cells {HIDDEN}; median of {args.repeats} runs)")


if __name__ == "__main__":
    main()
