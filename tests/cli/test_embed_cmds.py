"""``sweepkit embed``: the board embedded in more dimensions, as a .board text the analysis
commands read back; bad input in one line with status 2."""

from __future__ import annotations

import pytest

from sweepkit.boardfile import parse_board
from sweepkit.reductions.embed import MAX_CELLS, embed
from tests.cli.inprocess import sweepkit as run

EX2 = "1110\n1B21\n12??\n01??\n"  # Kadlac §4 example 2: four layouts


@pytest.mark.parametrize("dims", [2, 3, 4])
def test_the_printed_board_is_the_embedding_and_counts_the_same(tmp_path, dims):
    path = tmp_path / "ex2.board"
    path.write_text(EX2)
    done = run("embed", str(path), "--dims", str(dims))
    assert done.returncode == 0, done.stderr
    first, _ = done.stdout.split("\n", 1)
    assert first.startswith(f"# {path} (4x4) embedded in {dims} dimensions")
    assert parse_board(done.stdout) == embed(parse_board(EX2), dims)
    assert run("count", "-", stdin=done.stdout).stdout == "4\n"
    check = run("check", "-", stdin=done.stdout)
    assert check.returncode == 0 and check.stdout.startswith("consistent")


def test_an_inconsistent_board_stays_inconsistent():
    done = run("embed", "-", "--dims", "3", stdin="mines: 2\n1?\n??\n?1\n")
    assert run("count", "-", stdin="mines: 2\n1?\n??\n?1\n").stdout == \
        run("count", "-", stdin=done.stdout).stdout
    bad = run("embed", "-", "--dims", "3", stdin="0?\n?2\n")
    check = run("check", "-", stdin=bad.stdout)
    assert check.returncode == 1 and check.stdout.startswith("inconsistent: ")


def test_input_lines_follow_the_board_from_a_file_or_standard_input(tmp_path):
    board = "# input x: 1,2\n" + EX2
    path = tmp_path / "inputs.board"
    path.write_text(board)
    for args, stdin in (([str(path)], ""), (["-"], board)):
        done = run("embed", *args, "--dims", "3", stdin=stdin)
        assert done.returncode == 0, done.stderr
        # the 4x4 board is the middle slice of 3x4x4 (slice 1), the cell keeps its place
        assert done.stdout.splitlines()[1] == "# input x: 1,1,2"


def test_a_3_d_board_embeds_in_4_d():
    done = run("embed", "-", "--dims", "4", stdin="shape: 2x1x2\n3 ?\n\n? ?\n")
    board = parse_board(done.stdout)
    assert board.shape == (3, 2, 1, 2) and board[1, 0, 0, 0] == 3 + 2 * 4


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["--dims", "1"], EX2, "--dims: cannot embed a 2-D board in 1 dimensions"),
        (["--dims", "2"], "shape: 2x1x1\n?\n\n?\n", "cannot embed a 3-D board in 2 dimensions"),
        (["--dims", "three"], EX2, "--dims: expected an integer, got 'three'"),
        ([], EX2, "--dims: give the number of dimensions"),
        (["--dims", "30"], EX2, f"more than {MAX_CELLS:,}"),
        (["--dims", "1000000000"], EX2, "would have about 10^477,121,"),
        (["--dims", "3"], "12\n1x\n", "<stdin>, line 2, column 2, cell (1, 1): bad character"),
        (["--dims", "3"], "shape: 2x1x1\n?\n", "ends after 1 slice but shape 2x1x1 has 2"),
        (["--dims", "3"], "# input x: 9,9\n" + EX2, "# input x: cell (9, 9) is off the 4x4"),
    ],
)
def test_bad_input_gets_one_line_and_status_2(args, stdin, message):
    done = run("embed", "-", *args, stdin=stdin)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: ") and message in done.stderr
    assert done.stderr.count("\n") == 1


def test_a_missing_file():
    done = run("embed", "/no/such.board", "--dims", "3")
    assert done.returncode == 2 and "cannot read file" in done.stderr
