"""The game commands, run as real processes: ``new`` and ``play-text`` driven through stdin."""

from __future__ import annotations

import io

import pytest

from sweepkit.boardfile import parse_board
from sweepkit.cli.game_cmds import play_lines
from sweepkit.game import Game
from sweepkit.position import MINE, UNKNOWN
from sweepkit.rules import Rules, level
from tests.cli.inprocess import sweepkit

# -- new ------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("args", "shape", "mines", "first"),
    [
        (["--level", "expert", "--rule", "safe", "--seed", "7"], (16, 30), 99, (0, 0)),
        (["--level", "beginner", "--rule", "opening", "--seed", "1", "--first", "4,4"],
         (9, 9), 10, (4, 4)),
        (["--rows", "5", "--cols", "7", "--mines", "34", "--seed", "2", "--first", "2,3"],
         (5, 7), 34, (2, 3)),
    ],
)
def test_new_show_prints_a_layout_with_the_first_cell_safe(args, shape, mines, first):
    done = sweepkit("new", *args, "--show")
    assert done.returncode == 0, done.stderr
    board = parse_board(done.stdout)
    assert board.shape == shape and board.mines == mines
    mine_cells = board.known_mines()
    assert len(mine_cells) == mines
    assert board.layout(mine_cells) == board  # a true layout: numbers agree with the mines
    assert board[first] != MINE
    if "opening" in args:
        assert board[first] == 0


def test_new_show_is_the_layout_of_the_seeded_game():
    done = sweepkit("new", "--level", "intermediate", "--rule", "opening", "--seed", "11",
                    "--first", "5,6", "--show")
    game = Game(level("intermediate", "opening"), seed=11)
    game.reveal(5, 6)
    assert parse_board(done.stdout) == game.reveal_layout(cheat=True)


def test_new_without_show_prints_the_view_after_the_first_click():
    done = sweepkit("new", "--level", "beginner", "--rule", "opening", "--seed", "4")
    assert done.returncode == 0, done.stderr
    view = parse_board(done.stdout)
    assert view.mines == 10 and view[0, 0] == 0
    assert MINE not in view.cells and UNKNOWN in view.cells
    assert "seed 4" in done.stdout.splitlines()[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--level", "huge"], "unknown level 'huge'"),
        (["--rule", "lucky"], "unknown first-click rule 'lucky'"),
        (["--seed", "x"], "--seed: expected an integer, got 'x'"),
        (["--rows", "many"], "--rows: expected an integer"),
        (["--first", "1;2"], "--first: expected ROW,COL"),
        (["--first", "9,0"], "cell (9, 0) is off the 9x9 board"),
        (["--rows", "2", "--cols", "2", "--mines", "4"], "4 mines do not fit on a 2x2 board"),
        (["--rows", "3", "--cols", "3", "--mines", "1", "--rule", "opening", "--first", "1,1"],
         "leaving 0 cells for 1 mines"),
    ],
)
def test_new_bad_arguments_get_one_line_and_status_2(args, message):
    done = sweepkit("new", *args)
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and message in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


# -- play-text ------------------------------------------------------------------------------

def test_play_text_to_a_win():
    rules = Rules(5, 6, 4, "safe")
    game = Game(rules, seed=21)
    game.reveal(0, 0)
    layout = game.reveal_layout(cheat=True)
    safe = [divmod(i, 6) for i in range(30) if layout.cells[i] != MINE]
    script = "".join(f"r {r} {c}\n" for r, c in safe)
    done = sweepkit("play-text", "--rows", "5", "--cols", "6", "--mines", "4", "--seed", "21",
                    stdin=script)
    assert done.returncode == 0, done.stderr
    assert "You won!" in done.stdout
    *_, last, named = done.stdout.strip().splitlines()
    assert named == "custom 5x6/4, rule safe, seed 21"
    assert last.startswith("time ") and f"3BV {game.three_bv(cheat=True)}" in last
    # each move that opened nothing new is reported as having no effect
    assert "no effect" in done.stdout or len(safe) == game.three_bv(cheat=True)


