"""Was a safer cell there? The risk each guess of ``best`` takes beyond the safest cell.

    python benchmarks/guess_risk.py [--level expert] [--rule safe] [--seed 121]
                                    [--games 0:24000] [--workers 2]

Replays games ``FIRST:END`` of a bench run of ``best --strength normal`` (the same games:
game i's layout depends only on the seed and i) and, before every guess after the first
click, analyses the position the player sees to find the lowest mine probability on the
board. Prints, by kind of guess (the heuristic ranking, the exact endgame, a forced
guess): the guesses, the games lost there, the mean probability taken, how many took a
cell more than 0.005 likelier to be a mine than the safest, the losses there, and that
extra risk summed per game.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor

from sweepkit.analysis import analyse
from sweepkit.bench.result import StrategySpec, game_seed, strategy_rng
from sweepkit.game import Game, Status
from sweepkit.moves import Basis, MoveKind
from sweepkit.play import Step, steps
from sweepkit.position import Position
from sweepkit.rules import FirstClick, level

KINDS = ("heuristic", "exact endgame", "forced guess", "isolated area")
MARGIN = 0.005
"""A guess is riskier than the safest cell when its probability exceeds it by this."""

Guess = tuple[str, float, float, bool]
"""A guess: its kind, its mine probability, the lowest on the board, whether it lost."""


def kind_of(note: str) -> str:
    """The kind of guess, read from its reason's note."""
    return next((k for k in KINDS[1:] if note.startswith(k)), KINDS[0])


def guesses(level_name: str, rule: str, seed: int, index: int) -> tuple[bool, list[Guess]]:
    """Game ``index`` of the run: whether it was won, and its guesses."""
    rules = level(level_name, rule)
    layout_seed = game_seed(seed, index)
    game = Game(rules, layout_seed)
    found: list[Guess] = []
    for view, step in _with_views(game, steps(game, StrategySpec("best").build(),
                                               rng=strategy_rng(layout_seed))):
        reason, action = step.decision.reason, step.decision.action
        if reason.guess and reason.basis is not Basis.FIRST and action.kind is MoveKind.REVEAL:
            probabilities = analyse(view).probabilities()
            found.append((kind_of(reason.note), probabilities[action.cell],
                          min(probabilities.values()), game.status is Status.LOST))
    return game.status is Status.WON, found


def _with_views(game: Game, moves: Iterator[Step]) -> Iterator[tuple[Position, Step]]:
    """Each step with the view the player had before it."""
    while True:
        view = game.view()
        step = next(moves, None)
        if step is None:
            return
        yield view, step


def _chunk(args: tuple[str, str, int, range]) -> list[tuple[bool, list[Guess]]]:
    level_name, rule, seed, indices = args
    return [guesses(level_name, rule, seed, i) for i in indices]


def table(results: Sequence[tuple[bool, list[Guess]]]) -> list[str]:
    """The printed table (Markdown) of the games' guesses, by kind."""
    games = len(results)
    rows = ["| guesses by kind | guesses | lost | mean p | riskier than the safest | "
            "lost there | extra risk a game |", "|---|---:|---:|---:|---:|---:|---:|"]
    for kind in KINDS:
        mine = [g for _won, gs in results for g in gs if g[0] == kind]
        if not mine:
            continue
        riskier = [g for g in mine if g[1] > g[2] + MARGIN]
        rows.append(
            f"| {kind} | {len(mine):,} | {sum(g[3] for g in mine):,} | "
            f"{sum(g[1] for g in mine) / len(mine):.3f} | {len(riskier):,} "
            f"({100 * len(riskier) / len(mine):.0f}%) | {sum(g[3] for g in riskier):,} | "
            f"{sum(g[1] - g[2] for g in riskier) / games:.4f} |")
    wins = sum(won for won, _ in results)
    rows.append(f"\n{games:,} games, {wins:,} won ({100 * wins / games:.2f}%)")
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--rule", default="safe", choices=[r.value for r in FirstClick])
    parser.add_argument("--seed", type=int, default=121)
    parser.add_argument("--games", default="0:2000", help="FIRST:END of the run's games")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    first, end = (int(x) for x in args.games.split(":"))
    size = max(1, (end - first) // (4 * args.workers))
    chunks = [(args.level, args.rule, args.seed, range(i, min(i + size, end)))
              for i in range(first, end, size)]
    with ProcessPoolExecutor(args.workers) as pool:
        results = [r for part in pool.map(_chunk, chunks) for r in part]
    print("\n".join(table(results)))


if __name__ == "__main__":
    main()
