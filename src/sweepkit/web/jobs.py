"""Work that may take a while, off the request path: an analysis, a hint, a move that
makes a no-guess board. A job runs on a small pool of worker threads (one per core)
under a time budget; the page polls it, shows what is happening, and can cancel it (the
analysis stops at its next check: :func:`sweepkit.analysis.budget.check`).

Jobs are bounded (:data:`MAX_JOBS` kept, the oldest finished dropped first), and a job's
result is the very reply its synchronous endpoint gives. With a :class:`Shared` store,
the other server processes see each job too: its state is written there as it changes
(its progress every :data:`MIRROR_SECONDS`), so any process answers a poll, and a cancel
sent to any process reaches the one running it.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

from fastapi import HTTPException

from sweepkit.analysis.budget import SERVICE_TABLE, AnalysisCancelled, AnalysisLimit, limits
from sweepkit.store.database import StoreError
from sweepkit.store.shared import Shared
from sweepkit.web.registry import Registry, new_id

MAX_JOBS: Final = 500
"""Jobs remembered at once."""

JOB_SECONDS: Final = 30.0
"""The longest a job may run."""

MAX_WAITING: Final = 32
"""Jobs queued or running at once; past it a new one is refused (the server is busy)."""

MIRROR_SECONDS: Final = 0.25
"""How often a process writes its running jobs' progress and reads their cancels."""

SILENT_SECONDS: Final = 10.0
"""A job whose process has not written it for this long is taken as lost with it."""


class JobsBusy(RuntimeError):
    """Too many jobs are waiting: try again later."""

log = logging.getLogger("sweepkit.web")


@dataclass
class Job:
    """One piece of work: its state (``queued``, ``running``, ``done``, ``failed``,
    ``cancelled``), and its result or error (with the HTTP status the synchronous
    endpoint would have answered)."""

    id: str
    kind: str
    status: str = "queued"
    result: Any = None
    error: str | None = None
    code: int | None = None
    created: float = field(default_factory=time.monotonic)
    started: float | None = None
    finished: float | None = None
    cancel: threading.Event = field(default_factory=threading.Event, repr=False)
    progress: dict[str, Any] | None = None
    """What a long job has done so far, when it says (a review: its stage, the work done
    and the work in all)."""

    def as_json(self) -> dict[str, Any]:
        end = self.finished if self.finished is not None else time.monotonic()
        return {"id": self.id, "kind": self.kind, "status": self.status,
                "seconds": round(end - (self.started or end), 3), "result": self.result,
                "error": self.error, "code": self.code, "progress": self.progress}


