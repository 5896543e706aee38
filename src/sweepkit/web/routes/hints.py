"""Hints on a game under way: the move to make, why, in words, and the runners-up, from
the player's view only (flags are the player's claims, so the analysis leaves them out).
Every hint is recorded on the game as an assist: an assisted game keeps out of the best
times."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from sweepkit.analysis.budget import SERVICE_TABLE, AnalysisLimit, limits
from sweepkit.serialize import hint_json
from sweepkit.strategies.hint import hint
from sweepkit.web.routes.games import Live, find

router = APIRouter(prefix="/api", tags=["hints"])

HINT_SECONDS = 5.0
"""The longest a hint may analyse before it is refused (one position must never hold a
server thread for long)."""


@router.post("/games/{game_id}/hint")
def game_hint(game_id: str, live: Live) -> dict[str, Any]:
    """The hint for the game's position now; recorded as an assist."""
    game = find(live, game_id)
    with game.lock:
        if game.game.over:
            raise HTTPException(409, "the game is over: no hint needed")
        if not game.game.log:
            raise HTTPException(409, "make the first click first: any cell is as good")
        view = game.game.view(flags=False)
        try:
            with limits(seconds=HINT_SECONDS, table=SERVICE_TABLE):
                found = hint(view)
        except AnalysisLimit as exc:
            raise HTTPException(422, f"no hint: {exc}") from None
        except ValueError as exc:
            raise HTTPException(422, f"no hint: {exc}") from None
        game.assists["hint"] += 1
        return {"hint": hint_json(found, view), "assists": dict(game.assists)}
