"""The players' figures: the 3BV solved grows one opening or one lone number at a time,
never past the 3BV, and is all of it at a win; the ratios follow their definitions."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.figures import game_figures
from sweepkit.game import Game, Status
from sweepkit.moves import Action
from sweepkit.position import Position
from tests.examples import examples


@settings(max_examples=examples(60), deadline=None)
@given(rows=st.integers(1, 6), cols=st.integers(2, 7), density=st.floats(0, 0.4),
       seed=st.integers(0, 10**6))
def test_the_3bv_solved_counts_what_each_click_opened(rows, cols, density, seed):
    rng = random.Random(seed)
    size = rows * cols
    mines = set(rng.sample(range(size), min(size - 1, int(density * size))))
    layout = Position.unknown(rows, cols).layout(sorted(mines))
    game = Game.from_layout(layout)
    safe = [i for i in range(size) if i not in mines]
    rng.shuffle(safe)
    solved, clicks = 0, 0
    for cell in safe:
        if game.over:
            break
        result = game.play(Action.reveal(cell))
        if result.wasted:
            continue
        clicks += 1
        now = game.three_bv_solved(cheat=True)
        assert solved <= now <= solved + 1  # one click opens one opening or one number
        solved = now
    assert game.status is Status.WON
    figures = game_figures(game)
    assert figures.three_bv_solved == figures.three_bv == game.three_bv() <= clicks
    assert figures.efficiency == figures.three_bv / game.clicks.effective
    assert figures.ioe == figures.three_bv / game.clicks.total


def test_a_lost_game_counts_only_what_was_opened():
    game = Game.from_layout(Position.from_rows(["..*..", ".....", "*...."]))
    game.play(Action.reveal(4))  # the opening at the top right
    game.play(Action.reveal(10))  # a mine
    figures = game_figures(game)
    assert figures.three_bv_solved == 1 < figures.three_bv
    assert figures.rqp == figures.time ** 2 / 1
