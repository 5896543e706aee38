"""3BV: the school project's worked example and a brute-force least-clicks search."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.difficulty import three_bv
from sweepkit.game import Game
from sweepkit.position import Position
from sweepkit.rules import level
from tests.examples import examples

# The school project's 8x8 board with 10 mines, retyped row by row (* = mine): its 3BV is 8.
SCHOOL_EXAMPLE = [
    "0000002*",
    "0000013*",
    "110113*3",
    "*101*3*2",
    "11011222",
    "0000001*",
    "00122222",
    "001**2*1",
]


def test_school_example_is_a_true_layout_with_3bv_8():
    board = Position.from_rows(SCHOOL_EXAMPLE)
    mines = board.known_mines()
    assert len(mines) == 10
    assert board.layout(mines) == board  # every number agrees with the mines: no typo
    assert three_bv(board) == 8


def min_clicks(rows: int, cols: int, mines: frozenset[tuple[int, int]]) -> int:
    """Least number of reveals that opens every safe cell, by breadth-first search over the
    sets of opened cells (no flags, no chords). Independent of the engine."""
    safe = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in mines]
    bit = {cell: 1 << k for k, cell in enumerate(safe)}

    def around(r: int, c: int) -> list[tuple[int, int]]:
        return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]

    zero = {cell for cell in safe if not any(n in mines for n in around(*cell))}
    opens = {}
    for cell in safe:
        done, todo = {cell}, [cell]
        while todo:
            here = todo.pop()
            if here in zero:
                for other in around(*here):
                    if other not in done:
                        done.add(other)
                        todo.append(other)
        opens[cell] = sum(bit[c] for c in done)
    goal = (1 << len(safe)) - 1
    frontier, seen, clicks = {0}, {0}, 0
    while goal not in frontier:
        clicks += 1
        frontier = {state | opens[cell] for state in frontier for cell in safe
                    if not state & bit[cell]} - seen
        seen |= frontier
    return clicks


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(1, 4), st.integers(1, 5), st.data())
def test_3bv_is_the_least_number_of_clicks(rows, cols, data):
    cells = data.draw(st.lists(st.integers(0, 3), min_size=rows * cols, max_size=rows * cols))
    mines = frozenset(divmod(i, cols) for i, v in enumerate(cells) if v == 0)
    flat = [r * cols + c for r, c in mines]
    board = Position.unknown(rows, cols).layout(flat)
    assert three_bv(board) == min_clicks(rows, cols, mines)


def test_3bv_of_simple_boards():
    assert three_bv(Position.unknown(3, 3).layout([])) == 1  # one opening clears it
    assert three_bv(Position.unknown(1, 3).layout([1])) == 2  # two isolated 1s
    assert three_bv(Position.unknown(1, 1).layout([0])) == 0  # nothing to open


def test_game_3bv_agrees_with_its_layout():
    for seed in range(5):
        game = Game(level("expert"), seed=seed)
        game.reveal(0, 0)
        assert game.three_bv(cheat=True) == three_bv(game.reveal_layout(cheat=True))
