"""The budget's cancel event: set from another thread, the analysis stops at its next
check, in nested budgets too (the web app's jobs cancel this way)."""

from __future__ import annotations

import threading
import time

import pytest

from sweepkit.analysis.budget import (
    AnalysisCancelled,
    AnalysisTimeout,
    attempt,
    check,
    check_size,
    limits,
)
from sweepkit.analysis.probability import analyse
from sweepkit.position import Position


def test_a_cancelled_budget_stops_the_analysis_and_nests():
    cancel = threading.Event()
    with limits(cancel=cancel):
        check()  # not cancelled: goes on
        with limits(seconds=100):  # an inner budget keeps the outer cancel event
            cancel.set()
            with pytest.raises(AnalysisCancelled, match="cancelled"):
                check()
    check()  # outside the budget: never raises


def test_an_analysis_under_a_cancelled_budget_raises():
    cancel = threading.Event()
    cancel.set()
    rows = ["1" + "?" * 29] + ["?" * 30] * 15
    with limits(cancel=cancel), pytest.raises(AnalysisCancelled):
        analyse(Position.from_rows(rows, mines=99))


def test_an_attempt_gives_up_on_its_own_limits_but_not_on_the_callers():
    def slow() -> None:
        time.sleep(0.01)
        check()

    assert attempt(0.0, slow) is None  # its own seconds
    with limits(table=10):
        assert attempt(5.0, lambda: check_size(100, "a table")) is None  # too large: left out
    with limits(seconds=0.0), pytest.raises(AnalysisTimeout):
        attempt(5.0, slow)  # the caller's deadline
    cancel = threading.Event()
    cancel.set()
    with limits(cancel=cancel), pytest.raises(AnalysisCancelled):
        attempt(0.0, slow)  # its seconds and the caller's cancel, seen at once
