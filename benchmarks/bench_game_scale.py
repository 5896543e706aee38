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
ones look noisy. Beside them, the CPU the garbage collector spent inside the call (its
collections walk whatever is young, the caller's new view among it: on a 1000×1000 board
a tuple of a million cells each move). ``--check N`` also checks, on every N-th move, that
the incremental route's answers (count, every cell's exact probability, certain cells) are
those of ``analyse(view)``; ``--moves N`` stops after N views; ``--collect-first`` runs
the collector over the young objects before each call, outside its timing (the call's own
cost, without the walk over the game's new views).

``--goals`` runs the incremental route alone on the games of :data:`GOALS` (the first 200
moves of a 1000×1000 game, every move of a 200×200 one, both at expert density) and prints
each beside its goal.

    python benchmarks/bench_game_scale.py                      # 200×200/8250, all moves
    python benchmarks/bench_game_scale.py --goals              # the goals' table
    python benchmarks/bench_game_scale.py --scratch-every 10   # from scratch on every 10th
    python benchmarks/bench_game_scale.py --rows 100 --cols 100 --mines 2062 --seed 2
    python benchmarks/bench_game_scale.py --routes incremental,unmarked --check 50
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
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


class CollectorClock:
    """CPU seconds the cyclic garbage collector has run so far in this process (its
    callbacks): a call's share of them is its collections, which walk whatever is young
    (the caller's new view of a million cells among it), not only what the call made."""

    def __init__(self) -> None:
        self.total = 0.0
        self._started = 0.0
        gc.callbacks.append(self._tick)

    def _tick(self, phase: str, _info: dict) -> None:
        if phase == "start":
            self._started = time.process_time()
        else:
            self.total += time.process_time() - self._started


def run_route(route: str, args: argparse.Namespace) -> dict:
    """Play the game and time one route on its views; the samples as a dict (JSON-able)."""
    samples: dict[str, list[tuple[float, float, float]]] = {}
    collector = CollectorClock()

    def record(name: str, wall: float, cpu: float, gc_cpu: float) -> None:
        samples.setdefault(name, []).append((time.perf_counter() - wall,
                                             time.process_time() - cpu,
                                             collector.total - gc_cpu))

    def timed(name: str, fn: Callable[..., Any], *fn_args: Any) -> Any:
        wall, cpu, gc_cpu = time.perf_counter(), time.process_time(), collector.total
        result = fn(*fn_args)
        record(name, wall, cpu, gc_cpu)
        return result

    analyser = IncrementalAnalyser(keep_mines=route == "incremental")
    moves = largest = mismatches = 0
    for n, view in enumerate(game_views(args.rows, args.cols, args.mines, args.seed,
                                        flags=args.flags)):
        if args.moves and n >= args.moves:
            break
        moves += 1
        if args.collect_first:
            gc.collect(0)  # the game's new views walked here, not inside the call
        wall, cpu, gc_cpu = time.perf_counter(), time.process_time(), collector.total
        result = None
        if route == "incremental":
            result = timed("update(view)", analyser.update, view)
        elif route == "unmarked":
            system = timed("system(view)", analyser.system, view)
            result = timed("analyse(view, system=...)", analyse, view, True, system)
            record("update(view)", wall, cpu, gc_cpu)
        elif route == "scratch" and n % args.scratch_every == 0:
            system = timed("build_system(view)", build_system, view)
            timed("analyse(view, system=...)", analyse, view, True, system)
            record("analyse(view)", wall, cpu, gc_cpu)
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


@dataclass(frozen=True)
class Goal:
    """A game whose every move the incremental route should analyse within the limits."""

    rows: int
    cols: int
    moves: int  # 0: the whole game
    median_ms: float
    p95_ms: float | None
    peak_mb: float | None

    @property
    def mines(self) -> int:
        return round(self.rows * self.cols * EXPERT)

    @property
    def text(self) -> str:
        limits = [f"median <= {self.median_ms:g} ms"]
        if self.p95_ms is not None:
            limits.append(f"p95 <= {self.p95_ms:g} ms")
        if self.peak_mb is not None:
            limits.append(f"< {self.peak_mb / 1024:g} GB")
        return ", ".join(limits)


EXPERT = 99 / 480
"""Expert density (99 mines on 16×30): 8,250 mines on 200×200, 206,250 on 1000×1000."""

GOALS = (Goal(1000, 1000, 200, 20, 100, 1024), Goal(200, 200, 0, 5, None, None))
"""The per-move goals of the incremental route: the first 200 moves of a 1000×1000 game,
every move of a 200×200 one."""


def worker_command(route: str, args: argparse.Namespace) -> list[str]:
    """The command that plays the game of ``args`` and times ``route`` in a fresh process."""
    return [sys.executable, __file__, "--worker", route, "--rows", str(args.rows),
            "--cols", str(args.cols), "--mines", str(args.mines), "--seed",
            str(args.seed), "--scratch-every", str(args.scratch_every),
            "--check", str(args.check), "--moves", str(args.moves),
            *(["--flags"] if args.flags else []),
            *(["--collect-first"] if args.collect_first else [])]


def run_worker(route: str, args: argparse.Namespace) -> dict:
    started = time.perf_counter()
    done = subprocess.run(worker_command(route, args), capture_output=True, text=True,
                          check=True)
    print(f"  {route} {args.rows}x{args.cols}: {time.perf_counter() - started:.0f} s",
          file=sys.stderr)
    return json.loads(done.stdout)


def print_goals(args: argparse.Namespace) -> None:
    """Every goal's game on the incremental route, its figures beside the goal."""
    print("IncrementalAnalyser.update(view), per move, ms: wall / CPU, and the collector's "
          "CPU inside the call\n(garbage collections the call sets off, of the caller's new "
          "view among the rest" + ("; the young objects collected before each call"
                                   if args.collect_first else "")
          + "); each game in a fresh process")
    print(f"{'game':34s} {'moves':>5s} {'median':>13s} {'p95':>13s} {'gc med':>6s} "
          f"{'peak MB':>7s}  goal")
    for goal in GOALS:
        run = argparse.Namespace(**{**vars(args), "rows": goal.rows, "cols": goal.cols,
                                    "mines": goal.mines, "moves": goal.moves})
        result = run_worker("incremental", run)
        triples = result["samples"]["update(view)"]
        wall, cpu = summary([t[0] for t in triples]), summary([t[1] for t in triples])
        gc_med = summary([t[2] for t in triples])[0]
        game = (f"{goal.rows}x{goal.cols}, {goal.mines} mines, "
                + (f"first {goal.moves} moves" if goal.moves else "whole game"))
        print(f"{game:34s} {result['moves']:5d} {wall[0]:6.1f} /{cpu[0]:6.1f} "
              f"{wall[1]:6.1f} /{cpu[1]:6.1f} {gc_med:6.1f} {result['peak_mb']:7.0f}  "
              f"{goal.text}" + (f"; {result['mismatches']} mismatches with analyse(view)"
                                if args.check else ""))


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
    parser.add_argument("--collect-first", action="store_true",
                        help="collect the young objects (the game's new views) before each "
                             "call, outside its timing")
    parser.add_argument("--goals", action="store_true",
                        help="the incremental route on the games of GOALS, beside the goals")
    parser.add_argument("--worker", choices=ROUTES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(run_route(args.worker, args)))
        return
    if args.goals:
        print_goals(args)
        return
    print(f"{args.rows}x{args.cols}, {args.mines} mines, seed {args.seed}, "
          f"{'flags shown' if args.flags else 'deduced mines covered'}; "
          f"from scratch on every {args.scratch_every} move(s); each route in a fresh process")
    results = [run_worker(route, args) for route in args.routes.split(",")]
    header = (f"{'route':12s} {'call':28s} {'n':>5s} {'median':>8s} {'p95':>8s} {'max':>8s}"
              f" {'cpu med':>8s} {'cpu p95':>8s} {'cpu max':>8s} {'gc med':>8s}"
              f" {'peak MB':>8s}")
    print("\nper move, ms (wall, then CPU, then the collector's CPU inside the call)")
    print(header)
    for result in results:
        for name, triples in result["samples"].items():
            wall = summary([t[0] for t in triples])
            cpu = summary([t[1] for t in triples])
            gc_med = summary([t[2] for t in triples])[0]
            print(f"{result['route']:12s} {name:28s} {len(triples):5d} "
                  + " ".join(f"{x:8.1f}" for x in (*wall, *cpu, gc_med))
                  + f" {result['peak_mb']:8.0f}")
        if not result["samples"]:
            print(f"{result['route']:12s} {'(the game only)':28s} {result['moves']:5d} "
                  + " ".join(f"{'':>8s}" for _ in range(7)) + f" {result['peak_mb']:8.0f}")
    for result in results:
        if result["route"] in ("incremental", "unmarked"):
            print(f"\n{result['route']}: {result['moves']} moves, largest component "
                  f"{result['largest_component']} boxes, {result['rebuilds']} built from "
                  f"scratch" + (f", {result['mismatches']} mismatches with analyse(view)"
                                if args.check else ""))


if __name__ == "__main__":
    main()
