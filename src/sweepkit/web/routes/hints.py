"""Help on a game under way: the hint (the move to make, why, in words, and the
runners-up), the probability overlay, and a move made by the computer, all from the
player's view only (flags are the player's claims, so the analysis leaves them out).
Each is recorded on the game as an assist: an assisted game keeps out of the best
times."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi import APIRouter, HTTPException

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.budget import SERVICE_TABLE, AnalysisLimit, attempt, limits
from sweepkit.analysis.reasons.explain import explain
from sweepkit.game import Status
from sweepkit.moves import MoveKind
from sweepkit.position import MINE, Position
from sweepkit.serialize import hint_json
from sweepkit.strategies.hint import Hint, hint
from sweepkit.web.deps import Key, Live, check_owner, find, locked
from sweepkit.web.live import LiveGame
from sweepkit.web.loss import before_loss
from sweepkit.web.persist import LiveGames

router = APIRouter(prefix="/api", tags=["hints"])

HINT_SECONDS = 5.0
"""The longest a hint may analyse before it is refused (one position must never hold a
server thread for long)."""

REASON_SECONDS = 2.0
"""The longest the overlay looks for the reasons of its certain cells (left out past it)."""


@contextmanager
def helped(live: LiveGames, game_id: str, key: str | None) -> Iterator[LiveGame]:
    """The game, held by its lock for one hint, overlay or computer move; 409 at once
    while another is being worked out for it. Queued on the game's lock, each would hold
    a server thread for its whole analysis: a burst of hints could stall every page."""
    game = find(live, game_id)
    check_owner(game, key)
    if not game.helping.acquire(blocking=False):
        raise HTTPException(409, "a hint or move for this game is still being worked out: "
                                 "wait for it")
    try:
        with locked(live, game_id, key=key, quick=False) as held:
            yield held
    finally:
        game.helping.release()


def checked(game: LiveGame, what: str, *, after_loss: bool = False) -> Position:
    """The view to analyse (flags left out: they are claims); 409 when the game is over,
    not started or paused. With ``after_loss``, a lost game's view is the one before its
    losing move: what the player saw when the fatal cell was chosen (the hint and the
    overlay on a lost position, to learn from it)."""
    if game.game.over:
        if after_loss and game.game.status is Status.LOST:
            return before_loss(game.game)
        raise HTTPException(409, f"the game is over: no {what} needed")
    if not game.game.log:
        raise HTTPException(409, "make the first click first: any cell is as good")
    if game.clock.paused:
        raise HTTPException(409, "the game is paused: resume it first")
    return game.game.view(flags=False)


def best_move(view: Position) -> Hint:
    """The hint for a view under the budget; 422 when there is none in time."""
    try:
        with limits(seconds=HINT_SECONDS, table=SERVICE_TABLE):
            return hint(view)
    except (AnalysisLimit, ValueError) as exc:
        raise HTTPException(422, f"no hint: {exc}") from None


@router.post("/games/{game_id}/hint")
def game_hint(game_id: str, live: Live, key: Key = None) -> dict[str, Any]:
    """The hint for the game's position now; recorded as an assist. On a lost game, the
    hint for the position before its losing move (the game is over: no assist)."""
    with helped(live, game_id, key) as game:
        view = checked(game, "hint", after_loss=True)
        found = best_move(view)
        if not game.game.over:
            game.assist("hint")
        return {"hint": hint_json(found, view), "assists": dict(game.assists),
                "seq": game.seq + len(game.pending)}


@router.post("/games/{game_id}/overlay")
def overlay(game_id: str, live: Live, key: Key = None) -> dict[str, Any]:
    """Every covered cell's mine probability now (the heat map), as ``[index, p]``
    pairs, with the certain safe cells and mines and, for each of those, the reason in
    words (``reasons``: ``[index, sentence]``, left out past their own share of the
    budget); recorded as an assist. On a lost game, the overlay of the position before its
    losing move (no assist: the game is over)."""
    with helped(live, game_id, key) as game:
        view = checked(game, "overlay", after_loss=True)
        try:
            with limits(seconds=HINT_SECONDS, table=SERVICE_TABLE):
                analysis = analyse(view)
                chances = analysis.probabilities() if analysis.consistent else {}
        except AnalysisLimit as exc:
            raise HTTPException(422, f"no overlay: {exc}") from None
        found = attempt(REASON_SECONDS, lambda: explain(view, analysis=analysis))
        reasons = [[e.cell, e.sentence] for e in found or ()]
        if not game.game.over:
            game.assist("overlay")
        return {"probabilities": [[i, p] for i, p in sorted(chances.items())],
                "safe": sorted(analysis.safe_cells()) if analysis.consistent else [],
                "mines": sorted(analysis.mine_cells()) if analysis.consistent else [],
                "reasons": reasons, "assists": dict(game.assists),
                "seq": game.seq + len(game.pending)}


@router.post("/games/{game_id}/computer")
def computer_move(game_id: str, live: Live, key: Key = None) -> dict[str, Any]:
    """Let the computer make the next move (the hint's); recorded as an assist. The
    reply is a move's, with the hint that chose it."""
    with helped(live, game_id, key) as game:
        view = checked(game, "move")
        found = best_move(view)
        game.assist("computer")
        if game.game.cell(found.cell) == MINE:  # the player's flag on a cell known safe
            game.move(MoveKind.FLAG, found.cell)
        result, changes = game.move(MoveKind.REVEAL, found.cell)
        live.commit(game)  # written, and stored when it ended: the reply names the record
        return {"changes": changes, "wasted": result.wasted, "hint": hint_json(found, view),
                "state": game.status_json()}
