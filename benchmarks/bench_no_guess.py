"""No-guess boards: time per board, the share of layouts that need no guess, and the bias.

    python benchmarks/bench_no_guess.py [--boards 100] [--big 3] [--only levels|big|density]

For each level, first-click rule and method (``uniform``: rejection, ``perturb``),
``--boards`` seeded boards are made by :func:`sweepkit.generate.generate_no_guess` (first
click in the corner, or at (3, 3) when it opens). The first table gives the median and
95th percentile time per board (wall, and the median CPU time of this process), the
share of drawn layouts that need no guess (boards over draws, uniform) and the median
number of layout changes (perturb). The second gives the bias: the mean 3BV, the mean
number of openings (regions of zeros) and the mine density of the 5x5 square around the
first click, on ordinary boards of the same seeds (``Rules.place_mines``) / uniform
no-guess boards / perturbed ones. A third table makes ``--big`` boards of each custom size
at expert density with the default method (``auto``), with the same bias figures; a
fourth shows how the time grows with the density on 16x30 (why :data:`MAX_DENSITY`). The
goals are printed last, each beside what was measured.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from sweepkit.difficulty import three_bv_of_mines
from sweepkit.generate import MAX_DENSITY, NoGuessBoard, NoGuessTimeout, generate_no_guess
from sweepkit.rules import FirstClick, Rules, level
from sweepkit.topology import neighbours

METHODS = ("uniform", "perturb")


def openings(mines: frozenset[int], table: tuple[tuple[int, ...], ...]) -> int:
    """The number of connected regions of zeros."""
    zero = [i not in mines and not any(j in mines for j in table[i]) for i in range(len(table))]
    seen = bytearray(len(table))
    count = 0
    for start, is_zero in enumerate(zero):
        if not is_zero or seen[start]:
            continue
        count += 1
        seen[start] = 1
        stack = [start]
        while stack:
            for j in table[stack.pop()]:
                if zero[j] and not seen[j]:
                    seen[j] = 1
                    stack.append(j)
    return count


def near_density(rules: Rules, mines: frozenset[int], first: int) -> float:
    """The share of mines in the 5x5 square around the first click (inside the board)."""
    r0, c0 = rules.coord(first)
    cells = [rules.index(r, c) for r in range(r0 - 2, r0 + 3) for c in range(c0 - 2, c0 + 3)
             if 0 <= r < rules.rows and 0 <= c < rules.cols]
    return sum(c in mines for c in cells) / len(cells)


def figures(rules: Rules, mines: frozenset[int], first: int) -> tuple[float, float, float]:
    """3BV, openings, mine density near the first click."""
    table = neighbours(rules.shape, "grid")
    is_mine = bytes(i in mines for i in range(rules.size))
    return (three_bv_of_mines(is_mine, table), openings(mines, table),
            near_density(rules, mines, first))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ordinary(rules: Rules, first: int, seed: int) -> frozenset[int]:
    """The ordinary board of a seed (the first cell kept free under ``none`` too, as the
    generator keeps it)."""
    placing = rules if rules.first_click is not FirstClick.NONE else Rules(
        rules.rows, rules.cols, rules.mines, FirstClick.SAFE)
    return placing.place_mines(first, random.Random(seed))


class Runs:
    """Boards made for one row, with their times (wall ms, CPU ms) and bias figures."""

    def __init__(self, make: Callable[[int], NoGuessBoard], seeds: range,
                 rules: Rules, first: int) -> None:
        self.boards: list[NoGuessBoard] = []
        self.cpu: list[float] = []
        self.timed_out = 0
        for seed in seeds:
            cpu = time.process_time()
            try:
                self.boards.append(make(seed))
            except NoGuessTimeout:
                self.timed_out += 1
                continue
            self.cpu.append((time.process_time() - cpu) * 1000)
        self.figures = [figures(rules, b.mines, first) for b in self.boards]

    @property
    def wall(self) -> list[float]:
        return [b.seconds * 1000 for b in self.boards]

    def mean(self, k: int) -> float:
        return statistics.mean(f[k] for f in self.figures) if self.figures else float("nan")


def bias_cells(plain: list[tuple[float, float, float]], runs: list[Runs]) -> str:
    """The three bias columns: ordinary / each method's."""
    cells = []
    for k, fmt in ((0, ".1f"), (1, ".1f"), (2, ".3f")):
        values = [statistics.mean(f[k] for f in plain), *(r.mean(k) for r in runs)]
        cells.append(" / ".join(f"{v:{fmt}}" for v in values))
    return " | ".join(cells)


