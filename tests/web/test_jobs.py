"""The job pool: bounded (a burst of jobs past the bound is refused, not queued), a
queued job cancelled never starts, and every job comes back with a state."""

from __future__ import annotations

import threading
import time

import pytest

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
