"""Game reviews: ``POST /api/reviews`` starts a job that judges every move of a finished
game (a stored game by id, or a record: a replay file, an export entry) and rolls out its
guesses, on every core, until each win chance is known to a target precision (within a
time budget); ``GET /api/reviews/{id}`` (or ``/api/jobs/{id}``) gives its progress, then
the review; ``DELETE /api/jobs/{id}`` cancels it."""

from __future__ import annotations

import os
from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from sweepkit.bench.review.judge import Tolerances
from sweepkit.bench.review.rollouts import DEFAULT_TARGET
from sweepkit.game import GameRecord, replay
from sweepkit.web.deps import Book, Players, Who
from sweepkit.web.jobs import Job, JobsBusy
from sweepkit.web.reviews import run_review
from sweepkit.web.routes.jobs import Pool, state
from sweepkit.web.routes.replays import check_record_served, record_of
from sweepkit.web.routes.stats import readable

router = APIRouter(prefix="/api", tags=["reviews"])

MAX_SECONDS = 120.0
"""The longest time budget a review's rollouts may ask for."""

DEFAULT_SECONDS = 90.0
"""The rollouts' time budget when none is asked for: enough for an expert game's guesses
to reach the default target on two cores (``benchmarks/bench_review.py``)."""

MAX_GAMES = 2000
"""The most layouts a review may roll one guess out on (±5 points needs at most 400)."""

JUDGE_SECONDS = 30.0
"""The time the exact judging of every move may take, on top of the rollouts' budget."""


class ReviewIn(BaseModel):
    """What to review (``game_id`` of a stored game or a ``record``, one of them), the
    rollouts' target (the ± of every win chance, 95%) and budget (seconds, layouts per
    guess), and the guess tolerances."""

    game_id: int | None = Field(None, ge=1, le=2**63 - 1)
    record: dict[str, Any] | None = None
    seconds: float = Field(DEFAULT_SECONDS, ge=0, le=MAX_SECONDS)
    games: int = Field(MAX_GAMES, ge=1, le=MAX_GAMES)
    target: float = Field(DEFAULT_TARGET, ge=0.01, le=0.5)
    best: float = Field(0.01, ge=0, le=1)
    reasonable: float = Field(0.05, ge=0, le=1)


def finished_record(spec: ReviewIn, book: Book, owners: Players, who: Who) -> GameRecord:
    """The record to review; 404 for an unknown game, 422 for a record that cannot be
    reviewed (unreadable, too big, three dimensions, not finished)."""
    if (spec.game_id is None) == (spec.record is None):
        raise HTTPException(422, "give a stored game's 'game_id' or a 'record', one of them")
    if spec.game_id is not None:
        record = readable(book, owners, who, spec.game_id).game_record()
        check_record_served(record)
    else:
        record = record_of(spec.record)
    try:
        over = replay(record).over
    except ValueError as exc:
        raise HTTPException(422, f"the record does not replay: {exc}") from None
    if not over:
        raise HTTPException(422, "the record does not end its game: only finished games "
                                 "are reviewed")
    return record


@router.post("/reviews", status_code=202)
def start_review(spec: ReviewIn, pool: Pool, book: Book, owners: Players, who: Who
                 ) -> dict[str, Any]:
    """Start a review job; its state (poll ``GET /api/reviews/{id}``)."""
    if spec.best > spec.reasonable:
        raise HTTPException(422, f"best ({spec.best}) must not be above reasonable "
                                 f"({spec.reasonable})")
    record = finished_record(spec, book, owners, who)
    tolerances = Tolerances(spec.best, spec.reasonable)

    def work(job: Job) -> dict[str, Any]:
        job.progress = {"stage": "judging", "done": 0, "total": len(record.log)}
        try:
            return run_review(record, spec.seconds, spec.games, spec.target, tolerances,
                              os.cpu_count() or 1, job.progress)
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None

    try:
        return pool.submit_tracked("review", work, spec.seconds + JUDGE_SECONDS).as_json()
    except JobsBusy as exc:
        raise HTTPException(503, str(exc), headers={"Retry-After": "2"}) from None


@router.get("/reviews/{job_id}")
def review_state(job_id: str, pool: Pool) -> dict[str, Any]:
    """A review job's state and progress, and the review once it is done."""
    job = state(pool, job_id)
    if job["kind"] != "review":
        raise HTTPException(404, f"no review {job_id!r}")
    return job
