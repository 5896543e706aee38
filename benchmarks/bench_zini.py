"""What a game's end costs now that its figures carry the board's ZiNi: the greedy ZiNi
(:mod:`sweepkit.zini`) of seeded layouts, timed against the 3BV of the same layouts in the
same process (the baseline: every finished game already paid it), with the average ZiNi
and 3BV and their ratio; then how long a pattern puzzle of the trainer takes to find
(:mod:`sweepkit.generate.patterns`, seeds 0..P-1, beginner boards as at difficulty 1).

Medians (CPU seconds by ``time.process_time``, wall beside it), since the machine is
shared.

    python benchmarks/bench_zini.py --layouts 200 --puzzles 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from sweepkit.difficulty import three_bv
from sweepkit.game import Game
from sweepkit.generate.patterns import PATTERNS, pattern_puzzles
from sweepkit.rules import Rules, level
from sweepkit.zini import zini

BOARDS = {"beginner": level("beginner", "safe"), "intermediate": level("intermediate", "safe"),
          "expert": level("expert", "safe"), "200x200/6000": Rules(200, 200, 6000, "safe")}


def timed(work, *args):
    """CPU and wall seconds of one call ``work(*args)``, and its result."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = work(*args)
    return time.process_time() - cpu, time.perf_counter() - wall, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layouts", type=int, default=200)
    parser.add_argument("--puzzles", type=int, default=5)
    args = parser.parse_args()
    print(f"{'board':<14} {'ZiNi cpu ms':>11} {'wall ms':>8} {'3BV cpu ms':>10} "
          f"{'ratio':>6} {'mean ZiNi':>9} {'mean 3BV':>8} {'ZiNi/3BV':>8}")
    for name, rules in BOARDS.items():
        count = args.layouts if rules.size < 10_000 else max(3, args.layouts // 40)
        z_cpu, z_wall, b_cpu, values, bvs = [], [], [], [], []
        for seed in range(count):
            game = Game(rules, seed)
            game.reveal(rules.rows // 2, rules.cols // 2)
            layout = game.reveal_layout(cheat=True)
            cpu, wall, found = timed(zini, layout)
            z_cpu.append(cpu)
            z_wall.append(wall)
            values.append(found.value)
            cpu, _wall, bv = timed(three_bv, layout)
            b_cpu.append(cpu)
            bvs.append(bv)
        zc, bc = statistics.median(z_cpu), statistics.median(b_cpu)
        print(f"{name:<14} {zc * 1000:>11.2f} {statistics.median(z_wall) * 1000:>8.2f} "
              f"{bc * 1000:>10.2f} {zc / bc if bc else float('nan'):>6.1f} "
              f"{statistics.mean(values):>9.1f} {statistics.mean(bvs):>8.1f} "
              f"{sum(values) / sum(bvs):>8.3f}")
    print()
    print(f"{'pattern':<8} {'median cpu s':>12} {'median wall s':>13} {'max wall s':>10}")
    for name in PATTERNS:
        cpus, walls = [], []
        for seed in range(args.puzzles):
            cpu, wall, _found = timed(next, pattern_puzzles(
                name, random.Random(seed), level="beginner", seconds=None))
            cpus.append(cpu)
            walls.append(wall)
        print(f"{name:<8} {statistics.median(cpus):>12.2f} {statistics.median(walls):>13.2f} "
              f"{max(walls):>10.2f}")


if __name__ == "__main__":
    main()
