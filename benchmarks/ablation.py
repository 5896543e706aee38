"""The ablation of the ``best`` strategy: the win rate of each ingredient added in turn.

    python benchmarks/ablation.py [--games 3000] [--seed 41] [--level expert] [--rule safe]
                                  [--workers 2] [--db ablation.db] [--rows p,ps,...]

Every row plays the same games (game i's layout depends on the seed and i only), so each
row is compared with the one before it *game by game*: the difference and its 95% interval
come from the paired per-game differences (:func:`sweepkit.bench.stats.paired_difference`),
far narrower than the rows' own intervals. Runs go to the SQLite file ``--db``; a row whose
run (same strategy, options, rules, first click, games and seed) is already complete there
is read back instead of played again. Prints a Markdown table (``docs/results.md``).
"""

from __future__ import annotations

import argparse
from typing import Any

from sweepkit.bench.result import GameResult, StrategySpec
from sweepkit.bench.runner import RunSpec, run_games
from sweepkit.bench.stats import paired_difference, run_summary, wilson
from sweepkit.bench.store import Store
from sweepkit.rules import level
from sweepkit.strategies.best import recommended_first

OFF = {"fifty_fifty": False, "endgame": 0}
ALL = {"lookahead": 1_000_000}  # every class of tied cells looked at
ROWS: list[tuple[str, str, dict[str, Any]]] = [
    ("p", "P: lowest exact mine probability", {"guess": "p", **OFF}),
    ("ps", "+ S: among exact ties, the likeliest to make a cell certainly safe",
     {"guess": "ps", **ALL, **OFF}),
    ("pse", "+ E: then the most cells made certainly safe on average",
     {"guess": "pse", **ALL, **OFF}),
    ("5050", "+ forced guesses first", {"guess": "pse", **ALL, "endgame": 0}),
    ("two", "+ secondary safety: two-step survival within 10% of the safest (top 12 classes)",
     {"guess": "two-step", "lookahead": 12, "endgame": 0, "discount": 1.0}),
    ("disc", "+ the next guess discounted by 0.97 when the number makes no cell certain",
     {"guess": "two-step", "lookahead": 12, "endgame": 0, "discount": 0.97}),
    ("end1k", "+ exact endgame at 1,000 layouts: `--strength normal`", {"strength": "normal"}),
    ("end5k", "the exact endgame at 5,000 layouts and 5,000 states",
     {"strength": "normal", "endgame": 5000, "endgame_states": 5000}),
    ("pseudo", "`normal` with pseudo 50/50s guessed first (`strategies/best/experimental/owed.py`)",
     {"strength": "normal", "pseudo": True}),
    ("owed", "`normal` with pseudo 50/50s and the owed share weighed 0.5",
     {"strength": "normal", "pseudo": True, "owed": 0.5}),
    ("max", "`--strength max`: every class looked at, endgame at 20,000 layouts",
     {"strength": "max"}),
    ("fast", "`--strength fast`: S from the outcome counts, no look-ahead, no endgame",
     {"strength": "fast"}),
]


def played(store: Store, spec: RunSpec, workers: int) -> tuple[list[bool], float]:
    """Per-game wins (by index) and games per CPU-second of ``spec``, played or read back."""
    wanted = spec.as_dict()
    for run in reversed(store.runs()):
        same = (run.strategy, run.options, run.rows, run.cols, run.mines, run.rule, run.first,
                run.seed, run.games, run.no_guess)
        if run.status == "complete" and same == tuple(wanted[k] for k in (
                "strategy", "options", "rows", "cols", "mines", "rule", "first", "seed",
                "games", "no_guess")):
            results = store.game_results(run.id, with_record=False)
            break
    else:
        run_id = store.begin_run(wanted)

        def keep(batch: list[GameResult], run_id: int = run_id) -> None:
            store.add_games(run_id, batch)

        outcome = run_games(spec, workers=workers, on_results=keep)
        results = outcome.results
        store.finish_run(run_id, outcome.status, run_summary(results, outcome.wall_seconds))
    results.sort(key=lambda r: r.index)
    cpu = sum(r.cpu_seconds for r in results)
    return [r.won for r in results], len(results) / cpu if cpu else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--rule", default="safe")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--db", default="ablation.db")
    parser.add_argument("--rows", default=",".join(key for key, _, _ in ROWS),
                        help="comma-separated row keys: " + ", ".join(k for k, _, _ in ROWS))
    args = parser.parse_args()
    rules = level(args.level, args.rule)
    first = recommended_first(rules.rows, rules.cols, rules.first_click)
    keys = args.rows.split(",")
    print(f"{args.level}, rule {args.rule}, first click {first}, {args.games} games, "
          f"seed {args.seed}\n")
    print("| ingredient | options | wins [95% CI] | vs previous row (paired) | "
          "games / CPU-s |")
    print("|---|---|---|---|---:|")
    previous: list[bool] | None = None
    with Store(args.db) as store:
        for key, label, options in ROWS:
            if key not in keys:
                continue
            spec = RunSpec(StrategySpec("best", options, first), rules, args.games, args.seed,
                           args.level)
            wins, speed = played(store, spec, args.workers)
            lo, hi = wilson(sum(wins), len(wins))
            rate = sum(wins) / len(wins)
            versus = "—"
            if previous is not None and len(previous) == len(wins):
                d, dlo, dhi = paired_difference(previous, wins)
                versus = f"{100 * d:+.2f} [{100 * dlo:+.2f}, {100 * dhi:+.2f}] points"
            shown = ", ".join(f"{k}={v}" for k, v in options.items())
            print(f"| {label} | `{shown}` | {100 * rate:.2f}% [{100 * lo:.2f}, {100 * hi:.2f}] "
                  f"| {versus} | {speed:.1f} |", flush=True)
            previous = wins


if __name__ == "__main__":
    main()
