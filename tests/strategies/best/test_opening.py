"""The opening of ``best`` (:mod:`sweepkit.strategies.best.opening`): the first click
recommended per rule, and the book's far corner."""

from __future__ import annotations

import random

from sweepkit.analysis.board.probability import analyse
from sweepkit.position import Position
from sweepkit.strategies.best import BestStrategy, recommended_first


def test_the_opening_book_sends_the_guess_after_a_numbered_corner_to_the_far_corner():
    """docs/results.md: at expert, after the corner shows 1, the ranking takes a cell two
    from the corner; the far corner wins more games, so ``normal`` plays it from the book.
    Only there: not after a corner that opened, not after another first cell, not once a
    second cell is open, and not when the exact endgame decides (small boards)."""
    def guess(rows: list[str], mines: int, **options) -> tuple[tuple[int, ...], str]:
        view = Position.from_rows(rows, mines=mines)
        strategy = BestStrategy(**options)
        strategy.start(view)
        considered = strategy.consider(analyse(view), random.Random(3))
        return view.coord(considered.decision.action.cell), considered.step

    expert = ["1" + "?" * 29] + ["?" * 30] * 15
    assert guess(expert, 99) == ((15, 29), "opening book")
    # the two-step value alone takes a cell two from the corner; with the presets' blend and
    # long-term factor the ranking takes a far corner by itself
    cell, step = guess(expert, 99, far_corner=False, discount=0.97, blend=0.0, long_term=0.0,
                       lookahead=12)
    assert cell in {(0, 2), (2, 0)} and step == "two-step"
    cell, step = guess(expert, 99, far_corner=False)
    assert cell in {(0, 29), (15, 0), (15, 29)} and step == "two-step"
    assert guess(["?" * 29 + "2"] + ["?" * 30] * 15, 99)[0] == (15, 0)
    assert guess(["?" * 30] * 15 + ["?" * 29 + "3"], 99)[0] == (0, 0)
    assert guess(["?1" + "?" * 28] + ["?" * 30] * 15, 99)[1] == "two-step"
    assert guess(["12" + "?" * 28] + ["?" * 30] * 15, 99)[1] == "two-step"
    assert BestStrategy(strength="fast").options.far_corner is False
    assert guess(["1??", "???"], 2)[1] == "exact endgame"
    # on a board this small the far corner's number is known (dead): the ranking decides
    assert guess(["1???", "????"], 2, endgame=0)[1] == "two-step"


def test_the_first_click_recommended_for_each_rule():
    assert recommended_first(9, 9, "opening") == (2, 2)
    assert recommended_first(16, 30, "opening") == (3, 3)
    assert recommended_first(4, 6, "opening") == (1, 2)
    assert recommended_first(16, 16, "safe") == recommended_first(16, 16, "none") == "corner"
