"""The budget's cancel event: set from another thread, the analysis stops at its next
check, in nested budgets too (the web app's jobs cancel this way)."""

from __future__ import annotations

import threading
import time

import pytest

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.budget import (
    AnalysisCancelled,
    AnalysisTimeout,
    AnalysisTooLarge,
    attempt,
    check,
    check_size,
    limits,
)
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


@pytest.mark.slow
def test_a_split_components_table_is_built_when_read_and_weighed_by_its_numbers():
    # A 2000x2000 board's table held 19 million numbers (under the budget of 20 million)
    # of up to 4,650 bits: 9 GB. Here a 500x500 board whose table weighs more than its
    # count of numbers (37% of its safe cells covered: components as long as a 900x900
    # board's with 30%, at a third of the cells and half the time; the first assertion
    # checks the weight): a budget between the two refuses the probabilities, which read
    # the table, and not the count or a layout, which need only the polynomials. The
    # board is read into its system once, and each question is asked of that system
    # (``count_layouts`` is ``system_count`` of it; reading it took 2.5 s a question).
    import random

    from sweepkit.analysis.board.board_count import system_count
    from sweepkit.analysis.count.component import cached_split, solve_component
    from sweepkit.analysis.count.poly import product
    from sweepkit.analysis.papers.consistency import find_witness
    from sweepkit.constraints import build_system
    from sweepkit.position import UNKNOWN

    rng, n = random.Random(3), 500
    mines = [rng.random() < 0.16 for _ in range(n * n)]
    across = []  # each row's mines in every cell's window of three columns
    for r in range(n):
        row = [0, *mines[r * n:(r + 1) * n], 0]
        across.append([row[c] + row[c + 1] + row[c + 2] for c in range(n)])
    none = [0] * n
    cells = []   # a mine, or else 37 in 100 covered, the rest showing their number
    for r in range(n):
        up, down = across[r - 1] if r else none, across[r + 1] if r + 1 < n else none
        for c, near in enumerate(map(sum, zip(up, across[r], down, strict=True))):
            cells.append(UNKNOWN if mines[r * n + c] or rng.random() < 0.37 else near)
    position = Position((n, n), tuple(cells), sum(mines))
    system = build_system(position)
    component = max(system.components, key=lambda c: len(c.sizes))
    fixed, parts = cached_split(component)
    counts = product([solve_component(part).by_mines for part, _ in parts])
    numbers = (sum(len(b) for _, b in parts) + len(parts) + len(set(fixed.values()))) * len(
        counts)
    weighed = numbers * max(w.bit_length() for w in counts) // 16 // 50
    assert weighed > numbers + 1000
    with limits(table=numbers + 1000):
        total = system_count(system)
        assert position.explains(find_witness(position, system=system))
        with pytest.raises(AnalysisTooLarge, match="weighed by their size"):
            analyse(position, system=system).probabilities()
    assert total > 0
    with limits(table=weighed + 1000):  # the table fits: built when read
        assert system_count(system) == total
        table = solve_component(component).box_mines
        assert len(table) == len(component.sizes) and len(table[0]) == len(counts)
