"""``sweepkit enumerate --method kadlac`` prints Kadlac's program output, in a real process."""

from __future__ import annotations

from sweepkit.analysis.papers.kadlac_bfs import kadlac_report
from sweepkit.boardfile import parse_board
from tests.cli.inprocess import sweepkit as run

# Kadlac's Board 1 (2x2, all unknown): the program lists its 16 layouts in this order.
BOARD_1_ORDER = ["11/1B", "00/00", "B2/2B", "B1/11", "2B/2B", "1B/11", "22/BB", "11/B1",
                 "BB/3B", "BB/22", "B3/BB", "B2/B2", "3B/BB", "2B/B2", "BB/BB", "BB/B3"]


def test_board_1_in_the_program_order():
    done = run("enumerate", "-", "--method", "kadlac", stdin="??\n??\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout == kadlac_report(parse_board("??\n??\n"))
    lines = done.stdout.splitlines()
    assert lines[:3] == ["Original Grid", "??", "??"]
    layouts, i = [], 3
    while i < len(lines):  # each solution: its number, then its two rows
        if lines[i] == str(len(layouts) + 1):
            layouts.append(f"{lines[i + 1]}/{lines[i + 2]}")
            i += 3
        else:
            i += 1
    assert layouts == BOARD_1_ORDER
    assert [ln for ln in lines if ln][-1] == "16 consistent configuration(s)"


def test_limit_and_frontier_overflow():
    done = run("enumerate", "-", "--method", "kadlac", "--limit", "3", stdin="??\n??\n")
    assert done.returncode == 0 and "Limit of 3 configuration(s) reached" in done.stdout
    big = "\n".join(["?" * 12] * 3) + "\n"
    done = run("enumerate", "-", "--method", "kadlac", stdin=big)
    assert done.returncode == 0 and "Search frontier too large" in done.stdout
    assert not done.stderr
    # the program's silent stop (first level already full) prints 0 as if it were the
    # count; the command says what the 0 is
    full = "\n".join(["?" * 32] * 32) + "\n"
    done = run("enumerate", "-", "--method", "kadlac", stdin=full)
    assert done.stdout.endswith("0 consistent configuration(s)\n\n")
    assert "stopped without a word" in done.stderr and "1,025 grids" in done.stderr


def test_bad_method_and_bad_board_are_one_line_errors():
    done = run("enumerate", "-", "--method", "bfs", stdin="??\n")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    done = run("enumerate", "-", "--method", "kadlac", stdin="?x\n")
    assert done.returncode == 2 and "column 2" in done.stderr and done.stderr.count("\n") == 1
