"""Isolated areas against a brute force (their layouts, read from every layout of the
board), the area's own board against the real one, the independence that makes an
area's optimal move optimal for the whole board (checked by exact search of the whole
board in positions of real games), and ``best``'s isolated step (option ``isolated``)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.board_count import count_layouts
from sweepkit.analysis.board.probability import analyse
from sweepkit.game import Game
from sweepkit.play import steps
from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from sweepkit.rules import Rules
from sweepkit.search.optimal import optimal_play
from sweepkit.strategies.best import BestStrategy
from sweepkit.strategies.best.isolated import area_position, isolated_areas
from tests import brute
from tests.examples import examples
from tests.strategies.best.test_guesses import around
from tests.strategies_boards import consistent_positions


@st.composite
def opened_positions(draw) -> Position:
    """Views of a random layout (up to 5×5) with most safe cells shown, as in a game's
    middle, where walled-in areas are common; a few mines flagged, a few safe cells
    known but showing no number."""
    rows, cols = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    bits = draw(st.lists(st.integers(0, 3), min_size=rows * cols, max_size=rows * cols))
    mines = [i for i, b in enumerate(bits) if b == 0]
    full = Position.unknown(rows, cols).layout(mines)
    cells = []
    for v in full.cells:
        if v == MINE:
            cells.append(draw(st.sampled_from([UNKNOWN, UNKNOWN, UNKNOWN, MINE])))
        else:
            cells.append(draw(st.sampled_from([v, v, v, v, v, UNKNOWN, UNKNOWN, SAFE])))
    return Position((rows, cols), tuple(cells), len(mines))


@settings(max_examples=examples(300), deadline=None)
@given(opened_positions())
def test_isolated_areas_of_opened_boards_match_a_brute_force(position):
    check_areas(position)


@settings(max_examples=examples(200), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=5, with_mines=True))
def test_isolated_areas_of_sparse_boards_match_a_brute_force(position):
    check_areas(position)


def check_areas(position: Position) -> None:
    """Each isolated area of ``position`` and its own board, against the brute force."""
    layouts = brute.explanations(position)
    table = position.neighbour_table()
    for area in isolated_areas(analyse(position)):
        cells = frozenset(area.cells)
        assert all(position.cells[c] == UNKNOWN for c in cells)
        assert all(j in cells for c in cells for j in table[c]
                   if position.cells[j] == UNKNOWN)
        parts = {layout & cells for layout in layouts}
        assert {len(part) for part in parts} == {area.mines}
        assert len(parts) == area.layouts > 1
        board = area_position(position, area)
        if board is None:  # only when a known-safe cell showing no number touches the area
            assert any(position.cells[j] == SAFE for c in cells for j in table[c])
            continue
        own = brute.explanations(board)
        known = {c for c, v in enumerate(board.cells) if v == MINE}
        assert {layout & cells for layout in own} == parts
        assert all(layout - cells == known for layout in own)
        # every cell of the area shows on its own board what it shows on the real one
        for layout in layouts:
            mine = known | (layout & cells)
            for c in cells - layout:
                assert len(around(position, c) & mine) == len(around(position, c) & layout)


def guess_positions(games: int) -> list[Position]:
    """The positions where ``best`` (no exact endgame) guesses on a 6×7 board with 10
    mines, games 0 to ``games`` − 1, whose board holds an isolated area and more."""
    found = []
    for seed in range(games):
        game = Game(Rules(6, 7, 10), seed)
        for _ in steps(game, BestStrategy(endgame=0), rng=random.Random(seed)):
            view = game.view()
            analysis = analyse(view)
            if game.over or analysis.safe_cells():
                continue
            covered = view.cells.count(UNKNOWN)
            if any(len(a.cells) < covered for a in isolated_areas(analysis)):
                found.append(view)
    return found


def test_an_areas_optimal_moves_are_optimal_for_the_whole_board():
    checked = 0
    for view in guess_positions(150):
        if count_layouts(view) > 3000:
            continue
        whole = optimal_play(view)
        covered = view.cells.count(UNKNOWN)
        for area in isolated_areas(analyse(view)):
            if len(area.cells) < covered:
                part = optimal_play(area_position(view, area))
                assert part.total == area.layouts
                assert set(part.best_moves) <= set(whole.best_moves), (str(view), area)
                checked += 1
    assert checked >= 5


# An intermediate position (16×16, 40 mines) of a real game: six cells at the top right
# hold 5 mines in both of their layouts, walled in by numbers; the board has 2,838 layouts,
# too many for the exact endgame.
AREA_GAME = """\
001??1000012????
00122100001?4?31
0000111111112110
00001?11?1000000
0012432123210000
122???101??10000
?4?4321012221100
?4?200011101?100
12110001?1011100
0012321122100111
112???101?1001?1
??3??31011100111
?????32101110011
????4??212?1001?
??????43?2121222
??????2?2101?2?1
"""


def test_best_plays_an_isolated_area_first_and_optimally():
    view = Position.from_rows(AREA_GAME.split(), mines=40)
    analysis = analyse(view)
    assert not analysis.safe_cells() and analysis.total > 400
    (area,) = isolated_areas(analysis)
    found = BestStrategy(strength="normal").consider(analysis, random.Random(1))
    cell = found.decision.action.cell
    assert found.step == "isolated area" and cell in area.cells
    assert cell in optimal_play(area_position(view, area)).best_moves
    assert "6 cells walled in, 5 mines in every layout" in found.decision.reason.note
    without = BestStrategy(strength="normal", isolated=False).consider(analysis,
                                                                     random.Random(1))
    assert without.step == "two-step" and without.decision.action.cell not in area.cells
