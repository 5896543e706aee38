"""Would deciding guesses by rollouts beat the ``best`` heuristic? Measured on its own guesses.

    python benchmarks/rollout_regret.py [--level intermediate] [--rule safe] [--games 150]
                                        [--seed 7] [--top 4] [--layouts 300] [--workers 2]
                                        [--out regret.jsonl]

Plays ``--games`` games of ``best --strength normal`` and keeps every position where the
heuristic ranking chose the guess (not the exact endgame, not a forced guess) among at
least two candidates. For each, the ``--top`` best-ranked guesses are played on the same
``--layouts`` layouts drawn from the position, and ``best`` plays each game to its end
(:mod:`sweepkit.bench.rollout`). Prints, over the positions:

- each runner-up's win rate minus the heuristic's choice (paired, per position, then
  averaged with a 95% interval): negative when the ranking agrees with the games;
- a **rollout chooser**: the guess that wins most on half the layouts, scored on the other
  half (and the halves swapped), minus the heuristic's choice: what deciding by that many
  rollouts would gain, without the bias of scoring the winner on the games that chose it;
- the in-sample best minus the heuristic's choice (biased upwards: a bound, not a gain).

``--out`` keeps each position's per-layout results and the settings (JSON lines; an
existing file with the same settings is read back and extended, so a stopped run resumes,
and ``--positions FIRST:END`` lets two processes share one run).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sweepkit.analysis.board.probability import Analysis
from sweepkit.bench.result import StrategySpec, game_seed, strategy_rng
from sweepkit.bench.rollout import rollout
from sweepkit.bench.stats import mean_ci
from sweepkit.game import Game
from sweepkit.play import play
from sweepkit.position import Position
from sweepkit.rules import Rules, level
from sweepkit.strategies.best import BestStrategy, Considered, recommended_first


class _Recorder(BestStrategy):
    """``best`` that keeps the positions its heuristic ranking decided, with the top
    guesses (every guess looked at is ranked: :attr:`BestStrategy.full_ranking`)."""

    full_ranking = True

    def __init__(self, *args: Any, top: int, found: list[tuple[Position, list[int]]],
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.top, self.found = top, found

    def consider(self, analysis: Analysis, rng: random.Random,
                 alternatives: bool = False) -> Considered:
        considered = super().consider(analysis, rng, alternatives)
        if considered.step == self.options.guess and len(considered.ranked) >= 2:
            self.found.append((analysis.position,
                               [r.candidate.cell for r in considered.ranked[:self.top]]))
        return considered


def positions(rules: Rules, games: int, seed: int, top: int
              ) -> list[tuple[Position, list[int]]]:
    """The positions the heuristic decided in ``games`` games, with their top guesses."""
    found: list[tuple[Position, list[int]]] = []
    first = recommended_first(rules.rows, rules.cols, rules.first_click)
    for index in range(games):
        layout_seed = game_seed(seed, index)
        play(Game(rules, layout_seed), _Recorder(first, top=top, found=found),
             rng=strategy_rng(layout_seed))
    return found


def _rate(won: str, idx: Sequence[int]) -> float:
    return sum(won[i] == "1" for i in idx) / len(idx)


def _mean_ci(values: Sequence[float]) -> str:
    """The mean in points with its 95% interval (:func:`sweepkit.bench.stats.mean_ci`)."""
    mean = sum(values) / len(values)
    lo, hi = mean_ci(values) or (mean, mean)
    return f"{100 * mean:+.2f} [{100 * lo:+.2f}, {100 * hi:+.2f}]"


def table(records: list[dict[str, Any]]) -> list[str]:
    """The Markdown table of the module doc."""
    ranks: dict[int, list[float]] = {}
    chooser: list[float] = []
    oracle: list[float] = []
    for rec in records:
        won = rec["won"]
        every = range(len(won[0]))
        for j in range(1, len(won)):
            ranks.setdefault(j, []).append(_rate(won[j], every) - _rate(won[0], every))
        halves = (range(0, len(every), 2), range(1, len(every), 2))
        for pick, score in (halves, halves[::-1]):
            j = max(range(len(won)), key=lambda k: (_rate(won[k], pick), -k))
            chooser.append(_rate(won[j], score) - _rate(won[0], score))
        oracle.append(max(_rate(w, every) for w in won) - _rate(won[0], every))
    lines = ["| compared with the heuristic's choice | positions | points [95% CI] |",
             "|---|---:|---|"]
    for j, values in sorted(ranks.items()):
        lines.append(f"| its runner-up number {j} | {len(values)} | {_mean_ci(values)} |")
    lines.append(f"| the rollout chooser (half the layouts choose, half score) | "
                 f"{len(records)} | {_mean_ci(chooser)} |")
    lines.append(f"| the in-sample best (biased upwards) | {len(records)} | "
                 f"{_mean_ci(oracle)} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="intermediate")
    parser.add_argument("--rule", default="safe")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--top", type=int, default=4)
    parser.add_argument("--layouts", type=int, default=300)
    parser.add_argument("--positions", default=":",
                        help="which positions to roll out, FIRST:END (0-based, END "
                        "excluded); two processes can split a run this way")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("rollout_regret.jsonl"))
    args = parser.parse_args()
    settings = {"level": args.level, "rule": args.rule, "games": args.games,
                "seed": args.seed, "top": args.top, "layouts": args.layouts}
    base = level(args.level)
    rules = Rules.of_shape(base.shape, base.mines, args.rule)
    found = positions(rules, args.games, args.seed, args.top)
    first_text, _, end_text = args.positions.partition(":")
    wanted = range(int(first_text or 0), min(int(end_text or len(found)), len(found)))
    done: dict[int, dict[str, Any]] = {}
    if args.out.exists():
        for line in args.out.read_text().splitlines():
            record = json.loads(line)
            if record.get("settings", settings) != settings:
                raise SystemExit(f"{args.out} holds rollouts made with {record['settings']}, "
                                 f"not {settings}: give another --out")
            done[record["k"]] = record
    spec = StrategySpec("best", {"strength": "normal"})
    with args.out.open("a") as out:
        for k in wanted:
            if k in done:
                continue
            position, moves = found[k]
            result = rollout(position, moves, spec, args.layouts, 1000 + k,
                             workers=args.workers)
            record = {"k": k, "settings": settings, "moves": moves,
                      "cpu_seconds": result.cpu_seconds,
                      "won": ["".join("1" if w else "0" for w in m.won)
                              for m in result.moves]}
            done[k] = record
            out.write(json.dumps(record) + "\n")
            out.flush()
            print(f"position {k + 1} of {len(found)}: wins {[m.wins for m in result.moves]}",
                  flush=True)
    print(f"\n{args.level}, rule {args.rule}: {len(found)} guesses decided by the heuristic "
          f"in {args.games} games (seed {args.seed}), {len(done)} rolled out, top "
          f"{args.top}, {args.layouts} layouts each\n")
    print("\n".join(table([done[k] for k in sorted(done)])))


if __name__ == "__main__":
    main()
