"""The analysis commands, run as real processes."""

from __future__ import annotations

import json
import math
import random
import re
import subprocess
import time
from pathlib import Path

import pytest

from tests.cli.inprocess import sweepkit as run
from tests.cli.inprocess import sweepkit_process
from tests.digits import reference_decimal
from tests.lanes import fast_first

EX2 = "1110\n1B21\n12??\n01??\n"  # Kadlac §4 example 2: four layouts
CERTAIN = "02?\n02?\n"  # both unknowns are mines (single-number deductions)
BAD_NUMBERS = "0?1\n2?5\n???\n"  # Kadlac §5: the 5 cannot be satisfied


@pytest.fixture
def ex2(tmp_path):
    path = tmp_path / "ex2.board"
    path.write_text(EX2)
    return str(path)


def test_analyze_json_has_exactly_the_documented_keys(ex2):
    result = run("analyze", ex2, "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert set(doc) == {"rows", "cols", "mines", "consistent", "layouts", "layouts_log10",
                        "probability", "safe", "mines_certain", "dead", "explanations"}
    assert (doc["rows"], doc["cols"], doc["mines"], doc["layouts"]) == (4, 4, None, "4")
    assert doc["layouts_log10"] == pytest.approx(math.log10(4))
    assert doc["consistent"] is True
    assert doc["probability"][1] == [None, 1.0, None, None]
    assert doc["probability"][2] == [None, None, 0.5, 0.5]


def test_analyze_json_certain_cells_and_explanations():
    result = run("analyze", "-", "--json", "--mines", "2", stdin=CERTAIN)
    doc = json.loads(result.stdout)
    assert doc["mines"] == 2 and doc["layouts"] == "1"
    assert doc["mines_certain"] == [[0, 2], [1, 2]] and doc["safe"] == []
    because = "the 2 at (0, 1) has exactly as many unknown neighbours as missing mines, so "
    assert doc["explanations"] == [
        {"cell": [0, 2], "value": "mine", "technique": "single", "because": [[0, 1]],
         "sentence": because + "(0, 2) is a mine"},
        {"cell": [1, 2], "value": "mine", "technique": "single", "because": [[0, 1]],
         "sentence": because + "(1, 2) is a mine"},
    ]


def test_analyze_json_inconsistent():
    doc = json.loads(run("analyze", "-", "--json", stdin=BAD_NUMBERS).stdout)
    assert doc["consistent"] is False and doc["layouts"] == "0"
    assert doc["layouts_log10"] is None
    assert doc["probability"][0] == [None, None, None]
    assert doc["safe"] == doc["mines_certain"] == doc["dead"] == doc["explanations"] == []


def test_analyze_picture_plain_text(ex2):
    result = run("analyze", ex2)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[2].split() == ["1", "2", "50", "50"]
    assert lines[-1] == "layouts: 4"
    certain = run("analyze", "-", stdin=CERTAIN).stdout.splitlines()
    assert certain[0].split() == ["0", "2", "M"]


def test_check(ex2):
    ok = run("check", ex2)
    assert ok.returncode == 0
    layout = ok.stdout.splitlines()[1:]
    assert layout[:2] == ["1110", "1*21"] and len(layout) == 4
    bad = run("check", "-", stdin=BAD_NUMBERS)
    assert bad.returncode == 1
    assert "the 5 at (1, 2)" in bad.stdout


def test_count(ex2):
    assert run("count", ex2).stdout.strip() == "4"
    assert run("count", ex2, "--mines", "3").stdout.strip() == "2"
    table = run("count", ex2, "--by-mines").stdout.splitlines()
    assert table == ["mines  layouts", "    2  1", "    3  2", "    4  1"]
    # --mines picks one row of the table (a total with no layout shows 0).
    assert run("count", ex2, "--by-mines", "--mines", "3").stdout.splitlines() == \
        ["mines  layouts", "    3  2"]
    assert run("count", ex2, "--by-mines", "--mines", "9").stdout.splitlines()[1] == "    9  0"
    assert run("count", "-", stdin="??\n??\n").stdout.strip() == "16"


def test_enumerate(ex2):
    result = run("enumerate", ex2)
    assert result.returncode == 0
    blocks = result.stdout.strip().split("\n\n")
    assert blocks[-1] == "4 layouts"
    assert len(blocks[:-1]) == 4 and all(b.startswith("1110\n1*21\n") for b in blocks[:-1])
    limited = run("enumerate", ex2, "--limit", "1").stdout.strip().split("\n\n")
    assert len(limited) == 2 and limited[-1] == "1 of 4 layouts shown (--limit 1)"
    assert run("enumerate", ex2, "--method", "nope").returncode == 2


