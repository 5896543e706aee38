"""A game review for the page (:mod:`sweepkit.bench.review`): every move's verdict in
words and numbers, the odds of each guess (before, after, and the chance the move lost
against ``best``'s, each with its 95% interval), the summary, the final layout, and the
replay frames (:func:`~sweepkit.web.replays.replay_frames`) so the page can draw the
board before any move without knowing the rules."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from sweepkit.bench.review import GameReview, MoveReview, RolloutProgress, WinChance, review_game
from sweepkit.bench.review.judge import Tolerances
from sweepkit.bench.review.odds import Difference
from sweepkit.game import GameRecord
from sweepkit.rules import Rules
from sweepkit.web.replays import replay_frames

CLASS_ORDER = ("certain", "best guess", "reasonable guess", "avoidable risk", "mistake",
               "neutral")
"""The verdicts in the order the page lists them."""


def _p(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def chance_json(chance: WinChance | None) -> dict[str, Any] | None:
    """A win chance: wins, games (layouts), rate and its 95% interval (Wilson; the rate
    itself when ``exact``: every layout played)."""
    if chance is None:
        return None
    low, high = chance.interval()
    return {"wins": chance.wins, "games": chance.games, "rate": chance.rate,
            "low": low, "high": high, "exact": chance.exact}


def difference_json(lost: Difference | None) -> dict[str, Any] | None:
    """A difference of win chances and its 95% interval."""
    return None if lost is None else {"value": lost.value, "low": lost.low, "high": lost.high}


def move_json(move: MoveReview, review: GameReview, rules: Rules) -> dict[str, Any]:
    """One move's verdict; cells as ``[row, col]``."""
    def at(cell: int | None) -> list[int] | None:
        return None if cell is None else list(rules.coord(cell))

    odds = review.odds.get(move.number)
    return {
        "number": move.number, "kind": str(move.kind), "cell": at(move.cell),
        "verdict": str(move.verdict), "note": move.note, "guess": move.guess,
        "forced": move.forced, "lost": move.lost, "probability": _p(move.probability),
        "risk": _p(move.risk), "safest": at(move.safest),
        "safest_probability": _p(move.safest_probability), "tolerance": move.tolerance,
        "safe_cells": [at(c) for c in move.safe_cells], "opens": [at(c) for c in move.opens],
        "win_before": chance_json(None if odds is None else odds.before),
        "win_after": chance_json(None if odds is None else odds.after),
        "win_lost": difference_json(None if odds is None else odds.lost),
        "layouts": None if odds is None else odds.pairs.layouts,
        "same": None if odds is None else odds.pairs.same,
        "settled": None if odds is None else odds.settled,
    }


def review_json(review: GameReview, tolerances: Tolerances) -> dict[str, Any]:
    """The whole review as the page shows it."""
    rules = review.record.rules
    summary = review.summary
    death = summary.death
    return {
        "rows": rules.rows, "cols": rules.cols, "mines": rules.mines,
        "status": str(review.status), "games": review.games, "target": review.target,
        "player": review.player.name, "seed": str(review.seed), "settled": review.settled,
        "rollouts": review.rollouts,
        "tolerances": {"best": tolerances.best, "reasonable": tolerances.reasonable},
        "mine_cells": [list(rules.coord(c)) for c in sorted(review.mines)],
        "moves": [move_json(m, review, rules) for m in review.moves],
        "summary": {
            "counts": {str(k): v for k, v in summary.counts.items()},
            "avoidable": list(summary.avoidable), "forced": list(summary.forced),
            "decided": summary.decided, "decided_why": summary.decided_why,
            "death": None if death is None else {
                "move": death.move, "risk": float(death.risk), "forced": death.forced,
                "safe_cells": [list(rules.coord(c)) for c in death.safe_cells]},
        },
        "replay": replay_frames(review.record),
    }


def run_review(record: GameRecord, seconds: float, games: int, target: float,
               tolerances: Tolerances, workers: int, progress: dict[str, Any]
               ) -> dict[str, Any]:
    """Review ``record`` (:func:`~sweepkit.bench.review.review_game`) in ``workers``
    processes, keeping ``progress`` up to date (``stage``, ``done``, ``total``: moves
    judged, then guesses settled; while rolling out ``games`` played, the ``widest`` ± of
    any chance so far and the ``target``), and give its JSON."""
    def report(stage: str, done: int, total: int, rolled: RolloutProgress | None) -> None:
        progress.update(stage=stage, done=done, total=total)
        if rolled is not None:
            progress.update(games=rolled.games, widest=rolled.widest, target=rolled.target)

    review = review_game(record, seconds=seconds, games=games, target=target,
                         tolerances=tolerances, workers=workers, progress=report)
    return review_json(review, tolerances)
