"""The game commands on boards of three and four dimensions (``--shape``): run as real
processes, and the text game driven in process."""

from __future__ import annotations

import io

import pytest

from sweepkit.boardfile import parse_board
from sweepkit.cli.game_cmds import play_lines, render
from sweepkit.game import Game
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.rules import Rules
from tests.cli.inprocess import sweepkit


def test_new_on_a_cube_shows_a_true_layout_and_the_view_after_the_first_click():
    args = ["--shape", "4x4x4", "--mines", "8", "--seed", "3", "--rule", "opening",
            "--first", "1,2,3"]
    shown = sweepkit("new", *args, "--show")
    assert shown.returncode == 0, shown.stderr
    layout = parse_board(shown.stdout)
    assert layout.shape == (4, 4, 4) and layout.mines == 8
    assert len(layout.known_mines()) == 8 and layout.layout(layout.known_mines()) == layout
    assert layout[1, 2, 3] == 0
    view = sweepkit("new", *args)
    first_line, _ = view.stdout.split("\n", 1)
    assert first_line == "# custom 4x4x4/8, rule opening, seed 3, first click (1, 2, 3), playing"
    board = parse_board(view.stdout)
    game = Game(Rules.of_shape((4, 4, 4), 8, "opening"), seed=3)
    game.reveal(1, 2, 3)
    assert board == game.view() and MINE not in board.cells and UNKNOWN in board.cells


def test_new_in_four_dimensions_starts_at_the_corner():
    done = sweepkit("new", "--shape", "2x2x3x3", "--mines", "5", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "first click (0, 0, 0, 0)" in done.stdout
    board = parse_board(done.stdout)
    assert board.shape == (2, 2, 3, 3) and board[0, 0, 0, 0] != UNKNOWN


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--shape", "4x4x4", "--rows", "3"], "--shape gives the whole size"),
        (["--shape", "4xx4"], "--shape: expected two or more sizes joined by x"),
        (["--shape", "4"], "--shape: expected two or more sizes"),
        (["--shape", "4x4x4", "--first", "1,2"], "--first: expected 3 coordinates"),
        (["--shape", "4x4x4", "--first", "1,2,4"], "cell (1, 2, 4) is off the 4x4x4 board"),
        (["--shape", "2x2x2", "--mines", "8"], "8 mines do not fit on a 2x2x2 board"),
        (["--shape", "100x100x100"], "at most 100000"),
        (["--shape", "3x3x3", "--mines", "1", "--rule", "opening", "--first", "1,1,1"],
         "keeps 27 cells around (1, 1, 1) free, leaving 0 cells for 1 mines"),
        (["--shape", "4x4x4", "--no-guess"], "--no-guess makes 2-D boards only"),
    ],
)
def test_bad_arguments_get_one_line_and_status_2(args, message):
    done = sweepkit("new", *args)
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and message in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_play_text_on_a_cube_to_a_win():
    rules = Rules.of_shape((3, 3, 3), 3, "safe")
    game = Game(rules, seed=8)
    game.reveal(0, 0, 0)
    layout = game.reveal_layout(cheat=True)
    script = "".join(f"r {' '.join(map(str, layout.coord(i)))}\n" for i in range(27)
                     if layout.cells[i] != MINE)
    done = sweepkit("play-text", "--shape", "3x3x3", "--mines", "3", "--seed", "8",
                    stdin="h\n" + script)
    assert done.returncode == 0, done.stderr
    assert "a cell is 3 coordinates" in done.stdout and "You won!" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "custom 3x3x3/3, rule safe, seed 8"


def test_play_text_in_process_flags_chords_bad_cells_and_a_loss():
    rules = Rules.of_shape((2, 2, 2, 3), 2, "none")
    mines = [rules.index(0, 0, 0, 0), rules.index(1, 1, 1, 2)]
    game = Game(rules, mine_cells=mines)
    out = io.StringIO()
    script = ["0 0 0 1", "f 0 0 0 0", "c 0 0 0 1", "1 2", "r 0 0 x 1", "r 0 0 5 1",
              "f 1 0 0 0", "c 0 0 0 1"]
    play_lines(game, script, out)
    text = out.getvalue()
    assert "no effect: chording needs" in text
    assert "bad command '1 2'" in text and "bad cell '0 0 x 1': coordinates are" in text
    assert "error: cell (0, 0, 5, 1) is off the 2x2x2x3 board" in text
    assert "you hit the mine at (1, 1, 1, 2)" in text and "You lost." in text


def test_render_lays_slices_side_by_side_and_four_dimensions_as_a_grid():
    cube = Position.covered((2, 2, 3)).layout([0])
    assert render(cube).splitlines() == [
        "slice 0    slice 1",
        "   0 1 2      0 1 2",
        "0  * 1 0   0  1 1 0",
        "1  1 1 0   1  1 1 0",
    ]
    hyper = render(Position.covered((2, 2, 1, 2)).layout([0])).splitlines()
    assert hyper == ["slice 0,0   slice 0,1",
                     "   0 1         0 1",
                     "0  * 1      0  1 1",
                     "",  # a blank line between the bands (the first coordinate)
                     "slice 1,0   slice 1,1",
                     "   0 1         0 1",
                     "0  1 1      0  1 1"]
    # numbers of two digits widen every cell
    big = Position.covered((3, 3, 3)).layout([i for i in range(27) if i != 13])
    assert " 26 " in render(big) and "  0  1  2" in render(big)


def test_wide_boards_wrap_their_slices():
    lines = render(Position.covered((6, 3, 12))).splitlines()
    assert max(map(len, lines)) <= 100  # two slices of 39 columns a row, not three
    titles = [line.split() for line in lines if line.startswith("slice")]
    assert titles == [["slice", str(k), "slice", str(k + 1)] for k in (0, 2, 4)]
