"""Auto-flag's rule: on random games after random reveals, the cells it names are exactly
the covered cells around a number with as many unopened neighbours as its value (checked
by a plain loop over coordinates), and each is a mine in every layout the player's
numbers allow (the exact analysis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.probability import analyse
from sweepkit.game import Game
from sweepkit.moves import Action
from sweepkit.rules import Rules
from sweepkit.web.autoflag import certain_mines
from tests.examples import examples


def by_hand(game: Game) -> set[int]:
    """The rule of sweepkit.web.autoflag, written out over rows and columns."""
    rows, cols = game.rules.rows, game.rules.cols
    found = set()
    for r in range(rows):
        for c in range(cols):
            value = game.cell(r * cols + c)
            if value <= 0:
                continue
            around = [(r + dr) * cols + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                      if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]
            unopened = [j for j in around if game.cell(j) < 0]
            if len(unopened) == value:
                found |= {j for j in unopened if game.cell(j) == -1}
    return found


@settings(max_examples=examples(100), deadline=None)
@given(seed=st.integers(0, 2**32), rows=st.integers(2, 7), cols=st.integers(2, 7),
       density=st.floats(0.05, 0.35), clicks=st.integers(1, 12), flags=st.integers(0, 3))
def test_auto_flag_names_only_certain_mines(seed, rows, cols, density, clicks, flags):
    rng = random.Random(seed)
    mines = max(1, min(rows * cols - 2, round(density * rows * cols)))
    game = Game(Rules(rows, cols, mines, "safe"), seed)
    for _ in range(clicks):
        if game.over:
            break
        game.play(Action.reveal(rng.randrange(rows * cols)))
    for _ in range(flags):  # the player's own flags, right or wrong, change nothing
        cell = rng.randrange(rows * cols)
        if not game.over and game.cell(cell) < 0:
            game.play(Action.flag(cell))
    if game.over:
        return
    found = certain_mines(game)
    assert found == sorted(by_hand(game))
    analysis = analyse(game.view(flags=False))
    assert set(found) <= set(analysis.mine_cells())
