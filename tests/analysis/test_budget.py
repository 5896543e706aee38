"""The budget's cancel event: set from another thread, the analysis stops at its next
check, in nested budgets too (the web app's jobs cancel this way)."""

from __future__ import annotations

import threading

import pytest

from sweepkit.analysis.budget import AnalysisCancelled, check, limits
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
