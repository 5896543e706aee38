"""Benchmark of the whole-board combination step: count and analyse at scale, the product
tree against the old route, and the expert A/B.

Run: ``python benchmarks/bench_combine.py`` (``--quick`` for the smaller table,
``--sizes 500 1000 --densities 0.08`` to choose). Two tables:

(1) First-click views (``scale_positions.first_click_view``, opening rule, centre click)
    of size × density. Each case runs in a fresh subprocess (peak RSS is per case): the
    constraint system and the components are built first (``system`` column, cold cache:
    not the combination, other modules' work), then the combination is timed (median of 3,
    process time): ``count`` = ``board_count.board_total``, ``combine`` =
    ``combine.combine`` (every box's probability), ``analyse`` = ``analyse`` with the
    system given (component cache lookups, or solving again where the bounded cache lost
    them, and ``combine``), ``floats`` = that and every cell's probability as a float;
    ``old cnt`` / ``old comb`` are the route before the product tree
    (``tests/analysis/reference_combine.py``), run only up to ``--old-max`` cells a side
    (it takes minutes past that). ``count e2e`` / ``anal. e2e`` are ``count_layouts(view)``
    and ``analyse(view)`` from scratch with a cold component cache (process time too: on a
    shared machine the wall clock doubles with the load), and ``RSS`` the peak of the whole
    subprocess.

(2) Expert A/B: the first-guess positions and every step of seeded expert games
    (``expert_positions.expert_games``) and random 20–50%-revealed expert boards
    (``bench_analysis.expert_midgame``, more components); per position, the combination
    alone, new against old (``combine.combine`` / ``old_combine`` for the
    probabilities, ``board_total`` / ``old_total`` for the count), alternated in the same
    process, median of 5 per position; then medians, 95th percentiles and the median of
    the per-position ratios.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "src")]

CASE = """
import json, resource, statistics, sys, time
sys.path[:0] = {paths!r}
from scale_positions import first_click_view, mines_for
from sweepkit.analysis.board.board_count import board_total, count_layouts
from sweepkit.analysis.count.component import cache_clear, solve_component
from sweepkit.analysis.board.combine import combine
from sweepkit.analysis.board.probability import analyse
from sweepkit.constraints import build_system
from tests.analysis.reference_combine import old_combine, old_total

def median_time(fn, repeat=3):
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return statistics.median(times)

size, density, old = {size}, {density}, {old}
view = first_click_view(size, size, mines_for(size, size, density))
cache_clear()
t = time.process_time()
system = build_system(view)
counts = [solve_component(c) for c in system.components]
system_time = time.process_time() - t
cache_clear()
t = time.process_time()
counted = count_layouts(view)
count_end_to_end = time.process_time() - t
cache_clear()
t = time.process_time()
end_to_end = analyse(view)
end_to_end_time = time.process_time() - t
sizes = [c.sizes for c in system.components]
floating, remaining = len(system.floating), system.remaining
result = dict(
    components=len(counts), width=sum(len(c.by_mines) - 1 for c in counts),
    floating=floating, system=system_time, end_to_end=end_to_end_time,
    count_end_to_end=count_end_to_end,
    count=median_time(lambda: board_total(counts, floating, remaining)),
    combine=median_time(lambda: combine(counts, sizes, floating, remaining)),
    analyse=median_time(lambda: analyse(view, system=system)),
    floats=median_time(lambda: analyse(view, system=system).probabilities()),
)
total = board_total(counts, floating, remaining)
assert total == end_to_end.total == counted
if old:
    result["old_count"] = median_time(lambda: old_total(counts, floating, remaining), 1)
    result["old_analyse"] = median_time(
        lambda: old_combine(counts, sizes, floating, remaining), 1)
    assert old_total(counts, floating, remaining) == total
