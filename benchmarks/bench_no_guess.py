"""No-guess boards: time per board, how often the layout had to change, and the bias.

    python benchmarks/bench_no_guess.py [--boards 100] [--big 3]

For each level and first-click rule, ``--boards`` seeded boards are made by
:func:`sweepkit.generate.generate_no_guess` (first click in the corner, or at (3, 3) when
it opens); the table gives the median and 95th percentile time per board (one core), the
median number of layout changes (perturbations), the share of boards whose final replay
from the first click got stuck at least once (a retry), and the bias: the mean 3BV and
the mean number of openings (regions of zeros) against ordinary boards of the same seeds
(``Rules.place_mines``), with the mean mine density of the 5×5 square around the first
click. A second table makes ``--big`` boards of each custom size at expert density, and a
third shows how the time grows with the density on 16×30 (why :data:`MAX_DENSITY`).
"""

from __future__ import annotations

import argparse
import random
import statistics

from sweepkit.difficulty import three_bv_of_mines
from sweepkit.generate import MAX_DENSITY, NoGuessTimeout, generate_no_guess
from sweepkit.rules import Rules, level
from sweepkit.topology import neighbours


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
    """The share of mines in the 5×5 square around the first click (inside the board)."""
    r0, c0 = rules.coord(first)
    cells = [rules.index(r, c) for r in range(r0 - 2, r0 + 3) for c in range(c0 - 2, c0 + 3)
             if 0 <= r < rules.rows and 0 <= c < rules.cols]
    return sum(c in mines for c in cells) / len(cells)


def figures(rules: Rules, mines: frozenset[int], first: int) -> tuple[int, int, float]:
    table = neighbours(rules.shape, "grid")
    is_mine = bytes(i in mines for i in range(rules.size))
    return (three_bv_of_mines(is_mine, table), openings(mines, table),
            near_density(rules, mines, first))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def level_rows(boards: int) -> None:
    print(f"no-guess boards, {boards} per row (ms on one core; bias: no-guess / ordinary)")
    print("| level | rule | median ms | p95 ms | changes (median) | retried | 3BV | "
          "openings | mines near the first click |")
    print("|---|---|---:|---:|---:|---:|---|---|---|")
    for name in ("beginner", "intermediate", "expert"):
        for rule in ("safe", "opening"):
            rules = level(name, rule)
            first = rules.index(3, 3) if rule == "opening" else 0
            times, changes, retried, made, plain = [], [], 0, [], []
            for seed in range(boards):
                board = generate_no_guess(rules, first, random.Random(seed))
                times.append(board.seconds * 1000)
                changes.append(board.perturbations)
                retried += board.replays > 1
                made.append(figures(rules, board.mines, first))
                plain.append(figures(rules, rules.place_mines(first, random.Random(seed)),
                                     first))

            def pair(k: int, fmt: str, made=made, plain=plain) -> str:
                return (f"{statistics.mean(f[k] for f in made):{fmt}} / "
                        f"{statistics.mean(f[k] for f in plain):{fmt}}")

            print(f"| {name} | {rule} | {statistics.median(times):.1f} | "
                  f"{percentile(times, 0.95):.1f} | {statistics.median(changes):g} | "
                  f"{retried / boards:.0%} | {pair(0, '.1f')} | {pair(1, '.1f')} | "
                  f"{pair(2, '.3f')} |")


BIG_SECONDS = 120
"""The budget of each custom-size board."""


def big_rows(count: int, sides: list[int]) -> None:
    print(f"\ncustom sizes at expert density (0.206), opening rule, centre click, {count} each "
          f"({BIG_SECONDS:g} s budget each)")
    print("| board | mines | median s | max s | changes (median) | timed out |")
    print("|---|---:|---:|---:|---:|---:|")
    for side in sides:
        mines = round(side * side * 0.206)
        rules = Rules(side, side, mines, "opening")
        first = rules.index(side // 2, side // 2)
        boards, failed = [], 0
        for seed in range(count):
            try:
                boards.append(generate_no_guess(rules, first, random.Random(seed),
                                                seconds=BIG_SECONDS))
            except NoGuessTimeout:
                failed += 1
        if not boards:
            print(f"| {side}×{side} | {mines} | — | — | — | {failed} |")
            continue
        times = [b.seconds for b in boards]
        print(f"| {side}×{side} | {mines} | {statistics.median(times):.2f} | {max(times):.2f} "
              f"| {statistics.median(b.perturbations for b in boards):g} | {failed} |")


def density_rows(count: int) -> None:
    print(f"\n16×30, safe rule, corner click, by density ({count} boards, 10 s budget each)")
    print("| mines | density | median ms | timed out |")
    print("|---:|---:|---:|---:|")
    for mines in (80, 99, 110, 120):
        rules = Rules(16, 30, mines)
        if mines / rules.size > MAX_DENSITY:
            break
        times, failed = [], 0
        for seed in range(count):
            try:
                times.append(generate_no_guess(rules, 0, random.Random(seed),
                                               seconds=10).seconds * 1000)
            except NoGuessTimeout:
                failed += 1
        median = f"{statistics.median(times):.1f}" if times else "—"
        print(f"| {mines} | {mines / rules.size:.3f} | {median} | {failed} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--big", type=int, default=3)
    parser.add_argument("--sides", type=int, nargs="*", default=[30, 50, 100, 200],
                        help="the custom square boards' sides")
    parser.add_argument("--only", choices=["levels", "big", "density"],
                        help="one of the three tables")
    args = parser.parse_args()
    if args.only in (None, "levels"):
        level_rows(args.boards)
    if args.only in (None, "big"):
        big_rows(args.big, args.sides)
    if args.only in (None, "density"):
        density_rows(max(5, args.boards // 5))


if __name__ == "__main__":
    main()
