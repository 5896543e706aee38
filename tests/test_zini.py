"""ZiNi: known small boards, the greedy clicks played by the real game engine, and the
bounds a brute-force least-clicks search (flags and chords included) puts on it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.difficulty import three_bv
from sweepkit.game import Game, Status
from sweepkit.moves import MoveKind
from sweepkit.position import Position
from sweepkit.rules import level
from sweepkit.zini import zini
from tests.examples import examples


def least_clicks(rows: int, cols: int, mines: frozenset[int]) -> int:
    """The true least number of clicks (left clicks, flags, chords) that opens every safe
    cell, by breadth-first search over (opened, flagged) states. Independent of the
    engine and of the module: only flags on mines are tried (a flag elsewhere never
    helps), and a chord only where every mine around is flagged."""
    size = rows * cols

    def around(i: int) -> list[int]:
        r, c = divmod(i, cols)
        return [(r + dr) * cols + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]

    near = [around(i) for i in range(size)]
    zero = [i not in mines and not any(j in mines for j in near[i]) for i in range(size)]

    def open_from(i: int, opened: int) -> int:
        todo = [i]
        while todo:
            j = todo.pop()
            if opened >> j & 1:
                continue
            opened |= 1 << j
            if zero[j]:
                todo.extend(k for k in near[j] if not opened >> k & 1)
        return opened

    goal = sum(1 << i for i in range(size) if i not in mines)
    frontier, seen, clicks = {(0, 0)}, {(0, 0)}, 0
    while not any(o == goal for o, _f in frontier):
        clicks += 1
        nxt = set()
        for opened, flagged in frontier:
            for i in range(size):
                if i in mines:
                    if not flagged >> i & 1:
                        nxt.add((opened, flagged | 1 << i))
                elif not opened >> i & 1:
                    nxt.add((open_from(i, opened), flagged))
                elif all(flagged >> j & 1 for j in near[i] if j in mines):
                    after = opened
                    for j in near[i]:
                        if j not in mines:
                            after = open_from(j, after)
                    if after != opened:
                        nxt.add((after, flagged))
        frontier = nxt - seen
        seen |= frontier
    return clicks


def played(layout: Position) -> Game:
    """The game on ``layout`` after the greedy ZiNi's clicks, made by the engine."""
    game = Game.from_layout(layout)
    for action in zini(layout).clicks:
        game.play(action)
    return game


def test_one_mine_in_the_middle_takes_five_clicks_where_3bv_is_eight():
    centre = Position.unknown(3, 3).layout([4])
    assert three_bv(centre) == 8
    assert zini(centre).value == 5 == least_clicks(3, 3, frozenset({4}))


def test_a_board_of_openings_is_its_3bv_and_chords_nothing():
    board = Position.from_rows(["*1..", "11..", "....", "..11", "..1*"])
    found = zini(board)
    assert found.value == three_bv(board) == 1
    assert {a.kind for a in found.clicks} == {MoveKind.REVEAL}


def test_a_lone_number_wedged_between_mines_is_clicked():
    board = Position.unknown(1, 3).layout([0, 2])  # "*2*": one click, no chord pays
    assert zini(board).value == 1


def test_the_clicks_clear_an_expert_board_and_beat_its_3bv():
    game = Game(level("expert", "safe"), seed=7)
    game.reveal(8, 15)
    layout = game.reveal_layout(cheat=True)
    after = played(layout)
    assert after.status is Status.WON
    assert after.clicks.total == zini(layout).value < three_bv(layout)
    assert after.clicks.wasted == 0
    assert game.zini(cheat=True) == zini(layout).value


@st.composite
def small_layouts(draw: st.DrawFn) -> tuple[int, int, frozenset[int]]:
    rows = draw(st.integers(1, 3))
    cols = draw(st.integers(2, 4))
    cells = draw(st.sets(st.integers(0, rows * cols - 1), max_size=rows * cols - 1))
    return rows, cols, frozenset(cells)


@settings(max_examples=examples(300), deadline=None)
@given(small_layouts())
def test_zini_lies_between_the_least_clicks_and_the_3bv(case):
    rows, cols, mines = case
    layout = Position.unknown(rows, cols).layout(mines)
    found = zini(layout)
    assert least_clicks(rows, cols, mines) <= found.value <= three_bv(layout)
    # the clicks are a real game's: it is won, with no click wasted
    game = played(layout)
    assert game.status is Status.WON
    assert game.clicks.total == found.value and game.clicks.wasted == 0


@settings(max_examples=examples(50), deadline=None)
@given(st.integers(0, 2**32))
def test_the_clicks_win_random_intermediate_boards(seed):
    game = Game(level("intermediate", "safe"), seed=seed)
    game.reveal(0, 0)
    layout = game.reveal_layout(cheat=True)
    after = played(layout)
    assert after.status is Status.WON
    assert after.clicks.total == zini(layout).value <= three_bv(layout)
