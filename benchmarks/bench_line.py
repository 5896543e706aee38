"""Benchmark: the 1-D solver and Kadlac's machine on random consistent strips of 10^3..10^6 cells.

Run ``python benchmarks/bench_line.py [--repeats R] [--max-exponent E] [--seed S]``.
Each strip is a random layout (mine density 0.2) with half its cells hidden. The
table gives the median time of R runs, the time per cell, and the time per cell as
a ratio to the smallest strip (the baseline, run in the same process): a ratio that
stays near 1 as n grows by 10x steps is linear scaling. ``solve_line`` counts
layouts exactly: the count of a strip of n cells is a Θ(n)-bit integer (the
"count bits" column), so its n additions cost more per cell as n grows — the
state work per cell stays constant, the arithmetic on the answer does not.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from sweepkit.automata.kadlac import run_kadlac
from sweepkit.automata.line import solve_line
from sweepkit.position import MINE, UNKNOWN, Position


def random_strip(n: int, rng: random.Random, density: float = 0.2, hidden: float = 0.5
                 ) -> tuple[Position, str]:
    """A consistent strip: a random layout with some cells hidden (position and text)."""
    full = Position.unknown(1, n).layout(i for i in range(n) if rng.random() < density)
    cells = [UNKNOWN if rng.random() < hidden else v for v in full.cells]
    text = "".join("?" if v == UNKNOWN else "B" if v == MINE else str(v) for v in cells)
    return Position((1, n), tuple(cells)), text


def median_time(run: Callable[[], object], repeats: int) -> float:
    """Median wall time of ``repeats`` runs, after one warm-up run."""
    run()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--max-exponent", type=int, default=6)
    parser.add_argument("--seed", type=int, default=2003)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sizes = [10**e for e in range(3, args.max_exponent + 1)]
    print(f"{'n':>9} | {'machine':<11} | {'median s':>9} | {'us/cell':>8} | {'ratio':>6} | "
          f"{'count bits':>10}")
    print("-" * 69)
    baseline: dict[str, float] = {}
    for n in sizes:
        position, text = random_strip(n, rng)
        solution = solve_line(position)
        assert solution.consistent and run_kadlac(text).accepted
        for name, run in (("solve_line", lambda p=position: solve_line(p)),
                          ("run_kadlac", lambda t=text: run_kadlac(t))):
            seconds = median_time(run, args.repeats)
            per_cell = seconds / n * 1e6
            baseline.setdefault(name, per_cell)
            bits = solution.count.bit_length() if name == "solve_line" else ""
            print(f"{n:>9} | {name:<11} | {seconds:>9.4f} | {per_cell:>8.3f} | "
                  f"{per_cell / baseline[name]:>6.2f} | {bits:>10}")


if __name__ == "__main__":
    main()
