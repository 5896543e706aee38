"""Kadlac's timing experiment, which the paper describes but never prints (new, not a reproduction).

Times Kadlac's faithful breadth-first search (which lists every layout) against
sweepkit's exact counter (per-component dynamic programming over boxes) on two
families of growing boards:

- ``all-unknown``: 2×c boards with every cell covered (2^(2c) layouts);
- ``sparse``: k×k boards from a seeded random layout (density 0.2) with the centre
  cell of every 3×3 block revealed — Kadlac's "one numbered square in every block
  of about nine squares".

Prints a table (median of ``--repeat`` runs, and the ratio BFS / counter) and
writes a log-scale plot to ``--png`` (default ``benchmarks/out/kadlac-timing.png``).
A BFS run that passes ``--budget`` seconds is stopped and the larger sizes of that
family are skipped for it.

    python benchmarks/bench_kadlac_timing.py [--repeat 3] [--budget 20] [--png FILE]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from sweepkit.analysis.board.board_count import count_layouts
from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.papers.kadlac_bfs import kadlac_search
from sweepkit.position import MINE, UNKNOWN, Position


def all_unknown(cols: int) -> Position:
    return Position.unknown(2, cols)


def sparse(side: int, seed: int = 0, density: float = 0.2) -> Position:
    rng = random.Random(seed)
    layout = Position.unknown(side, side).layout(
        i for i in range(side * side) if rng.random() < density)
    cells = [UNKNOWN] * (side * side)
    for r in range(1, side, 3):
        for c in range(1, side, 3):
            i = r * side + c
            if layout.cells[i] != MINE:
                cells[i] = layout.cells[i]
    return Position((side, side), tuple(cells))


def time_bfs(position: Position, budget: float) -> tuple[float, int, bool]:
    """Seconds to list every layout, the number listed, and whether it finished in budget."""
    start = time.perf_counter()
    n = 0
    for _ in kadlac_search(position, capacity=None):
        n += 1
        if time.perf_counter() - start > budget:
            return time.perf_counter() - start, n, False
    return time.perf_counter() - start, n, True


def time_count(position: Position, repeat: int) -> tuple[float, int]:
    times = []
    count = 0
    for _ in range(repeat):
        solve_component.cache_clear()  # time the counting, not the cache
        start = time.perf_counter()
        count = count_layouts(position, use_mine_count=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--budget", type=float, default=20.0)
    parser.add_argument("--png", default="benchmarks/out/kadlac-timing.png")
    args = parser.parse_args()

    families = {
        "all-unknown": [(f"2x{c}", all_unknown(c)) for c in range(1, 10)],
        "sparse": [(f"{k}x{k}", sparse(k)) for k in (3, 4, 5, 6, 7, 8, 9, 12, 15, 20, 30)],
    }
    print(f"{'family':<12} {'board':>6} {'cells':>5} {'unknown':>7} {'layouts':>24} "
          f"{'BFS s':>9} {'count s':>9} {'BFS/count':>10}")
    results: dict[str, list[tuple[int, float | None, float]]] = {}
    for family, boards in families.items():
        bfs_alive = True
        for name, position in boards:
            unknown = len(position.unknown_cells())
            count_s, count = time_count(position, args.repeat)
            bfs_s: float | None = None
            if bfs_alive:
                runs = []
                for _ in range(args.repeat):
                    seconds, listed, finished = time_bfs(position, args.budget)
                    if not finished:
                        bfs_alive = False
                        break
                    assert listed == count, (name, listed, count)
                    runs.append(seconds)
                if bfs_alive:
                    bfs_s = statistics.median(runs)
            results.setdefault(family, []).append((unknown, bfs_s, count_s))
            bfs_txt = f"{bfs_s:9.4f}" if bfs_s is not None else f"{'>' + str(args.budget):>9}"
            ratio = f"{bfs_s / count_s:10.0f}" if bfs_s is not None else f"{'-':>10}"
            shown = str(count) if count < 10**15 else f"{count:.3e} ({len(str(count))} dig.)"
            print(f"{family:<12} {name:>6} {position.size:>5} {unknown:>7} {shown:>24} "
                  f"{bfs_txt} {count_s:9.5f} {ratio}")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for (family, rows), colour in zip(results.items(), ("tab:red", "tab:blue"), strict=False):
        bfs = [(u, b) for u, b, _ in rows if b is not None]
        ax.plot([u for u, _ in bfs], [b for _, b in bfs], "o-", color=colour,
                label=f"Kadlac BFS, {family}")
        ax.plot([u for u, _, _ in rows], [c for _, _, c in rows], "s--", color=colour,
                label=f"exact counter, {family}")
    ax.set_yscale("log")
    ax.set_xlabel("unknown cells")
    ax.set_ylabel("seconds (median)")
    ax.set_title("Listing every layout (Kadlac 2003) vs counting them (sweepkit)")
    ax.legend(fontsize=8)
    ax.grid(True, which="both", alpha=0.3)
    out = Path(args.png)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print(f"plot written to {out}")


if __name__ == "__main__":
    main()
