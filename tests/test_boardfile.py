import pytest
from hypothesis import given
from hypothesis import strategies as st

from sweepkit.boardfile import BoardFormatError, format_board, parse_board, read_board
from sweepkit.position import MINE, SAFE, UNKNOWN, Position, check_mine_count
from tests.strategies_boards import positions

ALL_CHARS = "012345678?.*BF-"


def test_aliases_whitespace_comments_and_headers():
    text = "# Kadlac style\nmines: 3\n\n0 1 ? B\n# between rows\n. F - 2\n# end\n"
    p = parse_board(text)
    assert p.shape == (2, 4)
    assert p.mines == 3
    assert p.cells == (0, 1, UNKNOWN, MINE, UNKNOWN, MINE, SAFE, 2)
    assert format_board(p) == "mines: 3\n01?*\n?*-2\n"


def test_topology_line():
    p = parse_board("topology: line\n01?B?1?10\n")
    assert p.topology == "line" and p.shape == (1, 9)
    assert format_board(p) == "topology: line\n01?*?1?10\n"
    # on a line a number sees only two cells
    with pytest.raises(BoardFormatError, match="larger than its 2 neighbours"):
        parse_board("topology: line\n?3?\n")


def test_spec_examples_parse():
    kadlac = parse_board("00011\n0002?\n0002?\n11011\n?1000\n")
    assert kadlac.unknown_cells() == (9, 14, 20)
    play = parse_board("mines: 10\n0001???\n0012???\n112????\n???????\n")
    assert play.mines == 10 and play.shape == (4, 7)


@pytest.mark.parametrize(
    ("text", "line", "column", "cell", "words"),
    [
        ("12\n1x\n", 2, 2, (1, 1), "bad character 'x'"),
        ("12\n 1  9\n", 2, 5, (1, 1), "bad character '9'"),
        ("123\n12\n", 2, 3, (1, 2), "ragged row: row 1 has 2 cells"),
        ("12\n1 ?  ?\n", 2, 6, (1, 2), "ragged row: row 1 has 3 cells"),
        ("mines: 1_0\n??\n", 1, 8, None, "not a whole number"),
        ("mines: \u0661\n??\n", 1, 8, None, "not a whole number"),
        ("??\n\f?x\n", 2, 3, (1, 1), "bad character 'x'"),
        ("4?\n??\n", 1, 1, (0, 0), "number 4 is larger than its 3 neighbours"),
        # the column of a cell counts the spaces before it in its row
        ("???\n? ? 6\n???\n", 2, 5, (1, 2), "number 6 is larger than its 5 neighbours"),
        ("?\n2\n", 2, 1, (1, 0), "number 2 is larger than its 1 neighbours"),
        # an inner 8 is fine; the edge is where a number can outgrow its neighbours
        ("????\n?8?6\n????\n????\n", 2, 4, (1, 3), "number 6 is larger than its 5 "
         "neighbours"),
        ("mines: -1\n??\n", 1, 8, None, "negative"),
        ("mines: 1.5\n??\n", 1, 8, None, "not a whole number"),
        ("mines: 1\n**\n", 1, 8, None, "less than the 2 known mines"),
        ("mines: 9\n??\n", 1, 8, None, "exceeds the 2 cells"),
        ("mines: -01\n??\n", 1, 8, None, "mine count -1 is negative"),
        ("# two mines\nmines:   2\n*B\nF?\n", 2, 10, None, "less than the 3 known mines"),
        ("topology: ring\n??\n", 1, 11, None, "unknown topology"),
        ("topology: line\n??\n??\n", 1, 11, None, "exactly one row"),
        ("size: 3\n??\n", 1, 1, None, "unknown header"),
        ("mines: 1\nmines: 1\n??\n", 2, 1, None, "given twice"),
        ("??\nmines: 1\n", 2, 1, None, "after the board rows"),
        ("# only a comment\n\n", None, None, None, "no board rows"),
    ],
)
def test_every_error_names_its_place(text, line, column, cell, words):
    with pytest.raises(BoardFormatError) as info:
        parse_board(text, source="x.board")
    err = info.value
    assert words in str(err)
    assert (err.line, err.column, err.cell) == (line, column, cell)
    assert str(err).startswith("x.board")
    if line is not None:
        assert f"line {line}" in str(err)


def test_mine_count_errors_are_the_position_rule_at_the_header():
    # one rule (check_mine_count), reported by the parser at the header's line and column
    for text, args in [("mines: 1\n**\n", (1, 2, 2)), ("mines: 5\n??\n", (5, 0, 2))]:
        with pytest.raises(BoardFormatError) as info:
            parse_board(text)
        with pytest.raises(ValueError) as rule:
            check_mine_count(*args)
        assert info.value.message == str(rule.value)
        assert (info.value.line, info.value.column) == (1, 8)


def test_line_breaks_bom_and_form_feeds():
    assert parse_board("\ufeffmines: 1\r\n1?\r\n").mines == 1
    # a form feed is whitespace inside a row, not a line break: line numbers stay right
    with pytest.raises(BoardFormatError, match="line 3, column 2"):
        parse_board("??\n\f??\n?x\n")


def test_read_board_reports_missing_file(tmp_path):
    with pytest.raises(BoardFormatError, match="cannot read file"):
        read_board(tmp_path / "missing.board")
    path = tmp_path / "a.board"
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(BoardFormatError, match="not UTF-8"):
        read_board(path)


@given(positions(max_rows=6, max_cols=6))
def test_parse_of_print_is_identity(p: Position):
    assert parse_board(format_board(p)) == p


@st.composite
def board_texts(draw):
    """Board texts in every written form: aliases, spaces, comments, blank lines, headers."""
    line = draw(st.booleans())
    rows = 1 if line else draw(st.integers(1, 5))
    cols = draw(st.integers(1, 5))
    lines = []
    if draw(st.booleans()):
        lines.append("# comment")
    if line:
        lines.append(draw(st.sampled_from(["topology: line", "topology:line", "Topology: LINE"])))
    known = 0
    body = []
    for r in range(rows):
        chars = []
        for c in range(cols):
            degree = (min(r + 1, rows - 1) - max(r - 1, 0) + 1) * (
                min(c + 1, cols - 1) - max(c - 1, 0) + 1) - 1
            ch = draw(st.sampled_from(["?", ".", "*", "B", "F", "-", *map(str, range(degree + 1))]))
            known += ch in "*BF"
            chars.append(ch)
        sep = draw(st.sampled_from(["", " ", "  ", "\t"]))
        body.append(sep.join(chars))
        if draw(st.integers(0, 4)) == 0:
            body.append(draw(st.sampled_from(["", "   ", "# between rows"])))
    if draw(st.booleans()):
        lines.append(f"mines: {known + draw(st.integers(0, rows * cols - known))}")
    if draw(st.booleans()):
        lines.insert(0, "\ufeff" if not lines else "")
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    return newline.join(lines + body) + newline


@given(board_texts())
def test_print_is_stable(text):
    once = format_board(parse_board(text))
    assert format_board(parse_board(once)) == once