def test_unique_and_safe(ex2):
    assert run("unique", ex2).returncode == 1
    unique = run("unique", "-", stdin=CERTAIN)
    assert (unique.returncode, unique.stdout.strip()) == (0, "yes")
    assert run("safe", "-", "0", "2", stdin=CERTAIN).returncode == 1
    flag = run("safe", "-", "0", "2", "--mine", stdin=CERTAIN)
    assert (flag.returncode, flag.stdout.strip()) == (0, "yes")
    assert run("safe", "-", "0", "0", stdin=CERTAIN).returncode == 0  # a revealed 0
    assert run("safe", "-", "0", "1", stdin=BAD_NUMBERS).returncode == 1


@pytest.mark.parametrize("command", [["analyze"], ["check"], ["count"], ["enumerate"],
                                     ["unique"], ["safe", "-", "0", "0"]])
def test_bad_input_is_one_line_and_exit_2(command):
    args = command if len(command) > 1 else [*command, "-"]
    result = run(*args, stdin="1x\n")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "line 1, column 2, cell (0, 1)" in result.stderr


def test_off_board_cell_and_missing_file(tmp_path):
    result = run("safe", "-", "5", "0", stdin=CERTAIN)
    assert result.returncode == 2
    assert result.stderr == "error: cell (5, 0) is off the 2x3 board\n"
    negative = run("safe", "--", "-", "0", "-1", stdin=CERTAIN)  # -- : -1 is no option
    assert negative.returncode == 2 and "cell (0, -1) is off the 2x3 board" in negative.stderr
    missing = run("count", str(tmp_path / "none.board"))
    assert missing.returncode == 2 and missing.stderr.startswith("error:")


# -- counts longer than the interpreter's int-to-str digit limit (4300 digits) ------------

BIG_SIDE = 600  # an all-? 600x600 board: 2^360000 layouts, 108,372 digits






@pytest.fixture(scope="module")
def big_board(tmp_path_factory):
    path = tmp_path_factory.mktemp("big") / "big.board"
    path.write_text(("?" * BIG_SIDE + "\n") * BIG_SIDE)
    return str(path), reference_decimal(2 ** (BIG_SIDE * BIG_SIDE))


def timed_run(*args: str) -> subprocess.CompletedProcess:
    start = time.perf_counter()
    result = run(*args)
    assert time.perf_counter() - start < 20, f"{args} took too long"
    return result


@pytest.mark.slow
def test_big_count_text_commands(big_board):
    path, expected = big_board
    assert len(expected) > 100_000
    count = timed_run("count", path)
    assert count.returncode == 0, count.stderr
    assert count.stdout == expected + "\n"
    unique = timed_run("unique", path)
    assert (unique.returncode, unique.stdout) == (1, f"no ({expected} layouts)\n")
    analyze = timed_run("analyze", path)
    assert analyze.returncode == 0, analyze.stderr
    lines = analyze.stdout.splitlines()
    assert len(lines) == BIG_SIDE + 1 and lines[0].split() == ["50"] * BIG_SIDE
    assert lines[-1] == f"layouts: {expected}"
    listed = timed_run("enumerate", path, "--limit", "0")
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout == f"0 of {expected} layouts shown (--limit 0)\n"


