"""The generators' logic-only player against the reference player (a real game, the exact
analysis or the explanations from scratch each turn): it stops where the reference stops,
with the same cells revealed and flagged, at every technique; its deductions kept through
layout changes are those of a fresh player on the changed layout."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.reasons.explain import TECHNIQUES
from sweepkit.generate.logic import FLAG, GLOBAL, LINKED, OPEN, LogicPlayer, neighbour_counts
from sweepkit.rules import Rules
from sweepkit.topology import neighbours
from tests.examples import examples
from tests.generate.reference import reference_play


def boards(draw: st.DrawFn, max_rows: int = 8, max_cols: int = 9
           ) -> tuple[Rules, frozenset[int], int]:
    """A small board, its mines (up to about a third of the cells) and a safe first click."""
    rows, cols = draw(st.integers(2, max_rows)), draw(st.integers(2, max_cols))
    size = rows * cols
    mines = draw(st.integers(1, max(1, size // 3)))
    rng = random.Random(draw(st.integers(0, 10**9)))
    first = rng.randrange(size)
    layout = frozenset(rng.sample([c for c in range(size) if c != first], mines))
    return Rules(rows, cols, mines), layout, first


def known(player: LogicPlayer) -> tuple[frozenset[int], frozenset[int]]:
    """The cells the player revealed and flagged."""
    state = player.state
    return (frozenset(c for c, s in enumerate(state) if s == OPEN),
            frozenset(c for c, s in enumerate(state) if s == FLAG))


@settings(max_examples=examples(150), deadline=None)
@given(board=st.composite(boards)(), rank=st.integers(0, len(TECHNIQUES) - 1))
def test_the_player_stops_where_the_reference_stops(board, rank):
    rules, mines, first = board
    player = LogicPlayer(rules, mines, rank)
    player.start(first)
    cleared = player.solve()
    expected = reference_play(rules, mines, first, TECHNIQUES[rank])
    assert cleared == expected.won
    if not cleared:
        assert known(player) == (expected.revealed, expected.flagged)


@settings(max_examples=examples(150), deadline=None)
@given(board=st.composite(boards)())
def test_the_mine_count_decides_nothing_when_every_frontier_layout_fits(board):
    # Rule 4's shortcut: where the numbers decide nothing, with F covered cells next to a
    # number, I away from them and R mines left, F <= R <= I leaves the count nothing
    rules, mines, first = board
    player = LogicPlayer(rules, mines, LINKED)
    player.start(first)
    if player.solve():
        return
    left = rules.mines - player.flags
    near = player.frontier
    away = player.safe_left + left - near
    view = player.view()
    assert near == sum(1 for c in view.unknown_cells()
                       if any(view.cells[j] >= 0 for j in view.neighbours(c)))
    assert away == len(view.unknown_cells()) - near
    analysis = analyse(view)
    if near and near <= left <= away:
        assert not analysis.safe_cells() and not analysis.mine_cells()


@settings(max_examples=examples(150), deadline=None)
@given(board=st.composite(boards)(), rank=st.integers(0, len(TECHNIQUES) - 1),
       seed=st.integers(0, 10**6), swaps=st.integers(1, 6), window=st.sampled_from([None, 3]))
def test_a_changed_layout_keeps_only_deductions_that_still_hold(board, rank, seed, swaps,
                                                                 window):
    # After cells swap sides, the tracked player keeps what still follows from the first
    # click in the new layout and plays on: exactly what a fresh player reaches (a window
    # on the exact step may only stop it earlier, never let it reach a cell the fresh one
    # cannot)
    rules, mines, first = board
    rng = random.Random(seed)
    player = LogicPlayer(rules, mines, rank, track=True, window=window)
    player.start(first)
    for _ in range(swaps):
        player.solve()
        hidden = [c for c, s in enumerate(player.state) if s != OPEN]
        x = rng.choice(hidden)
        other = [c for c in hidden if player.is_mine[c] != player.is_mine[x]]
        if not other:
            break
        player.swap(x, rng.choice(other))
        fresh = LogicPlayer(rules, player.mines, rank)
        fresh.start(first)
        fresh.solve()
        revealed, flagged = known(player)
        closure = known(fresh)
        assert revealed <= closure[0] and flagged <= closure[1]
    cleared = player.solve()
    fresh = LogicPlayer(rules, player.mines, rank)
    fresh.start(first)
    assert fresh.solve() or not cleared
    if window is None or rank < LINKED:
        assert known(player) == known(fresh)


def test_the_count_step_finds_what_only_the_count_decides():
    # 0 1 * ?: the 1 flags the mine, and only the count (none left) clears the last cell
    rules = Rules(1, 4, 1)
    player = LogicPlayer(rules, frozenset({2}), GLOBAL)
    player.start(0)
    assert player.solve()
    limited = LogicPlayer(rules, frozenset({2}), LINKED)
    limited.start(0)
    assert not limited.solve() and known(limited) == (frozenset({0, 1}), frozenset({2}))


@settings(max_examples=examples(100), deadline=None)
@given(rows=st.integers(1, 12), cols=st.integers(1, 12), seed=st.integers(0, 10**6))
def test_the_mine_counts_in_bulk_are_the_neighbours_counted_one_by_one(rows, cols, seed):
    rng = random.Random(seed)
    is_mine = bytearray(rng.random() < 0.4 for _ in range(rows * cols))
    table = neighbours((rows, cols), "grid")
    assert neighbour_counts(is_mine, rows, cols) == [sum(is_mine[j] for j in table[c])
                                                     for c in range(rows * cols)]


def test_a_swap_needs_a_mine_and_a_safe_cell_neither_revealed():
    player = LogicPlayer(Rules(3, 3, 2), frozenset({7, 8}), track=True)
    player.start(0)
    for x, y in ((7, 8), (5, 6), (0, 8)):  # two mines, two safe cells, a revealed one
        with pytest.raises(ValueError, match=f"cells {x} and {y} cannot swap"):
            player.swap(x, y)
