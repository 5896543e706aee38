"""Budgets for one analysis: a clear refusal instead of an unbounded wait or a memory blow-up.

A caller (the command line's ``--timeout``, the web app, a player with a time limit per
move) opens a budget with :func:`limits`; the solvers call :func:`check` in their loops and
:func:`check_size` before they build a large table. Outside any budget both cost one
context-variable lookup and never raise, so library calls without a budget behave as
before. The budget lives in a :mod:`contextvars` variable: each thread and each asyncio
task sees its own, and cached results are never affected (a solver that is stopped raises,
so nothing half-done is cached).

>>> import time
>>> with limits(seconds=0.0):
...     time.sleep(0.001)
...     check()
Traceback (most recent call last):
...
sweepkit.analysis.budget.AnalysisTimeout: the analysis took longer than its budget of 0 s
>>> with limits(table=1000):
...     check_size(10**6, "a table")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sweepkit.analysis.budget.AnalysisTooLarge: a table would hold 1,000,000 numbers, more than ...
>>> check()  # no budget open: never raises
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

SERVICE_TABLE = 20_000_000
"""The size budget the command line and the web app put on one table (numbers held): about
a gigabyte of Python integers at most, far above what any real position of a 1000×1000
board needs (the largest tables seen there hold a few hundred thousand numbers)."""


class AnalysisLimit(Exception):
    """The analysis was stopped by its budget (time or size); the message says which."""


class AnalysisTimeout(AnalysisLimit):
    """The analysis ran past its time budget."""


class AnalysisTooLarge(AnalysisLimit):
    """The analysis would build a table larger than its size budget."""


class AnalysisCancelled(AnalysisLimit):
    """The analysis was cancelled by its caller (the web app's cancel button)."""


@dataclass(frozen=True)
class Budget:
    """An open budget: the ``time.monotonic()`` deadline (``None``: no time limit), the
    seconds it was given, the most numbers one table may hold (``None``: no limit), and an
    event that, once set (from any thread), stops the analysis at its next check."""

    deadline: float | None
    seconds: float | None
    table: int | None
    cancel: threading.Event | None = None


_current: ContextVar[Budget | None] = ContextVar("sweepkit_analysis_budget", default=None)


@contextmanager
def limits(seconds: float | None = None, table: int | None = None,
           cancel: threading.Event | None = None) -> Iterator[Budget]:
    """Run the body under a time budget of ``seconds`` and a size budget of ``table`` numbers
    per table (either ``None``: unlimited), stopped early once ``cancel`` is set. A budget
    inside another keeps the tighter of each limit and the outer cancel event."""
    outer = _current.get()
    deadline = None if seconds is None else time.monotonic() + seconds
    if outer is not None:
        if outer.deadline is not None and (deadline is None or outer.deadline < deadline):
            deadline, seconds = outer.deadline, outer.seconds
        if outer.table is not None and (table is None or outer.table < table):
            table = outer.table
        cancel = cancel or outer.cancel
    budget = Budget(deadline, seconds, table, cancel)
    token = _current.set(budget)
    try:
        yield budget
    finally:
        _current.reset(token)


def current() -> Budget | None:
    """The budget open in this context, if any."""
    return _current.get()


def attempt(seconds: float, work: Callable[[], T]) -> T | None:
    """``work()`` given at most ``seconds`` more (and no more than a budget already open
    allows); ``None`` when those seconds run out or its tables would pass the size budget,
    so an optional part of an answer (the explanations of a huge board) can be left out
    instead of failing the whole. A budget already open that runs out, or is cancelled,
    still raises.

    >>> attempt(1.0, lambda: 42), attempt(0.0, lambda: (time.sleep(0.001), check()))
    (42, None)
    """
    try:
        with limits(seconds=seconds):
            return work()
    except (AnalysisTimeout, AnalysisTooLarge):
        outer = _current.get()
        if outer is not None:
            if outer.cancel is not None and outer.cancel.is_set():  # seen in the same check
                raise AnalysisCancelled("the analysis was cancelled") from None
            if outer.deadline is not None and time.monotonic() > outer.deadline:
                raise
        return None


def check() -> None:
    """Raise :class:`AnalysisTimeout` when the open budget's time has run out, and
    :class:`AnalysisCancelled` once it is cancelled."""
    budget = _current.get()
    if budget is None:
        return
    if budget.deadline is not None and time.monotonic() > budget.deadline:
        raise AnalysisTimeout(f"the analysis took longer than its budget of {budget.seconds:g} s")
    if budget.cancel is not None and budget.cancel.is_set():
        raise AnalysisCancelled("the analysis was cancelled")


NUMBER_BYTES = 50
"""The bytes of one number the size budget counts on (:data:`SERVICE_TABLE`)."""


def check_size(numbers: int, what: str, bits: int | None = None) -> None:
    """Raise :class:`AnalysisTooLarge` when a table of ``numbers`` numbers (``what`` names
    it in the message) would exceed the open budget; also checks the time.

    With ``bits``, the bit length of the table's largest number: numbers of thousands of
    digits are weighed by their estimated bytes too (half the largest size on average, in
    numbers of :data:`NUMBER_BYTES`), so a table of few but huge numbers is refused as well.
    """
    budget = _current.get()
    if budget is None:
        return
    if bits is not None:
        numbers = max(numbers, numbers * bits // 16 // NUMBER_BYTES)
        what += " (its numbers weighed by their size)"
    if budget.table is not None and numbers > budget.table:
        raise AnalysisTooLarge(f"{what} would hold {numbers:,} numbers, more than the budget "
                               f"of {budget.table:,}")
    check()
