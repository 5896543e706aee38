"""How long a game review takes to reach its precision, and whether it gives the same
numbers twice.

    python benchmarks/bench_review.py [--seconds 90] [--target 0.05] [--games 2000]
                                      [--workers 2] [--budget normal] [--once]
                                      [--only NAME ...]

Reviews a few expert games that were lost (:func:`sweepkit.bench.review.review_game`, the
web app's defaults unless told), each twice, and prints per game: its moves and guesses
(how many of them exact: every layout played), the games rolled out and the layouts per
guess (median, most), the widest 95% interval (±, in points) of the chances before and
after any guess and of the difference (the chance the move lost against ``best``'s own),
whether every guess reached the target, the wall seconds, the CPU seconds of the rollouts
(all worker processes) and of this process, and whether the second review gave the same
numbers as the first. ``--budget`` sets the budget of the ``best`` that plays the rollouts
(``fast`` to measure the cheaper player; the reviews use ``normal``).

The games (seeded, the same on every run):

- ``careless-N``: ``best`` plays an expert game (opening rule) but every N-th turn clicks a
  covered cell at random instead, until it loses: random clicks, avoidable risks and
  forced guesses mixed, as a careless player's game;
- ``random``: after the first click, covered cells at random until a mine (few guesses,
  from wide-open positions);
- ``staged``: an expert game (safe rule) lost by ``staged``, a weaker strategy;
- ``best``: an expert game lost by ``best`` itself (every guess its own move, so after =
  before on every layout and each guess plays one game a layout).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from sweepkit.bench.result import StrategySpec
from sweepkit.bench.review import GameReview, review_game
from sweepkit.bench.review.odds import BEST
from sweepkit.bench.review.rollouts import DEFAULT_TARGET
from sweepkit.game import Game, GameRecord, Status
from sweepkit.moves import Action
from sweepkit.play import play
from sweepkit.position import UNKNOWN
from sweepkit.rules import level
from sweepkit.strategies import make_strategy


def careless(every: int, seed: int) -> GameRecord:
    """``best`` playing expert games (opening rule) from ``seed`` on, every ``every``-th
    turn a random covered cell instead; the first game lost."""
    for s in range(seed, seed + 100):
        game = Game(level("expert", "opening"), s)
        best = make_strategy("best")
        rng = random.Random(s)
        best.start(game.view())
        turn = 0
        while not game.over:
            turn += 1
            if turn % every == 0:
                view = game.view()
                covered = [i for i, v in enumerate(view.cells) if v == UNKNOWN]
                game.play(Action.reveal(rng.choice(covered)))
                continue
            for decision in best.moves(game.view(), rng):
                if game.over:
                    break
                game.play(decision.action, decision.reason)
        if game.status is Status.LOST:
            return game.record()
    raise RuntimeError("no lost game")


def random_clicks(seed: int) -> GameRecord:
    """The first click at (8, 15) of an expert game (opening rule), then covered cells at
    random until a mine."""
    game = Game(level("expert", "opening"), seed)
    game.reveal(8, 15)
    rng = random.Random(seed)
    while not game.over:
        covered = [i for i, v in enumerate(game.view().cells) if v == UNKNOWN]
        game.play(Action.reveal(rng.choice(covered)))
    return game.record()


def lost_by(name: str, seed: int) -> GameRecord:
    """The first expert game (safe rule) from ``seed`` on that strategy ``name`` loses."""
    for s in range(seed, seed + 100):
        game = Game(level("expert"), s)
        play(game, make_strategy(name), rng=random.Random(s))
        if game.status is Status.LOST:
            return game.record()
    raise RuntimeError(f"{name} lost no game")


GAMES: dict[str, Callable[[], GameRecord]] = {
    "careless-2": lambda: careless(2, 1),
    "careless-3": lambda: careless(3, 3),
    "random": lambda: random_clicks(2),
    "staged": lambda: lost_by("staged", 1),
    "best": lambda: lost_by("best", 9),
}


def numbers(review: GameReview) -> list[tuple[int, tuple[int, ...], bool]]:
    """What must be equal between two reviews of a game: every guess's outcomes."""
    return [(n, (o.pairs.both, o.pairs.before_only, o.pairs.after_only, o.pairs.neither,
                 o.pairs.same), o.exact) for n, o in sorted(review.odds.items())]


def measure(record: GameRecord, args: argparse.Namespace) -> tuple[GameReview, float, float]:
    """One review: the review, its wall seconds and this process's CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    player = BEST if args.budget == "normal" else StrategySpec("best", options={
        "budget": args.budget})
    review = review_game(record, seconds=args.seconds, games=args.games, target=args.target,
                         workers=args.workers, strategy=player)
    return review, time.perf_counter() - wall, time.process_time() - cpu


def row(name: str, record: GameRecord, args: argparse.Namespace) -> list[str]:
    review, wall, cpu = measure(record, args)
    odds = list(review.odds.values())
    layouts = [o.pairs.layouts for o in odds] or [0]
    widest = max((max(o.before.half_width(), o.after.half_width()) for o in odds), default=0.0)
    lost = max(((o.lost.high - o.lost.low) / 2 for o in odds), default=0.0)
    same = "-"
    if not args.once:
        again, *_ = measure(record, args)
        same = "yes" if numbers(again) == numbers(review) else "NO"
    return [name, str(len(record.log)), f"{len(odds)} ({sum(o.exact for o in odds)})",
            f"{review.rollouts:,}", f"{statistics.median(layouts):.0f} / {max(layouts)}",
            f"±{100 * widest:.1f}", f"±{100 * lost:.1f}",
            "yes" if review.settled else "no", f"{wall:.1f}", f"{review.cpu_seconds:.1f}",
            f"{cpu:.1f}", same]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--target", type=float, default=DEFAULT_TARGET)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--budget", default="normal", help="best's budget in the rollouts")
    parser.add_argument("--once", action="store_true", help="review each game once")
    parser.add_argument("--only", nargs="+", choices=sorted(GAMES), default=list(GAMES))
    args = parser.parse_args()
    head = ["game", "moves", "guesses (exact)", "games rolled", "layouts/guess med / max",
            "widest before/after", "widest lost", "target reached", "wall s",
            "CPU s rollouts", "CPU s here", "same twice"]
    print(f"target ±{100 * args.target:g} points, at most {args.seconds:g} s and "
          f"{args.games} layouts a guess, {args.workers} worker(s), best --budget "
          f"{args.budget}\n")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for name in args.only:
        print("| " + " | ".join(row(name, GAMES[name](), args)) + " |", flush=True)


if __name__ == "__main__":
    main()
