"""Strip routing: the transfer matrix against the box search and the box DP on the largest
component of thin boards, the measurement behind ``strip_route.ROUTE_ROWS`` and
``component.SEARCH_NODE_LIMIT``.

Run: ``python benchmarks/bench_strip_route.py [--repeats 3] [--max-length 320]``. Builds thin
positions of five families (corridor, edge, alt2, alt3, ragged; see :data:`FAMILIES`) at
lengths 10, 20, 40, ... up to ``--max-length``, takes the largest component of each and prints
one table of median times (ms) on it:

- the box search with ``WIDE_SEARCH_NODE_LIMIT`` (the time it took to give up when it ran out;
  "-" above ``SEARCH_MAX_BOXES`` boxes);
- the box DP, and the transfer matrix on the component's crop;
- ``solve_component`` with routing off (``strip_route.ROUTE_ROWS = 0``: the search with
  ``SEARCH_NODE_LIMIT``, then the box DP) and on, the cache cleared before every run;
- the ratios dp/transfer and off/on, all run in the same process.

A ``*`` marks a component with boxes made certain by single equations, which ``solve_component``
fixes first, solving the parts on their own (so the search, DP and transfer columns, run on the
whole component, are not what it runs). A summary line gives the median of both ratios. The
DP, the transfer matrix and both routes are checked to agree on every case, not timed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import TypeVar

from sweepkit.analysis.count import strip_route
from sweepkit.analysis.count.box_dp import dp_component
from sweepkit.analysis.count.box_search import SearchLimitExceeded, search_component
from sweepkit.analysis.count.component import (
    SEARCH_MAX_BOXES,
    WIDE_SEARCH_NODE_LIMIT,
    solve_component,
)
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.analysis.count.split import split_certain
from sweepkit.analysis.count.strip_route import strip_count, strip_crop
from sweepkit.constraints import Component, build_system
from sweepkit.position import MINE, UNKNOWN, Position

LENGTHS = (10, 20, 40, 80, 160, 320)
T = TypeVar("T")


def mine_counts(mine: list[list[bool]], r: int, j: int) -> int:
    """Mines among the eight neighbours of cell (r, j) of a layout given as rows of flags."""
    rows, cols = len(mine), len(mine[0])
    return sum(mine[a][b] for a in range(max(r - 1, 0), min(r + 2, rows))
               for b in range(max(j - 1, 0), min(j + 2, cols)) if (a, b) != (r, j))


def corridor(n: int, seed: int) -> Position:
    """3×n: rows 0 and 2 unknown (mines at density 0.2), row 1 their numbers, all shown."""
    rng = random.Random(seed)
    mine = [[r != 1 and rng.random() < 0.2 for _ in range(n)] for r in range(3)]
    middle = [mine_counts(mine, 1, j) for j in range(n)]
    return Position((3, n), (UNKNOWN,) * n + tuple(middle) + (UNKNOWN,) * n)


def edge(n: int, seed: int) -> Position:
    """2×n: row 1 unknown (mines at density 0.25), row 0 its numbers with 30% of them hidden."""
    rng = random.Random(seed)
    mine = [[False] * n, [rng.random() < 0.25 for _ in range(n)]]
    top = [UNKNOWN if rng.random() < 0.3 else mine_counts(mine, 0, j) for j in range(n)]
    return Position((2, n), tuple(top) + (UNKNOWN,) * n)


def alt2(n: int, seed: int) -> Position:
    """2×n: ``1?1?...`` over a row of ``?`` (no randomness)."""
    return Position.from_rows([("1?" * n)[:n], "?" * n])


def alt3(n: int, seed: int) -> Position:
    """3×n: a row of ``?``, ``2?2?...``, a row of ``?`` (no randomness)."""
    return Position.from_rows(["?" * n, ("2?" * n)[:n], "?" * n])


def ragged(n: int, seed: int) -> Position:
    """3×n random layout (density 0.2), each cell hidden with probability 0.5 (shown mines
    are known mines, as in ``bench_strips.py``)."""
    rng = random.Random(seed)
    mine = [[rng.random() < 0.2 for _ in range(n)] for _ in range(3)]
    cells = []
    for r in range(3):
        for j in range(n):
            value = MINE if mine[r][j] else mine_counts(mine, r, j)
            cells.append(UNKNOWN if rng.random() < 0.5 else value)
    return Position((3, n), tuple(cells))


FAMILIES: list[tuple[str, Callable[[int, int], Position]]] = [
    ("corridor", corridor),
    ("edge", edge),
    ("alt2", alt2),
    ("alt3", alt3),
    ("ragged", ragged),
]


def largest_component(position: Position) -> Component:
    """The component of the position with the most boxes."""
    return max(build_system(position).components, key=lambda c: len(c.sizes))


def median_ms(fn: Callable[[], object], repeats: int, clear: bool = False
              ) -> tuple[float, bool]:
    """Median milliseconds of ``repeats`` calls (clearing ``solve_component``'s cache first
    when ``clear``) and whether they raised :class:`SearchLimitExceeded` (timed up to it)."""
    times, gave_up = [], False
    for _ in range(repeats):
        if clear:
            solve_component.cache_clear()
        start = time.perf_counter()
        try:
            fn()
        except SearchLimitExceeded:
            gave_up = True
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3, gave_up


def routing_off(fn: Callable[[], T]) -> T:
    """Run ``fn`` with strip routing turned off (``strip_route.ROUTE_ROWS = 0``)."""
    saved = strip_route.ROUTE_ROWS
    strip_route.ROUTE_ROWS = 0
    try:
        return fn()
    finally:
        strip_route.ROUTE_ROWS = saved


def counts(result: ComponentCount) -> tuple:
    """The ``(low, by_mines, box_mines)`` of a ComponentCount: what must agree."""
    return result.low, result.by_mines, result.box_mines


def table(repeats: int, max_length: int) -> None:
    """Time every family at every length up to ``max_length`` and print the table."""
    header = (f"{'family':<9} {'n':>4} {'boxes':>5} {'crop':>6} {'search ms':>16} "
              f"{'dp ms':>9} {'transfer ms':>11} {'off ms':>9} {'on ms':>9} "
              f"{'dp/transfer':>11} {'off/on':>7}")
    print(header)
    print("-" * len(header))
    dp_ratios, old_ratios = [], []
    lengths = [n for n in LENGTHS if n <= max_length]
    for name, build in FAMILIES:
        for n in lengths:
            comp = largest_component(build(n, n))
            crop = strip_crop(comp)
            dp_result = counts(dp_component(comp))
            solve_component.cache_clear()
            routed_result = counts(solve_component(comp))
            if routed_result != dp_result:  # not an assert: it must hold under python -O too
                raise AssertionError(f"{name} n={n}: solve_component and dp_component differ")
            if crop is not None and counts(strip_count(comp, crop)) != dp_result:
                raise AssertionError(f"{name} n={n}: transfer matrix and dp_component differ")

            t_dp, _ = median_ms(lambda c=comp: dp_component(c), repeats)
            t_routed, _ = median_ms(lambda c=comp: solve_component(c), repeats, clear=True)
            t_old = routing_off(lambda c=comp: median_ms(lambda: solve_component(c), repeats,
                                                          clear=True)[0])
            solve_component.cache_clear()
            if routing_off(lambda c=comp: counts(solve_component(c))) != dp_result:
                raise AssertionError(f"{name} n={n}: solve_component without routing differs")
            if len(comp.sizes) > SEARCH_MAX_BOXES:
                search_cell = "-"
            else:
                t_search, gave_up = median_ms(
                    lambda c=comp: search_component(c, node_limit=WIDE_SEARCH_NODE_LIMIT), repeats)
                search_cell = f"{t_search:.2f}" + (" (gave up)" if gave_up else "")
            old_ratio = t_old / t_routed
            split = split_certain(comp) is not None
            old_ratios.append(old_ratio)
            if crop is None:
                crop_cell, transfer_cell, ratio_cell = "-", "-", "-"
            else:
                t_transfer, _ = median_ms(lambda c=comp, k=crop: strip_count(c, k), repeats)
                dp_ratios.append(t_dp / t_transfer)
                height, width = crop.position.shape
                crop_cell = f"{height}×{width}"
                transfer_cell = f"{t_transfer:.2f}"
                ratio_cell = f"{t_dp / t_transfer:.2f}"
            mark = "*" if split else " "
            print(f"{name:<9} {n:>4} {len(comp.sizes):>5}{mark}{crop_cell:>6} {search_cell:>16} "
                  f"{t_dp:>9.2f} {transfer_cell:>11} {t_old:>9.2f} {t_routed:>9.2f} "
                  f"{ratio_cell:>11} {old_ratio:>7.2f}")
    print(f"(median of {repeats} runs; search node limit {WIDE_SEARCH_NODE_LIMIT}; "
          "* = certain boxes: solve_component splits the component)")
    dp_median = f"{statistics.median(dp_ratios):.2f}" if dp_ratios else "-"
    print(f"median dp/transfer {dp_median}, median off/on "
          f"{statistics.median(old_ratios):.2f} over {len(old_ratios)} rows")


def main() -> None:
    """Parse the arguments and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--max-length", type=int, default=320,
                        help="largest board length n (lengths 10, 20, 40, ... up to this)")
    args = parser.parse_args()
    table(args.repeats, args.max_length)


if __name__ == "__main__":
    main()
