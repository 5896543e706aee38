"""The analysis shared by threads (as web-server threads will share it): the component caches,
one Analysis read by many threads, and the strip automata's memo tables give the same answers
as one thread does, and every cache is bounded."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.count.component import cache_clear, cache_info, solve_component
from sweepkit.automata.hulin import solve_hulin
from sweepkit.position import UNKNOWN, Position

THREADS = 8


def midgame(rng: random.Random, rows: int = 16, cols: int = 30, mines: int = 99) -> Position:
    """A random expert layout with about 40% of its safe cells shown (many components)."""
    layout = Position.unknown(rows, cols, mines).layout(rng.sample(range(rows * cols), mines))
    cells = [v if v >= 0 and rng.random() < 0.4 else UNKNOWN for v in layout.cells]
    return Position(layout.shape, tuple(cells), mines)


def summary(position: Position) -> tuple:
    analysis = analyse(position)
    return analysis.total, analysis.probabilities(exact=True)


@pytest.mark.slow
def test_threads_sharing_the_component_cache_agree_with_one_thread():
    """As many expert mid-games as threads: all eight race on the cold cache at once, then
    each position again, its components found in the cache."""
    rng = random.Random(8)
    positions = [midgame(rng) for _ in range(THREADS)]
    cache_clear()
    alone = [summary(p) for p in positions]
    cache_clear()
    with ThreadPoolExecutor(THREADS) as pool:  # cold cache: threads race to fill it
        together = list(pool.map(summary, positions * 2))
    assert together == alone * 2
    assert cache_info().misses > 0


def test_one_analysis_read_by_many_threads():
    position = midgame(random.Random(3))
    analysis = analyse(position)  # its cell map is built lazily, on the first lookup
    cells = position.unknown_cells()
    expected = {c: analyse(position).probability(c) for c in cells}

    def look(cell: int) -> tuple:
        return cell, analysis.probability(cell)

    with ThreadPoolExecutor(THREADS) as pool:
        assert dict(pool.map(look, cells)) == expected


def test_strip_automaton_memos_under_threads():
    rng = random.Random(5)
    boards = []
    for _ in range(40):
        n = rng.randrange(5, 60)
        layout = Position.unknown(2, n).layout(rng.sample(range(2 * n), n // 2))
        cells = [v if rng.random() < 0.5 else UNKNOWN for v in layout.cells]
        boards.append(Position((2, n), tuple(cells)))
    alone = [solve_hulin(b).count for b in boards]
    with ThreadPoolExecutor(THREADS) as pool:
        assert list(pool.map(lambda b: solve_hulin(b).count, boards)) == alone


def test_component_caches_are_bounded():
    assert cache_info().maxsize < 10_000
    assert solve_component.cache_info() == cache_info()  # the old spelling still works