def test_play_text_to_a_loss_with_flags_and_bad_input():
    game = Game(level("beginner"), seed=5)
    game.reveal(0, 0)
    mine = divmod(game.reveal_layout(cheat=True).known_mines()[0], 9)
    script = "\n".join([
        "0 0", "h", "jump 1 2", "r 1", "r x y", "r 40 2", "f 8 8", "f 8 8",
        f"r {mine[0]} {mine[1]}", "r 0 1",
    ]) + "\n"
    done = sweepkit("play-text", "--seed", "5", stdin=script)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "commands:" in out  # the help
    assert "bad command 'jump 1 2'" in out and "bad command 'r 1'" in out
    assert "bad cell 'x y'" in out
    assert "error: cell (40, 2) is off the 9x9 board" in out
    assert f"you hit the mine at {mine}" in out and "You lost." in out
    assert "clicks 4 (left 2, right 2, chord 0; effective 4, wasted 0)" in out  # off-board: none
    assert "Traceback" not in done.stderr


def test_play_text_quit_and_end_of_input():
    done = sweepkit("play-text", "--seed", "1", stdin="0 0\nq\n0 1\n")
    assert "quit: game left unfinished" in done.stdout and done.returncode == 0
    done = sweepkit("play-text", "--seed", "1", stdin="")
    assert "end of input: game left unfinished" in done.stdout and done.returncode == 0


def test_play_text_bad_options():
    done = sweepkit("play-text", "--level", "expert", "--mines", "480")
    assert done.returncode == 2
    assert done.stderr == (
        "error: 480 mines do not fit on a 16x30 board: need 0 <= mines < 480 cells\n"
    )


# -- review findings: strict cells and numbers, the seed only at the end ---------------------

@pytest.mark.parametrize("first", ["--1,0", "-1,0", "²,0", "0,٣", "1,2,3", "1_0,0", "+1,0", ""])
def test_new_first_is_two_ascii_numbers(first):
    done = sweepkit("new", "--seed", "1", f"--first={first}")
    assert done.returncode == 2, done.stdout
    assert done.stderr == f"error: --first: expected ROW,COL such as 0,0, got {first!r}\n"


@pytest.mark.parametrize("seed", ["٣", "1_000", "²"])
def test_integer_options_are_ascii_digits(seed):
    done = sweepkit("new", "--seed", seed)
    assert done.returncode == 2
    assert done.stderr == f"error: --seed: expected an integer, got {seed!r}\n"


def seed_lines(out: str) -> list[int]:
    return [n for n, line in enumerate(out.splitlines()) if "seed" in line]


@pytest.mark.parametrize(
    ("script", "ending"),
    [("0 0\n", "end of input"), ("0 0\nq\n", "quit"), ("", "end of input")],
)
def test_play_text_names_the_seed_only_when_the_game_is_left(script, ending):
    done = sweepkit("play-text", "--seed", "5", stdin=script)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "seed" not in lines[0] and lines[0].startswith("level beginner (9x9/10), rule safe")
    ended = next(n for n, line in enumerate(lines) if line.startswith(ending))
    assert seed_lines(done.stdout) == [ended + 1]
    assert lines[ended + 1] == "level beginner (9x9/10), rule safe, seed 5"


def test_play_text_names_the_seed_after_a_loss_and_a_win():
    game = Game(level("beginner"), seed=5)
    game.reveal(0, 0)
    layout = game.reveal_layout(cheat=True)
    mine = divmod(layout.known_mines()[0], 9)
    lost = sweepkit("play-text", "--seed", "5", stdin=f"0 0\n{mine[0]} {mine[1]}\n").stdout
    assert seed_lines(lost) == [len(lost.splitlines()) - 1]
    assert lost.index("You lost.") < lost.index("seed 5")
    safe = "".join(f"{i // 9} {i % 9}\n" for i in range(81) if layout.cells[i] != MINE)
    won = sweepkit("play-text", "--seed", "5", stdin=safe).stdout
    assert seed_lines(won) == [len(won.splitlines()) - 1]
    assert won.index("You won!") < won.index("seed 5")


def test_play_text_cells_are_ascii_numbers():
    done = sweepkit("play-text", "--seed", "5", stdin="r ٣ 0\n² 0\nr 1_0 0\nq\n")
    out = done.stdout
    assert "bad cell '٣ 0'" in out and "bad cell '1_0 0'" in out
    assert "bad command '² 0'" in out
    assert "Traceback" not in done.stderr and done.returncode == 0


