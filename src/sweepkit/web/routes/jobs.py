"""Jobs: an analysis, a hint or a move (a no-guess board's first click) run off the
request path; poll ``GET /api/jobs/{id}`` for its state and result, ``DELETE`` to cancel.
The result is what the synchronous endpoint would have replied."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request
from pydantic import BaseModel

from sweepkit.web import deps
from sweepkit.web.deps import Live, MoveIn
from sweepkit.web.jobs import Jobs, JobsBusy
from sweepkit.web.routes import analyse, games, hints

router = APIRouter(prefix="/api", tags=["jobs"])


async def job_pool(request: Request) -> Jobs:
    return request.app.state.jobs


def submit(pool: Jobs, kind: str, work: Callable[[], Any]) -> dict[str, Any]:
    """Queue a job; its state. 503 (with Retry-After) when too many are waiting."""
    try:
        return pool.submit(kind, work).as_json()
    except JobsBusy as exc:
        raise HTTPException(503, str(exc), headers={"Retry-After": "2"}) from None


Pool = Annotated[Jobs, Depends(job_pool)]


class GameRef(BaseModel):
    """A live game, by id."""

    game_id: str


class GameMove(MoveIn):
    """A move of a live game, by id."""

    game_id: str


@router.post("/jobs/analyse", status_code=202)
def analyse_job(spec: analyse.AnalyseIn, pool: Pool) -> dict[str, Any]:
    """Analyse a position as a job (``POST /api/analyse``'s reply as its result)."""
    analyse.position_of(spec)  # a malformed board is refused now, not in the job
    return submit(pool, "analyse", lambda: analyse.analyse_position(spec))


@router.post("/jobs/hint", status_code=202)
def hint_job(spec: GameRef, pool: Pool, live: Live, key: deps.Key = None) -> dict[str, Any]:
    """A live game's hint as a job."""
    deps.check_owner(deps.find(live, spec.game_id), key)
    return submit(pool, "hint", lambda: hints.game_hint(spec.game_id, live, key))


@router.post("/jobs/move", status_code=202)
def move_job(spec: GameMove, pool: Pool, live: Live, key: deps.Key = None
             ) -> dict[str, Any]:
    """A move as a job: the first click of a no-guess game makes its board, which can
    take seconds; cancelled, the game is unchanged."""
    deps.check_owner(deps.find(live, spec.game_id), key)
    move = MoveIn(kind=spec.kind, row=spec.row, col=spec.col, seq=spec.seq,
                  auto_flag=spec.auto_flag)
    return submit(pool, "move", lambda: games.make_move(spec.game_id, move, live, key))


def state(pool: Jobs, job_id: str) -> dict[str, Any]:
    """A job's state, whichever server process runs it; 404 when none has it."""
    try:
        return pool.state(job_id)
    except KeyError:
        raise HTTPException(404, f"no job {job_id!r}") from None


@router.get("/jobs/{job_id}")
def job_state(job_id: str, pool: Pool) -> dict[str, Any]:
    """A job's state, and its result (or error) once it has finished."""
    return state(pool, job_id)


@router.delete("/jobs/{job_id}")
def cancel_job(job_id: str, pool: Pool) -> dict[str, Any]:
    """Cancel a job; its state (``cancelled`` once it has stopped)."""
    try:
        return pool.request_cancel(job_id)
    except KeyError:
        raise HTTPException(404, f"no job {job_id!r}") from None
