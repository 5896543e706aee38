"""Huge counts are exact and big boards fit in memory (checked against closed formulas); one
component of 10^4 boxes stays in bounded memory, and a table budget refuses a component whose
tables would be too big before they are built."""

from __future__ import annotations

import subprocess
import sys
from math import comb

import pytest

from sweepkit.analysis.board.board_count import count_layouts, layouts_by_mines
from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.budget import AnalysisTimeout, AnalysisTooLarge, limits
from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.dead_cells.dead import dead_cells
from sweepkit.analysis.reasons.explain import explain
from sweepkit.position import UNKNOWN, Position
from tests.analysis.dead_cells.test_dead import game_view


def blocks(k: int) -> Position:
    """k independent gadgets side by side: ``-1-`` over ``???`` (one mine in 3 cells)."""
    return Position.from_rows(["-1-" * k, "???" * k])


def test_independent_components_multiply_beyond_1e20():
    position = blocks(50)
    assert count_layouts(position) == 3**50 > 10**20
    assert count_layouts(position.with_mines(50)) == 3**50
    assert count_layouts(position.with_mines(49)) == 0
    # all gadgets have the same structure: one cached solution serves all 50
    solve_component.cache_clear()
    analyse(position)
    info = solve_component.cache_info()
    assert info.misses == 1 and info.hits == 49


def test_floating_cells_double_and_binomials_with_a_mine_count():
    position = Position.unknown(12, 12)
    assert count_layouts(position) == 2**144
    assert count_layouts(position.with_mines(40)) == comb(144, 40) > 10**30
    by_mines = layouts_by_mines(blocks(30).replace({0: UNKNOWN}))
    # (0, 0) is beside the first 1 now: that gadget has 4 cells with one mine
    assert by_mines == {30: 4 * 3**29}


THOUSAND = """
import resource, sys
from math import comb
from fractions import Fraction
from sweepkit.analysis.board.probability import analyse
from sweepkit.position import UNKNOWN, Position
from tests.analysis.dead_cells.test_dead import game_view
rows = cols = 1000
numbers = [r * cols + c for r in range(5, rows, 97) for c in range(5, cols, 89)]
cells = [UNKNOWN] * (rows * cols)
for i in numbers:
    cells[i] = 1
mines = 100_000
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
analysis = analyse(Position((rows, cols), tuple(cells), mines))
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
k = len(numbers)
floating = rows * cols - 9 * k
assert analysis.total == 8**k * comb(floating, mines - k)
assert analysis.probability(0) == Fraction(mines - k, floating)
assert analysis.probability(numbers[0] + 1) == Fraction(1, 8)
assert analysis.safe_cells() == () and analysis.mine_cells() == ()
print(k, before, after)
"""


@pytest.mark.slow
def test_thousand_by_thousand_board():
    """A 1000x1000 board with 132 scattered 1s and 100,000 mines, in a fresh process so
    its peak memory can be read: exact count and probabilities against the formula."""
    result = subprocess.run([sys.executable, "-c", THOUSAND], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    k, before, after = map(int, result.stdout.split())
    assert k == 132
    growth_mb = (after - before) / 1024  # ru_maxrss is in kilobytes on Linux
    assert growth_mb < 300, f"analysis grew the process by {growth_mb:.0f} MB"


SNAKE = """
import json, resource
from sweepkit.analysis.budget import limits
from sweepkit.analysis.board.probability import analyse
from sweepkit.constraints import build_system
from sweepkit.position import UNKNOWN, Position
from tests.analysis.dead_cells.test_dead import game_view
from sweepkit.serialize import analysis_json
# a corridor folded into a serpentine: rows 4k and 4k+2 unknown, 4k+1 the numbers of a mine
# pattern, 4k+3 a wall of numbers with one unknown gap at alternate ends
loops, cols = 25, 200
rows = 4 * loops
mine = [[r % 4 in (0, 2) and (3 * c + r // 4 + r % 4) % 7 == 0 for c in range(cols)]
        for r in range(rows)]
def seen(r, c):
    return sum(mine[rr][cc] for rr in (r - 1, r + 1) for cc in (c - 1, c, c + 1)
               if 0 <= rr < rows and 0 <= cc < cols)
cells = []
for r in range(rows):
    for c in range(cols):
        gap = cols - 1 if (r // 4) % 2 == 0 else 0
        unknown = r % 4 in (0, 2) or (r % 4 == 3 and c == gap)
        cells.append(UNKNOWN if unknown else seen(r, c))
position = Position((rows, cols), tuple(cells))
(component,) = build_system(position).components
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
with limits(table=2_000_000):  # a web server's budget: never reached here
    analysis = analyse(position)
    doc = analysis_json(position, analysis, explanations=False)
text = json.dumps(doc)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(len(component.sizes), analysis.total, len(doc["dead"]), before, after)
"""


@pytest.mark.slow
def test_component_of_ten_thousand_boxes_in_bounded_memory():
    """One component of 10^4 boxes (a serpentine corridor: no 3-row crop holds it, so the
    split and the box DP count it), with its dead cells, in a fresh process: it stays within
    a table budget and grows the process by far less than 300 MB."""
    result = subprocess.run([sys.executable, "-c", SNAKE], capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    boxes, total, dead, before, after = map(int, result.stdout.split())
    assert boxes >= 10_000 and total >= 1 and dead > 0
    growth_mb = (after - before) / 1024
    assert growth_mb < 300, f"the analysis grew the process by {growth_mb:.0f} MB"


def test_table_budget_refuses_a_wide_component_before_building_it():
    """A 2×3000 strip whose mine count ranges over a third of its length: its box table would
    hold about 3·10^6 numbers. Under a budget of 10^6 the analysis stops cleanly, before the
    transfer matrix or the DP builds anything; the same position with the budget lifted to
    10^7 is counted."""
    position = Position.from_rows([("1?" * 3000)[:3000], "?" * 3000])
    solve_component.cache_clear()
    with limits(table=10**6), pytest.raises(AnalysisTooLarge) as refused:
        analyse(position)
    assert "box table" in str(refused.value)
    small = Position.from_rows([("1?" * 300)[:300], "?" * 300])
    with limits(table=10**6):
        assert analyse(small).total == count_layouts(small)


def test_dead_cells_and_explanations_keep_to_a_time_budget():
    position = game_view(30, 30, 180, 7, 20)
    analysis = analyse(position)
    assert dead_cells(position, analysis=analysis) and explain(position, analysis=analysis)
    for question in (dead_cells, explain):
        with limits(seconds=0.0), pytest.raises(AnalysisTimeout):
            question(position, analysis=analysis)
