import pytest

from sweepkit.position import MINE, SAFE, UNKNOWN, Position


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


def test_construction_checks_its_arguments():
    with pytest.raises(ValueError, match="needs 4 cells"):
        Position((2, 2), (UNKNOWN,) * 3)
    with pytest.raises(ValueError, match="outside"):
        Position((1, 2), (UNKNOWN,) * 2, mines=3)
    with pytest.raises(ValueError, match="one row"):
        Position((2, 2), (UNKNOWN,) * 4, topology="line")


def test_positions_are_values():
    a = Position.from_rows(["1?"])
    b = Position.from_rows(["1 ."])
    assert a == b and hash(a) == hash(b)
    assert a.replace({1: MINE}).cells == (1, MINE)
    assert a.with_mines(1) != a
