"""Uniform random layouts against the brute-force enumerator: every draw explains the
position, and on small positions each layout comes out about equally often."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.papers.sample import random_layout
from sweepkit.position import Position
from tests import brute
from tests.examples import examples


def small_positions():
    """Random small positions read off a random layout (so they are consistent)."""
    return st.builds(brute.random_view, st.integers(2, 4), st.integers(2, 4), st.integers(0, 10**6),
                     st.booleans())


@settings(max_examples=examples(40), deadline=None)
@given(position=small_positions(), seed=st.integers(0, 10**6))
def test_every_draw_explains_the_position(position, seed):
    drawn = random_layout(position, random.Random(seed))
    assert drawn in set(brute.explanations(position))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_each_layout_comes_out_about_equally_often(seed):
    rng = random.Random(seed)
    while True:
        position = brute.random_view(3, 3, rng.randrange(10**6), True)
        layouts = brute.explanations(position)
        if 2 <= len(layouts) <= 8:
            break
    draws = 400 * len(layouts)
    counts = Counter(random_layout(position, rng) for _ in range(draws))
    assert set(counts) <= set(layouts)
    expected = draws / len(layouts)
    sigma = (expected * (1 - 1 / len(layouts))) ** 0.5
    for layout in layouts:
        assert abs(counts[layout] - expected) < 5 * sigma, (position, counts)


def test_an_inconsistent_position_has_no_layout():
    with pytest.raises(ValueError, match="inconsistent"):
        random_layout(Position.from_rows(["01", "??"]), random.Random(1))


def one_analysis_a_cell(position: Position, rng: random.Random) -> frozenset[int]:
    """The chain rule as first written: a fresh analysis before every frontier cell."""
    from sweepkit.analysis.board.probability import analyse
    from sweepkit.position import MINE, SAFE, UNKNOWN

    cells, table = position.cells, position.neighbour_table()
    current = position
    for cell in [i for i in position.unknown_cells() if any(cells[j] >= 0 for j in table[i])]:
        chance = analyse(current).probability(cell)
        current = current.replace({cell: MINE if rng.random() < chance else SAFE})
    mines = set(current.known_mines())
    floating = [i for i, v in enumerate(current.cells) if v == UNKNOWN]
    if position.mines is not None:
        mines.update(rng.sample(floating, position.mines - len(mines)))
    else:
        mines.update(i for i in floating if rng.random() < 0.5)
    return frozenset(mines)


@settings(max_examples=examples(60), deadline=None)
@given(position=small_positions(), seed=st.integers(0, 10**6))
def test_skipping_the_analysis_after_a_certain_cell_draws_the_same(position, seed):
    assert random_layout(position, random.Random(seed)) == one_analysis_a_cell(
        position, random.Random(seed))
