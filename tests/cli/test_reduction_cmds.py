"""``sweepkit gadget``, run as a real process: the board it prints parses back, and its
layouts with the inputs forced are the truth table's; bad input is one line, exit 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sweepkit.analysis.board_count import count_layouts
from sweepkit.boardfile import parse_board


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sweepkit", *args], capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize(("inputs", "layouts"), [("u=0,v=0", 2), ("u=1,v=0", 1),
                                                  ("u=1,v=1", 1), ("", 5)])
def test_the_printed_and_gadget_has_the_truth_tables_layouts(inputs, layouts):
    done = run("gadget", "and", "--input", inputs)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("# and gadget (Kaye)")
    assert count_layouts(parse_board(done.stdout), use_mine_count=False) == layouts


def test_the_truth_table_is_printed_with_its_counts():
    done = run("gadget", "xor", "--table")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["u v -> t: layouts", "0 0 -> 0: 1", "0 1 -> 1: 1",
                                        "1 0 -> 1: 1", "1 1 -> 0: 1"]


@pytest.mark.parametrize(("args", "message"), [
    (("nand",), "unknown gadget 'nand'"),
    (("not", "--input", "u=2"), "expected NAME=0 or NAME=1"),
    (("or", "--input", "w=1"), "this gadget's inputs are u, v, not 'w'"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    done = run("gadget", *args)
    assert done.returncode == 2 and message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_the_picture_is_an_svg_with_every_wire():
    done = run("gadget", "or", "--svg")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("<svg") and done.stdout.rstrip().endswith("</svg>")
    for wire in ("u", "v", "t", "s"):
        assert f'data-wire="{wire}"' in done.stdout