def test_play_text_loss_by_a_chord_on_two_mines_names_both():
    # 3x3 with 2 mines, first click in the middle: a 2 whose mines are both neighbours
    game = Game(Rules(3, 3, 2, "safe"), seed=3)
    game.reveal(1, 1)
    mines = [divmod(i, 3) for i in game.reveal_layout(cheat=True).known_mines()]
    wrong = [divmod(i, 3) for i in range(9) if i != 4 and divmod(i, 3) not in mines][:2]
    script = f"1 1\nf {wrong[0][0]} {wrong[0][1]}\nf {wrong[1][0]} {wrong[1][1]}\nc 1 1\n"
    done = sweepkit("play-text", "--rows", "3", "--cols", "3", "--mines", "2", "--seed", "3",
                    stdin=script)
    assert f"BOOM: you hit the mines at {mines[0]}, {mines[1]}. You lost." in done.stdout


def test_play_text_renders_after_more_flags_than_mines():
    # 3x3 with 1 mine: three flags are more claims than mines; the board still renders
    game = Game(Rules(3, 3, 1, "safe"), seed=2)
    out = io.StringIO()
    play_lines(game, ["1 1", "f 0 0", "f 0 1", "f 0 2", "q"], out)
    text = out.getvalue()
    assert "mines left -2" in text and "quit: game left unfinished" in text
    assert "error" not in text and game.flags == 3
    board = text.split("mines left -1\n")[-1]  # the render after the third flag
    assert board.splitlines()[1].split()[1:] == ["*", "*", "*"]


# -- new --no-guess -------------------------------------------------------------------------

def test_new_no_guess_prints_a_board_the_logic_player_clears_and_the_seed_fixes_it():
    from tests.generate.reference import logic_clears

    args = ["new", "--level", "intermediate", "--rule", "opening", "--first", "5,6",
            "--seed", "9", "--no-guess", "--hardest", "subset", "--show"]
    done = sweepkit(*args)
    assert done.returncode == 0, done.stderr
    assert "no-guess (hardest technique: subset), seed 9" in done.stdout.splitlines()[0]
    layout = parse_board(done.stdout)
    rules = level("intermediate", "opening")
    assert logic_clears(rules, frozenset(layout.known_mines()), rules.index(5, 6), "subset")
    assert sweepkit(*args).stdout == done.stdout


def test_new_no_guess_by_perturbation_says_so_and_its_board_needs_no_guess():
    from sweepkit.cli.game_cmds import NO_GUESS_METHODS
    from sweepkit.generate.no_guess import METHODS
    from tests.generate.reference import logic_clears

    assert NO_GUESS_METHODS == METHODS  # the command line lists the generator's methods
    done = sweepkit("new", "--level", "expert", "--seed", "4", "--no-guess", "--method",
                    "perturb", "--show")
    assert done.returncode == 0, done.stderr
    assert "no-guess (method perturb), seed 4" in done.stdout.splitlines()[0]
    rules = level("expert")
    assert logic_clears(rules, frozenset(parse_board(done.stdout).known_mines()), 0)


@pytest.mark.parametrize(("args", "message"), [
    (["--no-guess", "--hardest", "pairs"], "unknown technique 'pairs' (expected one of single"),
    (["--hardest", "single"], "--hardest needs --no-guess"),
    (["--method", "uniform"], "--method needs --no-guess"),
    (["--no-guess", "--method", "fast"],
     "--method: unknown method 'fast' (expected one of auto, uniform, perturb)"),
    (["--rows", "10", "--cols", "10", "--mines", "30", "--no-guess"],
     "density of 0.300; no-guess boards are made up to 0.25"),
])
def test_new_no_guess_refuses_what_it_cannot_make(args, message):
    done = sweepkit("new", *args)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_play_text_on_a_no_guess_board_says_so():
    done = sweepkit("play-text", "--level", "beginner", "--seed", "3", "--no-guess",
                    stdin="q\n")
    assert done.returncode == 0, done.stderr
    assert "rule safe, no-guess" in done.stdout.splitlines()[0]
