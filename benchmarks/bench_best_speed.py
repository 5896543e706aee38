"""Games per CPU-second of ``best`` (default strength, expert): this tree against an older
commit, in one run.

Run: ``python benchmarks/bench_best_speed.py [--base REF] [--games N] [--seed S]
[--rounds R] [--level L] [--rule R] [--strength S] [--option KEY=VALUE ...]``. The base is
exported from git (``git archive REF``) into a temporary folder; each round runs one fresh
worker process per variant, alternating (base, new, base, new, ...), so both see the same
machine load. A worker imports ``sweepkit`` from its variant's ``src`` and plays games
``0..N-1`` of seed ``S`` exactly as ``sweepkit bench --workers 1`` does
(:func:`sweepkit.bench.result.play_game`: the same layouts, strategy RNG and first
click; ``--rule`` is the first-click rule as ``sweepkit bench --rule`` takes it: ``safe``,
the classic game, or ``opening``, the modern one), timing each game in CPU time
(``time.process_time``, as the bench does; imports and start-up are not counted). The
table shows each round's games per CPU-second and the medians over the rounds, with the
median of the rounds' own ratios (the two runs of a round side by side: steadier when the
machine's load drifts), and checks that both variants played the very same games (a
sha256 of every game's record).

With ``--option`` (read as ``sweepkit bench --option`` reads it) the new variant plays
with those options on top of the strength, to time an option against the same tree
(``--base HEAD``): its games may then differ, and the table says so instead of failing.

The default base, ``989bbfc``, is ``best`` without its speed-ups: the same moves, measured
against in ``docs/results.md``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from sweepkit.cli.bench_cmds import parse_options

ROOT = Path(__file__).resolve().parent.parent

WORKER = """
import hashlib, json, sys
sys.path.insert(0, {src!r})
from sweepkit.bench.result import StrategySpec, play_game
from sweepkit.rules import level
from sweepkit.strategies import default_first
rules = level({level!r}, {rule!r})
first = default_first("best", rules.rows, rules.cols, rules.first_click)
# the preset under ``budget``, the name every base commit reads (this tree reads that
# deprecated name as ``strength``)
spec = StrategySpec("best", {{"budget": {strength!r}, **{options!r}}}, first=first)
digest = hashlib.sha256()
cpu = wins = 0
for i in range({games}):
    r = play_game(rules, spec, {seed}, i)
    cpu += r.cpu_seconds
    wins += r.won
    digest.update(r.record.encode())
print(json.dumps({{"cpu": cpu, "wins": wins, "sha256": digest.hexdigest()}}))
"""


def run_worker(src: Path, args: argparse.Namespace, options: dict | None = None) -> dict:
    """One worker's CPU seconds, wins and record hash over the games."""
    code = WORKER.format(src=str(src), level=args.level, rule=args.rule,
                         strength=args.strength,
                         games=args.games, seed=args.seed, options=options or {})
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--base", default="989bbfc", help="the commit to compare with")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=3500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--rule", default="safe", help="the first-click rule (safe, opening)")
    parser.add_argument("--strength", default="normal")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="an option of the new variant (repeatable)")
    args = parser.parse_args()
    options = parse_options(args.option)  # as `sweepkit bench --option` reads them
    speeds: dict[str, list[float]] = {"base": [], "new": []}
    found: dict[str, set[tuple[int, str]]] = {"base": set(), "new": set()}
    with tempfile.TemporaryDirectory() as tmp:
        base_tree = Path(tmp) / "base"
        base_tree.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.base, "src"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(base_tree)], input=archive, check=True)
        for n in range(args.rounds):
            for name, src in (("base", base_tree / "src"), ("new", ROOT / "src")):
                result = run_worker(src, args, options if name == "new" else None)
                speeds[name].append(args.games / result["cpu"])
                found[name].add((result["wins"], result["sha256"]))
                print(f"round {n + 1} {name:>4s}: {speeds[name][-1]:6.2f} games/CPU-s",
                      file=sys.stderr, flush=True)
    print(f"best --strength {args.strength}, {args.level} ({args.rule}), games "
          f"0-{args.games - 1} of seed {args.seed}; new = this tree"
          f"{' with ' + ', '.join(args.option) if options else ''}"
          f", base = {args.base}; games per CPU-second, {args.rounds} rounds")
    print(f"{'variant':>8s} " + " ".join(f"{'round ' + str(i + 1):>8s}"
                                         for i in range(args.rounds)) + f" {'median':>8s}")
    for name in ("base", "new"):
        print(f"{name:>8s} " + " ".join(f"{s:8.2f}" for s in speeds[name])
              + f" {statistics.median(speeds[name]):8.2f}")
    ratio = statistics.median(speeds["new"]) / statistics.median(speeds["base"])
    paired = statistics.median(n / b for n, b in zip(speeds["new"], speeds["base"], strict=True))
    print(f"new/base (medians): {ratio:.2f}x; median of the rounds' ratios: {paired:.2f}x")
    same = len(found["base"]) == 1 and found["base"] == found["new"]
    wins = next(iter(found["new"]))[0]
    print(f"same games (record sha256) in every run: {'yes' if same else 'NO'}; "
          f"wins {wins} of {args.games}")
    if not same and not options:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
