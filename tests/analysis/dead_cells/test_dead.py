"""Dead cells: the local route (shortcuts for determined neighbours and the floating pool,
the local test on atoms) gives exactly what the old route gave (reveal the cell as each
number and count the whole board: ``revealed_numbers``, and the old ``dead_cells`` kept in
``tests/analysis/slow_reference.py``), on small random boards and on medium ones."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.dead_cells import dead as dead_module
from sweepkit.analysis.dead_cells.dead import dead_cells, revealed_numbers
from sweepkit.analysis.dead_cells.supports import Supports, sumset
from sweepkit.game import Game
from sweepkit.position import UNKNOWN, Position
from sweepkit.rules import Rules, level
from tests.analysis.slow_reference import old_dead_cells
from tests.examples import examples
from tests.strategies_boards import consistent_positions


def exact_dead(position: Position, use_count: bool = True) -> tuple[int, ...]:
    analysis = analyse(position, use_count)
    return tuple(cell for cell, p in analysis.probabilities(exact=True).items()
                 if p != 1 and len(revealed_numbers(position, cell, use_count,
                                                    stop_after=2)) == 1)


@contextmanager
def bulk_from(cells: int):
    """Decide floating cells on bit sets from boards of ``cells`` cells (0: always)."""
    saved = dead_module.BULK_CELLS
    dead_module.BULK_CELLS = cells
    try:
        yield
    finally:
        dead_module.BULK_CELLS = saved


def mine_counts(position: Position) -> set[int | None]:
    known = len(position.known_mines())
    return {position.mines, known + 1, known + 2, known + len(position.unknown_cells()) // 3}


@settings(max_examples=examples(300), deadline=None)
@given(consistent_positions(max_rows=6, max_cols=7), st.booleans(), st.booleans())
def test_local_route_matches_the_exact_trial(position, use_count, bulk):
    for mines in mine_counts(position):
        if mines is None or mines > len(position.cells):
            continue
        board = position.with_mines(mines)
        if not analyse(board, use_count).consistent:
            continue
        with bulk_from(0 if bulk else 10**9):
            found = dead_cells(board, use_count)
        assert found == exact_dead(board, use_count)


@settings(max_examples=examples(150), deadline=None)
@given(consistent_positions(max_rows=8, max_cols=8), st.booleans())
def test_local_route_matches_the_old_route(position, use_count):
    with bulk_from(0):
        assert dead_cells(position, use_count) == old_dead_cells(position, use_count)


def game_view(rows: int, cols: int, mines: int, seed: int, clicks: int) -> Position:
    """A view of a seeded game after ``clicks`` safe clicks next to the open area (the
    deduced mines stay covered: long frontiers that split into many parts)."""
    game = Game(Rules(rows, cols, mines, "opening"), seed=seed)
    game.reveal(rows // 2, cols // 2)
    layout = game.reveal_layout(cheat=True).cells
    for _ in range(clicks):
        view = game.view(flags=False)
        table = view.neighbour_table()
        safe = [i for i, v in enumerate(view.cells) if v == UNKNOWN and layout[i] >= 0
                and any(view.cells[j] >= 0 for j in table[i])]
        if not safe or game.over:
            break
        game.reveal(*view.coord(safe[len(safe) // 2]))
    return game.view(flags=False)


def expert_steps(seed: int) -> list[Position]:
    """The views of a seeded expert game played by certain moves until the first guess."""
    game = Game(level("expert", "safe"), seed=seed)
    game.reveal(0, 0)
    views = []
    while not game.over:
        view = game.view()
        views.append(view)
        analysis = analyse(view)
        if not analysis.safe_cells():
            break
        for cell in analysis.mine_cells():
            game.flag(*view.coord(cell))
        for cell in analysis.safe_cells():
            if not game.over:
                game.reveal(*view.coord(cell))
    return views


@pytest.mark.slow
@pytest.mark.parametrize("seeds", [range(0, 15), range(15, 30)])
def test_every_step_of_expert_games_matches_the_old_route(seeds):
    for seed in seeds:
        for view in expert_steps(seed):
            for use_count in (True, False):
                assert dead_cells(view, use_count) == old_dead_cells(view, use_count)


@pytest.mark.parametrize(("rows", "cols", "mines", "seed", "clicks"),
                         [(16, 30, 99, 1, 10), (16, 30, 99, 2, 25), (20, 20, 60, 3, 15),
                          (30, 30, 120, 4, 8)])
def test_medium_views_match_the_old_route(rows, cols, mines, seed, clicks):
    view = game_view(rows, cols, mines, seed, clicks)
    for use_count in (True, False):
        with bulk_from(0):
            assert dead_cells(view, use_count) == old_dead_cells(view, use_count)


def test_pool_decides_cells_far_from_and_next_to_the_frontier():
    # 3x6: a revealed 1 in the corner; the other unknown cells are floating or frontier.
    board = Position.from_rows(["1?????", "??????", "??????"], mines=1)
    assert dead_cells(board) == exact_dead(board)
    # With every remaining mine certainly in the corner's equation, the pool is empty:
    # every far cell shows 0 when revealed... except those next to the frontier.
    assert 17 in dead_cells(board)


@given(st.lists(st.tuples(st.integers(0, 5), st.lists(st.booleans(), min_size=1,
                                                         max_size=6)), max_size=6),
       st.lists(st.integers(0, 5), max_size=6))
def test_supports_leave_out_any_pieces(pieces, left_out):
    supports = [(low, sum(1 << i for i, b in enumerate(bits) if b)) for low, bits in pieces]
    table = Supports(supports)
    left_out = [i for i in left_out if i < len(supports)]

    def members(s):
        return {s[0] + i for i in range(s[1].bit_length()) if s[1] >> i & 1}

    expected = {0}
    for i, s in enumerate(supports):
        if i not in left_out:
            expected = {x + y for x in expected for y in members(s)}
    assert members(table.without(left_out)) == expected
    assert members(sumset((2, 0b101), (1, 0b11))) == {3, 4, 5, 6}
