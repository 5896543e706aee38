"""What the player of a lost game could have known: the position before the losing move,
and whether the death was forced (no covered cell was certainly safe then) or avoidable
(these cells were), said with the move that lost, at once."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.budget import SERVICE_TABLE, attempt, limits
from sweepkit.game import Game, Status
from sweepkit.moves import MoveKind
from sweepkit.position import Position

VERDICT_SECONDS = 2.0
"""The longest the verdict on a loss may analyse (left out, null, past it)."""


def before_loss(game: Game) -> Position:
    """A lost game's view (flags left out: they are claims) before the move that lost it:
    a copy of the game (one may be made once it is over) with that move taken back."""
    copy = deepcopy(game)
    copy.undo(loss=True)
    return copy.view(flags=False)


def loss_verdict(game: Game) -> dict[str, Any] | None:
    """For a lost game: ``forced`` (no covered cell was certainly safe before the losing
    move), the certainly safe cells then (``[row, col]``) and the losing cell's chance of a
    mine in that position (``chance``; null for a chord, which opens several); None for a
    game not lost, or past :data:`VERDICT_SECONDS`."""
    if game.status is not Status.LOST or not game.log:
        return None
    view = before_loss(game)
    last = game.log[-1]

    def judge() -> dict[str, Any]:
        with limits(table=SERVICE_TABLE):
            analysis = analyse(view)
            if not analysis.consistent:
                return {"forced": False, "safe": [], "chance": None}
            safe = sorted(analysis.safe_cells())
            chance = (analysis.probabilities().get(last.cell)
                      if last.kind is MoveKind.REVEAL else None)
        return {"forced": not safe, "safe": [list(view.coord(c)) for c in safe],
                "chance": chance}

    return attempt(VERDICT_SECONDS, judge)
