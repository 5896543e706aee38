"""Peak memory and time of one exact analysis on big boards and long components.

Run: ``python benchmarks/bench_memory.py [--cases NAME ...]``. Each case runs ``analyse`` once
in a fresh Python process, so the process's peak resident size (``ru_maxrss``) is that one
analysis's (the table also gives the size of the bare interpreter with sweepkit imported as
the baseline row). Columns: unknown cells, components, boxes of the largest component,
seconds, peak MB, and the count's number of digits (checked against a closed formula or an
independent count where one exists).

Cases:

- ``scattered-1000``: 1000×1000, 132 scattered 1s, 100,000 mines (count checked against
  8^k · C(floating, mines − k));
- ``block-1000``: 1000×1000 at 10% mines with a 200×200 block revealed in the middle: one ring
  component around the block, and a million-cell floating pool;
- ``corridor-N``: a 3×N corridor whose middle row shows the numbers of a fixed pattern of mines
  above and below: a single component of N boxes (10^4 at N = 10,000; checked against the
  transfer matrix's count);
- ``strip-N``: a 2×N strip ``1?1?...`` over an all-unknown row: one component whose number of
  mines ranges widely, the hard case (the work and memory of both fallbacks grow with the
  length times the spread of mine numbers);
- ``revealed-N``: N×N at 16% mines with 70% of the safe cells revealed at random, **counted**
  (``count_layouts``, not ``analyse``): a giant component that splits into thousands of
  parts once its certain boxes are fixed, whose box table (what the probabilities need) is
  too big to build at N = 2000 (19 million numbers of thousands of bits), while the count
  needs only the parts' polynomials.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

SETUP = """
import resource, sys, time
from math import comb
from sweepkit.analysis.board.board_count import count_layouts
from sweepkit.analysis.board.probability import analyse
from sweepkit.automata.transfer import count_strip_layouts
from sweepkit.constraints import build_system
from sweepkit.position import MINE, UNKNOWN, Position
sys.setrecursionlimit(10_000)
count_only = False
"""

CASES = {
    "baseline": """
position = None
""",
    "scattered-1000": """
rows = cols = 1000
numbers = [r * cols + c for r in range(5, rows, 97) for c in range(5, cols, 89)]
cells = [UNKNOWN] * (rows * cols)
for i in numbers:
    cells[i] = 1
position = Position((rows, cols), tuple(cells), 100_000)
k = len(numbers)
expected = 8**k * comb(rows * cols - 9 * k, 100_000 - k)
""",
    "block-1000": """
import random
rng = random.Random(1000)
rows = cols = 1000
layout = Position.unknown(rows, cols, 100_000).layout(
    [i for i in rng.sample(range(rows * cols), 100_000)])
inside = {r * cols + c for r in range(400, 600) for c in range(400, 600)}
cells = tuple(v if i in inside and v != MINE else UNKNOWN for i, v in enumerate(layout.cells))
position = Position((rows, cols), cells, 100_000)
expected = None
""",
    "corridor": """
n = {n}
mines = [[(3 * j + r) % 7 == 0 for j in range(n)] for r in range(3)]
middle = [sum(mines[r][c] for r in (0, 2) for c in (j - 1, j, j + 1) if 0 <= c < n)
          for j in range(n)]
position = Position((3, n), (UNKNOWN,) * n + tuple(middle) + (UNKNOWN,) * n)
expected = count_strip_layouts(position)
""",
    "strip": """
n = {n}
position = Position.from_rows([("1?" * n)[:n], "?" * n])
expected = count_strip_layouts(position)
""",
    "revealed": """
import random
n = {n}
rng = random.Random(3)
mines = [rng.random() < 0.16 for _ in range(n * n)]
cells = tuple(UNKNOWN if m or rng.random() < 0.3 else sum(
    mines[(r + dr) * n + c + dc] for dr in (-1, 0, 1) for dc in (-1, 0, 1)
    if 0 <= r + dr < n and 0 <= c + dc < n)
    for r, c, m in ((i // n, i % n, m) for i, m in enumerate(mines)))
position = Position((n, n), cells, sum(mines))
expected = None
count_only = True
""",
}

MEASURE = """
if position is None:
    print("-", "-", "-", "0.00", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, "-")
    raise SystemExit
system = build_system(position)
largest = max((len(c.sizes) for c in system.components), default=0)
start = time.perf_counter()
total = count_layouts(position) if count_only else analyse(position).total
seconds = time.perf_counter() - start
if expected is not None:
    assert total == expected, "count differs from the independent one"
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
digits = int(total.bit_length() * 0.30103) + 1
print(system.unknown_count, len(system.components), largest, f"{seconds:.2f}", peak, digits)
"""

DEFAULT = ["baseline", "scattered-1000", "block-1000", "corridor-1000", "corridor-10000",
           "strip-200", "strip-800"]


def script(name: str) -> str:
    """The program that measures one case."""
    kind, _, size = name.partition("-")
    body = CASES[name] if name in CASES else CASES[kind].format(n=int(size))
    return SETUP + body + MEASURE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", nargs="*", default=DEFAULT,
                        help="scattered-1000, block-1000, corridor-N, strip-N, "
                             "revealed-N, baseline")
    parser.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args()
    print(f"{'case':16s} {'unknown':>9s} {'comps':>6s} {'largest':>8s} {'seconds':>8s} "
          f"{'peak MB':>8s} {'digits':>7s}")
    for name in args.cases:
        try:
            done = subprocess.run([sys.executable, "-c", script(name)], capture_output=True,
                                  text=True, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            print(f"{name:16s} (over {args.timeout:.0f} s)")
            continue
        if done.returncode:
            print(f"{name:16s} failed: {done.stderr.strip().splitlines()[-1]}")
            continue
        unknown, comps, largest, seconds, peak, digits = done.stdout.split()
        print(f"{name:16s} {unknown:>9s} {comps:>6s} {largest:>8s} {seconds:>8s} {peak:>8s} "
              f"{digits:>7s}")


if __name__ == "__main__":
    main()
