"""MBF, Minesweeper X's binary board: every layout written and read back unchanged, the
order of a file's mines immaterial, and every malformed file refused with a sentence that
names the fault and where it is."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sweepkit.boardfile import format_board, parse_board
from sweepkit.mbf import MAX_SIDE, MbfError, read_mbf, write_mbf
from sweepkit.position import MINE, SAFE, UNKNOWN, Position


@st.composite
def layouts(draw: st.DrawFn) -> tuple[int, int, list[int]]:
    """A board's width, height and mine cells (row-major), any size up to 255 wide."""
    width = draw(st.integers(1, MAX_SIDE))
    height = draw(st.integers(1, 40))
    mines = draw(st.sets(st.integers(0, width * height - 1), max_size=60))
    return width, height, sorted(mines)


@given(layouts(), st.randoms(use_true_random=False))
def test_a_layout_goes_round_the_format_unchanged(layout, rng):
    width, height, mines = layout
    pairs = [(cell % width, cell // width) for cell in mines]
    data = bytes([width, height, len(mines) >> 8, len(mines) & 0xFF,
                  *(b for pair in pairs for b in pair)])
    board = read_mbf(data)
    assert board.shape == (height, width) and board.mines == len(mines)
    assert board.known_mines() == tuple(mines)
    assert set(board.cells) <= {MINE, UNKNOWN}
    assert write_mbf(board) == data  # row-major in, row-major out: the same bytes
    # A file listing its mines in another order is the same board.
    rng.shuffle(pairs)
    shuffled = data[:4] + bytes(b for pair in pairs for b in pair)
    assert read_mbf(shuffled) == board
    # Through the .board text and back: the same bytes.
    assert write_mbf(parse_board(format_board(board))) == data


@given(st.integers(1, 30), st.integers(1, 30), st.data())
def test_a_position_is_written_with_its_known_mines_only(rows, cols, data):
    cells = data.draw(st.lists(st.sampled_from([UNKNOWN, MINE, SAFE, *range(9)]),
                               min_size=rows * cols, max_size=rows * cols))
    position = Position((rows, cols), tuple(cells))
    board = read_mbf(write_mbf(position))
    assert board.shape == position.shape
    assert board.known_mines() == position.known_mines()
    assert board.mines == len(position.known_mines())


def test_a_known_file_reads_as_its_layout():
    # 4 wide, 3 tall, 3 mines at (x, y) = (0, 0), (3, 1), (1, 2)
    board = read_mbf(bytes([4, 3, 0, 3, 0, 0, 3, 1, 1, 2]))
    assert format_board(board) == "mines: 3\n*???\n???*\n?*??\n"


def test_the_mine_count_is_big_endian():
    mines = [(x, y) for y in range(2) for x in range(200)]  # 400 = 0x0190
    data = bytes([200, 2, 0x01, 0x90, *(b for pair in mines for b in pair)])
    assert read_mbf(data).mines == 400
    assert write_mbf(read_mbf(data))[2:4] == b"\x01\x90"


@pytest.mark.parametrize(("data", "message"), [
    (b"", "the file is 0 bytes long; an MBF board starts with 4"),
    (bytes([9, 9, 0]), "the file is 3 bytes long"),
    (bytes([0, 9, 0, 0]), "the board is 0x9 (byte 0 is the width, byte 1 the height): both "
                          "must be at least 1"),
    (bytes([9, 0, 0, 0]), "the board is 9x0"),
    (bytes([9, 9, 0, 2, 1, 1]), "the header says 2 mines, which take 4 bytes after the "
                                "4-byte header, but the file has 2"),
    (bytes([9, 9, 0, 1, 1, 1, 2, 2]), "the header says 1 mine, which take 2 bytes after "
                                      "the 4-byte header, but the file has 4"),
    (bytes([9, 9, 0, 1, 1]), "but the file has 1"),
    (bytes([1, 1, 0, 2, 0, 0, 0, 0]), "the header says 2 mines but the 1x1 board has only "
                                      "1 cells"),
    (bytes([9, 9, 0, 2, 1, 1, 9, 0]), "mine 2 (bytes 6-7) is at x=9, y=0, off the 9x9 board "
                                      "(x runs 0-8, y 0-8)"),
    (bytes([9, 4, 0, 1, 0, 4]), "mine 1 (bytes 4-5) is at x=0, y=4, off the 9x4 board"),
    (bytes([9, 9, 0, 3, 1, 1, 2, 2, 1, 1]), "mine 3 (bytes 8-9) at x=1, y=1 is mine 1 again"),
])
def test_a_malformed_file_is_refused_in_words(data, message):
    with pytest.raises(MbfError) as refused:
        read_mbf(data)
    assert message in str(refused.value)


def test_a_board_the_format_cannot_hold_is_refused():
    with pytest.raises(MbfError, match="at most 255 rows and 255 columns"):
        write_mbf(Position.unknown(2, 256))
    with pytest.raises(MbfError, match="2-D grid"):
        write_mbf(Position.covered((2, 2, 2)))


def test_the_largest_board_fits():
    board = Position.unknown(MAX_SIDE, MAX_SIDE).replace({0: MINE, MAX_SIDE**2 - 1: MINE})
    data = write_mbf(board)
    assert data == bytes([255, 255, 0, 2, 0, 0, 254, 254])
    assert read_mbf(data).known_mines() == board.known_mines()