def test_big_count_json(big_board):
    path, expected = big_board
    result = timed_run("analyze", path, "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["layouts"] == expected
    assert doc["layouts_log10"] == pytest.approx(BIG_SIDE * BIG_SIDE * math.log10(2))
    assert doc["probability"][0][:3] == [0.5, 0.5, 0.5] and doc["dead"] == []


@pytest.mark.slow
def test_big_count_by_mines(big_board, tmp_path):
    path, _ = big_board
    # One row: the count with 180,000 mines, C(360000, 180000), about 108,000 digits.
    half = BIG_SIDE * BIG_SIDE // 2
    row = timed_run("count", path, "--by-mines", "--mines", str(half))
    assert row.returncode == 0, row.stderr
    expected = reference_decimal(math.comb(2 * half, half))
    assert row.stdout == f"mines  layouts\n{half:5d}  {expected}\n"
    # The whole table of a board of 2500 blocks "4 among 8": one row of 70^2500 layouts
    # (4613 digits, beyond the default limit).
    blocks = 2500
    tiles = tmp_path / "tiles.board"
    tiles.write_text("???-" * blocks + "\n" + "?4?-" * blocks + "\n" + "???-" * blocks + "\n")
    table = timed_run("count", str(tiles), "--by-mines")
    assert table.returncode == 0, table.stderr
    assert table.stdout == f"mines  layouts\n{4 * blocks:5d}  {reference_decimal(70**blocks)}\n"


# -- budgets ------------------------------------------------------------------------------

def _first_click_board(tmp_path, rows=120, cols=120, mines=1800, seed=3):
    from sweepkit.boardfile import format_board
    from sweepkit.game import Game
    from sweepkit.rules import Rules

    game = Game(Rules(rows, cols, mines, "opening"), seed=seed)
    game.reveal(rows // 2, cols // 2)
    path = tmp_path / "big.board"
    path.write_text(format_board(game.view()))
    return path


@pytest.mark.parametrize("command", fast_first(["count", "analyze", "unique", "check"]))
def test_timeout_is_one_line_and_exit_2(tmp_path, command):
    path = _first_click_board(tmp_path)
    done = sweepkit_process(command, str(path), "--timeout", "0.000001")  # nothing cached
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.startswith("error: the analysis took longer than its budget")
    assert done.stderr.count("\n") == 1 and "--timeout SECONDS" in done.stderr
    assert run("count", str(path), "--timeout", "60").returncode == 0


def test_enumerate_keeps_to_its_timeout_between_layouts(tmp_path):
    # A 200x200 layout with 30% of its cells covered: finding even one layout by the
    # depth-first search took 93 s, with no way to bound it.
    rng = random.Random(5)
    mines = {(r, c) for r in range(200) for c in range(200) if rng.random() < 0.2}
    rows = ["".join("?" if (r, c) in mines or rng.random() < 0.3 else str(sum(
        (r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1)))
        for c in range(200)) for r in range(200)]
    path = tmp_path / "hidden.board"
    path.write_text(f"mines: {len(mines)}\n" + "\n".join(rows) + "\n")
    done = run("enumerate", str(path), "--limit", "1", "--timeout", "1")
    assert done.returncode == 2, (done.stdout[-200:], done.stderr)
    assert done.stderr.startswith("error: the analysis took longer than its budget of 1 s")


def test_a_table_by_mines_too_big_to_hold_is_refused_at_once(tmp_path):
    # 250,001 rows of numbers of up to 250,000 bits: it grew to 9 GB before any output.
    path = tmp_path / "covered.board"
    path.write_text("\n".join(["?" * 500] * 500) + "\n")
    done = run("count", "--by-mines", str(path))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "the table of layouts by mines" in done.stderr and "too large" in done.stderr


def test_timeout_must_be_positive(tmp_path):
    done = run("count", str(_first_click_board(tmp_path, 9, 9, 10)), "--timeout", "0")
    assert done.returncode == 2 and "--timeout: expected a positive number" in done.stderr


NUMBER_NAMED = re.compile(r"the (\d) at \((\d+), (\d+)\)")


@pytest.fixture(scope="module")
def unsat_board(tmp_path_factory) -> Path:
    """``sweepkit reduce`` of (x1)(not x1): a 53 x 163 board with no layout."""
    folder = tmp_path_factory.mktemp("unsat")
    formula = folder / "f.cnf"
    formula.write_text("p cnf 1 2\n1 0\n-1 0\n")
    done = run("reduce", str(formula))
    assert done.returncode == 0, done.stderr
    board = folder / "f.board"
    board.write_text(done.stdout)
    return board


def test_check_names_an_irreducible_set_on_a_reduced_board(unsat_board):
    done = run("check", str(unsat_board))
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith("inconsistent: ") and "contradict each other" in done.stdout
    assert "may not be minimal" not in done.stdout
    words = done.stdout.splitlines()[1]
    assert words == ("on the formula: the numbers reach the wire leaving the terminal of "
                     "input x1 and pass through 1 gadget (of 1): not at (21, 122)")
    from sweepkit.analysis.papers.consistency import find_witness
    from sweepkit.boardfile import parse_board
    from sweepkit.position import SAFE

    position = parse_board(unsat_board.read_text())
    named = [(int(v), position.index(int(r), int(c)))
             for v, r, c in NUMBER_NAMED.findall(done.stdout.splitlines()[0])]
    assert named and all(position.cells[i] == v for v, i in named)
    numbers = {i for _, i in named}

    def has_layout(kept) -> bool:
        part = position.replace({i: SAFE for i in position.number_cells() if i not in kept})
        return find_witness(part, use_mine_count=False) is not None

    assert not has_layout(numbers)
    assert all(has_layout(numbers - {n}) for n in sorted(numbers)[::9])


def test_check_out_of_time_prints_the_set_found_and_says_so(unsat_board):
    done = run("check", str(unsat_board), "--shrink", "0")    # found, never shrunk
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith("inconsistent: ") and "may not be minimal" in done.stdout
    shrunk = run("check", str(unsat_board))
    assert len(NUMBER_NAMED.findall(done.stdout)) >= len(NUMBER_NAMED.findall(shrunk.stdout))
    bad = run("check", str(unsat_board), "--shrink", "-1")
    assert bad.returncode == 2 and bad.stderr == "error: --shrink: expected 0 or more " \
        "seconds, got -1\n"


@pytest.mark.parametrize("command", ["analyze", "check", "count", "unique", "safe"])
def test_every_searching_command_has_a_default_time_limit(command):
    done = run(command, "--help")
    assert done.returncode == 0
    assert "[default: 60.0]" in re.sub(r"[\s│]+", " ", done.stdout)


def test_enumerate_alone_documents_no_time_limit():
    done = run("enumerate", "--help")
    assert "default: no limit" in re.sub(r"[\s│]+", " ", done.stdout)
