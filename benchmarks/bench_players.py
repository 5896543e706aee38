"""Benchmark of the players: games per CPU-second of every strategy at every level.

Run: ``python benchmarks/bench_players.py [--games N] [--seed S] [--strategy NAME ...]``.
Each row plays N seeded games in this process (the same games for every strategy:
game i's layout depends on the seed and i only) and prints the median CPU time per
game, games per CPU-second, the win rate and its ratio of speed to ``random``, the floor
measured in the same process. It also prints the per-move cost of ``exact`` in long
games: the CPU time of each turn against the turn's number, so a cost that grows with
the game shows (the strategy reuses components a move did not touch).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from sweepkit.bench.result import StrategySpec, game_seed, play_game
from sweepkit.game import Game
from sweepkit.play import play
from sweepkit.rules import level
from sweepkit.strategies import STRATEGIES, make_strategy

LEVELS = ("pedersen-beginner", "beginner", "intermediate", "expert")
SLOW = {"random": 1}
"""Strategies that are not worth many games (a random player dies at once)."""


def time_strategy(name: str, level_name: str, games: int, seed: int) -> dict[str, float]:
    rules = level(level_name)
    spec = StrategySpec(name)
    times = []
    wins = 0
    for i in range(games):
        result = play_game(rules, spec, seed, i)
        times.append(result.cpu_seconds)
        wins += result.won
    total = sum(times)
    return {"median_ms": statistics.median(times) * 1000, "per_cpu_s": games / total,
            "win_rate": wins / games}


def per_turn_cost(games: int, seed: int) -> list[tuple[str, float, int]]:
    """Median CPU time of the turns of ``exact`` on expert, by turn number bucket."""
    buckets: dict[int, list[float]] = {}
    for i in range(games):
        game = Game(level("expert"), game_seed(seed, i))
        strategy = make_strategy("exact")
        turn = 0
        real = strategy.moves

        def timed(view, rng, real=real):
            nonlocal turn
            started = time.process_time()
            decisions = real(view, rng)
            buckets.setdefault(min(turn // 10, 6), []).append(time.process_time() - started)
            turn += 1
            return decisions

        strategy.moves = timed  # type: ignore[method-assign]
        play(game, strategy, rng=random.Random(i))
    rows = []
    for bucket in sorted(buckets):
        label = f"{bucket * 10}-{bucket * 10 + 9}" if bucket < 6 else "60+"
        rows.append((label, statistics.median(buckets[bucket]) * 1000, len(buckets[bucket])))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strategy", nargs="*", default=sorted(STRATEGIES))
    args = parser.parse_args()
    print(f"{'strategy':<22}{'level':<19}{'median ms/game':>15}{'games/CPU-s':>13}"
          f"{'win rate':>10}{'speed vs random':>17}")
    for level_name in LEVELS:
        floor = time_strategy("random", level_name, args.games, args.seed)
        for name in args.strategy:
            games = args.games * SLOW.get(name, 1)
            row = floor if name == "random" else time_strategy(name, level_name, games,
                                                              args.seed)
            print(f"{name:<22}{level_name:<19}{row['median_ms']:>15.2f}{row['per_cpu_s']:>13.1f}"
                  f"{row['win_rate']:>10.1%}{row['per_cpu_s'] / floor['per_cpu_s']:>17.3f}")
    print()
    print("exact on expert: CPU time per turn by turn number (median)")
    print(f"{'turns':<10}{'median ms':>10}{'turns seen':>12}")
    for label, ms, n in per_turn_cost(max(20, args.games // 5), args.seed):
        print(f"{label:<10}{ms:>10.3f}{n:>12}")


if __name__ == "__main__":
    main()
