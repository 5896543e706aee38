"""The job pool: bounded (a burst of jobs past the bound is refused, not queued), a
queued job cancelled never starts, and every job comes back with a state."""

from __future__ import annotations

import threading
import time

import pytest
from fastapi import HTTPException

from sweepkit.analysis.budget import AnalysisLimit, check
from sweepkit.web.jobs import MAX_WAITING, Jobs, JobsBusy


def wait_for(job, states, patience=60.0):
    deadline = time.monotonic() + patience
    while job.status not in states:
        assert time.monotonic() < deadline, job
        time.sleep(0.01)


def test_past_the_bound_a_job_is_refused_and_a_queued_one_can_be_cancelled():
    release = threading.Event()
    pool = Jobs(workers=1)
    try:
        jobs = [pool.submit("wait", release.wait) for _ in range(MAX_WAITING)]
        with pytest.raises(JobsBusy, match="already waiting"):
            pool.submit("one too many", lambda: 1)
        last = pool.cancel(jobs[-1].id)  # still queued behind the first
        release.set()
        wait_for(last, {"cancelled"})
        for job in jobs[:-1]:
            wait_for(job, {"done"})
        assert pool.submit("after", lambda: 42) is not None
    finally:
        release.set()
        pool.shutdown()


def test_a_job_cancelled_while_running_is_cancelled_not_failed():
    # The routes turn an analysis that stops early into their 422; cancelled, it is not one.
    started = threading.Event()

    def refusing_route() -> None:
        started.set()
        try:
            while True:
                check()
                time.sleep(0.005)
        except AnalysisLimit as exc:
            raise HTTPException(422, f"this position is too big to analyse here ({exc})") from None

    pool = Jobs(workers=1)
    try:
        job = pool.submit("analyse", refusing_route)
        assert started.wait(60)
        pool.cancel(job.id)
        wait_for(job, {"cancelled", "failed"})
        assert job.status == "cancelled" and job.error is None
    finally:
        pool.shutdown()
