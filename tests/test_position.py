import pytest

from sweepkit.boardfile import BoardFormatError
from sweepkit.position import MINE, SAFE, UNKNOWN, Position, check_mine_count
from sweepkit.topology import OffBoardError


def test_layout_prints_numbers_and_mines():
    p = Position.unknown(3, 3).layout([0, 4])
    assert p.cells == (MINE, 2, 1, 2, MINE, 1, 1, 1, 1)


def test_explains_checks_numbers_flags_and_count():
    p = Position.from_rows(["1?", "*?"], mines=1)
    idx = p.index
    assert p.explains([idx(1, 0)])
    assert not p.explains([idx(1, 0), idx(1, 1)])
    assert not p.explains([idx(0, 1)])
    assert not Position.from_rows(["1-", "??"]).explains([1])


def test_remaining_mines_and_queries():
    p = Position.from_rows(["1*", "?-"], mines=3)
    assert p.remaining_mines() == 2
    assert p.unknown_cells() == (2,)
    assert p.known_mines() == (1,)
    assert p.number_cells() == (0,)
    assert p.cells[3] == SAFE
    assert Position.from_rows(["??"]).remaining_mines() is None


def test_index_off_board_is_a_clear_error():
    p = Position.unknown(2, 3)
    assert p.index(1, 2) == 5 and p.coord(5) == (1, 2)
    with pytest.raises(IndexError, match=r"\(2, 0\) is off the 2x3 board"):
        p.index(2, 0)
    # one error for every caller: IndexError (Position) and ValueError (Rules, the CLI) alike
    with pytest.raises(OffBoardError) as info:
        p[0, 3]
    assert isinstance(info.value, ValueError)
    assert str(info.value) == "cell (0, 3) is off the 2x3 board"


def test_construction_checks_its_arguments():
    with pytest.raises(ValueError, match="needs 4 cells"):
        Position((2, 2), (UNKNOWN,) * 3)
    with pytest.raises(ValueError, match="mine count 3 exceeds the 2 cells of the board"):
        Position((1, 2), (UNKNOWN,) * 2, mines=3)
    with pytest.raises(ValueError, match="mine count -1 is negative"):
        Position((1, 2), (UNKNOWN,) * 2, mines=-1)
    with pytest.raises(ValueError, match="one row"):
        Position((2, 2), (UNKNOWN,) * 4, topology="line")


def test_positions_are_values():
    a = Position.from_rows(["1?"])
    b = Position.from_rows(["1 ."])
    assert a == b and hash(a) == hash(b)
    assert a.replace({1: MINE}).cells == (1, MINE)
    assert a.with_mines(1) != a


def test_a_mine_count_below_the_known_mines_is_refused_in_code_as_in_the_parser():
    cells = (MINE, MINE, UNKNOWN)
    with pytest.raises(ValueError, match="mine count 1 is less than the 2 known mines on the"):
        Position((1, 3), cells, mines=1)
    assert Position((1, 3), cells, mines=2).remaining_mines() == 0
    assert Position((1, 3), cells).remaining_mines() is None  # no count: nothing to check
    with pytest.raises(ValueError, match="mine count 2 is less than the 3 known"):
        Position.unknown(1, 3, mines=2).replace({0: MINE, 1: MINE, 2: MINE})
    with pytest.raises(ValueError, match="less than the 2 known"):
        Position((1, 3), cells).with_mines(1)
    # from_rows goes through the parser: same words, plus where
    with pytest.raises(BoardFormatError, match="line 1, column 8: mine count 1 is less than"):
        Position.from_rows(["**?"], mines=1)


@pytest.mark.parametrize(
    ("mines", "known", "size", "words"),
    [
        (-2, 0, 4, "mine count -2 is negative"),
        (5, 0, 4, "mine count 5 exceeds the 4 cells of the board"),
        (1, 2, 4, "mine count 1 is less than the 2 known mines on the board"),
    ],
)
def test_check_mine_count(mines, known, size, words):
    with pytest.raises(ValueError) as info:
        check_mine_count(mines, known, size)
    assert str(info.value) == words
    check_mine_count(known, known, size)
    check_mine_count(size, known, size)
