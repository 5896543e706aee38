"""A/B of the exact analysis on expert positions: this tree against an older commit, one run.

Run: ``python benchmarks/bench_ab.py [--base REF] [--games N] [--rounds R]``. The positions
are made once, by this tree (:mod:`expert_positions`: the first-forced-guess position of
``N`` seeded expert games, and every step of those games), and written as ``.board`` text;
then each round runs one fresh worker process per variant, alternating (base, new, base,
new, ...), so both see the same machine load. A worker imports ``sweepkit`` from its
variant's ``src`` (the base from a temporary ``git worktree`` of ``REF``) and times
``analyse(position)`` on every position: *cold* with the component cache cleared before
each position, *in-game* on the steps in order with the cache kept (what a player pays).
Per position the fastest of the rounds is kept; the table shows medians, 95th percentiles
and the median of the per-position ratios new/base, and checks that both variants give the
same count on every position.

The default base, ``455460c``, is the analysis without the product trees, the local dead
cells and explanations and the incremental analyser (the work on analysis at scale).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_game_scale import summary
from expert_positions import expert_games
from sweepkit.boardfile import format_board

ROOT = Path(__file__).resolve().parent.parent

WORKER = """
import json, sys, time
sys.path.insert(0, {src!r})
try:  # the module's place in this tree, or in an older one
    from sweepkit.analysis.count.component import solve_component
except ImportError:
    from sweepkit.analysis.component import solve_component
from sweepkit.analysis import analyse
from sweepkit.boardfile import parse_board
data = json.load(open({data!r}))
out = {{"cold": [], "in_game": [], "totals": []}}
for text in data["first"]:
    p = parse_board(text)
    solve_component.cache_clear()
    t = time.perf_counter()
    a = analyse(p)
    out["cold"].append(time.perf_counter() - t)
    out["totals"].append(str(a.total))
solve_component.cache_clear()
for game in data["games"]:
    for text in game:
        p = parse_board(text)
        t = time.perf_counter()
        analyse(p)
        out["in_game"].append(time.perf_counter() - t)
print(json.dumps(out))
"""


def run_worker(src: Path, data: Path) -> dict:
    code = WORKER.format(src=str(src), data=str(data))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


def row(name: str, base: list[float], new: list[float]) -> str:
    (base_med, base_p95, _), (new_med, new_p95, _) = summary(base), summary(new)
    ratio = statistics.median(n / b for n, b in zip(new, base, strict=True) if b > 0)
    return (f"{name:>10s} {len(base):6d} {base_med:9.3f} {new_med:9.3f} "
            f"{base_p95:9.3f} {new_p95:9.3f} {ratio:9.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--base", default="455460c", help="the commit to compare with")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    played = list(expert_games(args.games))
    data = {"first": [format_board(g.steps[-1]) for g in played],
            "games": [[format_board(p) for p in g.steps] for g in played]}
    with tempfile.TemporaryDirectory() as tmp:
        base_tree = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q",
                        str(base_tree), args.base], check=True)
        try:
            data_file = Path(tmp) / "positions.json"
            data_file.write_text(json.dumps(data))
            best: dict[str, dict[str, list[float]]] = {}
            totals: dict[str, list[str]] = {}
            for _ in range(args.rounds):
                for name, src in (("base", base_tree / "src"), ("new", ROOT / "src")):
                    result = run_worker(src, data_file)
                    totals[name] = result["totals"]
                    kept = best.setdefault(name, {})
                    for key in ("cold", "in_game"):
                        old = kept.get(key)
                        kept[key] = result[key] if old is None else list(
                            map(min, old, result[key]))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(base_tree)], check=True)
    same = totals["base"] == totals["new"]
    print(f"expert positions of {len(played)} seeded games; new = this tree, base = "
          f"{args.base}; fastest of {args.rounds} rounds per position (ms, wall)")
    print(f"{'positions':>10s} {'n':>6s} {'base med':>9s} {'new med':>9s} {'base p95':>9s} "
          f"{'new p95':>9s} {'new/base':>9s}")
    print(row("cold", best["base"]["cold"], best["new"]["cold"]))
    print(row("in-game", best["base"]["in_game"], best["new"]["in_game"]))
    print(f"same counts on every position: {'yes' if same else 'NO'}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