class Jobs:
    """The job pool and the jobs by id."""

    def __init__(self, workers: int | None = None, capacity: int = MAX_JOBS,
                 shared: Shared | None = None) -> None:
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 2,
                                        thread_name_prefix="sweepkit-job")
        # A job still to come back is never forgotten.
        self._jobs: Registry[Job] = Registry(capacity, keep=lambda j: j.finished is None)
        self._shared = shared
        self._stop = threading.Event()
        if shared is not None:
            threading.Thread(target=self._mirror, name="sweepkit-jobs", daemon=True).start()

    def submit(self, kind: str, work: Callable[[], Any], seconds: float = JOB_SECONDS) -> Job:
        """Queue ``work`` (a function returning the reply); the job. JobsBusy when
        :data:`MAX_WAITING` jobs are already queued or running."""
        with self._lock:
            if sum(1 for j in self._jobs.values() if j.finished is None) >= MAX_WAITING:
                raise JobsBusy(f"{MAX_WAITING} jobs are already waiting: try again shortly")
            return self._submit(kind, work, seconds)

    def submit_tracked(self, kind: str, work: Callable[[Job], Any],
                       seconds: float = JOB_SECONDS) -> Job:
        """:meth:`submit` for work that is handed its job, to report its progress in
        :attr:`Job.progress`."""
        with self._lock:
            if sum(1 for j in self._jobs.values() if j.finished is None) >= MAX_WAITING:
                raise JobsBusy(f"{MAX_WAITING} jobs are already waiting: try again shortly")
            job = Job(new_id(), kind)
            self._jobs.add(job.id, job)
            self._publish(job)
            self._pool.submit(self._run, job, lambda: work(job), seconds)
            return job

    def _submit(self, kind: str, work: Callable[[], Any], seconds: float) -> Job:
        job = Job(new_id(), kind)
        self._jobs.add(job.id, job)
        self._publish(job)
        self._pool.submit(self._run, job, work, seconds)
        return job

    def _run(self, job: Job, work: Callable[[], Any], seconds: float) -> None:
        try:
            self._work(job, work, seconds)
        finally:
            self._publish(job)

    @staticmethod
    def _work(job: Job, work: Callable[[], Any], seconds: float) -> None:
        if job.cancel.is_set():
            job.status, job.finished = "cancelled", time.monotonic()
            return
        job.status, job.started = "running", time.monotonic()
        try:
            with limits(seconds=seconds, table=SERVICE_TABLE, cancel=job.cancel):
                job.result = work()
            job.status = "done"
        except AnalysisCancelled:
            job.status = "cancelled"
        except (HTTPException, AnalysisLimit) as exc:
            if job.cancel.is_set():  # a route turned the cancellation into its refusal
                job.status = "cancelled"
            elif isinstance(exc, HTTPException):
                job.status, job.error, job.code = "failed", str(exc.detail), exc.status_code
            else:
                job.status, job.error, job.code = "failed", str(exc), 422
        except Exception as exc:  # a bug: the page still gets an answer, the log the rest
            log.exception("job %s (%s) failed", job.id, job.kind)
            job.status, job.error, job.code = "failed", f"internal error: {exc}", 500
        finally:
            job.finished = time.monotonic()

    def get(self, job_id: str) -> Job:
        """The job, one of this process's; KeyError when there is none."""
        return self._jobs.get(job_id)

    def cancel(self, job_id: str) -> Job:
        """Ask the job, one of this process's, to stop (a queued job never starts); the
        job."""
        job = self.get(job_id)
        job.cancel.set()
        return job

    def state(self, job_id: str) -> dict[str, Any]:
        """A job's state, this process's or another's (:meth:`Job.as_json`); KeyError
        when no process has it. A job whose process went silent is reported failed."""
        try:
            return self.get(job_id).as_json()
        except KeyError:
            if self._shared is None:
                raise
        row = self._shared.get("job", job_id)
        if row is None:
            raise KeyError(job_id)
        doc = row[0]
        seen = doc.pop("seen", 0.0)
        if doc["status"] in ("queued", "running") and time.time() - seen > SILENT_SECONDS:
            doc.update(status="failed", code=503, error="the server process running this "
                       "job stopped: start it again")
        return doc

    def request_cancel(self, job_id: str) -> dict[str, Any]:
        """Cancel a job in whichever process runs it; its state now (KeyError when no
        process has it)."""
        try:
            return self.cancel(job_id).as_json()
        except KeyError:
            if self._shared is None or self._shared.control(
                    "job", job_id, {"cancel": True}) is None:
                raise
        return self.state(job_id)

    def _publish(self, job: Job) -> None:
        """Write the job's state for the other processes (a failure is logged: the job
        goes on, polled here)."""
        if self._shared is None:
            return
        try:
            self._shared.put("job", job.id, {**job.as_json(), "seen": time.time()})
        except StoreError as exc:
            log.error("job %s: %s", job.id, exc)

    def _mirror(self) -> None:
        """Write the running jobs' progress and read their cancels, until shut down."""
        assert self._shared is not None
        while not self._stop.wait(MIRROR_SECONDS):
            for job in self._jobs.values():
                if job.finished is not None:
                    continue
                try:
                    row = self._shared.get("job", job.id)
                except StoreError as exc:
                    log.error("job %s: %s", job.id, exc)
                    continue
                if row is not None and row[1].get("cancel"):
                    job.cancel.set()
                self._publish(job)

    def shutdown(self) -> None:
        """Cancel every job and stop the pool (the server is stopping)."""
        self._stop.set()
        for job in self._jobs.values():
            job.cancel.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
