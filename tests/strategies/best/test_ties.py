"""The tie-breaks of equally good guesses against coordinates read directly, the random
numbers drawn alike in every mode, and ``best``'s option ``ties``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.game import Game
from sweepkit.play import play
from sweepkit.position import UNKNOWN, Position
from sweepkit.rules import level
from sweepkit.strategies.best import BestStrategy
from sweepkit.strategies.best.ties import MODES, break_tie, steps_from_open
from tests.examples import examples
from tests.strategies_boards import consistent_positions


def brute_steps(position: Position, cell: int) -> int | None:
    """The Chebyshev distance from ``cell`` to the nearest revealed cell, from coordinates
    (a king's moves on the grid); None without one."""
    r, c = position.coord(cell)
    found = [max(abs(r - a), abs(c - b)) for a, b in
             (position.coord(j) for j, v in enumerate(position.cells) if v >= 0)]
    return min(found, default=None)


@settings(max_examples=examples(200), deadline=None)
@given(consistent_positions(max_rows=5, max_cols=6), st.data())
def test_each_mode_takes_the_cell_its_order_puts_first(position, data):
    covered = [c for c, v in enumerate(position.cells) if v == UNKNOWN]
    if not covered:
        return
    cells = data.draw(st.lists(st.sampled_from(covered), min_size=1, unique=True))
    steps = steps_from_open(position)
    for c in range(position.size):
        assert steps.get(c) == brute_steps(position, c)
    rows_first = sorted(cells, key=position.coord)
    cols_first = sorted(cells, key=lambda c: (position.coord(c)[1], position.coord(c)[0]))
    assert break_tie(position, cells, "reading") == rows_first[0]
    assert break_tie(position, cells, "columns") == cols_first[0]
    far = position.size  # a cell no revealed cell reaches sorts after every other
    distance = {c: far if brute_steps(position, c) is None else brute_steps(position, c)
                for c in cells}
    nearest = min(distance.values())
    taken = break_tie(position, cells, "open")
    assert distance[taken] == nearest
    assert taken == next(c for c in cols_first if distance[c] == nearest)
    # every mode draws the same random numbers; "random" takes the one drawn
    states = set()
    for mode in MODES:
        rng = random.Random(7)
        got = break_tie(position, cells, mode, rng)
        states.add(rng.getstate())
        if mode == "random":
            assert got == random.Random(7).choice(cells)
    assert len(states) == 1


def test_bad_modes_are_refused():
    view = Position.from_rows(["1??", "???"], mines=2)
    with pytest.raises(ValueError, match="needs an RNG"):
        break_tie(view, [1, 2], "random")
    with pytest.raises(ValueError, match="unknown tie-break 'middle'"):
        break_tie(view, [1], "middle")
    with pytest.raises(ValueError, match="ties: expected one of random, reading"):
        BestStrategy(ties="middle")


class Watched(BestStrategy):
    """``best`` keeping each two-step guess it makes: (analysis, what it considered)."""

    def __init__(self, **options) -> None:
        super().__init__(**options)
        self.seen: list = []

    def consider(self, analysis, rng, alternatives=False):
        found = super().consider(analysis, rng, alternatives)
        if found.step == "two-step":
            self.seen.append((analysis, found))
        return found


def test_best_takes_the_tied_cell_nearest_the_open_cells():
    # The two-step guesses of three expert games: where the ranking leaves several cells
    # equal, "open" takes one nearest the open cells, "random" the one drawn.
    watched = Watched(ties="open")
    for seed in range(3):
        play(Game(level("expert"), seed, clock=lambda: 0.0), watched, rng=random.Random(seed))
    tied = 0
    for analysis, near in watched.seen:
        best = near.ranked[0].key
        cells = [c for r in near.ranked if r.key == best for c in r.candidate.cells]
        view = analysis.position
        cell = near.decision.action.cell
        assert brute_steps(view, cell) == min(brute_steps(view, c) for c in cells)
        drawn = BestStrategy(ties="random").consider(analysis, random.Random(5))
        assert drawn.decision.action.cell == random.Random(5).choice(cells)
        tied += len(cells) > 1
    assert tied >= 2
