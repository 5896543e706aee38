"""The ``.board`` format for boards of three and more dimensions (a ``shape:`` header)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.boardfile import BoardFormatError, format_board, parse_board
from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from sweepkit.topology import OffBoardError
from tests.strategies_boards import nd_consistent_positions, nd_positions

CUBE = """\
# a 2x3x3 board: two slices of 3 rows and 3 columns
shape: 2x3x3
mines: 12
# slice 0
 *  *  *
 * 12  ?
 -  ?  ?

# slice 1
 *  *  *
 *  *  *
 ?  ?  ?
"""


def test_the_documented_example():
    p = parse_board(CUBE)
    assert p.shape == (2, 3, 3) and p.dims == 3 and p.mines == 12
    assert (p.rows, p.cols, p.size) == (3, 3, 18)
    assert p[0, 1, 1] == 12 and p[0, 2, 0] == SAFE and p[1, 2, 2] == UNKNOWN
    assert p.index(1, 0, 2) == 11 and p.coord(11) == (1, 0, 2)
    assert format_board(p) == CUBE.split("\n", 1)[1]  # all but the first comment
    assert parse_board(format_board(p)) == p


def test_a_four_dimensional_board_lists_its_slices_outermost_slowest():
    p = Position((2, 2, 1, 2), (0, 1, 2, 3, 4, 5, 6, 7))
    text = format_board(p)
    assert text == ("shape: 2x2x1x2\n# slice 0,0\n0 1\n\n# slice 0,1\n2 3\n\n"
                    "# slice 1,0\n4 5\n\n# slice 1,1\n6 7\n")
    assert parse_board(text) == p


def test_written_forms_tokens_aliases_comments_and_blank_lines():
    text = ("\ufeffshape: 2 X 2x2\r\nmines: 3\r\n\r\n. F\r\n# inside a slice\r\n07\t-\r\n"
            "\r\n\r\n# between\r\nB    *\r\n? 3\r\n\r\n")
    p = parse_board(text)
    assert p.cells == (UNKNOWN, MINE, 7, SAFE, MINE, MINE, UNKNOWN, 3)
    assert format_board(p) == ("shape: 2x2x2\nmines: 3\n# slice 0\n? *\n7 -\n\n"
                               "# slice 1\n* *\n? 3\n")


def test_a_two_dimensional_shape_header_is_accepted_and_not_written():
    plain = parse_board("mines: 1\n1?\n??\n")
    assert parse_board("shape: 2x2\nmines: 1\n1?\n??\n") == plain
    assert parse_board("shape: 2x2\n1 ?\n\n? ?\n") == plain.with_mines(None)
    assert format_board(plain) == "mines: 1\n1?\n??\n"


@settings(deadline=None)
@given(st.one_of(nd_positions(), nd_consistent_positions()))
def test_parse_of_print_is_identity(p: Position):
    assert parse_board(format_board(p)) == p


@settings(deadline=None)
@given(nd_positions(), st.data())
def test_any_spacing_and_comments_parse_the_same(p: Position, data):
    """Rewrite the canonical text with other spaces, blank lines and comments."""
    lines = []
    for line in format_board(p).split("\n"):
        if line.startswith(("shape", "mines", "#")):
            lines.append(line)
        elif not line:
            lines.extend([""] * data.draw(st.integers(1, 3)))
        else:
            sep = data.draw(st.sampled_from([" ", "  ", "\t", " \t "]))
            lines.append(data.draw(st.sampled_from(["", " "])) + sep.join(line.split()))
            if data.draw(st.booleans()):
                lines.append("# a note")
    assert parse_board("\n".join(lines)) == p


@pytest.mark.parametrize(
    ("text", "line", "column", "cell", "words"),
    [
        # a number too big for its cell: 27 in 3-D, 81 in 4-D, 8 at a corner of a cube
        ("shape: 3x3x3\n" + "* * *\n* * *\n* * *\n\n* * *\n* 27 *\n* * *\n\n" + "* * *\n" * 3,
         7, 3, (1, 1, 1), "number 27 is larger than its 26 neighbours"),
        ("shape: 3x3x3x3\n" + "\n".join(["* * *\n" * 3] * 4) + "\n* * *\n* 81 *\n* * *\n\n"
         + "\n".join(["* * *\n" * 3] * 4), 19, 3, (1, 1, 1, 1),
         "number 81 is larger than its 80 neighbours"),
        ("shape: 2x2x2\n8 ?\n? ?\n\n? ?\n? ?\n", 2, 1, (0, 0, 0),
         "number 8 is larger than its 7 neighbours"),
        # the wrong number of slices
        ("shape: 2x1x2\n? ?\n\n? ?\n\n? ?\n", 6, 1, None, "one slice too many"),
        ("shape: 3x1x2\n? ?\n\n? ?\n", 4, 4, None, "ends after 2 slices but shape 3x1x2 has 3"),
        # the wrong number of rows in a slice
        ("shape: 2x2x2\n? ?\n? ?\n? ?\n\n? ?\n? ?\n", 4, 1, None, "more than 2 rows"),
        ("shape: 2x2x2\n? ?\n\n? ?\n? ?\n", 2, 4, None, "slice 0 ends after 1 row but"),
        # a row of the wrong length
        ("shape: 2x1x3\n? ? ?\n\n? ? ? ?\n", 4, 7, (1, 0, 3),
         "row 0 of slice 1 has 4 cells but shape 2x1x3 has 3 columns"),
        ("shape: 1x2x1x3\n? ? ?\n\n? ?\n", 4, 4, (0, 1, 0, 2),
         "row 0 of slice 0,1 has 2 cells"),
        ("shape: 2x2x2\n? ?\n?\n\n? ?\n? 1\n", 3, 2, (0, 1, 1),
         "row 1 of slice 0 has 1 cell but shape 2x2x2 has 2 columns"),
        # cells must be separated
        ("shape: 2x1x2\n1? ?\n\n? ?\n", 2, 1, (0, 0, 0), "bad cell '1?'"),
        ("shape: 2x1x2\n? x\n\n? ?\n", 2, 3, (0, 0, 1), "bad cell 'x'"),
        # the header itself
        ("shape: 4\n????\n", 1, 8, None, "not two or more sizes"),
        ("shape: 2x0x2\n? ?\n", 1, 8, None, "size below 1"),
        ("shape: 2*2*2\n? ?\n", 1, 8, None, "not two or more sizes"),
        ("shape: 2x1x2\ntopology: line\n? ?\n\n? ?\n", 2, 11, None, "one-row 2-D board"),
        ("shape: 2x1x2\n? ?\n\nmines: 1\n? ?\n", 4, 1, None, "after the board rows"),
        ("shape: 2x1x2\nmines: 5\n? ?\n\n? ?\n", 2, 8, None, "exceeds the 4 cells"),
        ("shape: 2x1x2\n# nothing\n", None, None, None, "no board rows"),
        # a 2-D shape header must match the rows
        ("shape: 2x3\n???\n???\n???\n", 4, 1, None, "row 2 is one too many"),
        ("shape: 3x3\n???\n???\n", 3, 4, None, "ends after 2 rows but shape 3x3 has 3"),
        ("shape: 2x3\n????\n????\n", 2, 4, (0, 3), "row 0 has 4 cells but shape 2x3 has 3"),
    ],
)
def test_every_error_names_its_place(text, line, column, cell, words):
    with pytest.raises(BoardFormatError) as info:
        parse_board(text, source="x.board")
    err = info.value
    assert words in str(err)
    assert (err.line, err.column, err.cell) == (line, column, cell)
    assert "\n" not in str(err) and str(err).startswith("x.board")
    if cell is not None:
        assert f"cell ({', '.join(map(str, cell))})" in str(err)


def test_positions_address_n_d_cells_by_coordinates():
    p = Position.covered((2, 3, 4), mines=3)
    assert p.index(1, 2, 3) == 23 and p.coord(23) == (1, 2, 3) and p.coord(5) == (0, 1, 1)
    assert all(p.index(*p.coord(i)) == i for i in range(p.size))
    with pytest.raises(OffBoardError, match=r"cell \(2, 0, 0\) is off the 2x3x4 board"):
        p.index(2, 0, 0)
    with pytest.raises(OffBoardError, match="has 2 coordinates but the 2x3x4 board has 3"):
        p.index(1, 2)
    assert Position.unknown(2, 3).coord(4) == (1, 1)


def test_the_example_of_the_documentation_is_this_one():
    doc = (Path(__file__).parent.parent / "docs" / "board-format.md").read_text()
    section = doc.split("## Boards of three and more dimensions", 1)[1]
    example = section.split("```\n", 2)[1]
    assert parse_board(example) == parse_board(CUBE)
    assert format_board(parse_board(example)) == example
