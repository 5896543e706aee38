"""The per-move analyser: every system equals the from-scratch build, every analysis equals
``analyse(view)``, whatever the order and size of the changes between views."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis import budget
from sweepkit.analysis.board.probability import Analysis, analyse
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.constraints import ConstraintSystem, build_system
from sweepkit.game import Game
from sweepkit.moves import Action
from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from sweepkit.rules import Rules
from tests.examples import examples
from tests.strategies_boards import positions


def assert_same_system(got: ConstraintSystem, want: ConstraintSystem) -> None:
    """Equal systems, and equal in what equality leaves out: the components' cells, number
    cells and shape (``Component`` compares its structure only)."""
    assert got == want
    assert [(c.boxes, c.numbers, c.shape) for c in got.components] == \
        [(c.boxes, c.numbers, c.shape) for c in want.components]


def assert_same_answers(got: Analysis, view: Position, use_mine_count: bool) -> None:
    """``got`` answers for ``view`` as ``analyse(view)`` does, cell by cell, and is the
    analysis of the view with its marked mines flagged (mines in every layout of it)."""
    want = analyse(view, use_mine_count)
    assert got.total == want.total
    assert got.probabilities(exact=True) == want.probabilities(exact=True)
    assert got.safe_cells() == want.safe_cells()
    assert got.mine_cells() == want.mine_cells()
    assert all(view.cells[c] == UNKNOWN for c in got.marked)
    assert got.position == view.replace(dict.fromkeys(got.marked, MINE))
    assert not got.consistent or set(got.marked) <= set(want.mine_cells())
    if got.marked:
        unmarked = Analysis(got.position, got.system, got.counts, got.total,
                            got.uses_mine_count)
        assert unmarked == analyse(got.position, use_mine_count)
    else:
        assert got == want


def check_sequence(views: list[Position], analyser: IncrementalAnalyser,
                   analyse_every: int = 1) -> None:
    for n, view in enumerate(views):
        if analyser.keep_mines:  # the system analysed is that of the view with the marks
            got = analyser.update(view)
            assert_same_system(got.system, build_system(got.position))
            if n % analyse_every == 0:
                assert_same_answers(got, view, analyser.use_mine_count)
            continue
        assert_same_system(analyser.system(view), build_system(view))
        if n % analyse_every == 0:
            assert analyser.update(view) == analyse(view, analyser.use_mine_count)


def flood(view: list[int], full: Position, start: int) -> None:
    """Reveal ``start`` in ``view``, opening around zeros (as the game does)."""
    stack = [start]
    while stack:
        i = stack.pop()
        if view[i] != UNKNOWN:
            continue
        view[i] = full.cells[i]
        if view[i] == 0:
            stack.extend(j for j in full.neighbours(i) if view[j] == UNKNOWN)


@st.composite
def game_sequences(draw, max_rows: int = 8, max_cols: int = 10) -> list[Position]:
    """A random layout and a run of views made from it by revealing (with flood fill),
    marking mines, taking marks back and covering cells again, a few cells per step."""
    rows = draw(st.integers(1, max_rows))
    cols = draw(st.integers(2, max_cols))
    n = rows * cols
    mines = draw(st.integers(0, n // 3))
    rng = random.Random(draw(st.integers(0, 2**32)))
    mine_cells = set(rng.sample(range(n), mines))
    full = Position.unknown(rows, cols).layout(mine_cells)
    with_count = draw(st.booleans())
    view = [UNKNOWN] * n
    views = []
    for _ in range(draw(st.integers(1, 25))):
        for _ in range(draw(st.integers(1, 3))):
            kind = draw(st.sampled_from(["reveal", "reveal", "reveal", "mark", "cover",
                                         "safe"]))
            cell = draw(st.integers(0, n - 1))
            if kind == "reveal" and cell not in mine_cells:
                flood(view, full, cell)
            elif kind == "mark" and cell in mine_cells:
                view[cell] = MINE
            elif kind == "cover":
                view[cell] = UNKNOWN
            elif kind == "safe" and cell not in mine_cells:
                view[cell] = SAFE
        views.append(Position((rows, cols), tuple(view), mines if with_count else None))
    return views


@settings(max_examples=examples(150), deadline=None)
@given(game_sequences(), st.booleans(), st.booleans())
def test_every_view_of_a_game_matches_the_from_scratch_analysis(views, use_mine_count,
                                                                 keep_mines):
    # rebuild_fraction 1: the incremental route even when a step changes much of the board
    check_sequence(views, IncrementalAnalyser(use_mine_count, rebuild_fraction=1.0,
                                              keep_mines=keep_mines))


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(positions(max_rows=5, max_cols=6), min_size=2, max_size=6))
def test_unrelated_views_and_inconsistent_ones_match_too(views):
    # any two views of the same shape: arbitrary changes, impossible numbers, numbers
    # changing value; other shapes are built afresh
    check_sequence(views, IncrementalAnalyser(rebuild_fraction=1.0))


@pytest.mark.parametrize("use_mine_count", [True, False])
def test_a_flag_the_proved_mines_leave_no_room_for(use_mine_count):
    # the 2 proves both its neighbours mines; a flag on the last cell then makes three
    # known mines of two: the view is analysed as given, not refused
    first = Position((4, 1), (UNKNOWN, 2, UNKNOWN, UNKNOWN), 2)
    then = first.replace({3: MINE})
    check_sequence([first, then], IncrementalAnalyser(use_mine_count))


@settings(max_examples=examples(60), deadline=None)
@given(game_sequences(max_rows=1, max_cols=12))
def test_a_line_board(views):
    line = [Position(v.shape, v.cells, v.mines, "line") for v in views]
    check_sequence(line, IncrementalAnalyser(rebuild_fraction=1.0))


def test_three_dimensional_boards_are_built_afresh():
    analyser = IncrementalAnalyser()
    cube = Position((2, 2, 2), (1,) + (UNKNOWN,) * 7, mines=1)
    for view in (cube, cube.replace({7: 0})):
        assert_same_system(analyser.system(view), build_system(view))
    assert analyser.rebuilds == 2


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_seeded_games_played_to_the_end(seed):
    # real games of the engine, views with and without flags, the default rebuild rule:
    # four expert games, two with flags (even seeds) and two without
    rng = random.Random(seed)
    game = Game(Rules(16, 30, 99, "opening"), seed=seed)
    game.reveal(8, 15)
    analyser = IncrementalAnalyser()
    flags = seed % 2 == 0
    steps = 0
    while not game.over:
        view = game.view(flags=flags)
        check_sequence([view], analyser, analyse_every=1 if steps % 5 == 0 else 2)
        layout = game.reveal_layout(cheat=True).cells
        covered = [i for i, v in enumerate(view.cells) if v == UNKNOWN]
        safe = [i for i in covered if layout[i] != MINE]
        if not safe:
            break
        if flags and rng.random() < 0.3:
            mines = [i for i in covered if layout[i] == MINE]
            game.play(Action.flag(rng.choice(mines)))
        else:
            game.play(Action.reveal(rng.choice(safe)))
        steps += 1
    assert analyser.rebuilds <= 2  # the first view, at most once more for a big opening


def test_unchanged_components_keep_their_objects():
    # two separate frontiers; a move at one leaves the other's Component object alone
    before_view = Position.from_rows(["1?--------?1", "??--------??"], mines=2)
    after_view = Position.from_rows(["1?--------?1", "?1--------??"], mines=2)
    analyser = IncrementalAnalyser(rebuild_fraction=1.0)
    before = analyser.system(before_view)
    after = analyser.system(after_view)
    assert_same_system(after, build_system(after_view))
    assert after.components[1] is before.components[1]
    assert after.components[0] is not before.components[0]


def test_a_stopped_update_leaves_nothing_half_done():
    game = Game(Rules(30, 30, 150, "opening"), seed=3)
    game.reveal(15, 15)
    analyser = IncrementalAnalyser(rebuild_fraction=1.0)
    analyser.system(game.view())
    layout = game.reveal_layout(cheat=True).cells
    cell = next(i for i, v in enumerate(game.view().cells) if v == UNKNOWN
                and layout[i] != MINE)
    game.play(Action.reveal(cell))
    with pytest.raises(budget.AnalysisTimeout), budget.limits(seconds=0.0):
        analyser.system(game.view())
    assert_same_system(analyser.system(game.view()), build_system(game.view()))


def test_the_same_view_twice_costs_nothing():
    view = Position.from_rows(["1??", "???"], mines=1)
    analyser = IncrementalAnalyser()
    first = analyser.system(view)
    assert analyser.system(Position(view.shape, view.cells, 1)) is first
    assert analyser.system(view.with_mines(2)).remaining == 2
    analysis = analyser.update(view)
    assert analyser.update(view) is analysis
    analyser.use_mine_count = False
    assert analyser.update(view) == analyse(view, False)


def long_frontier_views(steps: int = 400) -> Iterator[Position]:
    """The views of a seeded 40x40 game in which each move reveals a random safe cell next
    to an open number and no mine is ever flagged (deduced mines stay covered)."""
    rng = random.Random(11)
    game = Game(Rules(40, 40, 330, "opening"), seed=11)
    game.reveal(20, 20)
    layout = game.reveal_layout(cheat=True).cells
    for _ in range(steps):
        view = game.view(flags=False)
        yield view
        cells = view.cells
        frontier = [i for i, v in enumerate(cells) if v == UNKNOWN and layout[i] != MINE
                    and any(cells[j] >= 0 for j in view.neighbours(i))]
        if game.over or not frontier:
            return
        game.play(Action.reveal(rng.choice(frontier)))


@pytest.mark.slow
def test_a_long_frontier_grown_one_reveal_at_a_time():
    # deduced mines stay covered: the frontier grows into one long component, changed
    # at one place per move (its rows patched and shifted, pieces split off and joined)
    analyser = IncrementalAnalyser(rebuild_fraction=1.0, keep_mines=False)
    sizes = []
    for step, view in enumerate(long_frontier_views()):
        system = analyser.system(view)
        assert_same_system(system, build_system(view))
        sizes.append(max((len(c.sizes) for c in system.components), default=0))
        if step % 25 == 0:
            assert analyser.update(view) == analyse(view)
    assert max(sizes) > 150 and analyser.rebuilds == 1


@pytest.mark.slow
def test_proved_mines_flagged_keep_the_frontier_in_small_pieces():
    # the same game as above, analysed through update(): the mines proved on one
    # move are flagged on the next, so no long component forms, and the answers are still
    # those of the views the player sees
    analyser = IncrementalAnalyser(rebuild_fraction=1.0)
    sizes, marked = [], 0
    for step, view in enumerate(long_frontier_views()):
        got = analyser.update(view)
        sizes.append(max((len(c.sizes) for c in got.system.components), default=0))
        marked = max(marked, len(got.marked))
        if step % 25 == 0:
            assert_same_answers(got, view, True)
    # without the marks this game's largest component reaches 346 boxes (240 at the median)
    assert max(sizes) < 100 and sorted(sizes)[len(sizes) // 2] < 50
    assert marked > 50 and analyser.rebuilds == 1


def test_proved_mines_are_forgotten_when_a_view_does_not_follow():
    view = Position.from_rows(["?1?", "11?", "???"], mines=1)
    analyser = IncrementalAnalyser()
    assert analyser.update(view).mine_cells() == (0,)
    opened = view.replace({8: 0})
    assert analyser.update(opened).marked == (0,)
    # a cell covered again: the view no longer follows from the last, nothing is carried
    covered = opened.replace({1: UNKNOWN})
    assert analyser.update(covered).marked == ()
    # another mine total: nothing carried either
    analyser.update(opened)
    assert analyser.update(opened.with_mines(2)).marked == ()
