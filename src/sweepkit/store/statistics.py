"""A player's statistics, as the best Minesweeper apps keep them: per board (level, or
size for a custom one), first-click rule and no-guess or not, and within each for all
games, flag games and NF games (no flag placed): played, won, win rate, current and best
streak of wins, best and average time, best 3BV/s and best efficiency.

Honest records: the times, 3BV/s and efficiency come from unassisted wins only (no hint,
no overlay, no undo, no restart of a seen board, no move by the computer); games played
and won, and the streaks, count every game, assisted ones included, so the totals are the
totals.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sweepkit.store.played import GameBook, GameFilter

STYLES = ("all", "flag", "nf")
"""The ways a game can have been played: any, with at least one flag, with none (NF)."""


@dataclass
class Tally:
    """The figures of one group of games (see the module doc)."""

    played: int = 0
    won: int = 0
    assisted: int = 0
    streak: int = 0
    best_streak: int = 0
    best_time: float | None = None
    time_sum: float = 0.0
    timed: int = 0
    best_3bv_s: float | None = None
    best_efficiency: float | None = None

    def add(self, won: bool, assisted: bool, seconds: float, three_bv: int,
            effective: int) -> None:
        self.played += 1
        self.won += won
        self.assisted += assisted
        self.streak = self.streak + 1 if won else 0
        self.best_streak = max(self.best_streak, self.streak)
        if won and not assisted:
            self.timed += 1
            self.time_sum += seconds
            self.best_time = seconds if self.best_time is None else min(self.best_time, seconds)
            if seconds > 0:
                speed = three_bv / seconds
                self.best_3bv_s = speed if self.best_3bv_s is None else max(self.best_3bv_s,
                                                                            speed)
            if effective:
                efficiency = three_bv / effective
                self.best_efficiency = (efficiency if self.best_efficiency is None
                                        else max(self.best_efficiency, efficiency))

    def as_json(self) -> dict[str, Any]:
        return {
            "played": self.played, "won": self.won, "assisted": self.assisted,
            "win_rate": self.won / self.played if self.played else None,
            "current_streak": self.streak, "best_streak": self.best_streak,
            "best_time": self.best_time,
            "average_time": self.time_sum / self.timed if self.timed else None,
            "best_3bv_s": self.best_3bv_s, "best_efficiency": self.best_efficiency,
        }


def board_name(level: str | None, rows: int, cols: int, mines: int) -> str:
    """A level's name, or ``RxC/M`` for a custom board."""
    return level if level is not None else f"{rows}x{cols}/{mines}"


def statistics_by_board(book: GameBook, player: str) -> list[dict[str, Any]]:
    """The player's statistics: one entry per board, rule and no-guess setting, each with
    a :class:`Tally` for every style of :data:`STYLES`; boards in the order first played.

    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as tmp, GameBook(Path(tmp) / "s.db") as book:
    ...     statistics_by_board(book, "nobody")
    []
    """
    groups: dict[tuple[str, str, bool], dict[str, Tally]] = defaultdict(
        lambda: {style: Tally() for style in STYLES})
    for (level, rows, cols, mines, rule, no_guess, flagged, assisted, won, seconds,
         three_bv, _solved, effective) in book.results(GameFilter(player=player)):
        tallies = groups[(board_name(level, rows, cols, mines), rule, bool(no_guess))]
        for style in ("all", "flag" if flagged else "nf"):
            tallies[style].add(bool(won), bool(assisted), seconds, three_bv, effective)
    return [{"board": board, "rule": rule, "no_guess": no_guess,
             **{style: tally.as_json() for style, tally in tallies.items()}}
            for (board, rule, no_guess), tallies in groups.items()]
