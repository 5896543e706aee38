"""Huge counts are exact and big boards fit in memory: checked against closed formulas."""

from __future__ import annotations

import subprocess
import sys
from math import comb

from sweepkit.analysis.board_count import count_layouts, layouts_by_mines
from sweepkit.analysis.component import solve_component
from sweepkit.analysis.probability import analyse
from sweepkit.position import UNKNOWN, Position


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
from sweepkit.analysis.probability import analyse
from sweepkit.position import UNKNOWN, Position
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
