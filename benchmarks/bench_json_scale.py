"""Time and peak memory of ``sweepkit analyze --json`` on big views, old route against new.

Run: ``python benchmarks/bench_json_scale.py [--views DIR] [--old-timeout S]``. Each case runs
in a fresh Python process (so ``ru_maxrss`` is that case's peak, the bare interpreter with
sweepkit imported given as the baseline row) and does what the command does: read the board,
``analyse`` it, build ``sweepkit.serialize.analysis_json`` (dead cells and explanations
included) and ``json.dumps`` it. Columns: unknown cells, boxes of the largest component, CPU
seconds of the route (import excluded), wall seconds, peak MB, and the same for the old route
(dead cells and explanations from ``tests/analysis/slow_reference.py``: the whole board
re-analysed per candidate cell, the whole list of equations searched per certain cell),
stopped after ``--old-timeout`` seconds.

Views: the ``*.board`` files of ``--views`` (default ``/work/runs/views200``, made by
``python benchmarks/scale_positions.py --every 100 --save DIR``: a 200×200 game with 8,250
mines played by revealing only, so the deduced mines stay covered and the frontier is one
component of up to ~8,000 boxes); without them, a few views of that game are made here.

Extra cases (``--components``): one component of 10^4 boxes in bounded memory:

- ``corridor-10000``: a 3×10,000 corridor (the strip route), as in ``bench_memory.py``;
- ``snake-N``: the same corridor folded into a serpentine of N boxes, so no 3-row crop holds
  it and it goes to the box DP; a narrow polynomial (one mine pattern per loop);
- ``wide-N``: the 2×N strip ``1?1?...`` over an all-unknown row (``bench_memory.py``'s hard
  case): one component whose mine count ranges over a third of its length, so its box table
  grows as N²/3; run under a table budget of 10^7 numbers (``budget.limits(table=...)``), it
  is refused cleanly, before any table is built, instead of filling the memory.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SETUP = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
sys.setrecursionlimit(10_000)
from sweepkit.analysis.board.probability import analyse
from sweepkit.boardfile import read_board
from sweepkit.constraints import build_system
from sweepkit.serialize import analysis_json
"""

ROUTE = """
cpu, wall = time.process_time(), time.perf_counter()
position = read_board({path!r})
analysis = analyse(position)
if {old!r}:
    from tests.analysis.slow_reference import old_dead_cells, old_explain
    doc = analysis_json(position, analysis, dead=old_dead_cells(position, analysis=analysis),
                        explanations=old_explain(position, analysis=analysis))
else:
    doc = analysis_json(position, analysis)
text = json.dumps(doc)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
system = analysis.system
largest = max((len(c.sizes) for c in system.components), default=0)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(system.unknown_count, largest, f"{{cpu:.2f}}", f"{{wall:.2f}}", peak,
      len(doc["dead"]), len(doc["explanations"]))
"""

COMPONENTS = {
    "corridor": """
from sweepkit.position import UNKNOWN, Position
n = {n}
mines = [[(3 * j + r) % 7 == 0 for j in range(n)] for r in range(3)]
middle = [sum(mines[r][c] for r in (0, 2) for c in (j - 1, j, j + 1) if 0 <= c < n)
          for j in range(n)]
position = Position((3, n), (UNKNOWN,) * n + tuple(middle) + (UNKNOWN,) * n)
table = None
""",
    "snake": """
from sweepkit.position import MINE, UNKNOWN, Position
# loops of a corridor: rows 4k (unknown), 4k+1 (numbers), 4k+2 (unknown), 4k+3 (wall of
# safe cells but one gap at alternate ends), so the frontier winds through the board
n, cols = {n}, 200
loops = max(1, n // (2 * cols))
rows = 4 * loops
layout = [[False] * cols for _ in range(rows)]
for k in range(loops):
    for c in range(cols):
        layout[4 * k][c] = (3 * c + k) % 7 == 0
        layout[4 * k + 2][c] = (3 * c + k + 2) % 7 == 0
cells = []
for r in range(rows):
    for c in range(cols):
        if r % 4 in (0, 2):
            cells.append(UNKNOWN)
        elif r % 4 == 1:
            cells.append(sum(layout[rr][cc] for rr in (r - 1, r + 1) for cc in (c - 1, c, c + 1)
                             if 0 <= rr < rows and 0 <= cc < cols))
        else:
            gap = cols - 1 if (r // 4) % 2 == 0 else 0
            cells.append(UNKNOWN if c == gap else sum(
                layout[rr][cc] for rr in (r - 1, r + 1) for cc in (c - 1, c, c + 1)
                if 0 <= rr < rows and 0 <= cc < cols))
position = Position((rows, cols), tuple(cells))
table = None
""",
    "wide": """
from sweepkit.position import Position
n = {n}
position = Position.from_rows([("1?" * n)[:n], "?" * n])
table = 10_000_000
""",
}

