"""The figures players compare a finished game by: time, 3BV, ZiNi, 3BV/s, clicks,
efficiency, IOE, correctness, throughput and RQP, as the community's clients (Arbiter,
Minesweeper X, minesweeper.online) report them.

A lost game is measured by the part of the 3BV it solved (:meth:`Game.three_bv_solved`).
The definitions, with *solved* the 3BV done and *time* in seconds:

- 3BV/s = solved / time: speed in board value;
- efficiency = solved / effective clicks (clicks that changed something), as a fraction
  (1.0 is a perfect game without flags; chording can push it above 1);
- IOE (index of efficiency) = solved / all clicks, wasted ones included;
- correctness = effective clicks / all clicks: the share of clicks that changed something;
- throughput = solved / effective clicks, the community's name for the efficiency above
  (so IOE = correctness x throughput);
- ZiNi: the board's clicks with flags and chords, by the greedy algorithm of
  :mod:`sweepkit.zini` (the whole board's, like the 3BV, in a lost game too);
- RQP (rapport qualité prix) = time / 3BV/s = time² / solved: lower is better, and it
  weighs time twice, so a fast game on an easy board does not beat a fast one on a hard
  board.

A figure that would divide by zero (no time yet, no click, nothing solved) is ``None``.

A game's *time* is one number everywhere: :func:`game_time`, the game's clock rounded to
the hundredth of a second, is what the figures hold, the store keeps, the statistics show
and the play page's clock stops on (it shows it as given, never rounding it again).
"""

from __future__ import annotations

from dataclasses import dataclass

from sweepkit.game import ClickCounts, Game


def game_time(seconds: float) -> float:
    """A finished game's time as it is shown and stored: the seconds rounded to the
    nearest hundredth (so 4.7459 s is 4.75 s everywhere: on the clock, in the figures and
    in the statistics).

    >>> game_time(4.7459), game_time(4.7449), game_time(0.0)
    (4.75, 4.74, 0.0)
    """
    return round(seconds, 2)


@dataclass(frozen=True)
class Figures:
    """The figures of a finished game (see the module doc for their definitions)."""

    time: float
    three_bv: int
    three_bv_solved: int
    clicks: ClickCounts
    flagged: bool
    """Whether a flag was placed at any time (a game without one is "NF", no flags)."""
    zini: int | None = None
    """The board's greedy ZiNi (``None`` where it was not worked out: a stored game's row)."""

    @property
    def three_bv_per_s(self) -> float | None:
        return self.three_bv_solved / self.time if self.time > 0 else None

    @property
    def efficiency(self) -> float | None:
        effective = self.clicks.effective
        return self.three_bv_solved / effective if effective else None

    @property
    def ioe(self) -> float | None:
        total = self.clicks.total
        return self.three_bv_solved / total if total else None

    @property
    def correctness(self) -> float | None:
        total = self.clicks.total
        return self.clicks.effective / total if total else None

    @property
    def throughput(self) -> float | None:
        return self.efficiency

    @property
    def rqp(self) -> float | None:
        return self.time ** 2 / self.three_bv_solved if self.three_bv_solved else None

    def as_json(self) -> dict[str, object]:
        """Plain JSON data, every figure included."""
        c = self.clicks
        return {
            "time": self.time, "three_bv": self.three_bv,
            "three_bv_solved": self.three_bv_solved, "three_bv_per_s": self.three_bv_per_s,
            "clicks": {"left": c.left, "right": c.right, "chord": c.chord, "wasted": c.wasted},
            "efficiency": self.efficiency, "ioe": self.ioe, "rqp": self.rqp,
            "correctness": self.correctness, "throughput": self.throughput,
            "zini": self.zini, "flagged": self.flagged,
        }


def game_figures(game: Game) -> Figures:
    """The figures of a finished game (HiddenLayoutError while it is on: the 3BV tells
    about the layout).

    >>> from sweepkit.position import Position
    >>> game = Game.from_layout(Position.from_rows(["*1.."]))
    >>> _ = game.reveal(0, 3)
    >>> f = game_figures(game)
    >>> f.three_bv, f.zini, f.three_bv_solved, f.clicks.left, f.efficiency, f.flagged
    (1, 1, 1, 1, 1.0, False)
    """
    clicks = game.clicks
    return Figures(
        time=game_time(game.elapsed),
        three_bv=game.three_bv(),
        three_bv_solved=game.three_bv_solved(),
        clicks=ClickCounts(clicks.left, clicks.right, clicks.chord, clicks.wasted),
        flagged=game.flagged,
        zini=game.zini(),
    )
