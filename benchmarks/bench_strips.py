"""Linear-time strips: Hu–Lin's automaton and the transfer matrix on 2-row strips of 10^3..10^6
columns (random consistent boards: a random layout with some cells hidden), next to the general
analysis engine (``sweepkit.analysis``: ``count_layouts`` and ``analyse``) on the same boards.

Run: ``python benchmarks/bench_strips.py [--max-exp 6] [--repeats 3] [--heights]``. Prints, per
length, the median time of each method, the time per column, the ratio to the baseline (Hu–Lin's
decision with the minimal DFA) and the ratio to the general engine's ``count_layouts``, all run
in the same process. A method whose run takes longer than ``--slow`` seconds is timed once and
not run at larger sizes (the table says where it stops). ``--heights`` times all-``?`` k×k
boards instead, the measurement behind ``transfer.MAX_STRIP_ROWS``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from sweepkit.analysis.board.board_count import count_layouts as general_count_layouts
from sweepkit.analysis.board.probability import analyse as general_analyse
from sweepkit.automata import hulin
from sweepkit.automata.transfer import count_and_witness, count_strip_layouts, solve_strip
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
    return hulin.solve_hulin(p)


def transfer_count(p: Position) -> object:
    return count_strip_layouts(p)


def transfer_witness(p: Position) -> object:
    return count_and_witness(p)


def transfer_full(p: Position) -> object:
    return solve_strip(p)


def general_count(p: Position) -> object:
    return general_count_layouts(p)


def general_full(p: Position) -> object:
    return general_analyse(p)


METHODS: list[tuple[str, Callable[[Position], object]]] = [
    ("hulin: decide (min DFA)", hulin_decide),  # the baseline
    ("hulin: count", hulin_count),
    ("hulin: count+recover", hulin_full),
    ("transfer: count", transfer_count),
    ("transfer: count+witness (CLI)", transfer_witness),
    ("transfer: solve (per-cell counts)", transfer_full),
    ("general: count_layouts", general_count),
    ("general: analyse", general_full),
]
GENERAL = "general: count_layouts"


def median_time(fn: Callable[[Position], object], p: Position, repeats: int,
                slow: float) -> tuple[float, int]:
    """Median seconds of ``repeats`` runs, stopping after one run longer than ``slow``."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn(p)
        times.append(time.perf_counter() - start)
        if times[-1] > slow:
            break
    return statistics.median(times), len(times)


def strips_table(max_exp: int, repeats: int, slow: float) -> None:
    header = (f"{'columns':>9}  {'method':<34} {'median s':>9} {'µs/column':>10} "
              f"{'× baseline':>10} {'× general':>10}")
    print(header)
    print("-" * len(header))
    stopped: dict[str, int] = {}
    for exp in range(3, max_exp + 1):
        cols = 10 ** exp
        position = random_strip(cols, seed=exp)
        rows = []
        for name, fn in METHODS:
            if name in stopped:
                continue
            t, runs = median_time(fn, position, repeats, slow)
            rows.append((name, t, runs))
            if t > slow:
                stopped[name] = cols
        baseline = rows[0][1]
        general = next((t for name, t, _ in rows if name == GENERAL), None)
        for name, t, runs in rows:
            ratio = f"{t / general:>10.2f}" if general else f"{'-':>10}"
            note = f"  ({runs} run; not run at larger sizes)" if t > slow else ""
            print(f"{cols:>9}  {name:<34} {t:>9.3f} {t / cols * 1e6:>10.2f} "
                  f"{t / baseline:>10.1f} {ratio}{note}")
    print(f"(mine density {MINE_DENSITY}, hidden cells {HIDDEN}; median of {repeats} runs; "
          f"× general: ratio to general count_layouts at the same length)")
    for name, cols in stopped.items():
        print(f"{name}: stopped after {cols} columns (one run over {slow:g} s)")


def heights_table(max_rows: int, repeats: int) -> None:
    """All-``?`` k×k boards: how the transfer matrix's cost grows with the strip height."""
    header = f"{'k':>3}  {'count+witness s':>16} {'solve s':>10}"
    print(header)
    print("-" * len(header))
    for k in range(2, max_rows + 1):
        p = Position.unknown(k, k)
        t_witness, _ = median_time(lambda q: count_and_witness(q, max_rows=None), p, repeats, 5)
        t_solve, _ = median_time(lambda q: solve_strip(q, max_rows=None), p, repeats, 5)
        print(f"{k:>3}  {t_witness:>16.3f} {t_solve:>10.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-exp", type=int, default=6)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--slow", type=float, default=5.0,
                        help="seconds after which a method is run once and no longer")
    parser.add_argument("--heights", action="store_true", help="time all-? k×k boards instead")
    parser.add_argument("--max-rows", type=int, default=7, help="largest k for --heights")
    args = parser.parse_args()
    if args.heights:
        heights_table(args.max_rows, args.repeats)
    else:
        strips_table(args.max_exp, args.repeats, args.slow)


if __name__ == "__main__":
    main()