def level_rows(boards: int, results: dict[str, Any]) -> None:
    seeds = range(boards)
    timing, bias = [], []
    for name in ("beginner", "intermediate", "expert"):
        for rule in ("none", "safe", "opening"):
            rules = level(name, rule)
            first = rules.index(3, 3) if rule == "opening" else 0
            runs = [Runs(lambda s, r=rules, f=first, m=method: generate_no_guess(
                r, f, random.Random(s), method=m), seeds, rules, first) for method in METHODS]
            for method, run in zip(METHODS, runs, strict=True):
                draws = sum(b.draws for b in run.boards)
                share = f"{len(run.boards) / draws:.3f}" if method == "uniform" else "—"
                changes = (f"{statistics.median(b.perturbations for b in run.boards):g}"
                           if method == "perturb" else "—")
                timing.append(f"| {name} | {rule} | {method} | {statistics.median(run.wall):.1f} "
                              f"| {percentile(run.wall, 0.95):.1f} | "
                              f"{statistics.median(run.cpu):.1f} | {percentile(run.cpu, 0.95):.1f} "
                              f"| {share} | {changes} |")
                if name == "expert":
                    results[f"expert {rule} {method}"] = (
                        statistics.median(run.wall), percentile(run.wall, 0.95),
                        statistics.median(run.cpu), percentile(run.cpu, 0.95))
            plain = [figures(rules, ordinary(rules, first, s), first) for s in seeds]
            bias.append(f"| {name} | {rule} | {bias_cells(plain, runs)} |")
            if name == "expert":
                results[f"expert {rule} 3BV"] = (runs[0].mean(0), runs[1].mean(0),
                                                 statistics.mean(f[0] for f in plain))
    print(f"no-guess boards, {boards} per row (ms; wall time, and this process's CPU time)")
    print("| level | rule | method | median ms | p95 ms | CPU median ms | CPU p95 ms | "
          "no-guess share | changes (median) |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    print("\n".join(timing))
    print(f"\nbias, {boards} boards per row: ordinary / uniform / perturb (means)")
    print("| level | rule | 3BV | openings | mines near the first click |")
    print("|---|---|---|---|---|")
    print("\n".join(bias))


BIG_SECONDS = 120
"""The budget of each custom-size board."""


def big_rows(count: int, sides: list[int], results: dict[str, Any]) -> None:
    print(f"\ncustom sizes at expert density (0.206), opening rule, centre click, {count} each "
          f"({BIG_SECONDS:g} s budget each, method auto); bias: ordinary / no-guess")
    print("| board | mines | method | median s | max s | CPU median s | changes (median) "
          "| timed out | 3BV | openings | mines near the first click |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---|---|---|")
    for side in sides:
        mines = round(side * side * 0.206)
        rules = Rules(side, side, mines, "opening")
        first = rules.index(side // 2, side // 2)
        run = Runs(lambda s, rules=rules, first=first: generate_no_guess(
            rules, first, random.Random(s), seconds=BIG_SECONDS), range(count), rules, first)
        if not run.boards:
            print(f"| {side}×{side} | {mines} | — | — | — | — | — | {run.timed_out} | | | |")
            continue
        wall = [w / 1000 for w in run.wall]
        methods = "/".join(sorted({b.method for b in run.boards}))
        plain = [figures(rules, ordinary(rules, first, s), first) for s in range(count)]
        print(f"| {side}×{side} | {mines} | {methods} | {statistics.median(wall):.2f} | "
              f"{max(wall):.2f} | {statistics.median(run.cpu) / 1000:.2f} | "
              f"{statistics.median(b.perturbations for b in run.boards):g} | "
              f"{run.timed_out} | {bias_cells(plain, [run])} |")
        results[f"{side} max s"] = max(wall)
        results[f"{side} cpu max s"] = max(run.cpu) / 1000


def density_rows(count: int) -> None:
    print(f"\n16×30, safe rule, corner click, by density ({count} boards, 10 s budget each)")
    print("| mines | density | method | median ms | no-guess share | timed out |")
    print("|---:|---:|---|---:|---:|---:|")
    for mines in (80, 99, 110, 120):
        rules = Rules(16, 30, mines)
        if mines / rules.size > MAX_DENSITY:
            break
        for method in METHODS:
            run = Runs(lambda s, rules=rules, m=method: generate_no_guess(
                rules, 0, random.Random(s), seconds=10, method=m), range(count), rules, 0)
            median = f"{statistics.median(run.wall):.1f}" if run.boards else "—"
            draws = sum(b.draws for b in run.boards)
            share = (f"{len(run.boards) / draws:.4f}" if method == "uniform" and draws
                     else "—")
            print(f"| {mines} | {mines / rules.size:.3f} | {method} | {median} | {share} | "
                  f"{run.timed_out} |")


def goal_rows(results: dict[str, Any]) -> None:
    rows = []
    for rule in ("none", "safe", "opening"):
        key = f"expert {rule} uniform"
        if key in results:
            median, p95, cpu_median, cpu_p95 = results[key]
            rows.append(f"| expert no-guess p95, {rule} rule (uniform, as auto draws) | ≤ 100 ms "
                        f"| {p95:.1f} ms wall, {cpu_p95:.1f} ms CPU (medians {median:.1f}, "
                        f"{cpu_median:.1f}) |")
    if "200 max s" in results:
        rows.append(f"| 200×200 at expert density | ≤ 5 s | {results['200 max s']:.2f} s wall "
                    f"at most ({results['200 cpu max s']:.2f} s CPU) |")
    for rule in ("safe", "opening"):
        if f"expert {rule} 3BV" in results:
            uniform, perturb, plain = results[f"expert {rule} 3BV"]
            rows.append(f"| expert 3BV, {rule} rule | unbiased: the uniform draw | ordinary "
                        f"{plain:.1f}, uniform {uniform:.1f}, perturb {perturb:.1f} |")
    if rows:
        print("\ngoals")
        print("| goal | target | measured |")
        print("|---|---|---|")
        print("\n".join(rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--big", type=int, default=3)
    parser.add_argument("--sides", type=int, nargs="*", default=[30, 50, 100, 200],
                        help="the custom square boards' sides")
    parser.add_argument("--only", choices=["levels", "big", "density"],
                        help="one of the tables")
    args = parser.parse_args()
    results: dict[str, Any] = {}
    if args.only in (None, "levels"):
        level_rows(args.boards, results)
    if args.only in (None, "big"):
        big_rows(args.big, args.sides, results)
    if args.only in (None, "density"):
        density_rows(max(5, args.boards // 5))
    goal_rows(results)


if __name__ == "__main__":
    main()