result["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(result))
"""


def run_case(size: int, density: float, old: bool) -> dict[str, float]:
    code = CASE.format(paths=[str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "src")],
                       size=size, density=density, old=old)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def scale_table(sizes: list[int], densities: list[float], old_max: int) -> None:
    print("(1) first-click views: combination times (s, process time, median of 3), "
          "end-to-end times (s, process time, cold cache), peak RSS per case")
    head = (f"{'board':>10s} {'dens':>5s} {'comps':>6s} {'width':>5s} {'system':>7s} "
            f"{'count':>7s} {'combine':>8s} {'analyse':>8s} {'floats':>7s} {'old cnt':>8s} "
            f"{'old comb':>8s} {'count e2e':>9s} {'anal. e2e':>9s} {'RSS MB':>7s}")
    print(head)
    for size in sizes:
        for density in densities:
            r = run_case(size, density, size <= old_max)

            def cell(key: str, width: int = 8, r: dict = r) -> str:
                return f"{r[key]:{width}.3f}" if key in r else f"{'-':>{width}s}"
            print(f"{f'{size}x{size}':>10s} {density:5.3f} {r['components']:6d} "
                  f"{r['width']:5d} {r['system']:7.2f} {cell('count', 7)} "
                  f"{cell('combine')} {cell('analyse')} {cell('floats', 7)} "
                  f"{cell('old_count')} {cell('old_analyse')} "
                  f"{r['count_end_to_end']:9.2f} {r['end_to_end']:9.2f} {r['rss_mb']:7.0f}",
                  flush=True)


def expert_ab(games: int, standins: int) -> None:
    import random

    from bench_analysis import expert_midgame
    from expert_positions import expert_games
    from sweepkit.analysis.board.board_count import board_total
    from sweepkit.analysis.board.combine import combine
    from sweepkit.analysis.count.component import solve_component
    from sweepkit.constraints import build_system
    from tests.analysis.reference_combine import old_combine, old_total

    def cases_of(positions: list) -> list[tuple]:
        cases = []
        for position in positions:
            system = build_system(position)
            if system.impossible or system.remaining is None:
                continue
            counts = [solve_component(c) for c in system.components]
            cases.append((counts, [c.sizes for c in system.components],
                          len(system.floating), system.remaining))
        return cases

    played = list(expert_games(games))
    rng = random.Random(2026)
    sets = [
        ("first guesses", cases_of([p.steps[-1] for p in played])),
        ("every step", cases_of([v for p in played for v in p.steps])),
        ("40% shown", cases_of([expert_midgame(rng, 0.2 + 0.1 * (k % 4))
                                for k in range(standins)])),
    ]
    print(f"\n(2) expert A/B, the combination alone (µs, median of 5 per position, new and old "
          f"alternated): {games} seeded games' first-guess positions and every step, "
          f"{standins} random 20-50%-revealed stand-ins")
    print(f"{'positions':>14s} {'n':>5s} {'comps':>5s} {'what':>8s} {'old med':>8s} "
          f"{'new med':>8s} {'old p95':>8s} {'new p95':>8s} {'new/old':>8s}")
    routes = [("combine", combine, old_combine),
              ("count", lambda c, s, f, r: board_total(c, f, r),
               lambda c, s, f, r: old_total(c, f, r))]
    for name, cases in sets:
        comps = statistics.median(len(c[0]) for c in cases)
        for what, new, old in routes:
            new_times, old_times = [], []
            for args in cases:
                new_runs, old_runs = [], []
                for _ in range(5):
                    t = time.perf_counter()
                    new(*args)
                    new_runs.append(time.perf_counter() - t)
                    t = time.perf_counter()
                    old(*args)
                    old_runs.append(time.perf_counter() - t)
                new_times.append(statistics.median(new_runs) * 1e6)
                old_times.append(statistics.median(old_runs) * 1e6)
            ratios = [n / o for n, o in zip(new_times, old_times, strict=True)]

            def p95(times: list[float]) -> float:
                return sorted(times)[round(0.95 * (len(times) - 1))]
            print(f"{name:>14s} {len(cases):5d} {comps:5.0f} {what:>8s} "
                  f"{statistics.median(old_times):8.1f} {statistics.median(new_times):8.1f} "
                  f"{p95(old_times):8.1f} {p95(new_times):8.1f} "
                  f"{statistics.median(ratios):8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 300, 500, 700, 1000])
    parser.add_argument("--densities", type=float, nargs="+", default=[0.08, 0.123, 0.206])
    parser.add_argument("--old-max", type=int, default=300,
                        help="run the old route up to this many cells a side")
    parser.add_argument("--games", type=int, default=100, help="expert games for (2)")
    parser.add_argument("--standins", type=int, default=60,
                        help="random 20-50%%-revealed expert boards for (2)")
    parser.add_argument("--quick", action="store_true", help="sizes 200 and 500 only")
    args = parser.parse_args()
    sizes = [200, 500] if args.quick else args.sizes
    scale_table(sizes, args.densities, args.old_max)
    expert_ab(args.games, args.standins)


if __name__ == "__main__":
    main()
