"""Rollouts: games start from the position as it shows, the moves share their layouts, the
answer does not depend on the workers, and on boards small enough for the exact endgame the
win rates match exact optimal play (computed by the independent game-tree search)."""

from __future__ import annotations

import random
import statistics
from collections import Counter

import pytest

from sweepkit.analysis.papers.enumerate import enumerate_layouts
from sweepkit.analysis.papers.sample import random_layout
from sweepkit.bench.result import StrategySpec
from sweepkit.bench.rollout import RolloutError, play_layouts, rollout, start_game
from sweepkit.bench.stats import wilson
from sweepkit.game import Game
from sweepkit.play import steps
from sweepkit.position import UNKNOWN, Position
from sweepkit.rules import level
from sweepkit.search.optimal import optimal_play
from sweepkit.strategies import make_strategy

SMALL = Position.from_rows(["1???", "????", "????", "????"], mines=4)


def mid_game_view(seed: int, moves: int) -> Position:
    """The view of an intermediate game after ``moves`` moves of the exact player."""
    game = Game(level("intermediate"), seed=seed)
    play = steps(game, make_strategy("exact"), rng=random.Random(seed))
    for _ in range(moves):
        next(play)
        if game.over:
            break
    return game.view()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_starts_showing_what_the_position_shows(seed):
    view = mid_game_view(seed, 40)
    assert any(v >= 0 for v in view.cells) and UNKNOWN in view.cells
    mines = random_layout(view, random.Random(seed))
    assert start_game(view, mines).view() == view


@pytest.mark.slow
def test_win_rates_match_exact_optimal_play_on_a_small_board():
    layouts = list(enumerate_layouts(SMALL))
    total = len(layouts)
    moves = [2, 1, 5]  # an optimal first move (57.4%), two next to the 1 (50.5%, 49.8%)
    # 1000 games: the paired differences (-8.6 and -7.6 points) are still 4.2 and 3.3
    # standard errors below 0, and each rate is checked with a 3.3-sigma interval
    result = rollout(SMALL, moves, StrategySpec("best"), games=1000, seed=3)
    for move in result.moves:
        # the layouts won by optimal play after revealing the move: one search per number
        shown = Counter(_number(move.cell, layout) for layout in layouts
                        if move.cell not in layout)
        wins = sum(optimal_play(SMALL.replace({move.cell: v})).wins for v in shown)
        lo, hi = wilson(move.wins, len(move.won), z=3.3)
        assert lo <= wins / total <= hi, (move.cell, move.rate, wins / total)
    assert result.best().cell == 2
    assert all(m.against(result.moves[0])[2] < 0 for m in result.moves[1:])


def _number(cell: int, layout: frozenset[int]) -> int:
    return sum(1 for j in SMALL.neighbours(cell) if j in layout)


def test_moves_share_their_layouts():
    # every move is played on layout i; the same move twice wins on the same layouts
    position = Position.from_rows(["1?", "??"], mines=1)
    result = rollout(position, [3, 1, 2], StrategySpec("best"), games=60, seed=5)
    assert all(len(m.won) == 60 for m in result.moves)
    again = play_layouts(position, [3, 3], StrategySpec("best"), 5, range(60))
    assert all(a == b for a, b in again)
    assert [w[0] for w in again] == list(result.moves[0].won)


@pytest.mark.slow
def test_the_answer_does_not_depend_on_the_workers():
    spec = StrategySpec("best", {"strength": "fast"})
    one = rollout(SMALL, [1, 15], spec, games=40, seed=8, workers=1)
    two = rollout(SMALL, [1, 15], spec, games=40, seed=8, workers=2)
    assert [m.won for m in one.moves] == [m.won for m in two.moves]


@pytest.mark.slow
def test_paired_difference_against_the_first_move():
    result = rollout(SMALL, [1, 15], StrategySpec("best"), games=100, seed=4)
    first, corner = result.moves
    d, lo, hi = corner.against(first)
    diffs = [int(b) - int(a) for a, b in zip(first.won, corner.won, strict=True)]
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    assert d == pytest.approx(statistics.fmean(diffs))
    assert (lo, hi) == pytest.approx((max(-1, d - half), min(1, d + half)), abs=1e-3)
    # with few layouts the interval is cut to what a difference of rates can be
    few = rollout(Position.from_rows(["1?", "??"], mines=1), [3, 1], StrategySpec("best"),
                  games=3, seed=2)
    _, lo, hi = few.moves[1].against(few.moves[0])
    assert -1 <= lo <= hi <= 1


def test_flags_are_placed_and_numbers_shown():
    view = Position.from_rows(["1*1???", "111???", "??????", "??????"], mines=4)
    mines = random_layout(view, random.Random(4))
    game = start_game(view, mines)
    assert game.view() == view and game.flags == 1


@pytest.mark.parametrize(("position", "moves", "message"), [
    (Position.from_rows(["1?", "??"]), [3], "mine count"),
    (Position.from_rows(["1?", "??"], mines=1), [0], "not a covered cell"),
    (Position.from_rows(["1?", "??"], mines=1), [], "no move"),
    (Position.from_rows(["1?", "??"], mines=1), [3, 3], "twice"),
    (Position.from_rows(["3?", "??"], mines=1), [3], "inconsistent"),
    (Position.from_rows(["1-", "??"], mines=1), [3], r"'-' \(safe, number unseen\)"),
    (Position.from_rows(["0??", "???"], mines=1), [2], "the 0 at .0, 0. has covered"),
    (Position.from_rows(["1?"], mines=1), [1], "no covered safe cell left"),
    (Position.from_rows(["1??"], mines=1, topology="line"), [2],
     "grids of 2 or more dimensions"),
])
def test_refusals(position, moves, message):
    with pytest.raises(RolloutError, match=message):
        rollout(position, moves, StrategySpec("best"), games=5, seed=1)


@pytest.mark.parametrize(("games", "workers", "message"), [
    (0, 1, "games: expected 1 to"), (10**7, 1, "games: expected 1 to"),
    (5, 0, "workers: expected at least 1")])
def test_counts_are_checked(games, workers, message):
    with pytest.raises(RolloutError, match=message):
        rollout(SMALL, [1], StrategySpec("best"), games=games, seed=1, workers=workers)
