"""Per-move analysis of a big game: the incremental analyser against ``analyse(view)`` from scratch.

The game is :func:`scale_positions.game_views` (default: 200x200 with 8,250 mines, the
first click in the centre, played by single-number deductions and safe frontier reveals;
the views do not show the deduced mines, so the frontier grows into one component of
thousands of boxes). Every view is analysed as it comes, by each route in a fresh process
of its own (so the peak memory, ``resource.getrusage``'s ``ru_maxrss``, is that route's):

- ``incremental``:
  :meth:`sweepkit.analysis.tracking.incremental.IncrementalAnalyser.update`, the call
  the players and the web app make: the mines proved on one move are flagged on the next
  (``Analysis.marked``), so the frontier stays in small pieces;
- ``unmarked``: the same with ``keep_mines=False`` (``update(view)`` is then
  ``analyse(view)``), reported whole and split into its constraint system
  (``system(view)``) and the analysis of that system (``analyse(view, system=...)``: the
  component counts and the board-level combination): the long component the covered mines
  tie together is counted again on every move (not run by default: about 0.2 s a move);
- ``scratch``: ``analyse(view)``, with its ``build_system`` shown apart;
- ``views``: the game alone, no analysis (the memory the other two start from).

Times are per move: median, 95th percentile and maximum, wall clock (``perf_counter``) and
CPU (``process_time``); the machine may be shared, so read the CPU columns when the wall
ones look noisy. ``--check N`` also checks, on every N-th move, that the incremental
route's answers (count, every cell's exact probability, certain cells) are those of
``analyse(view)``.

    python benchmarks/bench_game_scale.py                      # 200×200/8250, all moves
    python benchmarks/bench_game_scale.py --scratch-every 10   # from scratch on every 10th
    python benchmarks/bench_game_scale.py --rows 100 --cols 100 --mines 2062 --seed 2
    python benchmarks/bench_game_scale.py --routes incremental,unmarked --check 50
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from scale_positions import game_views
from sweepkit.analysis.board.probability import Analysis, analyse
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.constraints import build_system
from sweepkit.position import Position

ROUTES = ("views", "incremental", "unmarked", "scratch")
DEFAULT_ROUTES = ("views", "incremental", "scratch")


def same_answers(got: Analysis, view: Position) -> bool:
    """Whether ``got`` answers for ``view`` as ``analyse(view)`` does, cell by cell."""
    want = analyse(view)
    return (got.total == want.total and got.mine_cells() == want.mine_cells()
            and got.safe_cells() == want.safe_cells()
            and got.probabilities(exact=True) == want.probabilities(exact=True))


def peak_mb() -> float:
    """Peak resident memory of this process so far, in MB (``ru_maxrss`` is in kB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_route(route: str, args: argparse.Namespace) -> dict:
    """Play the game and time one route on its views; the samples as a dict (JSON-able)."""
    samples: dict[str, list[tuple[float, float]]] = {}

    def record(name: str, wall: float, cpu: float) -> None:
        samples.setdefault(name, []).append((time.perf_counter() - wall,
                                             time.process_time() - cpu))

    def timed(name: str, fn: Callable[..., Any], *fn_args: Any) -> Any:
        wall, cpu = time.perf_counter(), time.process_time()
        result = fn(*fn_args)
        record(name, wall, cpu)
        return result

    analyser = IncrementalAnalyser(keep_mines=route == "incremental")
    moves = largest = mismatches = 0
    for n, view in enumerate(game_views(args.rows, args.cols, args.mines, args.seed,
                                        flags=args.flags)):
        if args.moves and n >= args.moves:
            break
        moves += 1
        wall, cpu = time.perf_counter(), time.process_time()
        result = None
        if route == "incremental":
            result = timed("update(view)", analyser.update, view)
        elif route == "unmarked":
            system = timed("system(view)", analyser.system, view)
            result = timed("analyse(view, system=...)", analyse, view, True, system)
            record("update(view)", wall, cpu)
        elif route == "scratch" and n % args.scratch_every == 0:
            system = timed("build_system(view)", build_system, view)
            timed("analyse(view, system=...)", analyse, view, True, system)
            record("analyse(view)", wall, cpu)
        if result is not None:
            largest = max(largest, *(len(comp.sizes) for comp in result.system.components), 0)
            if args.check and n % args.check == 0 and not same_answers(result, view):
                mismatches += 1
    return {"route": route, "moves": moves, "samples": samples, "peak_mb": peak_mb(),
            "largest_component": largest, "mismatches": mismatches,
            "rebuilds": analyser.rebuilds if route in ("incremental", "unmarked") else None}


def summary(values: Sequence[float]) -> tuple[float, float, float]:
    """(median, p95, max) in milliseconds."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p95 * 1000, ordered[-1] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rows", type=int, default=200)
    parser.add_argument("--cols", type=int, default=200)
    parser.add_argument("--mines", type=int, default=8250)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--flags", action="store_true", help="views show the deduced mines")
    parser.add_argument("--scratch-every", type=int, default=1,
                        help="analyse from scratch only every N-th move (it is slow)")
    parser.add_argument("--moves", type=int, default=0,
                        help="analyse only the first N views (0: the whole game)")
    parser.add_argument("--check", type=int, default=0,
                        help="compare with analyse(view) on every N-th move (0: never)")
    parser.add_argument("--routes", default=",".join(DEFAULT_ROUTES),
                        help=f"any of {', '.join(ROUTES)}")
    parser.add_argument("--worker", choices=ROUTES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(run_route(args.worker, args)))
        return
    print(f"{args.rows}x{args.cols}, {args.mines} mines, seed {args.seed}, "
          f"{'flags shown' if args.flags else 'deduced mines covered'}; "
          f"from scratch on every {args.scratch_every} move(s); each route in a fresh process")
    results = []
    for route in args.routes.split(","):
        command = [sys.executable, __file__, "--worker", route, "--rows", str(args.rows),
                   "--cols", str(args.cols), "--mines", str(args.mines), "--seed",
                   str(args.seed), "--scratch-every", str(args.scratch_every),
                   "--check", str(args.check), "--moves", str(args.moves),
                   *(["--flags"] if args.flags else [])]
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        results.append(json.loads(done.stdout))
        print(f"  {route}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
    header = (f"{'route':12s} {'call':28s} {'n':>5s} {'median':>8s} {'p95':>8s} {'max':>8s}"
              f" {'cpu med':>8s} {'cpu p95':>8s} {'cpu max':>8s} {'peak MB':>8s}")
    print("\nper move, ms (wall, then CPU)")
    print(header)
    for result in results:
        for name, pairs in result["samples"].items():
            wall = summary([w for w, _ in pairs])
            cpu = summary([c for _, c in pairs])
            print(f"{result['route']:12s} {name:28s} {len(pairs):5d} "
                  + " ".join(f"{x:8.1f}" for x in (*wall, *cpu))
                  + f" {result['peak_mb']:8.0f}")
        if not result["samples"]:
            print(f"{result['route']:12s} {'(the game only)':28s} {result['moves']:5d} "
                  + " ".join(f"{'':>8s}" for _ in range(6)) + f" {result['peak_mb']:8.0f}")
    for result in results:
        if result["route"] in ("incremental", "unmarked"):
            print(f"\n{result['route']}: {result['moves']} moves, largest component "
                  f"{result['largest_component']} boxes, {result['rebuilds']} built from "
                  f"scratch" + (f", {result['mismatches']} mismatches with analyse(view)"
                                if args.check else ""))


if __name__ == "__main__":
    main()