COMPONENT_ROUTE = """
from sweepkit.analysis.budget import AnalysisLimit, limits
cpu, wall = time.process_time(), time.perf_counter()
system = build_system(position)
largest = max((len(c.sizes) for c in system.components), default=0)
try:
    with limits(table=table):
        analysis = analyse(position, system=system)
        text = json.dumps(analysis_json(position, analysis))
    outcome = "ok"
except AnalysisLimit as exc:
    outcome = "refused"
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(system.unknown_count, largest, f"{cpu:.2f}", f"{wall:.2f}", peak, outcome)
"""


def run(program: str, timeout: float) -> list[str] | str:
    """The printed fields of a program run in a fresh process, or why there are none."""
    try:
        done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                              timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return f"over {timeout:.0f} s"
    if done.returncode:
        return "failed: " + (done.stderr.strip().splitlines() or ["?"])[-1]
    return done.stdout.split()


def make_views(folder: Path) -> list[Path]:
    """A few views of the benchmark game, when no folder of views is given."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from scale_positions import game_views
    from sweepkit.boardfile import format_board

    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for n, view in enumerate(game_views(200, 200, 8250, 1, every=400)):
        path = folder / f"200x200-8250-s1-{n:03d}.board"
        path.write_text(format_board(view))
        paths.append(path)
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=Path, default=Path("/work/runs/views200"))
    parser.add_argument("--only", nargs="*", default=None, help="view names (e.g. 004 012)")
    parser.add_argument("--old-timeout", type=float, default=120)
    parser.add_argument("--no-old", action="store_true", help="skip the old route")
    parser.add_argument("--components", nargs="*",
                        default=["corridor-10000", "snake-10000", "wide-10000"])
    args = parser.parse_args()
    paths = sorted(args.views.glob("*.board")) if args.views.is_dir() else []
    if not paths:
        paths = make_views(Path("/tmp/sweepkit-views200"))
    if args.only:
        paths = [p for p in paths if any(p.stem.endswith(name) for name in args.only)]
    setup = SETUP.format(root=str(ROOT))
    base = run(setup + "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)", 60)
    print(f"baseline (interpreter + sweepkit): {base[0] if isinstance(base, list) else base} MB")
    print(f"{'view':10s} {'unknown':>7s} {'largest':>7s} {'cpu s':>6s} {'wall s':>6s} "
          f"{'MB':>5s} {'dead':>5s} {'expl':>5s} | {'old cpu s':>9s} {'old MB':>6s}")
    for path in paths:
        new = run(setup + ROUTE.format(path=str(path), old=False), 600)
        old: list[str] | str = "skipped"
        if not args.no_old:
            old = run(setup + ROUTE.format(path=str(path), old=True), args.old_timeout)
        name = path.stem.rsplit("-", 1)[-1]
        if isinstance(new, str):
            print(f"{name:10s} {new}")
            continue
        unknown, largest, cpu, wall, peak, dead, explained = new
        if isinstance(old, str):
            old_text = f"{old:>16s}"
        else:
            if old[5:] != new[5:]:
                raise SystemExit(f"{name}: the old route found {old[5:]}, the new one {new[5:]}")
            old_text = f"{old[2]:>9s} {old[4]:>6s}"
        print(f"{name:10s} {unknown:>7s} {largest:>7s} {cpu:>6s} {wall:>6s} {peak:>5s} "
              f"{dead:>5s} {explained:>5s} | {old_text}")
    if args.components:
        print()
        print(f"{'component':16s} {'unknown':>7s} {'largest':>7s} {'cpu s':>6s} {'wall s':>6s} "
              f"{'MB':>5s} outcome")
    for name in args.components:
        kind, _, size = name.partition("-")
        program = setup + COMPONENTS[kind].format(n=int(size)) + COMPONENT_ROUTE
        done = run(program, 900)
        if isinstance(done, str):
            print(f"{name:16s} {done}")
            continue
        unknown, largest, cpu, wall, peak, outcome = done
        print(f"{name:16s} {unknown:>7s} {largest:>7s} {cpu:>6s} {wall:>6s} {peak:>5s} {outcome}")


if __name__ == "__main__":
    main()
